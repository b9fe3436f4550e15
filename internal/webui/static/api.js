// Calls to the server's JSON endpoints, and small DOM helpers.
const token = document.querySelector('meta[name="sgf-token"]').content;
export const readOnly = document.querySelector('meta[name="sgf-readonly"]').content === "true";

export class APIError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function answer(resp) {
  let body = null;
  try { body = await resp.json(); } catch { body = null; }
  if (!resp.ok) throw new APIError(resp.status, (body && body.error) || resp.statusText);
  return body;
}

export async function get(path, params) {
  const q = new URLSearchParams(params);
  return answer(await fetch(`/api/${path}?${q}`));
}

export async function edit(req) {
  return answer(await fetch("/api/edit", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-SGF-Token": token },
    body: JSON.stringify(req),
  }));
}

// el makes an element: el("p", {class: "x"}, "text", child...). Text is
// always added as text nodes: nothing of a file is ever parsed as HTML.
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v == null) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k in e && k !== "list" && k !== "form") e[k] = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const live = document.getElementById("live");
// announce says a text in the live region, for screen readers.
export function announce(text) {
  live.textContent = "";
  live.textContent = text;
}

export function setTitle(text) {
  document.getElementById("title").textContent = text;
  document.title = text ? `${text} — sgf serve` : "sgf serve";
}
