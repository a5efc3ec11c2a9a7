// Snapshot → DOM. Everything shown comes from the engine's snapshot (docs/bridge.md): this module
// decides where and how things are drawn, never what is legal or who wins. It writes text with
// textContent and builds nodes with createElement only.

import { backImage, cardImage, suitIcon } from "./cards.js";

// ---------------------------------------------------------------------------------------------
// Glossary: short explanations shown on hover (and read by screen readers through <abbr title>).
// The wording comes from the engine (snapshot.glossary, in the preset's spelling and with the
// table's numbers). This module only knows which words of running text name each glossary entry.

const TERM_WORDS = {
  ombre: ["ombre", "l'ombre", "hombre"],
  defender: ["defender", "defenders"],
  eldest: ["eldest", "eldest hand"],
  stock: ["stock", "talon"],
  "taking in": ["taking in", "take in", "takes in", "taken in"],
  matador: ["matador", "matadors", "matadore", "matadores"],
  spadille: ["spadille", "spadillio", "espadille", "pipillo"],
  manille: ["manille", "mallilio", "manillio"],
  basto: ["basto"],
  punto: ["punto", "ponto"],
  trump: ["trump", "trumps"],
  "sans-prendre": ["sans prendre", "sans-prendre"],
  codille: ["codille", "codillio", "codillo"],
  repuesto: ["repuesto", "repueto"],
  remise: ["remise"],
  sacada: ["sacada"],
  vole: ["vole", "voll"],
  beast: ["beast", "beasted"],
  pool: ["pool"],
  fish: ["fish"],
  dealer: ["dealer"],
  renounce: ["renounce"],
  gano: ["gano", "gagno"],
};

const TERM_INDEX = new Map();  // word (lower case) -> explanation

/** A word -> explanation index of an engine glossary (in a preset's spelling). */
function termIndex(glossary, index = new Map()) {
  index.clear();
  if (glossary && typeof glossary === "object") {
    for (const [key, text] of Object.entries(glossary)) {
      if (typeof text !== "string" || !TERM_WORDS[key]) continue;
      // Entries that do not start with their own name ("Spadillio: ...") get it in front.
      const name = key.replace("-", " ").replace(/^./, (c) => c.toUpperCase());
      const entry = /^[A-Z][^:]{0,30}:/.test(text) ? text : `${name}: ${text}`;
      for (const w of TERM_WORDS[key]) index.set(w, entry);
    }
  }
  return index;
}

/** Take the engine's glossary (snapshot.glossary); its wording wins over the table's own. */
export function setGlossary(glossary) {
  termIndex(glossary, TERM_INDEX);
}
setGlossary(null);

const TERM_RE = new RegExp(
  "\\b(" + Object.values(TERM_WORDS).flat().sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-']/g, (c) => "\\" + c)).join("|") + ")\\b",
  "gi",
);

/** The explanation of a game term, or undefined. */
export function termTitle(word) {
  return TERM_INDEX.get(word.toLowerCase());
}

/**
 * Text with game terms wrapped in <abbr title> (first occurrence of each term per call), built
 * from text nodes only.
 */
export function withTerms(text, glossary) {
  const index = glossary ? termIndex(glossary) : TERM_INDEX;  // another preset's spelling
  const frag = document.createDocumentFragment();
  const seen = new Set();
  let last = 0;
  for (const m of text.matchAll(TERM_RE)) {
    const title = index.get(m[0].toLowerCase());
    if (!title || seen.has(title)) continue;
    seen.add(title);
    if (m.index > last) frag.append(text.slice(last, m.index));
    const abbr = document.createElement("abbr");
    abbr.title = title;
    abbr.textContent = m[0];
    frag.append(abbr);
    last = m.index + m[0].length;
  }
  if (last < text.length) frag.append(text.slice(last));
  return frag;
}

// ---------------------------------------------------------------------------------------------
// Small DOM helpers

export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

export function term(word, display = word) {
  const title = termTitle(word);
  return title ? h("abbr", { title, text: display }) : document.createTextNode(display);
}

// Places round the table by the number of seats, from the human's own (bottom) in the order of play.
const PLACES = {
  3: ["bottom", "right", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],  // Ombre by five: play goes to the right
};

