// The traditional Brag page: a round table of seats, your cards, the pot, and your legal actions as buttons.
// The server plays the computer seats and says what each did; this file draws and sends your choices.
"use strict";

const $ = (id) => document.getElementById(id);
let S = null;          // the session as the server last showed it
let busy = false;
let picked = [];       // cards chosen to discard (four- and five-card Brag)
const sessionKey = "brag-classic-session";

function say(text, bad) {
  const m = $("c-message");
  m.textContent = text || "";
  m.classList.toggle("bad", !!bad);
  m.setAttribute("role", bad ? "alert" : "status");
}

async function send(path, body) {
  if (busy || !S) return;
  busy = true;
  try {
    S = await api("POST", `/api/classic/sessions/${S.session}/${path}`, { seq: S.seq, ...(body || {}) });
    picked = [];
    say("");
    draw();
  } catch (error) {
    say(error.message, true);
    if (error.status === 409) { try { S = await api("GET", `/api/classic/sessions/${S.session}`); draw(); } catch (e) { /* keep */ } }
    if (error.status === 404 || error.status === 503) {  // the server restarted, or a write failed: carry on from the stored session
      try {
        S = await api("POST", `/api/classic/sessions/${S.session}/resume`);
        draw();
        say(`${error.message} — the session is back as stored (a hand in play: the same cards, every action so far); choose again.`, true);
      } catch (e) { /* keep the message */ }
    }
  } finally {
    busy = false;
  }
}

const act = (action, extra) => send("act", { action, ...(extra || {}) });

// ---- the round table: seats on an ellipse, yours at the bottom ----
function drawSeats() {
  const seats = S.seats;
  const n = seats.length;
  const box = $("c-seats");
  box.replaceChildren();
  seats.forEach((s, i) => {
    const k = (i - S.you + n) % n;              // 0: you, at the bottom; the others clockwise round the table
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    const x = 50 + 41 * Math.cos(angle), y = 50 + 38 * Math.sin(angle);
    const status = s.status || "";
    const cards = s.you ? yourCards() : othersCards(s, i);
    const seat = el("div", { class: `cseat ${status} ${s.to_act ? "to-act" : ""} ${s.you ? "me" : ""}`,
                             "data-seat": i, "data-status": status },
      el("div", { class: "cseat-head" }, s.dealer ? el("span", { class: "dealer-button", title: "dealer" }, "D") : null,
         el("strong", {}, s.name), el("span", { class: "chips-count" }, money(s.chips))),
      !s.you && S.players && S.players[i] ? el("div", { class: "character" }, S.players[i]) : null,
      cards,
      el("div", { class: "cseat-foot" },
        status ? el("span", { class: `badge ${status}` }, status) : null,
        num(s.put_in) > 0 ? el("span", { class: "put-in", title: "chips in the pot this hand" }, `in ${money(s.put_in)}`) : null),
      s.last_action && !s.you ? el("div", { class: "bubble" }, s.last_action) : null);
    seat.style.left = `${x}%`;
    seat.style.top = `${y}%`;
    box.append(seat);
  });
}

/** The amount in the bet box: the server's exact least bet while the box still shows it, else what was typed. */
function betAmount() {
  const box = $("c-amount");
  return box.dataset.exact !== undefined && box.value === box.dataset.shown ? box.dataset.exact : box.value;
}

function othersCards(s, i) {
  const shown = S.last && !S.in_hand ? S.last.shown.find((h) => h.seat === i) : null;
  if (shown) return el("div", { class: "hand small" }, shown.cards.map((c) => cardEl(c)));
  if (!S.in_hand || s.status === "folded" || s.status === "out" || !s.status) return el("div", { class: "hand small" });
  const count = S.rules.cards;
  return el("div", { class: "hand small" }, Array.from({ length: count }, () => cardEl(null)));
}

