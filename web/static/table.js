// The casino table page: chips on the felt, play/fold per box, the dealer's hand, results and the seed.
// Every figure and card comes from /api/table; this file only draws them and sends the player's choices.
"use strict";

const $ = (id) => document.getElementById(id);
const CHIPS = [1, 5, 25, 100, 500];
const SHORT = { six_card_bonus: "6 Card", colour_bonus: "Colour", prime: "Prime", progressive: "Prog." };  // felt labels
let S = null;              // the session as the server last showed it
let chip = 5;              // the chip value chosen in the tray
let draft = [];            // the bets on the felt for the next deal, box by box: [{ante, pair_plus, side: {name: text}}]
                           // (every amount the exact text the server reads: "5", "2.555", "5/2")
let busy = false;          // a request is on its way: keys and clicks wait
const sessionKey = "brag-table-session";

// ---- amounts: the server's exact text ("5", "2.555", "5/2"), kept as text and sent back as text; chips are
// added in BigInt fractions (ratOf, exactText: common.js), and num() only draws (a float rounded for show would
// change the bet) ----
function exactPlus(text, delta) {
  const [p, q] = ratOf(text), n = p + BigInt(delta) * q;
  return n <= 0n ? "0" : exactText(n, q);
}

const emptyBet = () => ({ ante: "0", pair_plus: "0", side: {} });

/** The felt's bets from the server's stakes, each on its own box (a session may bet on boxes 1 and 3 only). */
function draftFrom(stakes) {
  const out = Array.from({ length: Math.max(0, ...stakes.map((s) => s.box)) }, emptyBet);
  for (const s of stakes) {
    out[s.box - 1] = { ante: String(s.ante), pair_plus: String(s.pair_plus),
                       side: Object.fromEntries(Object.entries(s.side || {}).map(([k, v]) => [k, String(v)])) };
  }
  return out;
}
function betOf(b, key) { return (key === "ante" || key === "pair_plus" ? b[key] : b.side[key]) || "0"; }

function stakesOf() {
  return draft.map((b, i) => ({ box: i + 1, ante: b.ante, pair_plus: b.pair_plus,
                                side: Object.fromEntries(Object.entries(b.side).filter(([, v]) => num(v) > 0)) }))
    .filter((s) => num(s.ante) > 0 || num(s.pair_plus) > 0 || Object.keys(s.side).length);
}

// ---- talking to the server ----
function say(text, bad) {
  const m = $("message");
  m.textContent = text || "";
  m.classList.toggle("bad", !!bad);
  m.setAttribute("role", bad ? "alert" : "status");
}

async function act(path, body) {
  if (busy || !S) return;
  busy = true;
  try {
    S = await api("POST", `/api/table/sessions/${S.session}/${path}`, { seq: S.seq, ...(body || {}) });
    say("");
    draw();
  } catch (error) {
    say(error.message, true);
    if (error.status === 409) await reload();
    if (error.status === 404) await carryOn();
  } finally {
    busy = false;
  }
}

async function reload() {
  try { S = await api("GET", `/api/table/sessions/${S.session}`); draw(); } catch (e) { /* keep the message */ }
}

/** The server no longer holds the session (restarted, or it let an idle one go): carry on from the stored one. */
async function carryOn() {
  try {
    S = await api("POST", `/api/table/sessions/${S.session}/resume`);
    say("The table was reopened from the stored session: carry on.");
    draw();
  } catch (e) { /* keep the message */ }
}

// ---- drawing ----
function chipEl(value, extra, label) {
  const colour = value >= 500 ? "purple" : value >= 100 ? "black" : value >= 25 ? "green" : value >= 5 ? "red" : "white";
  return el("span", { class: `chip ${colour} ${extra || ""}` }, label === undefined ? String(value) : label);
}

