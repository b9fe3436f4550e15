// The game page: board, navigation, tree, comments, information, problem
// mode and editing. Positions come from the server (the typed view's
// Cursor, as 'sgf show' prints them); the page only paints and asks.
import { get, edit, el, announce, setTitle, readOnly, APIError } from "./api.js";
import { Board } from "./board.js";
import { Tree } from "./tree.js";

const INFO_FIELDS = [
  ["GN", "Game name"], ["PB", "Black"], ["BR", "Black rank"], ["BT", "Black team"], ["PW", "White"], ["WR", "White rank"], ["WT", "White team"],
  ["DT", "Date"], ["EV", "Event"], ["RO", "Round"], ["PC", "Place"], ["RE", "Result"], ["KM", "Komi"], ["HA", "Handicap"],
  ["RU", "Rules"], ["TM", "Time limit"], ["OT", "Overtime"], ["ON", "Opening"], ["GC", "Game comment"], ["SO", "Source"],
  ["AN", "Annotator"], ["US", "User"], ["CP", "Copyright"],
];
const TOOLS = [["play", "Play", "Play a move"], ["TR", "△", "Triangle"], ["SQ", "□", "Square"], ["CR", "○", "Circle"], ["MA", "×", "Cross"], ["LB", "A", "Label"]];
const COLOR = { B: "Black", W: "White" };

