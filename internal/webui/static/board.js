// The board: an SVG painted from the position the server computes (the
// same position 'sgf show' prints), with every point a cell of an ARIA
// grid ("White stone, Q16, move 37") for keyboard and screen-reader use.
const NS = "http://www.w3.org/2000/svg";
const GO_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MARK_WORDS = { TR: "triangle", SQ: "square", CR: "circle", MA: "cross", SL: "selected", TB: "black territory", TW: "white territory", DD: "dimmed" };

function svg(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}

// hexColumn names a Hex column as HexGui does: a..z, then aa, ab, ...
function hexColumn(c) {
  let s = "";
  c += 1;
  while (c > 0) { c -= 1; s = String.fromCharCode(97 + (c % 26)) + s; c = Math.floor(c / 26); }
  return s;
}

export class Board {
  constructor(wrap, handlers) {
    this.wrap = wrap;
    this.h = handlers; // onPoint(x, y), onWheel(dir), onLeave()
    this.focus = null; // [x, y] of the focused cell
    wrap.addEventListener("wheel", (e) => {
      if (Math.abs(e.deltaY) < 1) return;
      e.preventDefault();
      this.h.onWheel(e.deltaY > 0 ? 1 : -1);
    }, { passive: false });
  }

  // name says a point as players write it.
  name(x, y) {
    if (this.gm === 11) return hexColumn(x) + (y + 1);
    if (this.cols <= 25) return GO_LETTERS[x] + (this.rows - y);
    return SGF_LETTERS[x] + SGF_LETTERS[y];
  }

  setGame(g) {
    this.cols = g.cols; this.rows = g.rows; this.gm = g.gm;
    this.hex = g.gm === 11;
    this.wrap.classList.toggle("hex", this.hex);
    this.focus = null;
    this.build();
  }

  // center gives the SVG coordinates of a point.
  center(x, y) {
    if (this.hex) return [1.2 + x + y * 0.5, 1.2 + y * 0.866];
    return [1 + x, 1 + y];
  }