/** The chips that make up an exact amount, largest first (at most 5 drawn; what is left, exactly, on the last). */
function stackEl(text) {
  const stack = el("span", { class: "stack" });
  let [left, q] = ratOf(text), drawn = 0;
  for (const value of [...CHIPS].reverse()) {
    while (left >= BigInt(value) * q && drawn < 5) { stack.append(chipEl(value, "stacked")); left -= BigInt(value) * q; drawn++; }
  }
  if (left > 0n && drawn < 5) stack.append(chipEl(Number(left) / Number(q), "stacked", exactText(left, q)));
  return stack;
}

/** A betting spot: ``text`` its exact amount (drawn as chips, written exactly: "2.555", never "2.56"). */
function spotEl(label, key, text, box, editable, result) {
  const amount = num(text), shown = money(text);
  const spot = el("button", { type: "button", class: `spot ${key === "ante" ? "ante" : key === "play" ? "play" : ""}`,
                              "data-box": box, "data-bet": key, disabled: editable ? null : true,
                              "aria-label": `${label} on box ${box}: ${shown}` },
    el("span", { class: "spot-label" }, label),
    amount > 0 ? stackEl(text) : null,
    amount > 0 ? el("span", { class: "spot-amount" }, shown) : null,
    result ? el("span", { class: `spot-result ${num(result.net) > 0 ? "won" : num(result.net) < 0 ? "lost" : "push"}` },
                signed(result.net)) : null);
  if (editable) {
    spot.addEventListener("click", (event) => change(box, key, event.shiftKey ? -chip : chip));
    spot.addEventListener("contextmenu", (event) => { event.preventDefault(); change(box, key, -chip); });
  }
  return spot;
}

function change(box, key, delta) {
  const b = draft[box - 1];
  const text = exactPlus(betOf(b, key), delta);
  if (key === "ante" || key === "pair_plus") b[key] = text;
  else b.side[key] = text;
  draw();
}

function drawDealer() {
  const cards = $("dealer-cards"), note = $("dealer-note");
  const r = S.round, last = S.last;
  if (r) {
    const shown = r.dealer.cards;
    cards.replaceChildren(...[0, 1, 2].map((i) => cardEl(shown[i] || null)));
    note.textContent = shown.length ? (S.trainer ? "Dealer's up card (trainer)" : "Dealer's face-up card") : "";
    note.className = "dealer-note";
  } else if (last) {
    cards.replaceChildren(...last.dealer.cards.map((c) => cardEl(c)));
    note.textContent = `${last.dealer.hand} · ${last.dealer.qualifies ? "qualifies" : "does not qualify"}`;
    note.className = `dealer-note ${last.dealer.qualifies ? "qualifies" : "no-qualify"}`;
  } else {
    cards.replaceChildren(...[0, 1, 2].map(() => el("span", { class: "card empty" })));
    note.textContent = "";
  }
}

