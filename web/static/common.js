// brag-table: helpers shared by every page (no framework, no build step).
"use strict";

/** A command to type at the terminal for this server's database: `brag verify 3` with the `--db` the server
 *  was started with (none for the default database). */
function bragCommand(words) {
  return `brag ${words}${document.body.dataset.db || ""}`;
}

/** Call the JSON API; resolves to the parsed body, or rejects with an Error whose message is the server's
 *  one-line `detail` (every refusal the server makes carries one). */
async function api(method, url, body) {
  const options = { method, headers: { "Accept": "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (e) {
    throw new Error("the server cannot be reached: is `brag serve` still running?");
  }
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error((data && data.detail) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

/** A function that runs `fn` once calls have stopped for `ms` milliseconds. */
function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

/** Create an element: el("td", {class: "x"}, "text", child, ...). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A share as a percentage with `digits` decimals: 0.033730 -> "3.3730%". */
function percent(value, digits = 4) {
  return value === null || value === undefined ? "—" : `${(100 * value).toFixed(digits)}%`;
}

/** An exact amount from the API ("5", "2.5", "5/2") as a number, to draw with (never sent back). */
function num(text) {
  const s = String(text);
  if (s.includes("/")) { const [p, q] = s.split("/").map(Number); return p / q; }
  return Number(s);
}

/** An exact amount's text ("2.555", "5/2", "-5", a JSON number's "1.5e-7") as a BigInt fraction [p, q], q > 0. */
function ratOf(text) {
  const s = String(text).trim(), neg = s.startsWith("-"), t = neg ? s.slice(1) : s;
  let p, q;
  if (t.includes("/")) { const [a, b] = t.split("/"); p = BigInt(a.trim()); q = BigInt(b.trim()); }
  else if (/e/i.test(t)) {  // 1.5e-7 (a JSON number; the server sends exact text, but a number reads so)
    const [, whole, part = "", power] = t.match(/^(\d*)(?:\.(\d*))?e([+-]?\d+)$/i) || [, "0", "", "0"];
    const shift = Number(power) - part.length;
    p = BigInt((whole || "0") + part) * (shift > 0 ? 10n ** BigInt(shift) : 1n);
    q = shift < 0 ? 10n ** BigInt(-shift) : 1n;
  }
  else { const [w, f = ""] = t.split("."); q = 10n ** BigInt(f.length); p = BigInt(w || "0") * q + BigInt(f || "0"); }
  return [neg ? -p : p, q];
}

/** p/q (BigInt, q > 0) written exactly: its decimal, with at least `places` places, when it has one, else "p/q"
 * in lowest terms (thirds). */
function exactText(p, q, places = 0) {
  let a = p < 0n ? -p : p, b = q;
  while (b) [a, b] = [b, a % b];
  const top = p / (a || 1n), below = q / (a || 1n);
  let need = 0;
  while (need <= 60 && (10n ** BigInt(need)) % below !== 0n) need++;
  if (need > 60) return `${top}/${below}`;
  const shown = Math.max(need, places), sign = top < 0n ? "-" : "";
  if (shown === 0) return `${top}`;
  const digits = String((top < 0n ? -top : top) * (10n ** BigInt(shown) / below)).padStart(shown + 1, "0");
  return `${sign}${digits.slice(0, -shown)}.${digits.slice(-shown)}`;
}

/** An exact amount from the API ("12.5", "25/2", "-5") as players read it, never rounded: a fraction as its
 * exact decimal with at least two places ("12.50") when it has one, else as "p/q" (thirds). */
function money(text) {
  if (text === null || text === undefined) return "—";
  const s = String(text);
  return /^-?[0-9]+\/[0-9]*[1-9][0-9]*$/.test(s.trim()) ? exactText(...ratOf(s), 2) : s;
}

/** A signed amount: "+10", "-5", "0". */
function signed(text) {
  const s = money(text);
  return s.startsWith("-") || s === "0" ? s : `+${s}`;
}

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10" };

/** One playing card from its text ("Qh", "Th"), drawn as a face; null draws the back of a card. */
function cardEl(text, extra) {
  if (!text) return el("span", { class: `card back ${extra || ""}`, "aria-label": "face-down card" });
  const rank = RANKS[text[0].toUpperCase()] || text[0].toUpperCase();
  const suit = text[1].toLowerCase();
  const red = suit === "h" || suit === "d";
  return el("span", { class: `card ${red ? "red" : "black"} ${extra || ""}`, "data-card": text,
                      "aria-label": `${rank}${SUITS[suit]}` },
    el("span", { class: "corner" }, rank, el("br"), SUITS[suit]),
    el("span", { class: "pip" }, SUITS[suit]));
}

/** Save a text as a file download in the browser. */
function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type: type || "text/plain" }));
  const link = el("a", { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