function yourCards() {
  const me = S.seats[S.you];
  if (!S.in_hand) {
    const shown = S.last ? S.last.shown.find((h) => h.seat === S.you) : null;
    return el("div", { class: "hand", id: "c-my-cards" }, shown ? shown.cards.map((c) => cardEl(c)) : []);
  }
  if (me.status === "folded") return el("div", { class: "hand", id: "c-my-cards" });
  if (!S.cards && S.looking) {
    return el("div", { class: "hand", id: "c-my-cards", "data-looking": "true",
      title: "the hand you looked at: keep it or throw it" }, S.looking.map((c) => cardEl(c)));
  }
  if (!S.cards) {
    return el("div", { class: "hand", id: "c-my-cards", "data-blind": "true" },
      Array.from({ length: S.rules.cards }, () => cardEl(null)));
  }
  const discarding = S.legal && S.legal.discard > 0;
  return el("div", { class: "hand", id: "c-my-cards" }, S.cards.map((c) => {
    const card = cardEl(c, picked.includes(c) ? "picked" : (S.kept && !S.kept.includes(c) ? "discarded" : ""));
    if (discarding) {
      card.classList.add("pickable");
      card.setAttribute("role", "button");
      card.setAttribute("tabindex", "0");
      card.addEventListener("click", () => {
        picked = picked.includes(c) ? picked.filter((x) => x !== c)
          : picked.length < S.legal.discard ? [...picked, c] : picked;  // no more than the rules throw away
        draw();
      });
    }
    return card;
  }));
}

function drawPot() {
  const pot = $("c-pot");
  if (!S.in_hand) {
    pot.replaceChildren(...[el("div", { class: "pot-label" }, S.ended ? "Session over" : "Between hands"),
      S.last ? el("div", { class: "pot-amount" }, S.last.summary || "") : null].filter(Boolean));
    return;
  }
  const side = S.pots.length > 1 ? el("div", { class: "side-pots" },
    S.pots.map((p, i) => el("span", { class: "side-pot" }, i === 0 ? `main ${money(p)}` : `side ${i}: ${money(p)}`))) : null;
  pot.replaceChildren(...[el("div", { class: "pot-label" }, "Pot"), el("div", { class: "pot-amount", id: "c-pot-amount" }, money(S.pot)),
    side, el("div", { class: "pot-label" }, `stake ${money(S.stake)}`)].filter(Boolean));
}

// ---- your legal actions as buttons ----
function button(label, key, onclick, cls, id) {
  return el("button", { type: "button", class: `btn ${cls || ""}`, id, onclick, "data-key": key }, label,
            key ? el("kbd", {}, key) : null);
}