function drawBoxes() {
  const r = S.round, last = S.last;
  const editable = !r && !S.ended;
  const sides = S.game.side_bets;
  const count = r ? Math.max(...r.boxes.map((b) => b.box)) : draft.length;
  const boxes = [];
  for (let n = 1; n <= count; n++) {
    const live = r ? r.boxes.find((b) => b.box === n) : null;
    const done = !r && last ? last.boxes.find((b) => b.box === n) : null;
    const d = draft[n - 1] || emptyBet();
    const resultOf = (bet) => done ? done.bets.find((x) => x.bet === bet) : null;
    const stake = (key) => String(live ? (key in live.stakes ? live.stakes[key] : (live.stakes.side[key] || "0"))
                                       : editable ? betOf(d, key) : "0");
    const cards = live ? live.cards : done ? done.cards : [];
    const spots = [];
    if (S.game.bets.includes("pair_plus")) spots.push(spotEl("Pair Plus", "pair_plus", stake("pair_plus"), n, editable, resultOf("pair_plus")));
    spots.push(spotEl("Ante", "ante", stake("ante"), n, editable, resultOf("ante")));
    const played = live ? (live.decision === true ? stake("ante") : "0") : done && done.play ? String(resultOf("play")?.stake || "0") : "0";
    spots.push(spotEl("Play", "play", played, n, false, resultOf("play")));
    const sideSpots = sides.map((s) => spotEl(SHORT[s.bet] || s.title, s.bet, stake(s.bet), n, editable, resultOf(s.bet)));
    const box = el("div", { class: `box ${live && live.pending ? "pending" : ""} ${done ? (num(done.net) > 0 ? "won" : num(done.net) < 0 ? "lost" : "push") : ""}`,
                            "data-box": n },
      el("div", { class: "seat-label" }, `Box ${n}`),
      el("div", { class: "hand" }, cards.length ? cards.map((c) => cardEl(c)) : [0, 1, 2].map(() => el("span", { class: "card empty" }))),
      el("div", { class: "hand-name" }, live ? live.hand : done ? done.hand : "\u00a0"),
      el("div", { class: "spots" }, spots),
      sideSpots.length ? el("div", { class: "spots side-spots" }, sideSpots) : null);
    if (live && live.pending) {
      const hint = live.hint;
      box.append(el("div", { class: "decide" },
        el("button", { type: "button", class: "btn play", "data-action": "play", "data-box": n,
                       onclick: () => act("decide", { box: n, play: true }) }, "Play"),
        el("button", { type: "button", class: "btn fold", "data-action": "fold", "data-box": n,
                       onclick: () => act("decide", { box: n, play: false }) }, "Fold")));
      if (hint) {
        const seen = hint.seen && hint.seen.length ? `your other boxes' ${hint.seen.length} cards` : "";
        const known = [hint.informed ? `the ${r.dealer.cards[0]}` : "", seen].filter(Boolean).join(" and ");
        const knowing = known ? `, knowing ${known}` : "";
        box.append(el("div", { class: "hint" }, `Hint${knowing}: ${hint.play ? "PLAY" : "FOLD"} · EV play ${hint.ev_play.toFixed(3)}, fold ${hint.ev_fold.toFixed(3)} per Ante${hint.pair_plus_counted ? ", your Pair Plus counted" : ""}`));
      }
    } else if (live) {
      box.append(el("div", { class: "decided" }, live.decision === true ? "Played" : live.decision === false ? "Folded" : ""));
    } else if (done) {
      box.append(el("div", { class: `box-net ${num(done.net) > 0 ? "won" : num(done.net) < 0 ? "lost" : ""}` },
        `${done.play === false ? "Folded · " : ""}${signed(done.net)}`));
    }
    boxes.push(box);
  }
  $("boxes").replaceChildren(...boxes);
  $("boxes").dataset.count = count;
}

function drawInfo() {
  $("bankroll").textContent = money(S.bankroll);
  $("hand-no").textContent = S.round ? S.round.round_no : S.next_round;
  $("session-no").textContent = S.session;
  // a session seeded from text: every deck foreseeable, never fair play (the server's words, on hover)
  $("practice-badge").hidden = !S.practice;
  $("practice-badge").title = S.practice ? S.deal_note : "";
  $("meter-stat").hidden = !S.meter;
  if (S.meter) $("meter").textContent = money(S.meter);
  $("commitment").textContent = S.commitment || "—";
  if (S.commitment && !S.round) promise(S, S.next_round, S.commitment);  // shown before any bet on it
  $("commitment").title = S.commitment ? `SHA-256 of hand ${S.round ? S.round.round_no : S.next_round}'s seed` : "";
  const g = S.game;
  $("felt-print").textContent = `${g.name.toUpperCase()} · DEALER QUALIFIES WITH ${g.qualifier.toUpperCase()}` +
    ` · TIES ${g.ties.toUpperCase()}`;
  $("deal").disabled = !!S.round || !!S.ended;
  $("clear").disabled = !!S.round || !!S.ended;
  $("box-count").disabled = !!S.round || !!S.ended;
  $("box-count").value = String(draft.length);
  if (S.ended) say(S.stored === false ? `Session ${S.session} ended before its first hand: it was removed, nothing stored.`
                                       : `Session ${S.session} has ended; every settled hand is stored ('brag sessions'). Leave (q) goes back to the lobby.`);
  else if (S.out_of_chips) say("Your bankroll cannot cover another hand.", true);
}

