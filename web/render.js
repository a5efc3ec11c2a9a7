// Snapshot → DOM. Everything shown comes from the engine's snapshot (docs/bridge.md): this module
// decides where and how things are drawn, never what is legal or who wins. It writes text with
// textContent and builds nodes with createElement only.

import { backImage, cardImage, suitIcon } from "./cards.js";
import { signedNumber, t } from "./i18n.js";

// ---------------------------------------------------------------------------------------------
// Glossary: short explanations shown on hover (and read by screen readers through <abbr title>).
// The wording comes from the engine (snapshot.glossary, in the preset's spelling and with the
// table's numbers). This module only knows which words of running text name each glossary entry.

const TERM_WORDS = {
  // English first, then the words of the other languages' texts (es, fr, da, de).
  ombre: ["ombre", "l'ombre", "hombre", "l'hombre"],
  defender: ["defender", "defenders", "defensor", "defensores", "défenseur", "défenseurs", "forsvarer", "forsvarerne", "Verteidiger"],
  eldest: ["eldest", "eldest hand"],
  stock: ["stock", "talon", "monte"],
  "taking in": ["taking in", "take in", "takes in", "taken in"],
  matador: ["matador", "matadors", "matadore", "matadores", "matadorer", "matadorerne"],
  spadille: ["spadille", "spadillio", "espadille", "pipillo", "espadilla"],
  manille: ["manille", "mallilio", "manillio", "malilla"],
  basto: ["basto", "baste", "basta"],
  punto: ["punto", "ponto"],
  trump: ["trump", "trumps"],
  "sans-prendre": ["sans prendre", "sans-prendre", "sin tomar", "ohne Kauf"],
  codille: ["codille", "codillio", "codillo"],
  repuesto: ["repuesto", "repueto"],
  remise: ["remise", "remis"],
  sacada: ["sacada"],
  vole: ["vole", "voll"],
  beast: ["beast", "beasted"],
  pool: ["pool"],
  fish: ["fish"],
  dealer: ["dealer"],
  renounce: ["renounce"],
  gano: ["gano", "gagno"],
  partner: ["partner"],
  "forced-spadille": ["forced spadille"],
  "beasted-alone": ["beasted alone"],
  demand: ["demand", "demands", "demanded", "demanding"],
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
  2: ["bottom", "top"],  // Ombre by two: the opponent across the table
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],  // Quadrille: your right-hand neighbour plays after you
  5: ["bottom", "right", "top-right", "top-left", "left"],  // Ombre by five: play goes to the right
};

/** The seat at the bottom of the table: the person's, or the one a record is watched from (whose
 * hand is shown). */
function viewer(snap) {
  return snap.replay ? snap.replay.seat : snap.human;
}

/** Where a seat sits on screen, seen from `bottom` (viewer()): play goes to the right. */
export function position(seat, bottom, seats) {
  const places = PLACES[seats];
  if (!places) throw new Error(`no table layout for ${seats} seats`);
  return places[(seat - bottom + seats) % seats];
}

// ---------------------------------------------------------------------------------------------
// Cards

/** The card's accessible name, with the engine's trump and matador flags spoken too. */
export function cardName(card) {
  return card.label + (card.matador ? t("ui.card.matador") : card.trump ? t("ui.card.trump") : "");
}

/** A card as a picture with its accessible name (for the trick, the result and the discards). */
export function cardFigure(card, extraClass = "") {
  const fig = h("span", {
    class: `card ${extraClass}`.trim(),
    title: card.name !== card.plain ? t("ui.colon", { label: card.name, text: card.plain }) : card.plain,
    dataset: { code: card.code },
  });
  fig.append(cardImage(card, cardName(card)));
  return fig;
}

// ---------------------------------------------------------------------------------------------
// The seats

// A seat's last word in the auction, as a short past phrase under its name.
const BID_WORDS = { pass: "ui.bid.pass", play: "ui.bid.play", "sans-prendre": "ui.bid.sans-prendre" };