function drawActions() {
  const bar = $("c-actions");
  bar.replaceChildren();
  if (!S.in_hand) {
    if (S.ended) {
      const left = S.ended === "quit" || S.ended === "interrupted";  // not over for good: it can be resumed
      bar.append(el("span", { class: "status" }, left
        ? `You left session ${S.session}: every settled hand is stored; resume it from the lobby or with brag classic --resume ${S.session}.`
        : `Session ${S.session} is over (${S.ended}).`),
                 button("New session", "", () => { localStorage.removeItem(sessionKey); S = null; lobby(); }, "primary", "c-new"));
    } else {
      const choice = S.dealers_choice;
      if (choice && choice.due) {  // dealer's choice: you deal the first hand of a circle and pick its variant
        const [cards, wild, blind] = choice.variant;
        const pick = (id, label, options, now) => el("label", {}, label, el("select", { id },
          options.map(([value, text]) => el("option", { value, selected: String(value) === String(now) }, text))));
        bar.append(el("span", { class: "status" }, "You deal: pick the variant for this circle."),
          pick("c-var-cards", "Cards ", [[3, "3"], [4, "4"], [5, "5"]], cards),
          pick("c-var-wild", " Wild ", choice.wild.map((w) => [w, w]), wild),
          pick("c-var-blind", " ", [["true", "blind play"], ["false", "no blind play"]], blind));
        bar.append(button("Deal the next hand", "Enter", () => send("next", { variant: {
          cards: Number($("c-var-cards").value), wild: $("c-var-wild").value, blind: $("c-var-blind").value === "true" } }),
          "gold", "c-next"));
      } else {
        bar.append(button("Deal the next hand", "Enter", () => send("next"), "gold", "c-next"));
      }
    }
    return;
  }
  const legal = S.legal;
  if (!legal) {
    bar.append(el("span", { class: "status" }, "Waiting…"));
    return;
  }
  if (legal.keep) {
    bar.append(el("span", {}, "You won blind. Keep this hand for the next deal?"),
      button("Keep it", "y", () => act("keep", { keep: true }), "play", "c-keep-yes"),
      button("Give it up", "n", () => act("keep", { keep: false }), "", "c-keep-no"));
    return;
  }
  for (const h of legal.look) {
    bar.append(button(h === 1 ? "Look" : `Look at hand ${h}`, h === 1 ? "l" : "l2", () => act("look", { hand: h }), "", h === 1 ? "c-look" : "c-look2"));
  }
  if (legal.choose) {
    bar.append(button("Keep the seen hand", "k", () => act("choose", { keep: true }), "", "c-choose-keep"),
               button("Throw it, stay blind", "t", () => act("choose", { keep: false }), "", "c-choose-throw"));
  }
  if (legal.discard > 0) {
    const discard = button(`Discard ${legal.discard} (${picked.length} picked)`, "d",
      () => act("discard", { cards: picked }), "", "c-discard");
    discard.disabled = picked.length !== legal.discard;  // exactly as many as the rules throw away
    bar.append(discard);
  }
  if (legal.bet_min !== null) {
    const choices = legal.bet_choices;
    const input = choices
      ? el("select", { id: "c-amount", "aria-label": "bet amount" }, choices.map((c) => el("option", { value: c }, money(c))))
      // text, not a number box: "1/3" is typed as it is written (a number box drops the "/" and sends 13), and the
      // server reads every amount exactly; the least bet as the server wrote it is sent when the box is untouched
      : el("input", { id: "c-amount", type: "text", inputmode: "decimal", value: money(legal.bet_min),
                      "aria-label": "bet amount", size: 8, autocomplete: "off",
                      "data-exact": String(legal.bet_min), "data-shown": money(legal.bet_min) });
    const blind = !S.cards;
    const word = num(S.seats[S.you].put_in) > num(S.rules.ante) || S.seats.some((s) => !s.you && /bet/.test(s.last_action)) ? "Raise / bet" : "Bet";
    bar.append(el("span", { class: "bet-group" },
      button(`${word}${blind ? " blind" : ""}`, "b", () => {
        const amount = betAmount();
        if (!String(amount).trim()) { say("Type an amount to bet.", true); return; }
        act("bet", { amount });
      }, "play", "c-bet"), input,
      el("span", { class: "status" }, `${money(legal.bet_min)}${legal.bet_max ? `–${money(legal.bet_max)}` : "+"}`)));
  }
  if (legal.see !== null) bar.append(button(`See for ${money(legal.see)}`, "s", () => act("see"), "gold", "c-see"));
  if (legal.cover !== null) bar.append(button(`Cover with ${money(legal.cover)}`, "c", () => act("cover"), "", "c-cover"));
  if (legal.show) bar.append(button("Agree to a showdown", "a", () => act("show"), "", "c-show"));
  if (legal.fold) bar.append(button("Fold", "f", () => act("fold"), "fold", "c-fold"));
  if (legal.borrow) bar.append(el("span", { class: "status" }, "The bank lends what you are short."));
}

function drawLog() {
  const lines = S.in_hand ? S.log : (S.last ? S.last.log : []);
  $("c-log").replaceChildren(...lines.slice(-40).map((t) => el("li", {}, t)));
  $("c-log").scrollTop = $("c-log").scrollHeight;
}