function drawPaytable() {
  const g = S.game;
  $("paytable").replaceChildren(el("h2", {}, `${g.name}: paytables and rules`),
    ...g.paytables.map((t) => el("table", { class: "data pays", "data-bet": t.bet },
      el("thead", {}, el("tr", {}, el("th", {}, t.title), el("th", {}, "pays"))),
      el("tbody", {}, t.pays.map((p) => el("tr", {}, el("td", {}, p.hand), el("td", {}, /meter/.test(p.pays) ? p.pays : `${p.pays} to 1`)))))),
    el("ul", { class: "rules" },
      el("li", {}, `The dealer qualifies with ${g.qualifier} or better; if not, the Ante wins 1 to 1 and the Play bet pushes.`),
      el("li", {}, `Ties: ${g.ties}.`),
      Object.entries(g.limits).map(([k, v]) => el("li", {}, `${k.replace(/_/g, " ")}: ${v}`))));
}

function drawLast() {
  const last = S.last;
  $("last-panel").hidden = !last;
  if (!last) return;
  $("last").replaceChildren(
    el("p", {}, `Hand ${last.round_no}: `, el("strong", { id: "last-net" }, signed(last.net)),
       ` · dealer ${last.dealer.hand} (${last.dealer.qualifies ? "qualifies" : "does not qualify"})`),
    el("table", { class: "data" }, el("tbody", {}, last.boxes.flatMap((b) => b.bets.map((x) => el("tr", {},
      el("td", {}, `Box ${b.box} ${x.title}${x.hand ? ` (${x.hand.replace(/_/g, " ")})` : ""}`),
      el("td", {}, money(x.stake)), el("td", { class: num(x.net) > 0 ? "won" : num(x.net) < 0 ? "lost" : "" }, signed(x.net))))))),
    el("p", { class: "seed" }, "Commitment ", el("code", {}, last.commitment)),
    el("p", { class: "seed" }, "Seed ", el("code", { id: "last-seed" }, last.seed), " ",
       el("a", { href: "#", id: "verify-last", onclick: (e) => { e.preventDefault(); verifyHand(last.round_no, last.commitment, last.seed); } }, "verify")));
}

