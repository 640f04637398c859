// The designer page: a game file as a form; every change is priced exactly by POST /api/designer/analyze.
"use strict";

const PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#ad1457"];
const $ = (id) => document.getElementById(id);
let catalog = null;           // GET /api/designer/catalog
let latest = null;            // the last analysis shown (for "Add to comparison")
let asked = 0;                // request counter: a slow answer to an older design is dropped
const compared = [];          // [{label, analysis, colour}]
let addedEver = 0;            // designs ever added: labels and colours never repeat after a removal

/** The fieldset of one paytable: a checkbox to offer the bet, one input per hand it may pay. */
function tableFieldset(key, title, hands) {
  const enable = el("input", { type: "checkbox", id: `on-${key}`, "data-table": key });
  const set = el("fieldset", { class: "paytable", id: `table-${key}`, "data-table": key },
    el("legend", {}, el("label", {}, enable, title)));
  for (const hand of hands) {
    const id = `pay-${key}-${hand.key}`;
    set.append(el("div", { class: "pay-row" },
      el("span", { id: `label-${id}` }, hand.label),
      el("input", { id, "data-table": key, "data-hand": hand.key, inputmode: "decimal", placeholder: "—",
                    "aria-labelledby": `label-${id}`, title: "pays to 1 (empty: not paid)" })));
  }
  return set;
}

function handsOf(bet) {
  const ranking = $("ranking").value || "brag";
  if (bet === "ante_bonus" || bet === "pair_plus") {
    return catalog.pay_classes.map((key) => ({ key, label: catalog.rankings[ranking][key] }));
  }
  const hands = catalog.side_bets[bet].hands.map((h) => ({ key: h.key, label: catalog.rankings[ranking][h.key] || h.label }));
  if (bet === "progressive") {
    hands.push({ key: "meter", label: "Meter (units of the stake)" },
               { key: "contribution", label: "Contribution (part of each stake added to the meter)" });
  }
  return hands;
}

function buildForm() {
  const start = $("start");
  for (const name of Object.keys(catalog.games)) start.append(el("option", { value: name }, catalog.games[name].name));
  for (const name of Object.keys(catalog.rankings)) $("ranking").append(el("option", { value: name }, name));
  for (const tie of catalog.ties) $("ties").append(el("option", { value: tie }, tie));
  for (const q of catalog.qualifiers) $("qualifiers").append(el("option", { value: q }));
  const limits = $("limits");
  for (const key of ["min_ante", "max_ante", "min_pair_plus", "max_pair_plus"]) {
    limits.append(el("label", {}, key.replace(/_/g, " "), el("input", { id: `limit-${key}`, "data-limit": key,
                                                                         inputmode: "decimal", placeholder: "none" })));
  }
  drawTables();
}

/** (Re)draw the paytable fieldsets, keeping what is typed; hand names follow the chosen ranking. */
function drawTables() {
  const before = catalog && $("tables").children.length ? readDesign() : null;
  const box = $("tables");
  box.replaceChildren();
  for (const [bet, title] of Object.entries(catalog.bets)) box.append(tableFieldset(bet, title, handsOf(bet)));
  for (const [bet, side] of Object.entries(catalog.side_bets)) box.append(tableFieldset(bet, side.title, handsOf(bet)));
  if (before) fillTables(before);
}

function fillTables(design) {
  const tables = { ante_bonus: design.ante_bonus, pair_plus: design.pair_plus, ...(design.side_bets || {}) };
  for (const set of document.querySelectorAll("fieldset.paytable")) {
    const key = set.dataset.table;
    const table = tables[key];
    $(`on-${key}`).checked = !!table;
    set.classList.toggle("off", !table);
    for (const input of set.querySelectorAll("input[data-hand]")) {
      input.value = table && table[input.dataset.hand] !== undefined ? table[input.dataset.hand] : "";
    }
  }
}

function fillForm(design) {
  $("name").value = design.name;
  $("ranking").value = design.ranking;
  $("qualifier").value = design.qualifier;
  $("ties").value = design.ties;
  $("ante_bonus_on_loss").checked = design.rules.ante_bonus_on_loss;
  $("pair_plus_on_fold").checked = design.rules.pair_plus_on_fold;
  $("face_up").checked = !!design.rules.face_up;
  drawTables();
  fillTables(design);
  for (const input of document.querySelectorAll("input[data-limit]")) {
    input.value = design.limits[input.dataset.limit] || "";
  }
}