function drawResult() {
  const r = S.last;
  $("c-result").hidden = !r;
  if (!r) return;
  $("c-result").replaceChildren(...[
    el("h2", {}, `Hand ${r.hand_no}: ${r.showdown ? "showdown" : "no showdown"}`),
    r.shown.length ? el("div", { class: "shown" }, r.shown.map((h) => el("div", { class: "shown-hand" },
      el("strong", {}, h.name), el("div", { class: "hand small" }, h.cards.map((c) => cardEl(c))), el("span", {}, h.hand)))) : null,
    el("ul", { id: "c-won" }, r.won.map((w) => el("li", {}, `${w.name} wins ${w.pot === 0 ? "the pot" : `side pot ${w.pot}`}: ${money(w.amount)}${w.shared ? " (shared)" : ""}`))),
    el("table", { class: "data", id: "c-chips" }, el("tbody", {}, r.chips.map((c) => el("tr", {},
      el("td", {}, c.name), el("td", {}, money(c.after)), el("td", { class: num(c.net) > 0 ? "won" : num(c.net) < 0 ? "lost" : "" }, signed(c.net)))))),
    el("p", { class: "seed" }, "Commitment ", el("code", {}, r.commitment)),
    el("p", { class: "seed" }, "Seed ", r.seed === null ? el("span", { id: "c-seed-shown" }, `not shown yet: ${r.sealed}`)
      : el("code", { id: "c-seed-shown" }, r.seed), " ",
      el("a", { href: "#", id: "c-verify-link", onclick: (e) => { e.preventDefault(); verify(); } }, "verify"))].filter(Boolean));
}

async function verify() {
  const panel = $("c-verify");
  panel.hidden = false;
  panel.replaceChildren(el("h2", {}, "Verify"), el("p", {}, "Checking…"));
  try {
    const [v, listed] = await Promise.all([api("GET", `/api/classic/sessions/${S.session}/verify`),
      api("GET", `/api/classic/sessions/${S.session}/hands`)]);
    panel.replaceChildren(el("h2", {}, "Verify"), el("p", { class: v.ok ? "won" : "lost", id: "c-verify-result" }, v.ok
      ? `✓ ${v.hands} hand(s): each seed and pack match the commitment shown before the deal, every card dealt and every chip replayed (${v.deal_note}).`
      : `✗ ${v.problems.join("; ")}`),
      ...(v.pending ? [el("p", { class: "status", id: "c-verify-pending" }, v.pending.line)] : []),
      ...(v.practice === false ? [] : [el("p", { class: "practice", id: "c-verify-practice" }, `PRACTICE — ${v.deal_note}.`)]),
      el("p", { class: "status", id: "c-verify-terminal" }, `At the terminal: ${bragCommand(`verify ${S.session} --classic`)}`),
      ...handSeeds(listed));
  } catch (error) {
    panel.replaceChildren(el("h2", {}, "Verify"), el("p", { class: "lost" }, error.message));
  }
}

// Each settled hand's commitment, and its seed once it may be shown (SHA-256 of the seed and the pack order,
// one byte a card, is the commitment: docs/classic-brag.md), the newest first.
function handSeeds(listed) {
  if (!listed.hands.length) return [];
  return [el("table", { class: "data", id: "c-seeds" },
    el("thead", {}, el("tr", {}, el("th", {}, "Hand"), el("th", {}, "Commitment"), el("th", {}, "Seed"))),
    el("tbody", {}, listed.hands.slice().reverse().slice(0, 30).map((h) => el("tr", {},
      el("td", {}, String(h.hand_no)), el("td", {}, el("code", {}, h.commitment)),
      el("td", {}, h.seed === null ? "not shown yet" : el("code", {}, h.seed)))))),
    ...(listed.sealed ? [el("p", { class: "status", id: "c-seeds-sealed" }, `Not shown yet: ${listed.sealed}.`)] : [])];
}