/** Where a seat sits on screen, as seen from the human: you at the bottom, play goes to the right. */
export function position(seat, human, seats) {
  const places = PLACES[seats];
  if (!places) throw new Error(`no table layout for ${seats} seats`);
  return places[(seat - human + seats) % seats];
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// ---------------------------------------------------------------------------------------------
// Cards

/** The card's accessible name, with the engine's trump and matador flags spoken too. */
export function cardName(card) {
  return card.label + (card.matador ? ", matador" : card.trump ? ", trump" : "");
}

/** A card as a picture with its accessible name (for the trick, the result and the discards). */
export function cardFigure(card, extraClass = "") {
  const fig = h("span", {
    class: `card ${extraClass}`.trim(),
    title: card.name !== card.plain ? `${card.name}: ${card.plain}` : card.plain,
    dataset: { code: card.code },
  });
  fig.append(cardImage(card, cardName(card)));
  return fig;
}

// ---------------------------------------------------------------------------------------------
// The seats

// A seat's last word in the auction, as a short past phrase under its name.
const BID_WORDS = { pass: "passed", play: "asked leave", "sans-prendre": "sans prendre" };

function seatPanel(snap, s) {
  const pos = position(s.seat, snap.human, snap.seats.length);
  const toMove = snap.to_move === s.seat && snap.phase !== "over";
  const panel = h("section", {
    class: `seat seat-${pos}${toMove ? " to-move" : ""}${s.role ? " role-" + s.role : ""}`,
    "aria-label": s.is_human ? "Your seat" : s.name,
    dataset: { seat: s.seat },
  });
  const head = h("div", { class: "seat-head" }, h("span", { class: "seat-name", text: s.name }));
  const badges = h("span", { class: "badges" });
  if (s.is_dealer) badges.append(h("span", { class: "badge dealer" }, term("dealer", "Dealer")));
  if (s.is_eldest) badges.append(h("span", { class: "badge eldest" }, term("eldest", "Eldest")));
  if (s.role === "ombre") badges.append(h("span", { class: "badge ombre" }, term("ombre", "Ombre")));
  if (s.role === "defender") badges.append(h("span", { class: "badge defender" }, term("defender", "Defender")));
  head.append(badges);
  panel.append(head);

  const facts = h("div", { class: "seat-facts" });
  if (s.bid) {
    const word = BID_WORDS[s.bid] ?? s.bid;
    facts.append(h("span", { class: `bid bid-${s.bid}` }, s.bid === "sans-prendre" ? term("sans prendre", word) : word));
  }
  const counting = snap.phase === "play" || snap.phase === "over";
  facts.append(...[
    counting && h("span", { class: "tricks", title: `${s.tricks} trick${s.tricks === 1 ? "" : "s"} won this deal` },
      tricksStack(s.tricks), h("span", { class: "count", text: `${s.tricks}` }),
      h("span", { class: "word", text: s.tricks === 1 ? "trick" : "tricks" })),
    s.taken ? h("span", { class: "taken", title: `Took in ${s.taken} card${s.taken === 1 ? "" : "s"} from the stock` }, `took in ${s.taken}`) : null,
    h("span", { class: `balance ${s.balance > 0 ? "plus" : s.balance < 0 ? "minus" : ""}`, title: "Counters won or lost this session" },
      h("span", { class: "visually-hidden", text: "Counters: " }), s.balance_text ?? signed(s.balance)),
  ].filter(Boolean));
  panel.append(facts);

  // In a replay nobody thinks: the mark says whose step comes next, and the watched hand is shown
  // below, not as backs.
  const watched = snap.replay && snap.replay.seat === s.seat;
  if (toMove) panel.append(h("span", { class: "turn-mark", text: snap.replay ? "Next" : s.is_human ? "Your turn" : "Thinking\u2026" }));
  if (!s.is_human && !watched) {
    const backs = h("div", { class: "backs", "aria-label": `${s.cards} cards in hand`, role: "img" });
    for (let i = 0; i < s.cards; i += 1) backs.append(h("span", { class: "back" }, backImage()));
    panel.append(backs);
  }
  return panel;
}

/** Won tricks laid "angle-wise", each across the last, as RG 1660 says, so they can be counted. */
function tricksStack(n) {
  const stack = h("span", { class: "trick-stack", "aria-hidden": "true" });
  for (let i = 0; i < n; i += 1) stack.append(h("span", { class: `trick-card ${i % 2 ? "across" : ""}` }));
  return stack;
}

export function renderSeats(snap, refs) {
  for (const slot of Object.values(refs.seats)) slot.replaceChildren();
  refs.table?.classList.toggle("seats-5", snap.seats.length === 5);
  for (const s of snap.seats) {
    const pos = position(s.seat, snap.human, snap.seats.length);
    refs.seats[pos].append(seatPanel(snap, s));
  }
}

// ---------------------------------------------------------------------------------------------
// The centre: game facts, the trick on the table, the result

function seatName(snap, seat) {
  return snap.seats[seat]?.name ?? `Seat ${seat}`;
}

export function renderFacts(snap, refs) {
  const list = refs.facts;
  list.replaceChildren();
  const add = (label, value, cls = "") => list.append(h("div", { class: `fact ${cls}` }, h("dt", {}, label), h("dd", {}, value)));
  add("Deal", String(snap.deal_number));
  if (snap.trump) {
    add(term("trump", "Trump"), h("span", { class: "trump-name" }, suitIcon(snap.trump.suit, ["h", "d"].includes(snap.trump.suit)), ` ${snap.trump.name}`), "trump");
  } else {
    add(term("trump", "Trump"), "not named yet", "trump");
  }
  if (snap.ombre !== null && snap.ombre !== undefined) {
    const who = seatName(snap, snap.ombre);
    const contract = snap.contract ? h("span", { title: snap.contract.hint ?? "" }, ` (${snap.contract.name})`) : "";
    add(term("ombre", "Ombre"), h("span", {}, who, contract));
  }
  // pool_now: what is played for in this deal (stakes and fees already on the table).
  const pool = snap.ledger?.pool_now ?? snap.ledger?.pool ?? 0;
  add(term("pool", "Pool"), snap.ledger?.pool_text ?? `${pool} ${snap.ledger?.unit ?? ""}`.trim(), "pool");
  // Before the play the stock is drawn in the centre of the table; afterwards it is a fact.
  if (snap.stock && snap.rules?.stock_size !== 0 && (snap.phase === "play" || snap.phase === "over")) {
    add(term("stock", "Stock"), `${snap.stock.count} card${snap.stock.count === 1 ? "" : "s"}`);
  }
  if (snap.partnership) {  // Ombre by five: the called king, and the partner once he may be known
    const { called, partner } = snap.partnership;
    const who = partner === null || partner === undefined ? "secret" : seatName(snap, partner);
    add("Called", h("span", { title: "Whoever holds the called king is the Ombre's partner" },
      `${called.plain} ${called.symbol} (partner: ${who})`), "called");
  }
  if (snap.vole_declared) add(term("vole", "Vole"), "declared");
  if (snap.undo?.used) add("Practice", `Undo used ${snap.undo.used === 1 ? "once" : `${snap.undo.used} times`}`, "practice");
}

export function renderTrick(snap, refs) {
  const area = refs.trick;
  area.replaceChildren();
  let trick = snap.trick && snap.trick.cards && snap.trick.cards.length ? snap.trick : null;
  let done = false;
  if (!trick && snap.last_trick && snap.last_trick.cards && snap.last_trick.cards.length) {
    trick = snap.last_trick;
    done = true;
  }
  area.classList.toggle("done", done);
  area.classList.toggle("empty", !trick);
  // A trick just won is gathered towards its winner, once (style.css; none with reduced motion).
  const doneKey = done ? trick.cards.map(({ card }) => card.code).join(" ") : "";
  const gather = done && area.dataset.gathered !== doneKey;
  area.dataset.gathered = doneKey;
  area.classList.toggle("gather", gather);
  for (const pos of ["left", "right", "bottom"]) {
    area.classList.toggle(`to-${pos}`, done && position(trick.winner, snap.human, snap.seats.length) === pos);
  }
  if (!trick) {
    area.dataset.shown = "";
    area.setAttribute("aria-label", "The table: no cards played yet");
    if (snap.stock?.count && (snap.phase === "auction" || snap.phase === "exchange")) {
      // Before the play, the stock lies in the middle: a small pile of backs.
      const pile = h("div", { class: "stock-pile", title: `The stock: ${snap.stock.count} cards` },
        h("span", { class: "pile", "aria-hidden": "true" },
          Array.from({ length: Math.min(4, snap.stock.count) }, () => h("span", { class: "back" }, backImage()))),
        h("span", { class: "pile-label" }, term("stock", "Stock"), `: ${snap.stock.count}`));
      area.append(pile);
    }
    return;
  }
  area.setAttribute("aria-label", done ? "The last trick" : "The trick being played");
  // Only a card that was not on the table at the last render slides in.
  const before = new Set((area.dataset.shown ?? "").split(" "));
  area.dataset.shown = trick.cards.map(({ card }) => card.code).join(" ");
  const list = h("ul", { class: "trick-cards" });
  trick.cards.forEach(({ seat, card }) => {
    const pos = position(seat, snap.human, snap.seats.length);
    const won = done && trick.winner === seat;
    const fresh = !before.has(card.code);
    // A defender who said Gano ('tis mine) with this card: the word stays by it for the trick.
    const said = !done && trick.gano?.seat === seat
      ? h("span", { class: "gano-said", title: snap.glossary?.gano ?? "", text: `“${trick.gano.word}!”` })
      : "";
    list.append(h("li", { class: `trick-slot slot-${pos}${won ? " winner" : ""}${fresh ? " fresh" : ""}` },
      cardFigure(card),
      h("span", { class: "who", text: seatName(snap, seat) }), said));
  });
  area.append(list);
  if (done && trick.winner !== undefined && trick.winner !== null) {
    area.append(h("p", { class: "trick-caption", text: `${seatName(snap, trick.winner)} won the trick` }));
  }
}

export function renderResult(snap, refs, handlers, busy) {
  const box = refs.result;
  box.replaceChildren();
  const r = snap.result;
  box.hidden = !r;
  if (!r) return;
  box.append(h("h2", { id: "result-title", class: `outcome-${r.outcome}` }, withTerms(r.title ?? "")));
  if (r.text) box.append(h("p", { class: "result-text" }, withTerms(r.text)));
  const table = h("table", { class: "payments" },
    h("caption", { text: "This deal" }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Player" }), h("th", { scope: "col", text: "Tricks" }), h("th", { scope: "col", text: "Counters" }))));
  const body = h("tbody");
  snap.seats.forEach((s, i) => {
    const pay = r.payments?.[i] ?? 0;
    body.append(h("tr", { class: r.ombre === i ? "is-ombre" : "" },
      h("th", { scope: "row" }, s.name, r.ombre === i ? h("span", { class: "small" }, " (", term("ombre"), ")") : ""),
      h("td", { text: String(r.tricks?.[i] ?? s.tricks) }),
      h("td", { class: pay > 0 ? "plus" : pay < 0 ? "minus" : "", text: r.payments_text?.[i] ?? signed(pay) })));
  });
  table.append(body);
  box.append(table);
  if (r.lines?.length) {
    box.append(h("details", { class: "result-details" },
      h("summary", { text: "The payments in detail" }),
      h("ul", { class: "result-lines" }, r.lines.map((line) => h("li", {}, withTerms(line))))));
  }
  if (snap.replay) return;  // a record watched: its own bar says what may be done
  box.append(h("div", { class: "result-actions" },
    h("button", { type: "button", class: "primary", id: "next-deal", onclick: handlers.nextDeal, disabled: busy, text: "Next deal" }),
    h("button", { type: "button", id: "review-deal", onclick: handlers.review, disabled: busy, text: "Review the deal" }),
    h("button", { type: "button", id: "export-record", onclick: handlers.exportRecord, disabled: busy, text: "Save the record" })));
}

// ---------------------------------------------------------------------------------------------
// Prompt and actions

export function renderActions(snap, refs, handlers, ui) {
  refs.prompt.replaceChildren(withTerms(snap.prompt ?? ""));
  const bar = refs.actions;
  bar.replaceChildren();
  if (!snap.human_to_move || snap.phase === "over") return;
  for (const act of snap.legal ?? []) {
    const btn = h("button", {
      type: "button",
      class: `action action-${act.action.split(" ")[0]}`,
      title: act.hint || undefined,
      disabled: ui.busy,
      dataset: { action: act.action },
      onclick: () => handlers.act(act.action),
    });
    btn.append(act.label ?? act.action);
    bar.append(btn);
  }
  // In the auction the choices are new to most visitors: their hints are shown, not only on hover.
  if (snap.phase === "auction" && (snap.legal ?? []).some((a) => a.hint)) {
    refs.actions.append(h("ul", { class: "action-hints" },
      snap.legal.filter((a) => a.hint).map((a) => h("li", {}, h("b", { text: a.label }), " — ", withTerms(a.hint)))));
  }
  if (snap.discard) {
    const n = ui.selected.size;
    const { min, max } = snap.discard;
    const ok = n >= min && n <= max;
    const label = n === 0 ? (min === 0 ? "Discard none" : "Discard") : `Discard ${n}`;
    // The rule (how many may go) is worded by the engine in snap.prompt; here only the count chosen.
    const hint = snap.prompt ?? "";
    bar.append(h("button", {
      type: "button", class: "action action-discard primary", id: "discard-button",
      disabled: ui.busy || !ok, title: hint,
      onclick: () => handlers.act(["discard", ...ui.selected].join(" ")),
      text: label,
    }));
    refs.prompt.append(h("span", { class: "discard-hint", text: ` ${n} chosen.` }));
  }
}

// ---------------------------------------------------------------------------------------------
// The hand: cards are buttons, one tab stop for the whole hand, arrow keys move along it.

export function renderHand(snap, refs, handlers, ui) {
  const hand = refs.hand;
  const hadFocus = hand.contains(document.activeElement);
  const focusCode = ui.focusCode;
  hand.replaceChildren();
  const discarding = Boolean(snap.discard) && snap.human_to_move;
  const playing = snap.phase === "play" && snap.human_to_move;
  hand.classList.toggle("discarding", discarding);
  hand.classList.toggle("playing", playing);
  const cards = snap.hand ?? [];
  // A new hand is dealt in, once (style.css; none with reduced motion). The same hand after an
  // undo in the auction is not dealt again.
  const dealKey = snap.phase === "auction" ? `${snap.deal_number}:${cards.map((c) => c.code).join("")}` : ui.dealKey;
  hand.classList.toggle("dealing", dealKey !== ui.dealKey);
  ui.dealKey = dealKey;
  const codes = cards.map((c) => c.code);
  // The hand's tab stop: the card last focused, unless it cannot be played now (then the first
  // that can): Tab never lands on a card that cannot be played.
  const legalCode = (code) => !playing || cards.some((c) => c.code === code && c.legal);
  const current = codes.includes(focusCode) && legalCode(focusCode) ? focusCode
    : (cards.find((c) => playing && c.legal)?.code ?? (codes.includes(focusCode) ? focusCode : codes[0]));
  ui.focusCode = current;
  for (const card of cards) {
    const selected = discarding && ui.selected.has(card.code);
    const usable = !ui.busy && ((playing && card.legal) || discarding);
    const btn = h("button", {
      type: "button",
      class: `card hand-card${selected ? " selected" : ""}${playing && !card.legal ? " illegal" : ""}${playing && card.legal ? " legal" : ""}`,
      "aria-label": cardName(card) + (playing && !card.legal ? " (cannot be played now)" : ""),
      title: card.name !== card.plain ? `${card.name}: ${card.plain}` : card.plain,
      "aria-disabled": usable ? "false" : "true",
      tabindex: card.code === current ? "0" : "-1",
      dataset: { code: card.code },
      onclick: () => handlers.cardClick(card),
      onfocus: () => { ui.focusCode = card.code; },
    });
    if (discarding) btn.setAttribute("aria-pressed", selected ? "true" : "false");
    btn.append(cardImage(card));
    hand.append(btn);
  }
  // The focused card is drawn anew: focus it again if it is still there (app.js decides otherwise).
  if (hadFocus) hand.querySelector(`[data-code="${CSS.escape(ui.focusCode ?? "")}"]`)?.focus();
  refs.handLabel.textContent = cards.length
    ? `Your hand, ${cards.length} card${cards.length === 1 ? "" : "s"}${discarding ? `, ${ui.selected.size} chosen to discard` : ""}`
    : "Your hand";
}

/** Arrow keys, Home and End move the focus along the hand (roving tab stop). */
export function handKeydown(event, ui) {
  const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll("button")];
  const i = buttons.indexOf(document.activeElement);
  if (i < 0 || !buttons.length) return;
  let j = i;
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") j = Math.max(0, i - 1);
  if (event.key === "ArrowRight" || event.key === "ArrowDown") j = Math.min(buttons.length - 1, i + 1);
  if (event.key === "Home") j = 0;
  if (event.key === "End") j = buttons.length - 1;
  event.preventDefault();
  buttons[i].tabIndex = -1;
  buttons[j].tabIndex = 0;
  buttons[j].focus();
  ui.focusCode = buttons[j].dataset.code;
}

// ---------------------------------------------------------------------------------------------
// Side panels: the stock (when shown), own discards, the ledger and the log

export function renderExtras(snap, refs) {
  const box = refs.extras;
  box.replaceChildren();
  if (snap.discards?.length) {
    box.append(h("div", { class: "mini-cards" },
      h("h3", { text: "Your discards" }),
      h("div", { class: "row" }, snap.discards.map((c) => cardFigure(c, "mini")))));
  }
  if (snap.stock?.cards?.length) {
    box.append(h("div", { class: "mini-cards" },
      h("h3", {}, "Left in the ", term("stock")),
      h("div", { class: "row" }, snap.stock.cards.map((c) => cardFigure(c, "mini")))));
  }
  box.hidden = !box.childElementCount;
}

export function renderLedger(snap, refs) {
  const box = refs.ledger;
  box.replaceChildren();
  const ledger = snap.ledger ?? { balances: snap.seats.map((s) => s.balance), pool: 0, deals: 0 };
  const unit = ledger.unit ?? snap.rules?.unit ?? "counters";
  const table = h("table", { class: "ledger-table" });
  // The engine words every amount in the preset's one form (1660: greater and lesser counters).
  const caption = `Counters after ${ledger.deals} deal${ledger.deals === 1 ? "" : "s"}`;
  table.append(h("caption", {}, ledger.note ? caption : `${caption} (${unit})`));
  const head = h("tr", {}, h("th", { scope: "col", text: "Deal" }), snap.seats.map((s) => h("th", { scope: "col", text: s.name })));
  table.append(h("thead", {}, head));
  const body = h("tbody");
  for (const row of ledger.history ?? []) {
    // A deal in which the person used Undo is marked: practice, not a deal played straight.
    const practice = row.undos > 0
      ? h("span", { class: "practice-mark", title: `Practice: you used Undo ${row.undos === 1 ? "once" : `${row.undos} times`} in this deal`, text: " (practice)" })
      : null;
    body.append(h("tr", { class: practice ? "practice" : "" },
      h("th", { scope: "row", title: row.title }, `${row.deal}`, practice),
      row.payments.map((p, i) => h("td", { class: p > 0 ? "plus" : p < 0 ? "minus" : "", text: row.payments_text?.[i] ?? signed(p) }))));
  }
  table.append(body);
  table.append(h("tfoot", {}, h("tr", {},
    h("th", { scope: "row", text: "Total" }),
    ledger.balances.map((b, i) => h("td", { class: b > 0 ? "plus" : b < 0 ? "minus" : "", text: ledger.balances_text?.[i] ?? signed(b) })))));
  box.append(table);
  if (ledger.note) box.append(h("p", { class: "counters-note" }, withTerms(ledger.note)));
  box.append(h("p", { class: "pool-line" }, "In the ", term("pool"), `: ${ledger.pool_text ?? `${ledger.pool_now ?? ledger.pool} ${unit}`}`));
}

export function renderLog(snap, refs) {
  const list = refs.log;
  list.replaceChildren(...(snap.log ?? []).map((line) => h("li", {}, withTerms(line))));
  // Scrolled in the next frame: reading scrollHeight here would force a layout of the whole page
  // in the middle of rendering (about 150 ms on the first render).
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

/** The help text names the cards as the preset in play spells them (1660: Spadillio...). */
export function renderNames(snap) {
  const names = { ...(snap.rules?.names ?? {}), gano: snap.rules?.gano ?? "Gano" };
  for (const node of document.querySelectorAll("[data-name]")) {
    const name = names[node.dataset.name];
    if (name) node.textContent = name;
  }
}

/** Render the whole snapshot. */
export function renderAll(snap, refs, handlers, ui) {
  setGlossary(snap.glossary);
  renderNames(snap);
  refs.rulesTitle.textContent = snap.rules?.title ?? "";
  renderSeats(snap, refs);
  renderFacts(snap, refs);
  renderTrick(snap, refs);
  renderResult(snap, refs, handlers, ui.busy);
  renderActions(snap, refs, handlers, ui);
  renderHand(snap, refs, handlers, ui);
  renderExtras(snap, refs);
  renderLedger(snap, refs);
  renderLog(snap, refs);
}