async function drawHistory() {
  try {
    const session = S.session;
    const data = await api("GET", `/api/table/sessions/${session}/hands`);
    if (!S || S.session !== session) return;
    if (!data.hands.length) { $("history").replaceChildren(); return; }
    $("history").replaceChildren(...(data.practice ? [el("p", { class: "practice", id: "history-practice" },
      `PRACTICE — ${data.deal_note}.`)] : []), el("table", { class: "data", id: "history-rows" },
      el("thead", {}, el("tr", {}, ["Hand", "Dealer", "Net", "Bankroll", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, data.hands.slice().reverse().slice(0, 30).map((h) => el("tr", {},
        el("td", {}, h.round_no), el("td", {}, h.dealer_hand),
        el("td", { class: num(h.net) > 0 ? "won" : num(h.net) < 0 ? "lost" : "" }, signed(h.net)),
        el("td", {}, money(h.bankroll_after)),
        el("td", {}, el("a", { href: "#", onclick: (e) => { e.preventDefault(); verifyHand(h.round_no, h.commitment, h.seed); } }, "verify")))))));
  } catch (e) { /* the history is a convenience: the table goes on */ }
}

function drawTrainer() {
  const lesson = S.lesson;
  $("trainer-panel").hidden = !lesson;
  if (!lesson) return;
  const notes = lesson.last.map((n) => el("p", { class: n.mistake ? "mistake" : "right", "data-box": n.box },
    n.mistake
      ? `Box ${n.box} (${n.hand}): ${n.play ? "playing" : "folding"} was a mistake — it cost ${n.cost.toFixed(4)} Antes ` +
        `in expected value (${n.money.toFixed(4)} at this Ante; exact ${n.exact_cost}); ${n.best} was better.`
      : `Box ${n.box} (${n.hand}): ${n.play ? "playing" : "folding"} was the best decision.`));
  $("trainer").replaceChildren(...notes,
    el("p", { id: "trainer-total" }, `${lesson.decisions} decision(s), ${lesson.mistakes} mistake(s); mistakes cost ` +
       `${lesson.cost_antes.toFixed(4)} Antes in expected value, ${lesson.cost_money.toFixed(4)} in money (exact ${lesson.exact_money}).`));
}

function draw() {
  if (!S) return;
  if (S.session) localStorage.setItem(sessionKey, String(S.session));
  $("lobby").hidden = true;
  $("room").hidden = false;
  if (!draft.length) draft = draftFrom(S.stakes);
  drawInfo();
  drawDealer();
  drawBoxes();
  drawPaytable();
  drawLast();
  drawTrainer();
  if (!S.round) drawHistory();
}

// ---- fairness: SHA-256(seed) computed here, in the browser, and every hand recomputed by the server ----
// The commitment each hand's seed must hash to is the one this page showed before the bets on that hand, kept
// here (and in localStorage, across reloads), never the one the server sends with the seed afterwards.
// Kept per stored session: its id and when it began (another database may hold another session 1).
const promisedKey = (session) => `brag-table-commitments-${session.session}-${session.started || ""}`;
function promisedOf(session) {
  let known = null;
  try { known = JSON.parse(localStorage.getItem(promisedKey(session)) || "{}"); } catch (e) { /* unreadable: none */ }
  return known && typeof known === "object" && !Array.isArray(known) ? known : {};  // anything else: nothing kept
}
function promise(session, roundNo, commitment) {
  const known = promisedOf(session);
  if (known[roundNo] === commitment) return;
  known[roundNo] = commitment;
  const rounds = Object.keys(known).map(Number).sort((a, b) => a - b);
  for (const old of rounds.slice(0, Math.max(0, rounds.length - 500))) delete known[old];  // the last 500 hands
  try { localStorage.setItem(promisedKey(session), JSON.stringify(known)); } catch (e) { /* storage full: kept for now */ }
}

async function sha256hex(hex) {
  const bytes = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest)).map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function verifyHand(roundNo, commitment, seed) {
  const panel = $("verify-panel"), session = S.session, sessionKeyed = { session: S.session, started: S.started };
  panel.hidden = false;
  panel.replaceChildren(el("h2", {}, `Verify hand ${roundNo}`), el("p", {}, "Checking…"));
  const lines = [];
  const promised = promisedOf(sessionKeyed)[roundNo];
  try {
    const digest = await sha256hex(seed);
    if (promised) {
      const ok = digest === promised;
      lines.push(el("p", { class: ok ? "won" : "lost", id: "verify-commitment" },
        ok ? "✓ SHA-256 of the seed is the commitment this page showed before the hand (computed in your browser)."
           : `✗ SHA-256 of the seed is NOT the commitment this page showed before the hand (${promised}).`));
    } else {
      const ok = digest === commitment;
      lines.push(el("p", { class: ok ? "won" : "lost", id: "verify-commitment" },
        ok ? `✓ SHA-256 of the seed is hand ${roundNo}'s stored commitment (computed in your browser). This page did not `
             + "show that hand before its bets: compare the commitment with the one you noted then."
           : `✗ SHA-256 of the seed is NOT hand ${roundNo}'s stored commitment.`));
    }
  } catch (e) {
    lines.push(el("p", {}, "Your browser cannot compute SHA-256 here; the server's check follows."));
  }
  try {
    const report = await api("GET", `/api/table/sessions/${session}/verify`);
    lines.push(el("p", { class: report.ok ? "won" : "lost", id: "verify-server" }, report.ok
      ? `✓ Every card and payout of ${report.hands_checked} stored hand(s) recomputed from their seeds (${report.deal_note}).`
      : `✗ ${report.mismatches.length + report.more_mismatches} stored value(s) differ from what the seeds give: ${report.mismatches.map((m) => `hand ${m.hand} ${m.field}`).join(", ")}${report.more_mismatches ? ` and ${report.more_mismatches} more` : ""}`));
  } catch (error) {
    lines.push(el("p", { class: "lost" }, error.message));
  }
  lines.push(el("p", { class: "status", id: "verify-terminal" }, `At the terminal: ${bragCommand(`verify ${session}`)}`));
  if (!S || S.session !== session) return;  // another session sat down meanwhile: this check was not for it
  panel.replaceChildren(el("h2", {}, `Verify hand ${roundNo}`), ...lines);
}

/** A session opens or ends: nothing of the one before (its history, a verify panel) stays on the page. */
function forgetPanels() {
  $("history").replaceChildren();
  $("verify-panel").replaceChildren();
  $("verify-panel").hidden = true;
}

// ---- the lobby ----
async function lobby() {
  $("room").hidden = true;
  $("lobby").hidden = false;
  const games = await api("GET", "/api/table/games");
  $("sit-game").replaceChildren(...games.games.map((g) => el("option", { value: g.name, selected: g.name === "3-card-brag" }, g.title)));
  const stored = await api("GET", "/api/table/sessions");
  const rows = stored.sessions.filter((s) => !s.kind || s.kind === "casino").slice(0, 12);
  $("stored").replaceChildren(rows.length ? el("table", { class: "data" },
    el("thead", {}, el("tr", {}, ["Session", "Game", "Hands", "Bankroll", ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, rows.map((s) => el("tr", {},
      el("td", {}, s.id), el("td", {}, s.game, s.practice === false ? "" : el("span", { class: "practice",
        title: s.practice ? stored.practice_note : "the stored settings cannot be read" },
        s.practice ? " PRACTICE" : " UNKNOWN DECK")),
      el("td", {}, s.rounds), el("td", {}, s.unreadable  // a hand-edited row: Resume then says what cannot be read
        ? el("span", { class: "practice", title: s.unreadable }, "unreadable") : money(s.bankroll)),
      el("td", {}, el("button", { type: "button", class: "btn small", "data-resume": s.id, onclick: () => resume(s.id) }, "Resume"))))))
    : el("p", { class: "lede" }, "No stored sessions yet."));
}

async function resume(id) {
  try {
    S = await api("POST", `/api/table/sessions/${id}/resume`);
    draft = draftFrom(S.stakes);
    forgetPanels();
    draw();
  } catch (error) {
    $("lobby-error").textContent = error.message;
    $("lobby-error").hidden = false;
  }
}

async function sitDown(event) {
  event.preventDefault();
  const boxes = Number($("sit-boxes").value);
  const body = { game: $("sit-game").value, bankroll: $("sit-bankroll").value.trim() || "100",
                 hints: $("sit-hints").checked, trainer: $("sit-trainer").checked,
                 stakes: Array.from({ length: boxes }, (_, i) => ({ box: i + 1, ante: "5" })) };
  if ($("sit-seed").value.trim()) body.seed = $("sit-seed").value.trim();
  if ($("sit-client-seed").value.trim()) body.client_seed = $("sit-client-seed").value.trim();
  try {
    S = await api("POST", "/api/table/sessions", body);
  } catch (error) {
    if (error.message.includes("Ante")) {  // a small bankroll or table: start at the table minimum
      body.stakes = body.stakes.map((s) => ({ ...s, ante: "1" }));
      try { S = await api("POST", "/api/table/sessions", body); } catch (again) { error = again; }
    }
    if (!S) { $("lobby-error").textContent = error.message; $("lobby-error").hidden = false; return; }
  }
  draft = draftFrom(S.stakes);
  forgetPanels();
  draw();
}

// ---- keys, as at the terminal ----
function onKey(event) {
  if (!S || event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  const pending = S.round ? S.round.pending : [];
  if (key === "Enter" && !S.round && !S.ended) { event.preventDefault(); deal(); }
  else if ((key === "p" || key === "f") && pending.length) act("decide", { box: pending[0], play: key === "p" });
  else if (key === "t") $("paytable").hidden = !$("paytable").hidden;
  else if (key === "?") $("help").hidden = !$("help").hidden;
  else if (key === "q") leave();  // (an ended session: back to the lobby)
  else if (/^[1-6]$/.test(key) && !S.round) setBoxes(Number(key));
}

function setBoxes(n) {
  while (draft.length < n) {
    const last = draft[draft.length - 1] || { ...emptyBet(), ante: String(chip) };
    draft.push({ ...last, side: { ...last.side } });
  }
  draft.length = n;
  draw();
}

function deal() {
  const stakes = stakesOf();
  if (!stakes.length) { say("Put chips on a box first: click its Ante or Pair Plus spot.", true); return; }
  act("deal", { stakes });
}

async function toLobby() {  // a session already ended (here or in another tab): forget it, back to the lobby
  localStorage.removeItem(sessionKey);
  S = null;
  draft = [];
  forgetPanels();
  await lobby();
}

async function leave() {
  if (S.ended) { await toLobby(); return; }  // ended by another tab: nothing to end, only the way back
  if (S.round) await reload();  // another tab may have settled it
  if (S.round) { say("Finish this hand first: play or fold every box.", true); return; }
  await act("end");
  if (S && S.ended) {
    const n = S.session;
    const stored = S.stored !== false;  // false: left before its first hand, the session was removed
    localStorage.removeItem(sessionKey);
    S = null;
    draft = [];
    forgetPanels();
    await lobby();
    $("lobby-error").hidden = true;
    say("");
    $("stored").prepend(el("p", { class: "note", id: "ended-note" }, stored
      ? `Session ${n} ended: every settled hand is stored ('${bragCommand("sessions")}', '${bragCommand(`play --resume ${n}`)}').`
      : `Session ${n} ended before its first hand: nothing was played, so it was removed (nothing stored, nothing to resume).`));
  }
}

function init() {
  $("chips").replaceChildren(...CHIPS.map((v) => {
    const b = el("button", { type: "button", class: "chip-pick", role: "radio", "aria-checked": String(v === chip),
                             "data-chip": v, "aria-label": `chip ${v}` }, chipEl(v));
    b.addEventListener("click", () => {
      chip = v;
      for (const other of document.querySelectorAll(".chip-pick")) other.setAttribute("aria-checked", String(Number(other.dataset.chip) === v));
    });
    return b;
  }));
  $("deal").addEventListener("click", deal);
  $("clear").addEventListener("click", () => { draft = draft.map(emptyBet); draw(); });
  $("box-count").addEventListener("change", () => setBoxes(Number($("box-count").value)));
  $("show-paytable").addEventListener("click", () => { $("paytable").hidden = !$("paytable").hidden; });
  $("show-help").addEventListener("click", () => { $("help").hidden = !$("help").hidden; });
  $("leave").addEventListener("click", leave);
  $("sit").addEventListener("submit", sitDown);
  document.addEventListener("keydown", onKey);
  const asked = new URLSearchParams(location.search).get("session") || localStorage.getItem(sessionKey);
  const known = asked && /^[0-9]+$/.test(asked) ? asked : null;  // an id is digits alone ("1e1" is not session 10)
  if (known) {
    api("GET", `/api/table/sessions/${known}`)
      .catch((error) => {  // the server restarted, or let an idle session go: carry on from the stored one
        if (error.status === 404) return api("POST", `/api/table/sessions/${known}/resume`);
        throw error;
      })
      .then((s) => { S = s; draft = draftFrom(S.stakes); if (S.ended) { localStorage.removeItem(sessionKey); S = null; lobby(); } else draw(); })
      .catch(() => { localStorage.removeItem(sessionKey); lobby(); });
  } else {
    lobby();
  }
}

init();