function drawRules() {
  const r = S.rules;
  $("c-rules-panel").replaceChildren(...[el("h2", {}, r.name), r.description ? el("p", {}, r.description) : null,
    el("ul", { class: "rules" },
      el("li", {}, `${r.cards}-card Brag${r.wild !== "none" ? `, wild: ${r.wild}` : ""}`),
      el("li", {}, `Ante ${r.ante}; opening stake ${r.min_bet}${num(r.max_bet) ? `, at most ${r.max_bet}` : ""}; limit ${r.limit}`),
      el("li", {}, r.blind ? "Blind play allowed: a blind player bets half the stake." : "No blind play."),
      el("li", {}, `The see costs ${r.see_cost === "double" ? "twice" : "once"} the stake, only between the last two players.`),
      el("li", {}, `Short of chips: ${r.short_stack === "cover" ? "cover the pot (side pots)" : "fold or borrow"}.`),
      el("li", {}, `Pack: ${r.shuffle === "traditional" ? "not shuffled between hands (after a prial wins, it is)" : "shuffled every hand"}.`),
      r.open_pack ? el("li", {}, "Open pack: the rest of the pack lies face up, its bottom card showing; a folded hand goes face up on top, one card showing.") : null,
      r.dealers_choice ? el("li", {}, "Dealer's choice: after each full circle of deals, the next dealer picks the cards dealt, the wild cards and blind play for the next circle.") : null)].filter(Boolean));
}

async function showHint() {
  if (!S || !S.in_hand) { say("The hint is for a hand in play.", true); return; }
  let h;
  const asked = S;  // an action answered while the hint was counted: the hint was for the table before it
  try { h = await api("GET", `/api/classic/sessions/${S.session}/hint`); } catch (error) { say(error.message, true); return; }
  if (S !== asked || busy) return;
  const pct = (x) => `${(x * 100).toFixed(2)}%`;
  const lines = h.reason ? [el("p", { id: "c-hint-chances" }, `Hint: ${h.reason}.`)]
    : [el("p", { id: "c-hint-chances" }, (h.counted_for ? `${h.counted_for[0].toUpperCase()}${h.counted_for.slice(1)}, your` : "Your") + " chance of a better hand than " + h.chances.map((c) =>
        `${c.opponents} opponent${c.opponents > 1 ? "s" : ""}: ${pct(c.beat)}` +
        (c.exact ? ` (exact ${c.exact_beat})` : ` ± ${(100 * c.margin).toFixed(2)} points (simulated, ${c.deals.toLocaleString()} deals)`)).join("; "))];
  if (h.expert) lines.push(el("p", { id: "c-hint-expert" }, h.expert));  // (its line breaks kept by style.css)
  $("c-hint").replaceChildren(el("h2", {}, `Hint · hand ${h.hand_no}`), ...lines);
  $("c-hint").hidden = false;
}

function draw() {
  if (!S) return;
  $("c-hint").hidden = true;  // a hint shown was for the table before this answer: ask again
  $("c-hint-button").disabled = !S.in_hand;
  $("c-leave").hidden = Boolean(S.ended);  // a session already ended has nothing to leave
  // an ended session (left, or over) is forgotten: the next visit shows the lobby, whose Resume list holds it
  if (S.ended) localStorage.removeItem(sessionKey); else localStorage.setItem(sessionKey, String(S.session));
  $("c-lobby").hidden = true;
  $("c-room").hidden = false;
  $("c-hand").textContent = S.hand_no;
  $("c-hands-total").textContent = S.hands;
  $("c-session").textContent = S.session;
  // a session seeded from text: every pack foreseeable, never fair play (the server's words, on hover)
  $("c-practice-badge").hidden = !S.practice;
  $("c-practice-badge").title = S.practice ? S.deal_note : "";
  $("c-stake").textContent = S.in_hand ? money(S.stake) : "—";
  $("c-commitment").textContent = S.in_hand ? S.commitment : (S.last ? S.last.commitment : "—");
  $("c-room").dataset.seq = S.seq;  // the action number: a test (or a curious player) sees each answer arrive
  drawSeats();
  drawPot();
  drawActions();
  drawLog();
  drawResult();
  drawRules();
}

