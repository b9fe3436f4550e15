// The variation tree: nodes as dots (moves coloured), one lane per
// variation, drawn on a canvas only where it is visible, so that a tree of
// 60,000 nodes scrolls as smoothly as one of 60.
const DX = 18, DY = 18, R = 5, PAD = 12;

export class Tree {
  constructor(box, onJump) {
    this.box = box;
    this.onJump = onJump;
    this.canvas = document.createElement("canvas");
    this.spacer = document.createElement("div");
    this.spacer.className = "spacer";
    box.append(this.canvas, this.spacer);
    box.setAttribute("role", "img");
    this.current = 0;
    this.frame = 0;
    box.addEventListener("scroll", () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(box);
    this.canvas.addEventListener("click", (e) => {
      const r = this.canvas.getBoundingClientRect();
      const d = Math.round((e.clientX - r.left + this.box.scrollLeft - PAD) / DX);
      const l = Math.round((e.clientY - r.top + this.box.scrollTop - PAD) / DY);
      const lane = this.lanes[l];
      if (!lane) return;
      const i = d - lane.start;
      if (i >= 0 && i < lane.nodes.length) this.onJump(lane.nodes[i]);
    });
    document.addEventListener("sgf-theme", () => this.schedule());
  }

  // setTree lays the tree out: depth = column; each node's first child
  // stays in its lane, every other child opens a new lane below all lanes
  // so far (pre-order makes that the lane right below its elder siblings'
  // subtrees). O(n), no recursion.
  setTree(tree) {
    const n = tree.parent.length;
    this.kind = tree.kind;
    this.parent = tree.parent;
    const depth = new Int32Array(n), lane = new Int32Array(n);
    const hasChild = new Uint8Array(n);
    this.lanes = [];
    let maxDepth = 0;
    for (let i = 0; i < n; i++) {
      const p = tree.parent[i];
      if (p < 0) {
        depth[i] = 0; lane[i] = this.lanes.length;
        this.lanes.push({ start: 0, nodes: [i], parentLane: -1 });
      } else {
        depth[i] = depth[p] + 1;
        if (!hasChild[p]) {
          hasChild[p] = 1;
          lane[i] = lane[p];
          this.lanes[lane[i]].nodes.push(i);
        } else {
          lane[i] = this.lanes.length;
          this.lanes.push({ start: depth[i], nodes: [i], parentLane: lane[p] });
        }
      }
      if (depth[i] > maxDepth) maxDepth = depth[i];
    }
    this.depth = depth; this.lane = lane; this.spans = null;
    this.box.setAttribute("aria-label", `Variation tree: ${n} nodes, ${this.lanes.length} variations`);
    this.spacer.style.width = `${PAD * 2 + maxDepth * DX}px`;
    this.spacer.style.height = `${PAD * 2 + (this.lanes.length - 1) * DY}px`;
    this.schedule();
  }

  setCurrent(i) {
    this.current = i;
    // Keep the current node in view.
    const x = PAD + this.depth[i] * DX, y = PAD + this.lane[i] * DY;
    const b = this.box;
    if (x < b.scrollLeft + DX || x > b.scrollLeft + b.clientWidth - DX) b.scrollLeft = Math.max(0, x - b.clientWidth / 2);
    if (y < b.scrollTop + DY || y > b.scrollTop + b.clientHeight - DY) b.scrollTop = Math.max(0, y - b.clientHeight / 2);
    this.schedule();
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  draw() {
    if (!this.lanes) return;
    const b = this.box, dpr = window.devicePixelRatio || 1;
    const w = b.clientWidth, h = b.clientHeight;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr); this.canvas.height = Math.round(h * dpr);
      this.canvas.style.width = `${w}px`; this.canvas.style.height = `${h}px`;
      this.canvas.style.marginBottom = `${-h}px`;
    }
    const css = getComputedStyle(document.body);
    const col = (v) => css.getPropertyValue(v).trim();
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const sx = b.scrollLeft, sy = b.scrollTop;
    const d0 = Math.max(0, Math.floor((sx - PAD) / DX) - 1), d1 = Math.ceil((sx + w - PAD) / DX) + 1;
    const l0 = Math.max(0, Math.floor((sy - PAD) / DY) - 1), l1 = Math.min(this.lanes.length - 1, Math.ceil((sy + h - PAD) / DY) + 1);
    const X = (d) => PAD + d * DX - sx, Y = (l) => PAD + l * DY - sy;
    ctx.strokeStyle = col("--tree-line"); ctx.lineWidth = 1.5;
    ctx.beginPath();
    // Lanes that start below the window may still draw their link through
    // it: the links of lanes up to the last visible one are drawn from
    // their parent's column (found by each lane's parentLane).
    for (let l = l0; l <= l1; l++) {
      const lane = this.lanes[l];
      const a = Math.max(d0, lane.start), z = Math.min(d1, lane.start + lane.nodes.length - 1);
      if (a <= z) { ctx.moveTo(X(a), Y(l)); ctx.lineTo(X(z), Y(l)); }
    }
    // Links from a parent lane down to a child lane: a vertical in the
    // parent's column, then a diagonal. A lane far below links up through
    // the window: check the lanes whose link spans it.
    const links = this.linksThrough(l0, l1);
    for (const l of links) {
      const lane = this.lanes[l], pd = lane.start - 1;
      if (pd + 1 < d0 || pd > d1) continue;
      ctx.moveTo(X(pd), Y(lane.parentLane)); ctx.lineTo(X(pd), Y(l - 1) + DY * 0.3); ctx.lineTo(X(lane.start), Y(l));
    }
    ctx.stroke();
    const black = col("--tree-b"), white = col("--tree-w"), fg = col("--fg");
    for (let l = l0; l <= l1; l++) {
      const lane = this.lanes[l];
      const a = Math.max(d0, lane.start), z = Math.min(d1, lane.start + lane.nodes.length - 1);
      for (let d = a; d <= z; d++) {
        const i = lane.nodes[d - lane.start], k = this.kind[i];
        ctx.beginPath();
        ctx.arc(X(d), Y(l), i === this.current ? R + 1.5 : R, 0, 7);
        ctx.fillStyle = k === "B" ? black : k === "W" ? white : col("--muted");
        ctx.fill();
        ctx.strokeStyle = fg;
        ctx.lineWidth = 1;
        ctx.stroke();
        if (i === this.current) {
          ctx.beginPath(); ctx.arc(X(d), Y(l), R + 4, 0, 7);
          ctx.strokeStyle = col("--tree-cur"); ctx.lineWidth = 2.5; ctx.stroke();
        }
      }
    }
  }

  // linksThrough lists the lanes whose link to their parent lane crosses
  // or ends in lanes l0..l1. Lanes are few compared with nodes; the list
  // is computed once per tree as intervals sorted by parent lane.
  linksThrough(l0, l1) {
    if (!this.spans) {
      this.spans = [];
      for (let l = 1; l < this.lanes.length; l++) this.spans.push(l);
      this.maxSpan = 0;
      for (const l of this.spans) this.maxSpan = Math.max(this.maxSpan, l - this.lanes[l].parentLane);
    }
    const out = [];
    // A link of lane l spans lanes parentLane..l: it is visible when
    // parentLane <= l1 and l >= l0. Lanes l >= l0 with parentLane <= l1:
    // scan forward from l0 while a link could still reach back.
    for (let l = Math.max(1, l0); l < this.lanes.length; l++) {
      if (l > l1 && l - this.maxSpan > l1) break;
      if (this.lanes[l].parentLane <= l1) out.push(l);
    }
    return out;
  }
}