  build() {
    const { cols, rows } = this;
    let w, h;
    if (this.hex) { w = cols + rows * 0.5 + 1.4; h = (rows - 1) * 0.866 + 2.4; }
    else { w = cols + 1; h = rows + 1; }
    const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, "aria-hidden": "false" });
    root.append(svg("rect", { class: "board-bg", x: 0, y: 0, width: w, height: h }));
    const grid = svg("g", { class: "under" });
    if (this.hex) this.buildHex(grid); else this.buildGo(grid);
    root.append(grid);
    this.layer = svg("g", { class: "paint" });
    root.append(this.layer);
    // The cells: on top, transparent, one per point, in rows.
    this.cells = [];
    const cellsG = svg("g", { role: "grid", "aria-label": `Board, ${cols} by ${rows}`, class: "cells" });
    for (let y = 0; y < rows; y++) {
      const row = svg("g", { role: "row" });
      for (let x = 0; x < cols; x++) {
        const [cx, cy] = this.center(x, y);
        const cell = this.hex
          ? svg("polygon", { points: hexPoints(cx, cy, 0.577), class: "cell" })
          : svg("rect", { x: cx - 0.5, y: cy - 0.5, width: 1, height: 1, class: "cell" });
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("tabindex", x === 0 && y === 0 ? "0" : "-1");
        cell.dataset.x = x; cell.dataset.y = y;
        cell.addEventListener("click", () => { this.setFocus(x, y, false); this.h.onPoint(x, y); });
        cell.addEventListener("keydown", (e) => this.cellKey(e, x, y));
        cell.addEventListener("pointerenter", () => this.h.onHover && this.h.onHover(x, y));
        row.append(cell);
        this.cells.push(cell);
      }
      cellsG.append(row);
    }
    cellsG.addEventListener("pointerleave", () => this.h.onHover && this.h.onHover(-1, -1));
    root.append(cellsG);
    this.svg = root;
    this.wrap.replaceChildren(root);
  }

  buildGo(g) {
    const { cols, rows } = this;
    let d = "";
    for (let x = 0; x < cols; x++) d += `M${1 + x} 1V${rows}`;
    for (let y = 0; y < rows; y++) d += `M1 ${1 + y}H${cols}`;
    g.append(svg("path", { class: "grid-lines", d }));
    for (const [x, y] of hoshi(cols, rows)) g.append(svg("circle", { class: "hoshi", cx: 1 + x, cy: 1 + y, r: 0.11 }));
    for (let x = 0; x < cols; x++) {
      const t = cols <= 25 ? GO_LETTERS[x] : SGF_LETTERS[x];
      g.append(svg("text", { class: "coord", x: 1 + x, y: 0.42 }, t));
      g.append(svg("text", { class: "coord", x: 1 + x, y: rows + 0.58 }, t));
    }
    for (let y = 0; y < rows; y++) {
      const t = cols <= 25 ? String(rows - y) : SGF_LETTERS[y];
      g.append(svg("text", { class: "coord", x: 0.42, y: 1 + y }, t));
      g.append(svg("text", { class: "coord", x: cols + 0.58, y: 1 + y }, t));
    }
  }

  buildHex(g) {
    const { cols, rows } = this;
    // Black's edges are the top and bottom rows, White's the first and last columns.
    const [ax, ay] = this.center(0, 0), [bx, by] = this.center(cols - 1, 0);
    const [cx, cy] = this.center(0, rows - 1), [dx, dy] = this.center(cols - 1, rows - 1);
    g.append(svg("line", { class: "hex-edge-b", x1: ax - 0.5, y1: ay - 0.62, x2: bx + 0.5, y2: by - 0.62 }));
    g.append(svg("line", { class: "hex-edge-b", x1: cx - 0.5, y1: cy + 0.62, x2: dx + 0.5, y2: dy + 0.62 }));
    g.append(svg("line", { class: "hex-edge-w", x1: ax - 0.62, y1: ay - 0.2, x2: cx - 0.62, y2: cy + 0.2 }));
    g.append(svg("line", { class: "hex-edge-w", x1: bx + 0.62, y1: by - 0.2, x2: dx + 0.62, y2: dy + 0.2 }));
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const [px, py] = this.center(x, y);
        g.append(svg("polygon", { class: "hexcell", points: hexPoints(px, py, 0.577) }));
      }
    }
    for (let x = 0; x < cols; x++) {
      const [px, py] = this.center(x, 0);
      g.append(svg("text", { class: "coord", x: px, y: py - 0.95 }, hexColumn(x)));
    }
    for (let y = 0; y < rows; y++) {
      const [px, py] = this.center(0, y);
      g.append(svg("text", { class: "coord", x: px - 1.0, y: py }, String(y + 1)));
    }
  }

  // render paints a position. opts: numbers (show move numbers), ghost
  // ([x, y, color] of a stone to preview), problem (hide variation markers).
  render(pos, opts) {
    this.pos = pos;
    const { cols, rows } = this;
    const L = svg("g", { class: "paint" });
    const at = (x, y) => (pos.board[y] || "")[x] || ".";
    const dd = new Set((pos.markup.DD || []).map(([x, y]) => y * cols + x));
    const numbers = new Map(pos.numbers.map(([x, y, n]) => [y * cols + x, n]));
    const marked = new Map(); // point -> words, for labels
    const addWord = (x, y, w) => { const k = y * cols + x; marked.set(k, (marked.get(k) ? marked.get(k) + ", " : "") + w); };
    const on = (x, y) => at(x, y) === "B" ? "on-black" : at(x, y) === "W" ? "on-white" : "on-empty";

    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const c = at(x, y);
        if (c === ".") continue;
        const [px, py] = this.center(x, y);
        L.append(svg("circle", { class: `stone ${c === "B" ? "black" : "white"}${dd.has(y * cols + x) ? " dim" : ""}`, cx: px, cy: py, r: this.hex ? 0.42 : 0.47, "data-point": this.name(x, y) }));
      }
    }
    for (const [x, y] of pos.markup.TB || []) { const [px, py] = this.center(x, y); L.append(svg("rect", { class: "tb", x: px - 0.18, y: py - 0.18, width: 0.36, height: 0.36 })); addWord(x, y, MARK_WORDS.TB); }
    for (const [x, y] of pos.markup.TW || []) { const [px, py] = this.center(x, y); L.append(svg("rect", { class: "tw", x: px - 0.18, y: py - 0.18, width: 0.36, height: 0.36 })); addWord(x, y, MARK_WORDS.TW); }
    for (const [x, y] of pos.markup.SL || []) { const [px, py] = this.center(x, y); L.append(svg("rect", { class: "sl", x: px - 0.5, y: py - 0.5, width: 1, height: 1 })); addWord(x, y, MARK_WORDS.SL); }
    const last = pos.last && !pos.last.pass ? pos.last : null;
    if (opts.numbers) {
      for (const [x, y, n] of pos.numbers) {
        const [px, py] = this.center(x, y);
        L.append(svg("text", { class: `num ${on(x, y)}`, x: px, y: py }, String(n)));
      }
    } else if (last && at(last.x, last.y) !== ".") {
      const [px, py] = this.center(last.x, last.y);
      L.append(svg("circle", { class: `last mk ${on(last.x, last.y)}`, cx: px, cy: py, r: 0.22 }));
    }
    const shape = (kind, x, y) => {
      const [px, py] = this.center(x, y);
      const cls = `mk ${on(x, y)}`;
      if (kind === "TR") return svg("polygon", { class: cls, points: `${px},${py - 0.3} ${px + 0.27},${py + 0.17} ${px - 0.27},${py + 0.17}` });
      if (kind === "SQ") return svg("rect", { class: cls, x: px - 0.22, y: py - 0.22, width: 0.44, height: 0.44 });
      if (kind === "CR") return svg("circle", { class: cls, cx: px, cy: py, r: 0.25 });
      return svg("path", { class: cls, d: `M${px - 0.22} ${py - 0.22}L${px + 0.22} ${py + 0.22}M${px + 0.22} ${py - 0.22}L${px - 0.22} ${py + 0.22}` });
    };
    const taken = new Set();
    for (const kind of ["TR", "SQ", "CR", "MA"]) {
      for (const [x, y] of pos.markup[kind] || []) { L.append(shape(kind, x, y)); addWord(x, y, MARK_WORDS[kind]); taken.add(y * cols + x); }
    }
    for (const { p: [x, y], text } of pos.markup.LB || []) {
      const [px, py] = this.center(x, y);
      if (at(x, y) === ".") L.append(svg("circle", { class: "lb-bg", cx: px, cy: py, r: 0.36 }));
      L.append(svg("text", { class: `lb ${on(x, y)}`, x: px, y: py }, text));
      addWord(x, y, `label ${text}`);
      taken.add(y * cols + x);
    }
    for (const [kind, list] of [["arrow", pos.markup.AR || []], ["line", pos.markup.LN || []]]) {
      for (const [x1, y1, x2, y2] of list) {
        const [ax, ay] = this.center(x1, y1), [bx, by] = this.center(x2, y2);
        L.append(svg("line", { class: kind, x1: ax, y1: ay, x2: bx, y2: by }));
        if (kind === "arrow") {
          const a = Math.atan2(by - ay, bx - ax), s = 0.3;
          const p1 = [bx - s * Math.cos(a - 0.45), by - s * Math.sin(a - 0.45)], p2 = [bx - s * Math.cos(a + 0.45), by - s * Math.sin(a + 0.45)];
          L.append(svg("polygon", { class: "arrowhead", points: `${bx},${by} ${p1} ${p2}` }));
          addWord(x1, y1, `arrow to ${this.name(x2, y2)}`);
        } else {
          addWord(x1, y1, `line to ${this.name(x2, y2)}`);
        }
      }
    }
    for (const k of dd) {
      const x = k % cols, y = Math.floor(k / cols);
      if (at(x, y) === ".") { const [px, py] = this.center(x, y); L.append(svg("rect", { class: "dim board-bg", x: px - 0.5, y: py - 0.5, width: 1, height: 1 })); }
      addWord(x, y, MARK_WORDS.DD);
    }
    // Variation markers, per ST: never over other markup.
    const varAt = new Map();
    if (!opts.problem && !(opts.st & 2) && pos.variations.length > 1) {
      for (const v of pos.variations) {
        const m = v.move;
        if (!m || m.pass || m.x >= cols || m.y >= rows || taken.has(m.y * cols + m.x)) continue;
        const [px, py] = this.center(m.x, m.y);
        if (at(m.x, m.y) === ".") L.append(svg("circle", { class: "var-bg", cx: px, cy: py, r: 0.3 }));
        L.append(svg("text", { class: `var ${on(m.x, m.y)}`, x: px, y: py }, v.label));
        varAt.set(m.y * cols + m.x, v.label);
      }
    }
    if (opts.ghost) {
      const [x, y, c] = opts.ghost;
      if (at(x, y) === ".") {
        const [px, py] = this.center(x, y);
        L.append(svg("circle", { class: `stone ghost ${c === "B" ? "black" : "white"}`, cx: px, cy: py, r: this.hex ? 0.42 : 0.47 }));
      }
    }
    this.layer.replaceWith(L);
    this.layer = L;
    // The cells' labels: "White stone, Q16, move 37, triangle".
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const k = y * cols + x, c = at(x, y);
        let label = c === "B" ? "Black stone" : c === "W" ? "White stone" : "Empty";
        label += ", " + this.name(x, y);
        if (c !== "." && numbers.has(k)) label += `, move ${numbers.get(k)}`;
        if (last && last.x === x && last.y === y) label += ", last move";
        if (marked.has(k)) label += ", " + marked.get(k);
        if (varAt.has(k)) label += `, variation ${varAt.get(k)}`;
        const cell = this.cells[k];
        if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
      }
    }
  }

  setFocus(x, y, move) {
    const k = y * this.cols + x;
    for (const c of this.cells) if (c.getAttribute("tabindex") === "0") c.setAttribute("tabindex", "-1");
    this.cells[k].setAttribute("tabindex", "0");
    this.focus = [x, y];
    if (move) this.cells[k].focus();
  }

  focusBoard() {
    const [x, y] = this.focus || [Math.floor(this.cols / 2), Math.floor(this.rows / 2)];
    this.setFocus(x, y, true);
  }

  // cellKey moves the focus in the grid with the arrow keys, plays with
  // Enter or Space, and leaves the grid with Escape.
  cellKey(e, x, y) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const [dx, dy] = moves[e.key];
      const nx = Math.min(this.cols - 1, Math.max(0, x + dx)), ny = Math.min(this.rows - 1, Math.max(0, y + dy));
      this.setFocus(nx, ny, true);
      e.preventDefault(); e.stopPropagation();
    } else if (e.key === "Home" || e.key === "End") {
      this.setFocus(e.key === "Home" ? 0 : this.cols - 1, y, true);
      e.preventDefault(); e.stopPropagation();
    } else if (e.key === "Enter" || e.key === " ") {
      this.h.onPoint(x, y);
      e.preventDefault(); e.stopPropagation();
    } else if (e.key === "Escape") {
      e.target.blur();
      this.h.onLeave && this.h.onLeave();
      e.stopPropagation();
    }
  }
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(3)},${(cy + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

// hoshi lists the star points of a Go board.
function hoshi(cols, rows) {
  if (cols !== rows || cols < 7) return [];
  const e = cols >= 13 ? 3 : 2, m = (cols - 1) / 2, f = cols - 1 - e;
  const pts = [[e, e], [f, e], [e, f], [f, f]];
  if (cols % 2 === 1) {
    pts.push([m, m]);
    if (cols >= 15) pts.push([m, e], [m, f], [e, m], [f, m]);
  }
  return pts;
}
