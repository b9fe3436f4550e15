// The board: the picture the server draws with package diagram (the model
// 'sgf render' and 'sgf show' draw from, so they never disagree), and over
// it a grid of transparent cells, one a point, for the mouse, touch, the
// keyboard and screen readers ("White stone, Q16, move 37").
const NS = "http://www.w3.org/2000/svg";
const GO_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MARK_WORDS = { tr: "triangle", sq: "square", cr: "circle", ma: "cross", sl: "selected", tb: "black territory", tw: "white territory", dd: "dimmed" };

function svg(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// hexColumn names a Hex column as HexGui does: a..z, then aa, ab, ...
function hexColumn(c) {
  let s = "";
  c += 1;
  while (c > 0) { c -= 1; s = String.fromCharCode(97 + (c % 26)) + s; c = Math.floor(c / 26); }
  return s;
}

// The picture's own stylesheet (its theme's colours and sizes) is moved out
// of the SVG into a constructed stylesheet scoped to the board, as the
// page's Content-Security-Policy allows no inline style.
const sheets = new Map();
let active = null;
function adoptStyle(text) {
  let sheet = sheets.get(text);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    for (const rule of sheet.cssRules) {
      if (rule.selectorText) rule.selectorText = rule.selectorText.split(",").map((s) => `.board-wrap svg.sgf-diagram ${s.trim()}`).join(", ");
    }
    sheets.set(text, sheet);
  }
  // One board stylesheet at a time: the one of the theme shown.
  if (active === sheet) return;
  active = sheet;
  const mine = new Set(sheets.values());
  document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((s) => !mine.has(s)), sheet];
}

export class Board {
  constructor(wrap, handlers) {
    this.wrap = wrap;
    this.h = handlers; // onPoint(x, y), onWheel(dir), onLeave()
    this.focus = null; // [x, y] of the focused cell
    this.parser = new DOMParser();
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
    this.focus = null;
    this.geometry = "";
    this.picture = null;
    this.wrap.replaceChildren();
  }

  // buildCells lays the grid of cells over the picture, at the centres the
  // server gives (they change only with the part of the board shown).
  buildCells(pos) {
    const { cols } = this;
    const overlay = svg("svg", { viewBox: `0 0 ${pos.width} ${pos.height}`, class: "cells-layer" });
    const u = pos.unit;
    this.cells = new Array(this.cols * this.rows).fill(null);
    const grid = svg("g", { role: "grid", "aria-label": `Board, ${this.cols} by ${this.rows}` });
    let row = null, rowY = -1;
    let first = true;
    for (const [x, y, px, py] of pos.cells) {
      if (y !== rowY) { row = svg("g", { role: "row" }); grid.append(row); rowY = y; }
      const cell = this.hex
        ? svg("polygon", { points: hexPoints(px, py, u * 0.577), class: "cell" })
        : svg("rect", { x: px - u / 2, y: py - u / 2, width: u, height: u, class: "cell" });
      cell.setAttribute("role", "gridcell");
      cell.setAttribute("tabindex", first ? "0" : "-1");
      first = false;
      cell.dataset.x = x; cell.dataset.y = y;
      row.append(cell);
      this.cells[y * cols + x] = cell;
    }
    // One listener each for all the cells.
    const at = (e) => { const c = e.target.closest(".cell"); return c ? [Number(c.dataset.x), Number(c.dataset.y)] : null; };
    grid.addEventListener("click", (e) => { const p = at(e); if (p) { this.setFocus(p[0], p[1], false); this.h.onPoint(p[0], p[1]); } });
    grid.addEventListener("keydown", (e) => { const p = at(e); if (p) this.cellKey(e, p[0], p[1]); });
    overlay.append(grid);
    this.overlay = overlay;
    this.wrap.style.aspectRatio = `${pos.width} / ${pos.height}`;
  }

  // render shows a position: the server's picture, and the cells' labels.
  render(pos) {
    this.pos = pos;
    const geometry = `${pos.width} ${pos.height} ${pos.cells.length} ${pos.cells.length && pos.cells[0].join(",")}`;
    // The <style> is taken out before the SVG is parsed (the policy would
    // refuse it) and adopted as a stylesheet.
    let text = pos.svg;
    const a = text.indexOf("<style>"), b = text.indexOf("</style>");
    if (a >= 0 && b > a) {
      adoptStyle(text.slice(a + 7, b));
      text = text.slice(0, a) + text.slice(b + 8);
    }
    const pic = this.parser.parseFromString(text, "image/svg+xml").documentElement;
    pic.removeAttribute("width"); pic.removeAttribute("height");
    pic.setAttribute("aria-hidden", "true");
    pic.classList.add("picture");
    const node = document.importNode(pic, true);
    if (geometry !== this.geometry) {
      const focus = this.focus;
      this.buildCells(pos);
      this.geometry = geometry;
      this.wrap.replaceChildren(node, this.overlay);
      if (focus && this.cells[focus[1] * this.cols + focus[0]]) this.setFocus(focus[0], focus[1], false);
    } else {
      this.picture.replaceWith(node);
    }
    this.picture = node;
    this.label(pos);
  }

  // label writes each cell's label: "White stone, Q16, move 37, triangle".
  label(pos) {
    const { cols } = this;
    const at = (x, y) => (pos.board[y] || "")[x] || ".";
    const numbers = new Map(pos.numbers.map(([x, y, n]) => [y * cols + x, n]));
    const words = new Map();
    const add = (x, y, w) => { const k = y * cols + x; words.set(k, (words.has(k) ? words.get(k) + ", " : "") + w); };
    for (const m of pos.marks) {
      if (m.class === "lb") add(m.x, m.y, `label ${m.text}`);
      else if (m.class === "var") add(m.x, m.y, `variation ${m.text}`);
      else if (m.class === "ar") add(m.x, m.y, `arrow to ${this.name(m.to[0], m.to[1])}`);
      else if (m.class === "ln") add(m.x, m.y, `line to ${this.name(m.to[0], m.to[1])}`);
      else if (MARK_WORDS[m.class]) add(m.x, m.y, MARK_WORDS[m.class]);
    }
    const last = pos.last && !pos.last.pass ? pos.last : null;
    for (const cell of this.cells) {
      if (!cell) continue;
      const x = Number(cell.dataset.x), y = Number(cell.dataset.y), k = y * cols + x, c = at(x, y);
      let label = c === "B" ? "Black stone" : c === "W" ? "White stone" : "Empty";
      label += ", " + this.name(x, y);
      if (c !== "." && numbers.has(k)) label += `, move ${numbers.get(k)}`;
      if (last && last.x === x && last.y === y) label += ", last move";
      if (words.has(k)) label += ", " + words.get(k);
      if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
    }
  }

  setFocus(x, y, move) {
    const cell = this.cells[y * this.cols + x];
    if (!cell) return;
    for (const c of this.cells) if (c && c.getAttribute("tabindex") === "0") c.setAttribute("tabindex", "-1");
    cell.setAttribute("tabindex", "0");
    this.focus = [x, y];
    if (move) cell.focus();
  }

  focusBoard() {
    let [x, y] = this.focus || [Math.floor(this.cols / 2), Math.floor(this.rows / 2)];
    if (!this.cells[y * this.cols + x]) {
      const c = this.cells.find(Boolean);
      x = Number(c.dataset.x); y = Number(c.dataset.y);
    }
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
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}