/** The form as a Design (the game file's keys); empty inputs are hands the table does not pay. */
function readDesign() {
  const design = {
    name: $("name").value.trim() || "My game", ranking: $("ranking").value, qualifier: $("qualifier").value.trim() || "Q-high",
    ties: $("ties").value, ante_bonus: null, pair_plus: null, side_bets: {}, limits: {},
    rules: { ante_bonus_on_loss: $("ante_bonus_on_loss").checked, pair_plus_on_fold: $("pair_plus_on_fold").checked,
             face_up: $("face_up").checked },
  };
  for (const set of document.querySelectorAll("fieldset.paytable")) {
    const key = set.dataset.table;
    if (!$(`on-${key}`).checked) continue;
    const table = {};
    for (const input of set.querySelectorAll("input[data-hand]")) {
      if (input.value.trim() !== "") table[input.dataset.hand] = input.value.trim();
    }
    if (key in catalog.bets) design[key] = table; else design.side_bets[key] = table;
  }
  for (const input of document.querySelectorAll("input[data-limit]")) {
    if (input.value.trim() !== "") design.limits[input.dataset.limit] = input.value.trim();
  }
  return design;
}

function figure(bet) {
  const edge = bet.house_edge;
  const rows = [["Element of risk", percent(bet.element_of_risk)], ["Hit rate", percent(bet.hit_rate, 2)],
                ["Std deviation", bet.std_dev.toFixed(3)]];
  if (bet.play_rate !== null && bet.play_rate !== undefined) rows.push(["Hands played", percent(bet.play_rate, 2)]);
  return el("div", { class: "figure", "data-bet": bet.bet },
    el("h3", {}, bet.title),
    el("div", { class: `edge ${edge < 0 ? "player" : ""}`, "data-edge": bet.house_edge_fraction,
                title: `exactly ${bet.house_edge_fraction}` }, percent(edge)),
    el("div", { class: "status" }, edge < 0 ? "player's edge" : "house edge"),
    el("dl", {}, rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
}

function showAnalysis(result) {
  latest = result;
  $("game-title").textContent = result.game;
  $("figures").replaceChildren(...result.bets.map(figure));
  const s = result.strategy;
  $("strategy").replaceChildren(
    el("div", {}, "Optimal strategy: ", el("strong", { id: "rule" }, s.rule),
       s.exceptions.length ? ` (${s.exceptions.length} hand${s.exceptions.length > 1 ? "s" : ""} break the rule)` : ""),
    el("div", { class: "status" }, s.others.filter((o) => o.name !== "optimal")
      .map((o) => `${o.label}: ${percent(o.house_edge, 3)} (costs ${percent(o.cost, 3)})`).join(" · ")));
  $("return-tables").replaceChildren(...result.bets.map((bet) => el("div", {},
    el("h3", {}, bet.title),
    el("table", { class: "data" },
      el("thead", {}, el("tr", {}, ["Outcome", "Combinations", "Probability", "Pays", "Return"].map((h) => el("th", {}, h)))),
      el("tbody", {}, bet.return_table.map((r) => el("tr", {},
        el("td", {}, r.outcome), el("td", {}, r.combinations.toLocaleString("en")), el("td", {}, r.probability.toFixed(6)),
        el("td", {}, r.pays), el("td", {}, r.contribution.toFixed(6)))))))));
}

async function update() {
  const mine = ++asked;
  const design = readDesign();
  $("status").textContent = "calculating…";
  try {
    const result = await api("POST", "/api/designer/analyze", design);
    if (mine !== asked) return;  // a newer design is on its way
    $("error").hidden = true;
    showAnalysis(result);
    $("status").textContent = "exact";
    $("download").disabled = false;
    $("compare-add").disabled = false;
  } catch (error) {
    if (mine !== asked) return;
    $("error").textContent = error.message;
    $("error").hidden = false;
    $("status").textContent = "";
    $("download").disabled = true;
    $("compare-add").disabled = true;
    latest = null;  // the figures were the last good design's, not the form's: cleared until it is one again
    for (const id of ["figures", "strategy", "return-tables"]) $(id).replaceChildren();
  }
}
const updateSoon = debounce(update, 180);

// ---- comparison: a grouped bar chart (inline SVG) of each design's edge per bet, and a table ----

function svg(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function drawComparison() {
  $("compare-empty").hidden = compared.length > 0;
  const titles = [];
  for (const d of compared) for (const b of d.analysis.bets) if (!titles.includes(b.title)) titles.push(b.title);
  const edgeOf = (d, title) => { const b = d.analysis.bets.find((x) => x.title === title); return b ? b.house_edge : null; };
  const values = compared.flatMap((d) => titles.map((t) => edgeOf(d, t))).filter((v) => v !== null);
  const chart = $("chart");
  chart.replaceChildren();
  if (compared.length) {
    const W = 760, H = 300, left = 56, bottom = 56, top = 16;
    // the value axis from 0 and every edge, in round steps (1, 2 or 5 times a power of ten), at most six of them
    // whatever the edges (an edge of -10^8 % drew a line per 100 points: millions of lines, the tab frozen)
    const raw = Math.max(0.01, ...values) - Math.min(0, ...values);
    const power = 10 ** Math.floor(Math.log10(raw / 6));
    const step = [1, 2, 5, 10].map((m) => m * power).find((s) => raw / s <= 6) || 10 * power;
    const hi = Math.ceil(Math.max(0.01, ...values) / step) * step, lo = Math.floor(Math.min(0, ...values) / step) * step;
    const y = (v) => top + (hi - v) / (hi - lo) * (H - top - bottom);
    const group = (W - left - 10) / titles.length;
    const bar = Math.min(36, (group - 14) / compared.length);
    const plot = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "house edge per bet, per design" });
    for (let k = 0; lo + k * step <= hi + step / 2; k++) {
      const v = Math.round((lo + k * step) / step) * step;  // whole steps: no -0.0% from rounding
      plot.append(svg("line", { x1: left, x2: W - 10, y1: y(v), y2: y(v), stroke: "#e3e7e2" }),
                  svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, percent(v === 0 ? 0 : v, 1)));
    }
    plot.append(svg("line", { class: "axis", x1: left, x2: W - 10, y1: y(0), y2: y(0) }));
    titles.forEach((title, g) => {
      const x0 = left + g * group + (group - bar * compared.length) / 2;
      compared.forEach((d, i) => {
        const v = edgeOf(d, title);
        if (v === null) return;
        const rect = svg("rect", { x: x0 + i * bar, y: Math.min(y(v), y(0)), width: bar - 3,
                                   height: Math.max(1, Math.abs(y(v) - y(0))), fill: d.colour });
        rect.append(svg("title", {}, `${d.label} · ${title}: ${percent(v)}`));
        plot.append(rect);
      });
      plot.append(svg("text", { x: left + g * group + group / 2, y: H - bottom + 18, "text-anchor": "middle" }, title));
    });
    compared.forEach((d, i) => plot.append(
      svg("rect", { x: left + i * 150, y: H - 22, width: 10, height: 10, fill: d.colour }),
      svg("text", { x: left + i * 150 + 14, y: H - 13 }, d.label.slice(0, 20))));
    chart.append(plot);
  }
  const table = el("table", { class: "data", id: "compare-rows" },
    el("thead", {}, el("tr", {}, el("th", {}, "Design"), titles.map((t) => el("th", {}, t)), el("th", {}, "Strategy"), el("th", {}, ""))),
    el("tbody", {}, compared.map((d, i) => el("tr", {},
      el("td", {}, el("span", { class: "swatch", style: null, "data-colour": d.colour }), d.label),
      titles.map((t) => el("td", {}, percent(edgeOf(d, t)))),
      el("td", {}, d.analysis.strategy.rule),
      el("td", {}, el("button", { type: "button", class: "remove", title: "remove", "aria-label": `remove ${d.label}`,
                                  onclick: () => { compared.splice(i, 1); drawComparison(); } }, "✕"))))));
  $("compare-table").replaceChildren(compared.length ? table : "");
  // colour swatches via the DOM (the page's style policy allows no inline style attributes)
  for (const s of document.querySelectorAll(".swatch[data-colour]")) s.style.background = s.dataset.colour;
}