// ---- the lobby ----
async function lobby() {
  $("c-room").hidden = true;
  $("c-lobby").hidden = false;
  const data = await api("GET", "/api/classic/rules");
  const select = $("c-rules");
  select.replaceChildren(...data.rules.map((r) => el("option", { value: r.key, selected: r.key === "against-the-computer" }, r.name)));
  const describe = () => {
    const r = data.rules.find((x) => x.key === select.value) || data.rules[0];
    $("c-rules-text").textContent = r.description || "";
    $("c-opponents").value = String(r.opponents);
    $("c-hands").value = String(r.hands);
  };
  select.addEventListener("change", describe);
  describe();
  const stored = await api("GET", "/api/classic/sessions");
  $("c-stored").replaceChildren(stored.sessions.length ? el("table", { class: "data" },
    el("thead", {}, el("tr", {}, ["Session", "Rules", "Hands", "Your chips", ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, stored.sessions.map((s) => el("tr", {},
      el("td", {}, s.id), el("td", {}, s.rules, s.practice === false ? "" : el("span", { class: "practice",
        title: s.practice ? stored.practice_note : "the stored settings cannot be read" }, s.practice ? " PRACTICE" : " UNKNOWN DECK")),
      el("td", {}, `${s.hands_played} of ${s.hands}`), el("td", {}, money(s.chips)),
      el("td", {}, el("button", { type: "button", class: "btn small", "data-resume": s.id, onclick: () => resume(s.id) }, "Resume"))))))
    : el("p", { class: "lede" }, "No open sessions."));
}

async function resume(id) {
  try {
    S = await api("POST", `/api/classic/sessions/${id}/resume`);
    draw();
  } catch (error) {
    $("c-lobby-error").textContent = error.message;
    $("c-lobby-error").hidden = false;
  }
}

async function sitDown(event) {
  event.preventDefault();
  const handsText = $("c-hands").value.trim() || "15";  // (blank: the rules' default of 15)
  if (!/^[0-9]+$/.test(handsText) || Number(handsText) < 1) {  // never a silent 15 for "0" or "abc"
    $("c-lobby-error").textContent = `Hands: a whole number of at least 1, not ${JSON.stringify(handsText.slice(0, 30))}`;
    $("c-lobby-error").hidden = false;
    return;
  }
  const body = { rules: $("c-rules").value, opponents: Number($("c-opponents").value), hands: Number(handsText),
                 players: $("c-players").value };
  if ($("c-seed").value.trim()) body.seed = $("c-seed").value.trim();
  try {
    S = await api("POST", "/api/classic/sessions", body);
    draw();
  } catch (error) {
    $("c-lobby-error").textContent = error.message;
    $("c-lobby-error").hidden = false;
  }
}

function onKey(event) {
  if (!S || event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (key === "?") { $("c-rules-panel").hidden = !$("c-rules-panel").hidden; return; }
  if (key === "h") { showHint(); return; }
  if (key === "q" && !S.in_hand && !S.ended) { send("end"); return; }
  const target = key === "Enter" ? $("c-next") : document.querySelector(`#c-actions [data-key="${key}"]`);
  if (target && !target.disabled) { event.preventDefault(); target.click(); }
}

function init() {
  $("c-sit").addEventListener("submit", sitDown);
  $("c-hint-button").addEventListener("click", showHint);
  $("c-show-rules").addEventListener("click", () => { $("c-rules-panel").hidden = !$("c-rules-panel").hidden; });
  $("c-leave").addEventListener("click", () => {
    if (S && S.in_hand) { say("Finish this hand first (fold if you want out).", true); return; }
    send("end");
  });
  document.addEventListener("keydown", onKey);
  const asked = new URLSearchParams(location.search).get("session") || localStorage.getItem(sessionKey);
  const known = asked && /^[0-9]+$/.test(asked) ? asked : null;  // an id is digits alone ("1e1" is not session 10)
  if (known) {
    api("POST", `/api/classic/sessions/${known}/resume`).then((s) => { S = s; draw(); })
      .catch(() => { localStorage.removeItem(sessionKey); lobby(); });
  } else {
    lobby();
  }
}

init();