export async function showGame(main) {
  const params = new URLSearchParams(location.search);
  const S = {
    file: params.get("file") || "", game: Number(params.get("game")) || 1,
    g: null, pos: null, cache: new Map(), children: [], numbers: false, tool: "play",
    problem: null, busy: false, seq: 0,
  };
  window.sgfView = S; // for the browser tests and the curious
  S.startAt = performance.now();

  // ---- the page's parts
  const wrap = el("div", { class: "board-wrap" });
  const btn = (label, title, onclick, extra) => el("button", { type: "button", title, "aria-label": title, onclick, ...extra }, label);
  const nav = el("div", { class: "nav", role: "toolbar", "aria-label": "Navigation" },
    btn("|◀", "Start (Home)", () => goHome()),
    btn("◀◀", "Back ten moves (Page Up)", () => step(-10)),
    btn("◀", "Back one move (Left)", () => step(-1)),
    btn("▶", "Forward one move (Right)", () => step(1)),
    btn("▶▶", "Forward ten moves (Page Down)", () => step(10)),
    btn("▶|", "End of the line (End)", () => goEnd()),
    btn("↑", "Previous variation (Up)", () => sibling(-1)),
    btn("↓", "Next variation (Down)", () => sibling(1)),
  );
  const gameNav = el("div", { class: "nav" },
    btn("[ Previous game", "Previous game of the file ([)", () => otherGame(-1), { id: "prev-game" }),
    btn("Next game ]", "Next game of the file (])", () => otherGame(1), { id: "next-game" }));
  const status = el("div", { class: "panel status", "aria-label": "Position" });
  const message = el("p", { class: "message", role: "status" });
  const notes = el("p", { class: "notes" });
  const nodeName = el("p", { class: "node-name" });
  const comment = el("p", { class: "comment", id: "comment" });
  const commentEdit = el("textarea", { class: "comment-edit", "aria-label": "Comment of this node", hidden: true });
  const commentApply = btn("Apply comment", "Set the comment of this node", () => applyComment(), { hidden: true });
  const commentBtn = btn("Edit comment", "Edit the comment of this node", () => toggleCommentEdit(), { hidden: readOnly });
  const commentPanel = el("section", { class: "panel", "aria-label": "Comment" }, message, nodeName, notes, comment, commentEdit, el("div", { class: "tools" }, commentBtn, commentApply));

  const numbersBtn = btn("Move numbers", "Show move numbers", () => { S.numbers = !S.numbers; numbersBtn.setAttribute("aria-pressed", S.numbers); redraw(); }, { "aria-pressed": "false" });
  const problemBtn = btn("Problem mode", "Solve: play the moves, the page answers", () => toggleProblem(), { "aria-pressed": "false", id: "problem-mode" });
  const retryBtn = btn("Retry", "Start the problem again", () => retry(), { hidden: true, id: "retry" });
  const solutionBtn = btn("Show solution", "Play the solution", () => showSolution(), { hidden: true, id: "solution" });
  const toolBtns = TOOLS.map(([t, label, title]) => btn(label, title, () => setTool(t), { "aria-pressed": String(t === "play"), "data-tool": t }));
  const undoBtn = btn("Undo", "Undo the last edit", () => doEdit({ op: "undo" }), { id: "undo" });
  const redoBtn = btn("Redo", "Redo", () => doEdit({ op: "redo" }), { id: "redo" });
  const saveBtn = btn("Save", "Save the file (Ctrl+S)", () => save(), { id: "save", class: "primary" });
  const dlGame = el("a", { id: "dl-game", download: "" }, "SGF");
  const dlVar = el("a", { id: "dl-var", download: "" }, "Variation");
  const dlSVG = el("a", { id: "dl-svg", download: "" }, "SVG");
  const dlPNG = el("a", { id: "dl-png", download: "" }, "PNG");
  const dlGIF = el("a", { id: "dl-gif", download: "" }, "GIF");
  const viewTools = el("div", { class: "tools", role: "toolbar", "aria-label": "View" }, numbersBtn, problemBtn, retryBtn, solutionBtn,
    el("span", { class: "sep" }), el("span", {}, "Download: "), dlGame, el("span", {}, " "), dlVar, el("span", {}, " "), dlSVG, el("span", {}, " "), dlPNG, el("span", {}, " "), dlGIF);
  const editTools = el("div", { class: "tools", role: "toolbar", "aria-label": "Edit", hidden: readOnly },
    ...toolBtns, el("span", { class: "sep" }),
    btn("Pass", "Pass", () => doEdit({ op: "pass", node: S.pos.path })),
    btn("Delete", "Delete this node and what follows", () => doEdit({ op: "delete", node: S.pos.path }), { id: "delete" }),
    btn("Promote", "Make this variation the main line", () => doEdit({ op: "promote", node: S.pos.path })),
    undoBtn, redoBtn, saveBtn);
  const toolsPanel = el("section", { class: "panel", "aria-label": "Tools" }, viewTools, editTools);
  const treeBox = el("div", { class: "tree", id: "tree" });
  const infoList = el("dl", { class: "info" });
  const infoForm = el("form", { class: "info-edit", hidden: readOnly, onsubmit: (e) => { e.preventDefault(); applyInfo(); } });
  const infoPanel = el("details", { class: "panel" }, el("summary", {}, "Game information"), infoList, infoForm);
  const diags = el("p", { class: "diags" });
  main.replaceChildren(el("div", { class: "game" },
    el("section", { class: "board-pane", "aria-label": "Board" }, wrap, nav, gameNav),
    el("div", { class: "side" }, status, commentPanel, toolsPanel, treeBox, infoPanel, diags)));

  const board = new Board(wrap, {
    onPoint: (x, y) => clickPoint(x, y),
    onWheel: (d) => step(d),
    onLeave: () => {},
  });
  const tree = new Tree(treeBox, (n) => goTo(n));

  // ---- loading
  async function loadGame(path) {
    // The game and its first position are asked at once.
    const pp = get("position", { file: S.file, game: S.game, node: path || "0", ...drawing() });
    pp.catch(() => {});
    const g = await get("game", { file: S.file, game: S.game });
    S.g = g;
    S.cache.clear();
    S.children = Array.from({ length: g.tree.parent.length }, () => []);
    g.tree.parent.forEach((p, i) => { if (p >= 0) S.children[p].push(i); });
    const who = (c) => (g.info["P" + c] || COLOR[c]) + (g.info[c + "R"] ? ` (${g.info[c + "R"]})` : "");
    setTitle((g.info.GN ? g.info.GN + ": " : "") + `${who("B")} – ${who("W")}` + (g.games > 1 ? ` · game ${g.game} of ${g.games}` : "") + (g.dirty ? " · unsaved" : ""));
    board.setGame(g);
    tree.setTree(g.tree);
    document.getElementById("prev-game").disabled = g.game <= 1;
    document.getElementById("next-game").disabled = g.game >= g.games;
    gameNav.hidden = g.games <= 1;
    fillInfo();
    undoBtn.disabled = !g.canUndo; redoBtn.disabled = !g.canRedo;
    saveBtn.disabled = !g.dirty;
    diags.textContent = g.diagnostics.length ? "Read with problems: " + g.diagnostics.join("; ") : "";
    if (g.charsetFrom && g.charset !== "UTF-8" && g.charset !== "ISO-8859-1") diags.textContent += ` Text decoded from ${g.charset} (${g.charsetFrom}).`;
    const q = new URLSearchParams({ file: S.file, game: S.game });
    dlGame.href = `/api/download?${q}`;
    let pos;
    try {
      pos = await pp;
    } catch (e) {
      pos = await get("position", { file: S.file, game: S.game, node: "0", ...drawing() });
      say(`No node ${path}: showing the start.`, "bad");
    }
    show(pos);
  }

  // drawing is how the board is drawn: the theme of package diagram that
  // matches the page's, move numbers, problem mode.
  function drawing() {
    const t = document.body.dataset.theme;
    const o = { theme: t === "contrast" ? "book" : t };
    if (S.numbers) o.numbers = 1;
    if (S.problem) o.problem = 1;
    return o;
  }

  // redraw shows the current node again after a change of drawing.
  async function redraw() {
    S.cache.clear();
    if (S.pos) show(await fetchPos(S.pos.n));
  }
  document.addEventListener("sgf-theme", () => redraw());

  async function fetchPos(n) {
    let p = S.cache.get(n);
    if (!p) {
      p = get("position", { file: S.file, game: S.game, n, ...drawing() });
      S.cache.set(n, p);
      p.catch(() => S.cache.delete(n));
    }
    return p;
  }

  // goTo shows node n (a number). Steps made while one is loading are not
  // lost: the last one asked wins.
  async function goTo(n) {
    if (n == null || n < 0 || !S.g || n >= S.g.tree.parent.length) return;
    const seq = ++S.seq;
    const pos = await fetchPos(n);
    if (seq !== S.seq) return;
    show(pos);
  }

  function show(pos) {
    S.pos = pos;
    paint();
    tree.setCurrent(pos.n);
    history.replaceState(null, "", `${location.pathname}${location.search}#node=${pos.path}`);
    const m = pos.last;
    status.replaceChildren(...[
      el("span", {}, el("b", {}, "Move "), pos.moveNumber),
      pos.toPlay ? el("span", {}, `${COLOR[pos.toPlay]} to play`) : null,
      // Only Go takes stones; Hex and the rest never capture.
      S.g.gm === 1 ? el("span", {}, `Captures: Black ${pos.capturesB}, White ${pos.capturesW}`) : null,
      m ? el("span", {}, `Last: ${COLOR[m.color]} ${moveText(m)}`) : null,
      pos.variations.length > 1 && !S.problem ? el("span", {}, `${pos.variations.length} variations`) : null,
      el("span", { class: "path" }, `Node ${pos.path}`),
    ].filter(Boolean));
    nodeName.textContent = pos.nodeName;
    notes.textContent = pos.notes.length ? pos.notes.map((s) => s[0].toUpperCase() + s.slice(1)).join(". ") + "." : "";
    comment.textContent = pos.comment;
    if (!commentEdit.hidden) commentEdit.value = pos.comment;
    dlVar.href = `/api/download?${new URLSearchParams({ file: S.file, game: S.game, what: "variation", node: pos.path })}`;
    dlSVG.href = `/api/download?${new URLSearchParams({ file: S.file, game: S.game, what: "svg", node: pos.path, ...drawing() })}`;
    dlPNG.href = `/api/download?${new URLSearchParams({ file: S.file, game: S.game, what: "png", node: pos.path, ...drawing() })}`;
    dlGIF.href = `/api/download?${new URLSearchParams({ file: S.file, game: S.game, what: "gif", theme: drawing().theme })}`;
    // Announce the move for screen readers.
    let say1 = m ? `Move ${pos.moveNumber}, ${COLOR[m.color]} ${m.pass ? moveText(m) : board.name(m.x, m.y)}` : (pos.n === 0 ? "Start of the game" : `Node ${pos.path}`);
    if (pos.variations.length > 1) say1 += `, ${pos.variations.length} variations`;
    if (pos.comment) say1 += ". " + pos.comment.slice(0, 200);
    announce(say1);
    // Prefetch the next node, so that stepping forward is one paint.
    const next = S.children[pos.n] && S.children[pos.n][0];
    if (next != null && !S.cache.has(next)) requestIdleCallbackish(() => fetchPos(next));
  }

  // moveText says a move: its point, or what it is (pass, and Hex's
  // swap-pieces, resign, ...).
  function moveText(m) {
    if (!m.pass) return board.name(m.x, m.y);
    return m.name && m.name !== "tt" ? m.name : "pass";
  }

  function paint() {
    if (S.pos) board.render(S.pos);
  }

  // ---- navigation
  function parentOf(n) { return S.g.tree.parent[n]; }
  async function step(k) {
    if (!S.pos) return;
    let n = S.pos.n;
    for (let i = 0; i < Math.abs(k); i++) {
      const next = k > 0 ? S.children[n][0] : parentOf(n);
      if (next == null || next < 0) break;
      n = next;
    }
    if (n !== S.pos.n) await goTo(n);
  }
  function goHome() { return goTo(0); }
  function goEnd() {
    let n = S.pos.n;
    while (S.children[n].length) n = S.children[n][0];
    return goTo(n);
  }
  function sibling(d) {
    const p = parentOf(S.pos.n);
    if (p < 0) return;
    const sib = S.children[p], i = sib.indexOf(S.pos.n);
    const j = i + d;
    if (j >= 0 && j < sib.length) return goTo(sib[j]);
  }
  async function otherGame(d) {
    const g = S.game + d;
    if (!S.g || g < 1 || g > S.g.games) return;
    S.game = g;
    history.replaceState(null, "", `/view?${new URLSearchParams({ file: S.file, game: g })}`);
    const problem = !!S.problem;
    if (problem) S.problem = null;
    await loadGame("0");
    if (problem) await toggleProblem();
  }
  S.goTo = goTo; S.step = step; S.sibling = sibling;

  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); return; }
    if (t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowRight: () => step(1), ArrowLeft: () => step(-1), ArrowUp: () => sibling(-1), ArrowDown: () => sibling(1),
      Home: goHome, End: goEnd, PageUp: () => step(-10), PageDown: () => step(10),
      "[": () => otherGame(-1), "]": () => otherGame(1),
    };
    const f = keys[e.key];
    if (f) { e.preventDefault(); f(); }
  });
  addEventListener("hashchange", async () => {
    const path = hashPath();
    if (path && S.pos && path !== S.pos.path) {
      try { show(await get("position", { file: S.file, game: S.game, node: path })); } catch (err) { say(err.message, "bad"); }
    }
  });

  // ---- the board's points
  async function clickPoint(x, y) {
    if (!S.pos) return;
    if (S.problem) return problemMove(x, y);
    if (S.tool !== "play") {
      if (readOnly) return;
      return doEdit({ op: "markup", node: S.pos.path, prop: S.tool, x, y });
    }
    // A move: follow the variation that has it, else play it (editing).
    const child = S.children[S.pos.n].find((c) => { const v = S.pos.variations.find((v) => v.n === c); return v && v.move && !v.move.pass && v.move.x === x && v.move.y === y; });
    if (child != null && (S.g.st & 1) === 0) return goTo(child);
    if (readOnly) { say("Read-only: moves cannot be added.", "bad"); return; }
    return doEdit({ op: "play", node: S.pos.path, x, y });
  }

  function setTool(t) {
    S.tool = t;
    for (const b of toolBtns) b.setAttribute("aria-pressed", String(b.dataset.tool === t));
  }

  // ---- editing
  async function doEdit(req) {
    if (readOnly || S.busy) return;
    S.busy = true;
    try {
      const res = await edit({ file: S.file, game: S.game, node: S.pos ? S.pos.path : "0", ...req });
      await loadGame(res.node || (S.pos && S.pos.path));
      if (res.message) say(res.message[0].toUpperCase() + res.message.slice(1) + ".", "good");
      else say("", "");
      return res;
    } catch (e) {
      say(e instanceof APIError ? e.message[0].toUpperCase() + e.message.slice(1) + "." : String(e), "bad");
    } finally {
      S.busy = false;
    }
  }
  S.edit = doEdit;

  async function save() {
    if (readOnly) return;
    const res = await doEdit({ op: "save" });
    if (res) saveBtn.disabled = true;
  }

  function toggleCommentEdit() {
    const editing = commentEdit.hidden;
    commentEdit.hidden = !editing; commentApply.hidden = !editing; comment.hidden = editing;
    commentBtn.textContent = editing ? "Cancel" : "Edit comment";
    if (editing) { commentEdit.value = S.pos.comment; commentEdit.focus(); }
  }
  async function applyComment() {
    const res = await doEdit({ op: "comment", node: S.pos.path, text: commentEdit.value });
    if (res) toggleCommentEdit();
  }

  function fillInfo() {
    const info = S.g.info;
    infoList.replaceChildren(...INFO_FIELDS.filter(([k]) => info[k]).flatMap(([k, label]) => [el("dt", {}, label), el("dd", {}, info[k])]),
      el("dt", {}, "Board"), el("dd", {}, `${S.g.cols}×${S.g.rows}` + (S.g.gm !== 1 ? ` (game type ${S.g.gm})` : "")));
    if (readOnly) return;
    infoForm.replaceChildren(...INFO_FIELDS.flatMap(([k, label]) => {
      const id = "info-" + k;
      return [el("label", { htmlFor: id }, label), el("input", { id, name: k, value: info[k] || "" })];
    }), el("span"), el("button", { type: "submit" }, "Apply game information"));
  }
  async function applyInfo() {
    const changes = {};
    for (const [k] of INFO_FIELDS) {
      const v = infoForm.elements[k].value;
      if (v !== (S.g.info[k] || "")) changes[k] = v;
    }
    if (Object.keys(changes).length) await doEdit({ op: "info", node: S.pos.path, info: changes });
  }

  // ---- problem mode
  async function toggleProblem() {
    if (S.problem) {
      S.problem = null;
    } else {
      S.problem = judge(S.pos.n, S.pos.toPlay || "B");
    }
    const on = !!S.problem;
    problemBtn.setAttribute("aria-pressed", String(on));
    retryBtn.hidden = solutionBtn.hidden = !on;
    treeBox.hidden = on;
    editTools.hidden = on || readOnly;
    say(on ? `Problem: ${COLOR[S.problem.solver]} to play. Click the best move.` : "", "");
    await redraw();
  }

  // judge works out, for the problem starting at node start, which nodes
  // are on a right path: a node marked right (a comment saying RIGHT or
  // Correct, or GB/GW for the solver), or when nothing is marked, the
  // main line's end; and every ancestor of such a node.
  function judge(start, solver) {
    const { parent, mark } = S.g.tree;
    const n = parent.length;
    const right = new Uint8Array(n), wrong = new Uint8Array(n), onPath = new Uint8Array(n);
    const good = solver === "B" ? "b" : "w", bad = solver === "B" ? "w" : "b";
    let any = false;
    for (let i = 0; i < n; i++) {
      if (mark[i] === "R" || mark[i] === good) { right[i] = 1; any = true; }
      if (mark[i] === "W" || mark[i] === bad) wrong[i] = 1;
    }
    if (!any) {
      let i = start;
      while (S.children[i].length) i = S.children[i][0];
      right[i] = 1;
    }
    for (let i = n - 1; i >= 0; i--) {
      if (right[i]) onPath[i] = 1;
      if (onPath[i] && parent[i] >= 0) onPath[parent[i]] = 1;
    }
    return { start, solver, right, wrong, onPath };
  }

  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  async function problemMove(x, y) {
    const P = S.problem;
    if (S.busy) return;
    const v = S.pos.variations.find((v) => v.move && !v.move.pass && v.move.x === x && v.move.y === y && S.children[S.pos.n].includes(v.n));
    if (!v) {
      say(`Wrong: ${board.name(x, y)} is not in the solution. Try again.`, "bad");
      announce(`Wrong: ${board.name(x, y)} is not in the solution.`);
      return;
    }
    S.busy = true;
    try {
      await goTo(v.n);
      const n = v.n;
      if (P.wrong[n] || !P.onPath[n]) {
        say("Wrong.", "bad");
        announce("Wrong. " + S.pos.comment);
        const reply = S.children[n][0];
        if (reply != null) { await pause(400); await goTo(reply); }
        return;
      }
      if (P.right[n] || !S.children[n].length) { solved(); return; }
      // The opponent answers from the tree: the reply on the right path.
      const reply = S.children[n].find((c) => P.onPath[c]) ?? S.children[n][0];
      await pause(350);
      await goTo(reply);
      if (P.right[reply] || !S.children[reply].length) { solved(); return; }
      say("Good. Go on.", "good");
    } finally {
      S.busy = false;
    }
  }
  function solved() { say("Right! Problem solved.", "good"); announce("Right! Problem solved."); }
  async function retry() { if (S.problem) { say(`Problem: ${COLOR[S.problem.solver]} to play.`, ""); await goTo(S.problem.start); } }
  async function showSolution() {
    const P = S.problem;
    if (!P) return;
    await goTo(P.start);
    let n = P.start;
    for (;;) {
      const c = S.children[n].find((c) => P.onPath[c]);
      if (c == null) break;
      await pause(450);
      if (S.problem !== P) return;
      await goTo(c);
      n = c;
    }
    say("The solution.", "good");
  }

  function say(text, kind) {
    message.textContent = text;
    message.className = "message" + (kind ? " " + kind : "");
  }

  try {
    await loadGame(hashPath());
    if (new URLSearchParams(location.search).get("mode") === "problem") await toggleProblem();
  } catch (e) {
    main.replaceChildren(el("p", { class: "message bad", role: "alert" }, `Cannot open this game: ${e.message}`), el("p", {}, el("a", { href: "/" }, "Back to the library")));
  }
  S.board = board; S.tree = tree;
  S.readyAt = performance.now();
  S.ready = true;
}

function hashPath() {
  const m = /node=([0-9.]+)/.exec(location.hash);
  return m ? m[1] : "";
}

function requestIdleCallbackish(f) {
  if (window.requestIdleCallback) requestIdleCallback(f, { timeout: 200 }); else setTimeout(f, 30);
}
