// The library: every game of the served paths, sorted and filtered by the
// server, loaded a page at a time as the user scrolls.
import { get, el, setTitle } from "./api.js";

const COLUMNS = [
  ["pb", "Black"], ["pw", "White"], ["dt", "Date", "wide"], ["ev", "Event", "wide"],
  ["re", "Result"], ["moves", "Moves"], ["size", "Size", "wide"], ["file", "File", "wide"],
];
const PAGE = 100;

export function showLibrary(main) {
  setTitle("Library");
  const params = new URLSearchParams(location.search);
  const state = { sort: params.get("sort") || "file", desc: params.get("desc") === "1", q: params.get("q") || "", rows: [], total: 0, loading: false, gen: 0 };

  const search = el("input", { type: "search", placeholder: "Filter: words, or column:word (pb:, pw:, dt:, ev:, re:, file:)", value: state.q, "aria-label": "Filter the games" });
  const progress = el("span", { class: "progress", role: "status" });
  const count = el("span", { class: "count" });
  const thead = el("tr");
  const tbody = el("tbody");
  const sentinel = el("div", { class: "sentinel" });
  const table = el("div", { class: "table-wrap" }, el("table", { class: "games" }, el("thead", {}, thead), tbody));
  main.replaceChildren(el("section", { class: "library", "aria-label": "Library" },
    el("div", { class: "bar" }, search, count, progress), table, sentinel));

  function headers() {
    thead.replaceChildren(...COLUMNS.map(([key, label, cls]) => {
      const sorted = state.sort === key;
      return el("th", { class: cls, "aria-sort": sorted ? (state.desc ? "descending" : "ascending") : "none", scope: "col" },
        el("button", { type: "button", onclick: () => {
          if (state.sort === key) state.desc = !state.desc; else { state.sort = key; state.desc = false; }
          reload();
        } }, label + (sorted ? (state.desc ? " ▼" : " ▲") : "")));
    }));
  }

  function rowOf(r) {
    const href = `/view?${new URLSearchParams({ file: r.file, game: r.game })}`;
    const player = (name, rank) => (name || "?") + (rank ? ` (${rank})` : "");
    if (r.error) {
      return el("tr", {}, el("td", { colspan: 8, class: "err" }, `Not readable: ${r.name}: ${r.error}`));
    }
    const fileText = r.name + (r.games > 1 ? ` #${r.game}` : "");
    // A game without players is named by its name (GN) or its file.
    const anonymous = !r.pb && !r.pw;
    const title = anonymous ? (r.gn || r.name.split("/").pop() + (r.games > 1 ? ` #${r.game}` : "")) : player(r.pb, r.br);
    return el("tr", {},
      el("td", {}, el("a", { href }, title)),
      el("td", {}, anonymous ? "" : player(r.pw, r.wr)),
      el("td", { class: "wide" }, r.dt), el("td", { class: "wide" }, r.ev), el("td", {}, r.re),
      el("td", { class: "num" }, r.moves), el("td", { class: "wide" }, r.size),
      el("td", { class: "file wide" }, fileText));
  }

  async function load(offset) {
    const gen = state.gen;
    state.loading = true;
    try {
      const p = await get("library", { offset, limit: PAGE, sort: state.sort, desc: state.desc ? 1 : 0, q: state.q });
      if (gen !== state.gen) return p;
      if (offset === 0) { tbody.replaceChildren(); state.rows = []; }
      state.rows.push(...p.rows);
      tbody.append(...p.rows.map(rowOf));
      state.total = p.total;
      count.textContent = `${p.total.toLocaleString()} game${p.total === 1 ? "" : "s"}` + (state.q ? " match" : "");
      progress.textContent = p.done ? (p.capped ? "Stopped at the file limit." : "") :
        `Reading files: ${p.scanned.toLocaleString()} of ${p.files.toLocaleString()}…`;
      return p;
    } finally {
      if (gen === state.gen) state.loading = false;
    }
  }

  function reload() {
    state.gen++;
    state.loading = false;
    const q = new URLSearchParams();
    if (state.sort !== "file") q.set("sort", state.sort);
    if (state.desc) q.set("desc", "1");
    if (state.q) q.set("q", state.q);
    history.replaceState(null, "", "/" + (q.size ? "?" + q : ""));
    headers();
    load(0).then(poll);
  }

  // While the library is being built, refresh what is shown (the first
  // pages) and the progress line.
  let timer = 0;
  function poll(p) {
    clearTimeout(timer);
    if (!p || p.done) return;
    timer = setTimeout(async () => {
      const shown = Math.max(state.rows.length, PAGE);
      const gen = state.gen;
      const q = await get("library", { offset: 0, limit: Math.min(shown, 1000), sort: state.sort, desc: state.desc ? 1 : 0, q: state.q });
      if (gen !== state.gen) return;
      if (q.rows.length !== state.rows.length || q.total !== state.total) {
        state.rows = q.rows;
        tbody.replaceChildren(...q.rows.map(rowOf));
      }
      state.total = q.total;
      count.textContent = `${q.total.toLocaleString()} games`;
      progress.textContent = q.done ? "" : `Reading files: ${q.scanned.toLocaleString()} of ${q.files.toLocaleString()}…`;
      poll(q);
    }, 400);
  }

  new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting) && !state.loading && state.rows.length < state.total) {
      load(state.rows.length);
    }
  }, { rootMargin: "600px" }).observe(sentinel);

  let typing = 0;
  search.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => { state.q = search.value.trim(); reload(); }, 150);
  });
  reload();
}