function seatPanel(snap, s) {
  const pos = position(s.seat, viewer(snap), snap.seats.length);
  const toMove = snap.to_move === s.seat && snap.phase !== "over";
  const panel = h("section", {
    class: `seat seat-${pos}${toMove ? " to-move" : ""}${s.role ? " role-" + s.role : ""}`,
    "aria-label": s.is_human ? t("ui.seat.yours") : s.name,
    dataset: { seat: s.seat },
  });
  const head = h("div", { class: "seat-head" }, h("span", { class: "seat-name", text: s.name }));
  const badges = h("span", { class: "badges" });
  if (s.is_dealer) badges.append(h("span", { class: "badge dealer" }, term("dealer", t("ui.badge.dealer"))));
  if (s.is_eldest) badges.append(h("span", { class: "badge eldest" }, term("eldest", t("ui.badge.eldest"))));
  if (s.role === "ombre") badges.append(h("span", { class: "badge ombre" }, term("ombre", t("ui.badge.ombre"))));
  if (s.role === "partner") badges.append(h("span", { class: "badge partner" }, term("partner", t("ui.badge.partner"))));
  if (s.role === "defender") badges.append(h("span", { class: "badge defender" }, term("defender", t("ui.badge.defender"))));
  head.append(badges);
  panel.append(head);

  const facts = h("div", { class: "seat-facts" });
  if (s.bid) {
    const word = BID_WORDS[s.bid] ? t(BID_WORDS[s.bid]) : s.bid;
    facts.append(h("span", { class: `bid bid-${s.bid}` }, s.bid === "sans-prendre" ? term("sans prendre", word) : word));
  }
  const counting = snap.phase === "play" || snap.phase === "over";
  facts.append(...[
    counting && h("span", { class: "tricks", title: t(s.tricks === 1 ? "ui.seat.tricks_won_one" : "ui.seat.tricks_won", { n: s.tricks }) },
      tricksStack(s.tricks), h("span", { class: "count", text: `${s.tricks}` }),
      h("span", { class: "word", text: t(s.tricks === 1 ? "ui.seat.trick" : "ui.seat.tricks") })),
    s.taken ? h("span", { class: "taken", title: t(s.taken === 1 ? "ui.seat.took_in_one.title" : "ui.seat.took_in.title", { n: s.taken }) }, t("ui.seat.took_in", { n: s.taken })) : null,
    h("span", { class: `balance ${s.balance > 0 ? "plus" : s.balance < 0 ? "minus" : ""}`, title: t("ui.seat.balance.title") },
      h("span", { class: "visually-hidden", text: t("ui.seat.balance.label") }), s.balance_text ?? signedNumber(s.balance)),
  ].filter(Boolean));
  panel.append(facts);

  // In a replay nobody thinks: the mark says whose step comes next, and the watched hand is shown
  // below, not as backs.
  const watched = snap.replay && snap.replay.seat === s.seat;
  if (toMove) panel.append(h("span", { class: "turn-mark", text: t(snap.replay ? "ui.seat.next" : s.is_human ? "ui.seat.your_turn" : "ui.seat.thinking") }));
  if (!s.is_human && !watched) {
    const backs = h("div", { class: "backs", "aria-label": t(s.cards === 1 ? "ui.seat.cards_one" : "ui.seat.cards", { n: s.cards }), role: "img" });
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
  refs.table?.classList.toggle("seats-2", snap.seats.length === 2);
  refs.table?.classList.toggle("seats-4", snap.seats.length === 4);
  refs.table?.classList.toggle("seats-5", snap.seats.length === 5);
  for (const s of snap.seats) {
    const pos = position(s.seat, viewer(snap), snap.seats.length);
    refs.seats[pos].append(seatPanel(snap, s));
  }
}

// ---------------------------------------------------------------------------------------------
// The centre: game facts, the trick on the table, the result

function seatName(snap, seat) {
  return snap.seats[seat]?.name ?? t("ui.seat.number", { n: seat });
}

export function renderFacts(snap, refs) {
  const list = refs.facts;
  list.replaceChildren();
  // Each label's colon (style.css draws it after the <dt>) as the language writes it: ui.colon.
  list.style.setProperty("--colon", JSON.stringify(t("ui.colon", { label: "", text: "" }).trimEnd()));
  const add = (label, value, cls = "") => list.append(h("div", { class: `fact ${cls}` }, h("dt", {}, label), h("dd", {}, value)));
  add(t("ui.facts.deal"), String(snap.deal_number));
  if (snap.trump) {
    add(term("trump", t("ui.facts.trump")), h("span", { class: "trump-name" }, suitIcon(snap.trump.suit, ["h", "d"].includes(snap.trump.suit)), ` ${snap.trump.name}`), "trump");
  } else {
    add(term("trump", t("ui.facts.trump")), t("ui.facts.trump_none"), "trump");
  }
  if (snap.ombre !== null && snap.ombre !== undefined) {
    const who = seatName(snap, snap.ombre);
    const contract = snap.contract ? h("span", { title: snap.contract.hint ?? "" }, ` (${snap.contract.name})`) : "";
    add(term("ombre", t("ui.facts.ombre")), h("span", {}, who, contract));
  }
  // pool_now: what is played for in this deal (stakes and fees already on the table).
  const pool = snap.ledger?.pool_now ?? snap.ledger?.pool ?? 0;
  add(term("pool", t("ui.facts.pool")), snap.ledger?.pool_text ?? `${pool} ${snap.ledger?.unit ?? ""}`.trim(), "pool");
  // Before the play the stock is drawn in the centre of the table; afterwards it is a fact.
  if (snap.stock && snap.rules?.stock_size !== 0 && (snap.phase === "play" || snap.phase === "over")) {
    add(term("stock", t("ui.facts.stock")), t(snap.stock.count === 1 ? "ui.facts.cards_one" : "ui.facts.cards", { n: snap.stock.count }));
  }
  if (snap.partnership) {  // by five, Quadrille: the called card, and the partner once he may be known
    const { called, partner, hint } = snap.partnership;
    // A king called from the Ombre's own hand gives him no partner: he plays alone (HOY law 12).
    const who = partner === null || partner === undefined ? t("ui.facts.secret")
      : partner === snap.ombre ? t("ui.facts.own_king") : seatName(snap, partner);
    add(t("ui.facts.called"), h("span", { title: hint ?? t("ui.facts.called.title") },
      t("ui.facts.called.text", { card: `${called.plain} ${called.symbol}`, partner: who })), "called");
  }
  if (snap.demand) {  // Quadrille by three: the king handed over and the card given back, in view of all
    const { card, from, given, hint } = snap.demand;
    const text = t("ui.facts.demanded.from", { card: `${card.plain} ${card.symbol}`, seat: seatName(snap, from) })
      + (given ? t("ui.facts.demanded.given", { card: `${given.name} ${given.symbol}` }) : "");
    add(h("abbr", { title: hint ?? "", text: t("ui.facts.demanded") }), text, "demanded");
  }
  if (snap.vole_declared) add(term("vole", t("ui.facts.vole")), t("ui.facts.vole.declared"));
  if (snap.undo?.used) add(t("ui.facts.practice"), t(snap.undo.used === 1 ? "ui.facts.undo_once" : "ui.facts.undo_times", { n: snap.undo.used }), "practice");
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
  for (const pos of ["left", "right", "bottom", "top", "top-left", "top-right"]) {
    area.classList.toggle(`to-${pos}`, done && position(trick.winner, viewer(snap), snap.seats.length) === pos);
  }
  if (!trick) {
    area.dataset.shown = "";
    area.setAttribute("aria-label", t("ui.trick.empty"));
    if (snap.demand && snap.phase !== "over") {
      // Quadrille by three: the demanded king and the card given back lie in view of all until
      // the first card is led.
      area.setAttribute("aria-label", t("ui.trick.demand"));
      area.append(demandPair(snap));
    } else if (snap.stock?.count && (snap.phase === "auction" || snap.phase === "exchange")) {
      // Before the play, the stock lies in the middle: a small pile of backs.
      const pile = h("div", { class: "stock-pile", title: t("ui.trick.stock.title", { n: snap.stock.count }) },
        h("span", { class: "pile", "aria-hidden": "true" },
          Array.from({ length: Math.min(4, snap.stock.count) }, () => h("span", { class: "back" }, backImage()))),
        h("span", { class: "pile-label" }, term("stock", t("ui.facts.stock")), t("ui.colon", { label: "", text: snap.stock.count })));
      area.append(pile);
    }
    return;
  }
  area.setAttribute("aria-label", t(done ? "ui.trick.last" : "ui.trick.current"));
  // Only a card that was not on the table at the last render slides in.
  const before = new Set((area.dataset.shown ?? "").split(" "));
  area.dataset.shown = trick.cards.map(({ card }) => card.code).join(" ");
  const list = h("ul", { class: "trick-cards" });
  trick.cards.forEach(({ seat, card }) => {
    const pos = position(seat, viewer(snap), snap.seats.length);
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
    area.append(h("p", { class: "trick-caption", text: t("ui.trick.won", { seat: seatName(snap, trick.winner) }) }));
  }
}

/** The demanded king (holder → Ombre) and the card given back (Ombre → holder), as cards. */
function demandPair(snap) {
  const { card, from, ombre, given, hint } = snap.demand;
  const move = (c, a, b) => h("li", { class: "demand-card" }, cardFigure(c),
    h("span", { class: "who", text: `${seatName(snap, a)} \u2192 ${seatName(snap, b)}` }));
  return h("div", { class: "demand-pair", title: hint ?? "" },
    h("ul", { class: "demand-cards" },
      move(card, from, ombre),
      given ? move(given, ombre, from)
        : h("li", { class: "demand-card pending" },
          h("span", { class: "card blank", title: t("ui.trick.to_give"), text: "?" }),
          h("span", { class: "who", text: `${seatName(snap, ombre)} \u2192 ${seatName(snap, from)}` }))));
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
    h("caption", { text: t("ui.result.caption") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("ui.result.player") }), h("th", { scope: "col", text: t("ui.result.tricks") }), h("th", { scope: "col", text: t("ui.result.counters") }))));
  const body = h("tbody");
  snap.seats.forEach((s, i) => {
    const pay = r.payments?.[i] ?? 0;
    body.append(h("tr", { class: r.ombre === i ? "is-ombre" : "" },
      h("th", { scope: "row" }, s.name, r.ombre === i ? h("span", { class: "small" }, " (", term("ombre", t("ui.result.ombre")), ")") : ""),
      h("td", { text: String(r.tricks?.[i] ?? s.tricks) }),
      h("td", { class: pay > 0 ? "plus" : pay < 0 ? "minus" : "", text: r.payments_text?.[i] ?? signedNumber(pay) })));
  });
  table.append(body);
  box.append(table);
  if (r.lines?.length) {
    box.append(h("details", { class: "result-details" },
      h("summary", { text: t("ui.result.details") }),
      h("ul", { class: "result-lines" }, r.lines.map((line) => h("li", {}, withTerms(line))))));
  }
  if (snap.replay) return;  // a record watched: its own bar says what may be done
  box.append(h("div", { class: "result-actions" },
    h("button", { type: "button", class: "primary", id: "next-deal", onclick: handlers.nextDeal, disabled: busy, text: t("ui.result.next") }),
    h("button", { type: "button", id: "review-deal", onclick: handlers.review, disabled: busy, text: t("ui.result.review") }),
    h("button", { type: "button", id: "export-record", onclick: handlers.exportRecord, disabled: busy, text: t("ui.result.save") })));
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
    const label = n === 0 ? t(min === 0 ? "ui.discard.none" : "ui.discard.button") : t("ui.discard.n", { n });
    // The rule (how many may go) is worded by the engine in snap.prompt; here only the count chosen.
    const hint = snap.prompt ?? "";
    bar.append(h("button", {
      type: "button", class: "action action-discard primary", id: "discard-button",
      disabled: ui.busy || !ok, title: hint,
      onclick: () => handlers.act(["discard", ...ui.selected].join(" ")),
      text: label,
    }));
    refs.prompt.append(h("span", { class: "discard-hint", text: ` ${t("ui.discard.count", { n })}` }));
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
      "aria-label": cardName(card) + (playing && !card.legal ? t("ui.card.not_now") : ""),
      title: card.name !== card.plain ? t("ui.colon", { label: card.name, text: card.plain }) : card.plain,
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
    ? t(cards.length === 1 ? "ui.hand.label_one" : "ui.hand.label", { n: cards.length })
      + (discarding ? t("ui.hand.label_discard", { n: ui.selected.size }) : "")
    : t("ui.hand.yours");
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
      h("h3", { text: t("ui.extras.discards") }),
      h("div", { class: "row" }, snap.discards.map((c) => cardFigure(c, "mini")))));
  }
  if (snap.demand) {
    const { card, given } = snap.demand;
    box.append(h("div", { class: "mini-cards" },
      h("h3", { title: snap.demand.hint ?? "", text: t("ui.extras.demanded") }),
      h("div", { class: "row" }, [card, given].filter(Boolean).map((c) => cardFigure(c, "mini")))));
  }
  if (snap.stock?.cards?.length) {
    box.append(h("div", { class: "mini-cards" },
      h("h3", {}, t("ui.extras.stock"), term("stock", t("ui.extras.stock.word"))),
      h("div", { class: "row" }, snap.stock.cards.map((c) => cardFigure(c, "mini")))));
  }
  box.hidden = !box.childElementCount;
}