async function init() {
  catalog = await api("GET", "/api/designer/catalog");
  buildForm();
  const first = Object.keys(catalog.games)[0];
  $("start").value = first;
  fillForm(catalog.games[first]);
  $("start").addEventListener("change", () => { fillForm(catalog.games[$("start").value]); update(); });
  $("ranking").addEventListener("change", () => { drawTables(); updateSoon(); });
  $("design").addEventListener("input", (event) => {
    if (event.target.matches("input[type=checkbox][data-table]")) {
      event.target.closest("fieldset").classList.toggle("off", !event.target.checked);
    }
    updateSoon();
  });
  $("design").addEventListener("change", updateSoon);
  $("design").addEventListener("submit", (event) => event.preventDefault());
  $("compare-add").addEventListener("click", () => {
    if (!latest) return;
    const n = addedEver++;
    compared.push({ label: `${latest.game} #${n + 1}`, analysis: latest, colour: PALETTE[n % PALETTE.length] });
    drawComparison();
  });
  $("download").addEventListener("click", async () => {
    try {
      const text = await api("POST", "/api/designer/toml", readDesign());
      const name = ($("name").value.trim() || "game").toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "");
      download(`${name || "game"}.toml`, text, "application/toml");
    } catch (error) {
      $("error").textContent = error.message;
      $("error").hidden = false;
    }
  });
  drawComparison();
  await update();
}

init().catch((error) => { $("error").textContent = error.message; $("error").hidden = false; });