export function renderLedger(snap, refs) {
  const box = refs.ledger;
  box.replaceChildren();
  const ledger = snap.ledger ?? { balances: snap.seats.map((s) => s.balance), pool: 0, deals: 0 };
  const unit = ledger.unit ?? snap.rules?.unit ?? t("ui.ledger.unit");
  const table = h("table", { class: "ledger-table" });
  // The engine words every amount in the preset's one form (1660: greater and lesser counters).
  const caption = t(ledger.deals === 1 ? "ui.ledger.caption_one" : "ui.ledger.caption", { n: ledger.deals });
  // The unit in brackets where the caption's "counters" does not already name it (1660's lesser
  // counters, Quadrille's fish): "Counters after 3 deals (counters)" said it twice.
  const named = ledger.note || unit === t("ui.ledger.unit");
  table.append(h("caption", {}, named ? caption : `${caption} (${unit})`));
  const head = h("tr", {}, h("th", { scope: "col", text: t("ui.facts.deal") }), snap.seats.map((s) => h("th", { scope: "col", text: s.name })));
  table.append(h("thead", {}, head));
  const body = h("tbody");
  for (const row of ledger.history ?? []) {
    // A deal in which the person used Undo is marked: practice, not a deal played straight.
    const practice = row.undos > 0
      ? h("span", { class: "practice-mark", title: t(row.undos === 1 ? "ui.ledger.practice_once" : "ui.ledger.practice_times", { n: row.undos }), text: ` ${t("ui.ledger.practice")}` })
      : null;
    body.append(h("tr", { class: practice ? "practice" : "" },
      h("th", { scope: "row", title: row.title }, `${row.deal}`, practice),
      row.payments.map((p, i) => h("td", { class: p > 0 ? "plus" : p < 0 ? "minus" : "", text: row.payments_text?.[i] ?? signedNumber(p) }))));
  }
  table.append(body);
  table.append(h("tfoot", {}, h("tr", {},
    h("th", { scope: "row", text: t("ui.ledger.total") }),
    ledger.balances.map((b, i) => h("td", { class: b > 0 ? "plus" : b < 0 ? "minus" : "", text: ledger.balances_text?.[i] ?? signedNumber(b) })))));
  box.append(table);
  if (ledger.note) box.append(h("p", { class: "counters-note" }, withTerms(ledger.note)));
  box.append(h("p", { class: "pool-line" }, t("ui.ledger.pool"), term("pool", t("ui.ledger.pool.word")), t("ui.colon", { label: "", text: ledger.pool_text ?? `${ledger.pool_now ?? ledger.pool} ${unit}` })));
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
