// The controller: starts the engine, keeps the current snapshot, turns clicks and keys into bridge
// actions, lets the computer players move one action at a time, and saves the session.
//
// All rules live in Python (ombre_core.bridge, see docs/bridge.md). This file only sends action
// strings that the snapshot offered and renders the replies (render.js).

import { startEngine } from "./engine-client.js";
import { h, handKeydown, renderAll, withTerms } from "./render.js";
import { backImage } from "./cards.js";
import { openReview } from "./review.js";
import { renderReplayBar } from "./replay-bar.js";
import * as saves from "./saves.js";
import { DISPLAY_OPTIONS, listWords, quote, readAddress, readDisplay, readScenario, readTheme, savedProblem, sentences } from "./checks.js";
import { dealFinished, tellHost } from "./host.js";
import { SETTINGS_KEY, THEMES, applySettings, readSettings, setVisitTheme, settingsText, shownTheme } from "./settings.js";
import * as stats from "./stats.js";
import { renderTricksDialog, renderStats } from "./dialogs.js";
import { renderCompare, renderRuleLines } from "./sources.js";
import { LANGUAGES, NARROW, chooseLanguage, count, language, languageName, loadLanguage, signedNumber, speakLanguage, t, translatePage, translateShort } from "./i18n.js";

// The modules run: tell boot.js and style.css that the static "scripts did not run" notice is not
// needed; from here on this file explains every failure itself.
document.documentElement.dataset.boot = "app";

const { store } = saves;  // the games themselves: saves.js; the settings: settings.js

// A forced card (the only one that may be played) is played for the person after this pause, so
// that they see it go; never shorter, whatever the computer players' pace.
const FORCED_PAUSE_MS = 700;

const $ = (id) => document.getElementById(id);

const refs = {
  rulesTitle: $("rules-title"),
  seats: {
    left: $("seat-left"), right: $("seat-right"), bottom: $("seat-bottom"),
    top: $("seat-top"), "top-left": $("seat-top-left"), "top-right": $("seat-top-right"),
  },
  facts: $("facts"),
  trick: $("trick"),
  result: $("result"),
  prompt: $("prompt"),
  actions: $("actions"),
  hand: $("hand"),
  handLabel: $("hand-label"),
  extras: $("extras"),
  ledger: $("ledger"),
  log: $("log"),
  live: $("live"),
  table: $("table"),
  notice: $("notice"),
  noticeText: $("notice-text"),
  noticeActions: $("notice-actions"),
  loaderText: $("loader-text"),
  loaderProgress: $("loader-progress"),
};

const ui = {
  snap: null,           // the last snapshot from the engine
  busy: false,          // an engine call is under way: actions are disabled
  selected: new Set(),  // cards chosen for the discard
  focusCode: null,      // the hand's roving tab stop
  pace: 800,            // ms before each computer move
  settings: null,       // settings.js: card size, four colours, forced cards, practice
  forcing: null,        // the snapshot whose forced card is about to be played for the person
  hinted: null,         // {for: hintKey, action, cards}: what the hint names, marked on its turn
  presets: [],
  levels: [],
  generation: 0,        // bumped by a new game or a load; stops an old bot loop
  botGen: null,         // generation of the running bot loop, if any
  logSeen: { deal: null, count: 0 },
  slot: null,           // id of the saved game this tab plays (saves.js)
  away: false,          // another tab took this game: this one only shows it
  storageSaid: false,   // the person was told once that the game cannot be kept
  accepted: 0,          // snapshots taken in so far (a language switch keeps a newer one)
  notice: null,         // the open notice's {text, actions}, to word it again in another language
};

let engine = null;

// ---------------------------------------------------------------------------------------------
// Settings (the games themselves are kept by saves.js)

/** Read the saved settings and show them; the sentences for saved values that could not be used. */
function loadSettings() {
  const { settings, problems } = readSettings(store.get(SETTINGS_KEY));
  ui.settings = settings;
  ui.pace = settings.pace;
  const select = $("pace");
  if (![...select.options].some((o) => Number(o.value) === ui.pace)) select.append(new Option(t("ui.pace.ms", { ms: ui.pace }), String(ui.pace)));
  select.value = String(ui.pace);
  const look = readTheme(window.location.search, THEMES);  // the address's look, for this visit
  setVisitTheme(look.theme);
  if (look.note) problems.push(look.note);
  applySettings(settings);
  fillLanguages();
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The language (i18n.js): the address's `lang` for this visit, else the saved setting, else the
// browser's, else English. The page's words come from the catalogue; the engine's (snapshots, the
// log, hints) from the bridge's set_language, which the worker applies at start-up too.

/** The language chosen before anything is drawn: {lang, note} (note: a bad address option). */
async function startLanguage() {
  let saved = null;
  try { saved = JSON.parse(store.get(SETTINGS_KEY) ?? "null")?.lang ?? null; } catch { /* readSettings says so */ }
  const choice = chooseLanguage(window.location.search, saved, navigator.languages ?? [navigator.language]);
  let note = null;
  try {
    await loadLanguage(choice.lang);
  } catch (err) {
    console.warn(`The ${choice.lang} texts could not be loaded:`, err);
    note = t("ui.lang.unavailable", { language: languageName(choice.lang) });
  }
  if (choice.bad !== null) note = t("ui.check.lang", { value: quote(choice.bad, 16), choices: listWords(LANGUAGES, "or"), language: languageName(language()) });
  translatePage();
  NARROW?.addEventListener("change", translateShort);  // a phone turned, a window narrowed
  return { lang: language(), note };
}

/** The Language list of Settings: each language named in itself. */
function fillLanguages() {
  const select = $("language");
  select.replaceChildren(...LANGUAGES.map((lang) => h("option", { value: lang, lang, text: languageName(lang) })));
  select.value = language();
}

/**
 * Speak `lang` from now on: the page's words, the engine's, and the table drawn again. The page
 * switches once the engine has answered, so its words and the engine's change together.
 */
async function switchLanguage(lang) {
  try {
    if (!(await loadLanguage(lang, { speak: false }))) return;  // a later choice is on its way
  } catch (err) {
    $("language").value = language();
    showNotice(() => sentences(t("ui.lang.unavailable", { language: languageName(lang) }), String(err?.message ?? err)), () => [[t("ui.notice.ok"), hideNotice, true]]);
    return;
  }
  let snap = null;
  let from = ui.accepted;
  if (engine) {
    try {
      const reply = await call("set_language", { lang });
      // The same game, its words in the new language. The engine answers in order, so a snapshot
      // that came in meanwhile answered a call made before the switch (a computer player's move)
      // and is in the old words: ask again; one newer than that request is in the new words.
      snap = reply.snapshot ?? null;
      if (ui.snap?.replay) {
        snap = await call("replay_step", { step: ui.snap.replay.step });
      } else if (from !== ui.accepted && ui.snap) {
        from = ui.accepted;
        snap = await call("snapshot");
      }
      const presets = await call("presets");
      ui.presets = Array.isArray(presets) ? presets : (presets.presets ?? ui.presets);
      ui.levels = Array.isArray(presets?.levels) ? presets.levels : ui.levels;
      ui.scenarios = Array.isArray(presets?.scenarios) ? presets.scenarios : ui.scenarios;
    } catch (err) {
      console.warn("The engine could not change its language:", err);
    }
  }
  if (!speakLanguage(lang)) return;  // a later choice came meanwhile: it switches
  translatePage();
  fillLanguages();
  wordNotice();
  refs.live.replaceChildren();  // the last announcement was in the old language
  if (snap && ui.snap && from === ui.accepted) {
    ui.snap = snap;
    ui.logSeen = { deal: snap.deal_number, count: (snap.log ?? []).length };
    ui.forcing = forcedNow(snap) ? snap : null;
    if (ui.forcing) scheduleForced();
  }
  // The tutor's and the hint's words belong to the language they were asked in.
  $("tutor").dataset.for = "";
  $("hint-text").dataset.for = "";
  if (ui.snap) {
    render();
  } else {
    renderPlaceholder();
  }
  const tricks = $("tricks-dialog");
  if (tricks.open) renderTricksDialog(ui.snap, $("tricks-rule"), $("tricks-list"));
  if ($("rules-dialog").open) showSources($("sources-preset").value || ui.snap?.rules?.id || defaultRules());
}

function saveSettings() {
  ui.settings.pace = ui.pace;
  store.set(SETTINGS_KEY, settingsText(ui.settings));
}

/** The Settings dialog: each control applies at once and is kept. */
function openSettings() {
  const form = $("settings-form");
  for (const input of form.querySelectorAll("input")) {
    if (input.name === "theme") input.checked = shownTheme(ui.settings) === input.value;
    else if (input.type === "radio") input.checked = ui.settings[input.name] === input.value;
    else input.checked = Boolean(ui.settings[input.name]);
  }
  $("settings-dialog").showModal();
}

function settingChanged(event) {
  const input = event.target;
  if (input.name === "lang") {
    // The person's choice now wins over the address's and the browser's, also after a reload.
    ui.settings.lang = input.value;
    const url = new URL(window.location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.delete("lang");
      window.history.replaceState(null, "", url.pathname + url.search + url.hash);
    }
    saveSettings();
    switchLanguage(input.value);
    return;
  }
  if (!(input.name in ui.settings)) return;
  ui.settings[input.name] = input.type === "radio" ? input.value : input.checked;
  if (input.name === "theme") {
    // The person's choice now wins over the address's, also after a reload.
    setVisitTheme(null);
    const url = new URL(window.location.href);
    if (url.searchParams.has("theme")) {
      url.searchParams.delete("theme");
      window.history.replaceState(null, "", url.pathname + url.search + url.hash);
    }
  }
  saveSettings();
  applySettings(ui.settings);
  render();
  if (input.name === "autoplay") scheduleForced();
}

// ---------------------------------------------------------------------------------------------
// Engine calls

class EngineError extends Error {
  constructor(error) {
    super(error?.message ?? String(error));
    this.type = error?.type ?? "Error";
  }
}

/** Call a bridge function; returns the parsed reply, or throws EngineError for {"ok": false}. */
async function call(fn, arg) {
  const text = await engine.call(fn, arg === undefined ? undefined : typeof arg === "string" ? arg : JSON.stringify(arg));
  const reply = typeof text === "string" ? JSON.parse(text) : text;
  if (reply && reply.ok === false) throw new EngineError(reply.error);
  return reply;
}

/**
 * Save the game this tab plays, now at `snap` (the state the engine just answered). Called before
 * `snap` is shown, so that a person who leaves the page as soon as they see a move loses nothing.
 */
async function persist(snap) {
  const id = ui.slot;
  if (!id || ui.away || snap.replay) return;  // a record watched is not the saved game
  try {
    const saved = await engine.call("save");
    if (saved && saved.ok === false) throw new EngineError(saved.error);
    const text = typeof saved === "string" ? saved : JSON.stringify(saved);
    // Another tab may have taken the game while the engine answered: then this tab writes nothing.
    if (ui.slot !== id || ui.away) return;
    if (!saves.writeSave(id, snap, text)) storageRefused();
  } catch (err) {
    console.warn("The game could not be saved:", err);
  }
}


/** Say once that the browser refused to keep the game; play goes on. */
function storageRefused() {
  if (ui.storageSaid) return;
  ui.storageSaid = true;
  showNotice(() => t("ui.notice.storage_refused"), () => [[t("ui.notice.ok"), hideNotice]], { kind: "info", focus: false });
}

// ---------------------------------------------------------------------------------------------
// State shown to tests and assistive technology

function setState(state) {
  document.body.dataset.state = state;
}

function updateState() {
  const snap = ui.snap;
  if (!snap) return;
  if (ui.away) setState("error");
  else if (ui.busy || ui.forcing) setState("waiting");
  else if (snap.replay) setState("watching");  // a record or a scenario: nobody is to move
  else if (snap.phase === "over") setState("over");
  else if (snap.human_to_move) setState("playable");
  else setState("waiting");
}

function announce(lines) {
  const text = sentences(lines.filter(Boolean));  // a result's title has no full stop of its own
  if (!text) return;
  refs.live.replaceChildren();
  // A new node each time, so that screen readers read it even when the words repeat.
  refs.live.append(h("p", { text }));
}

/** Announce what happened since the last snapshot: new log lines, the result, the prompt. */
function announceChanges(prev, snap) {
  const lines = [];
  const log = snap.log ?? [];
  const from = ui.logSeen.deal === snap.deal_number ? ui.logSeen.count : 0;
  lines.push(...log.slice(from));
  ui.logSeen = { deal: snap.deal_number, count: log.length };
  if (snap.result && !(prev && prev.result && prev.deal_number === snap.deal_number)) {
    lines.push(snap.result.title, snap.result.text);
  }
  if (ui.forcing === snap) {
    lines.push(forcedWords(snap));
  } else if (snap.human_to_move && snap.prompt && !(prev && prev.human_to_move && prev.prompt === snap.prompt)) {
    lines.push(snap.prompt);
  }
  announce(lines);
}

// ---------------------------------------------------------------------------------------------
// Rendering

const handlers = {
  act: (action) => humanAction(action),
  cardClick: (card) => cardClick(card),
  nextDeal: () => nextDeal(),
  exportRecord: () => exportRecord(),
  review: () => openReview(() => call("review", { rows: 1 })),
};

function render() {
  if (!ui.snap) return;
  const inGame = focusInGame();
  renderAll(ui.snap, refs, handlers, ui);
  markHinted();
  renderReplayBar(ui.snap, $("replay-bar"), replayHandlers, ui.busy);
  renderTutor();
  renderHint();
  renderTools();
  document.body.classList.toggle("away", ui.away);
  if (ui.away) refs.prompt.textContent = t("ui.prompt.away");
  updateState();
  // The control that had focus may be gone or disabled (an action was sent): never leave focus on
  // <body> or on a control that does nothing; while the engine or the computers work, the prompt
  // (which says who is thinking) holds it until the person's next action is there.
  const active = document.activeElement;
  if (inGame && (!active || active === document.body || active.disabled || !active.isConnected)) focusNext();
}

/** The Hint button on the person's turn; the hint's text belongs to the snapshot it was for. */
function renderHint() {
  const snap = ui.snap;
  const button = $("btn-hint");
  button.hidden = !(snap && snap.human_to_move && !ui.away);
  button.disabled = ui.busy;
  const text = $("hint-text");
  if (text.dataset.for !== hintKey(snap)) {
    text.hidden = true;
    text.textContent = "";
  }
}

/** Undo (practice) and Tricks played, beside the Hint; an open Tricks dialog follows the table. */
function renderTools() {
  const snap = ui.snap;
  const undo = $("btn-undo");
  undo.hidden = !ui.settings.practice || ui.away;
  undo.disabled = ui.busy || !snap?.undo?.available;
  const played = snap?.tricks_played;
  const tricks = $("btn-tricks");
  tricks.hidden = !played?.count || ui.away;
  tricks.textContent = t("ui.tricks.button", { n: played?.count ?? 0 });
  if (ui.forcing) refs.prompt.append(h("span", { class: "discard-hint", text: ` ${forcedWords(snap)}` }));
  if ($("tricks-dialog").open) renderTricksDialog(snap, $("tricks-rule"), $("tricks-list"));
}

/** The tutor (a setting): on the person's turn, the engine's words on the step (explain()). */
function renderTutor() {
  const snap = ui.snap;
  const box = $("tutor");
  const want = Boolean(ui.settings?.tutor && snap && snap.human_to_move && !snap.replay && !ui.away);
  if (!want) {
    box.hidden = true;
    box.dataset.for = "";
    return;
  }
  const key = hintKey(snap);
  if (box.dataset.for === key) return;
  box.dataset.for = key;
  box.hidden = true;
  call("explain").then((reply) => {
    if (box.dataset.for !== key || !reply.lines?.length) return;
    box.replaceChildren(h("p", { class: "tutor-title", text: t("ui.tutor.title") }),
      ...reply.lines.map((line) => h("p", {}, withTerms(line))));
    box.hidden = false;
  }, () => { /* the tutor is a help: the table goes on without it */ });
}

function hintKey(snap) {
  return snap ? `${snap.deal_number}:${(snap.log ?? []).length}:${snap.phase}` : "";
}

/** Marks the hint's button or cards (the card it plays, the cards it discards) on the turn it
 * was asked for: after each drawing of the table, and in place when the hint comes, so focus
 * stays on the Hint button. The table is drawn anew with no marks, so marks are only added. */
function markHinted() {
  if (!ui.hinted || ui.hinted.for !== hintKey(ui.snap)) return;
  const { action, cards } = ui.hinted;
  for (const b of refs.actions.querySelectorAll("button[data-action]")) b.classList.toggle("hinted", b.dataset.action === action);
  for (const b of refs.hand.querySelectorAll("button.hand-card")) {
    if (!cards.has(b.dataset.code) || b.classList.contains("hinted")) continue;
    b.classList.add("hinted");
    b.setAttribute("aria-label", b.getAttribute("aria-label") + t("ui.card.hinted"));
  }
}

/** The hint's chance in words: a share of a few sampled layouts, so "about 0%" or "about 100%"
 * would claim a certainty the sample does not have. */
function chanceWords(chance) {
  const percent = Math.round(chance * 100);
  if (percent < 5) return t("ui.hint.chance_low");
  if (percent > 95) return t("ui.hint.chance_high");
  return t("ui.hint.chance", { percent });
}

async function showHint() {
  const snap = ui.snap;
  if (!snap || !snap.human_to_move || ui.busy) return;
  const button = $("btn-hint");
  const text = $("hint-text");
  button.disabled = true;
  text.hidden = false;
  text.textContent = t("ui.hint.thinking");
  text.dataset.for = hintKey(snap);
  delete text.dataset.action;
  try {
    const advice = await call("hint");
    if (text.dataset.for !== hintKey(ui.snap)) return;
    const chance = typeof advice.chance === "number" ? ` ${chanceWords(advice.chance)}` : "";
    text.textContent = t("ui.hint.text", { label: advice.label, reason: advice.reason }) + chance;
    text.dataset.action = advice.action;  // the code, for tests and tools: the words are shown
    ui.hinted = { for: hintKey(snap), action: advice.action, cards: new Set(advice.cards ?? []) };
    markHinted();
  } catch (err) {
    text.textContent = t("ui.hint.none", { reason: err.message ?? err }).replace(/\.\.$/, ".");
  } finally {
    button.disabled = false;
  }
}

/**
 * Whether focus is where the game may move it: nowhere (<body>), on the table, or in the notice.
 * When the person has gone to the top bar, the ledger, the log or a dialog, focus stays there.
 */
function focusInGame() {
  const active = document.activeElement;
  if (document.querySelector("dialog[open]")) return false;
  return !active || active === document.body || refs.table.contains(active) || refs.notice.contains(active);
}

/**
 * The control of the person's next action: Next deal when the deal is over; the first playable
 * card in the play; the first card of the hand while discarding (choosing cards comes first);
 * else the first action button (the auction, the trump). While someone else is to move, or the
 * engine works: the prompt, which says so.
 */
function nextTarget() {
  const snap = ui.snap;
  if (!snap || ui.away) return null;
  if (!ui.busy && snap.phase === "over") return $("next-deal");
  if (ui.busy || ui.forcing || !snap.human_to_move) return refs.prompt;
  if (snap.discard) return refs.hand.querySelector('button[tabindex="0"]') ?? refs.hand.querySelector("button");
  if (snap.phase === "play") return refs.hand.querySelector("button.legal");
  return refs.actions.querySelector("button:not(:disabled)") ?? refs.prompt;
}

function focusNext() {
  const target = nextTarget();
  if (!target) return;
  if (target.closest("#hand")) {
    // The hand is one tab stop: it moves with the focus.
    refs.hand.querySelectorAll("button").forEach((b) => { b.tabIndex = b === target ? 0 : -1; });
    ui.focusCode = target.dataset.code ?? ui.focusCode;
  }
  target.focus();
}

/** The table before the engine is ready: empty seats and a hand of backs, so the page is never blank. */
function renderPlaceholder() {
  const seat = (pos, name) => h("section", { class: `seat seat-${pos}`, "aria-label": name },
    h("div", { class: "seat-head" }, h("span", { class: "seat-name", text: name })),
    pos === "bottom" ? null : h("div", { class: "backs", "aria-hidden": "true" },
      Array.from({ length: 9 }, () => h("span", { class: "back" }, backImage()))));
  refs.seats.left.replaceChildren(seat("left", "\u2026"));
  refs.seats.right.replaceChildren(seat("right", "\u2026"));
  refs.seats.bottom.replaceChildren(seat("bottom", t("ui.seat.you")));
  refs.hand.replaceChildren(...Array.from({ length: 9 }, () => h("span", { class: "card hand-card placeholder", "aria-hidden": "true" }, backImage())));
}

/**
 * Show the notice: an error or a question ("alert", red) or a word in passing ("info", which does
 * not take the focus from the game unless asked). `text` and `actions` ([label, onclick,
 * primary?] each) may be functions that build them: such a notice is worded again when the
 * language changes while it is open.
 */
function showNotice(text, actions = [], { kind = "alert", focus = true } = {}) {
  ui.notice = { text, actions };
  wordNotice();
  refs.notice.classList.toggle("info", kind === "info");
  refs.notice.hidden = false;
  if (focus) refs.noticeActions.querySelector("button")?.focus();
}

/** Word the open notice (again) in the page's language. */
function wordNotice() {
  if (!ui.notice) return;
  const { text, actions } = ui.notice;
  const hadFocus = refs.noticeActions.contains(document.activeElement);
  const focused = [...refs.noticeActions.children].indexOf(document.activeElement);
  refs.noticeText.textContent = typeof text === "function" ? text() : text;
  const made = typeof actions === "function" ? actions() : actions;
  refs.noticeActions.replaceChildren(...made.map(([label, fn, primary]) =>
    h("button", { type: "button", class: primary ? "primary" : "", onclick: fn, text: label })));
  if (hadFocus) refs.noticeActions.children[Math.max(0, focused)]?.focus();
}

function hideNotice() {
  const hadFocus = refs.notice.contains(document.activeElement);
  refs.notice.hidden = true;
  refs.notice.classList.remove("info");
  if (hadFocus) queueMicrotask(focusNext);
  refs.noticeText.textContent = "";
  refs.noticeActions.replaceChildren();
  ui.notice = null;
}

// ---------------------------------------------------------------------------------------------
// Taking in a new snapshot

function accept(snap) {
  const prev = ui.snap;
  if (!prev || prev.deal_number !== snap.deal_number || !snap.discard) ui.selected.clear();
  // The framing page, if any, hears when the table is first ready and when a deal it saw ends.
  if (!ui.toldReady) {
    ui.toldReady = true;
    tellHost("ready", { rules: snap.rules?.id, deal: snap.deal_number, level: snap.level });
  }
  if (prev && prev.deal_number === snap.deal_number && prev.phase !== "over" && snap.phase === "over") {
    tellHost("deal-finished", dealFinished(snap));
  }
  const inGame = focusInGame();
  ui.snap = snap;
  ui.accepted += 1;
  ui.forcing = forcedNow(snap) ? snap : null;
  render();
  // Something happened: focus goes to what the person can do now (or to the prompt meanwhile).
  if (inGame) focusNext();
  announceChanges(prev, snap);
  countDeal(prev, snap);
  if (ui.forcing) scheduleForced();
}

// ---------------------------------------------------------------------------------------------
// Forced cards: when the snapshot says the person's only legal action is one card (snap.forced,
// decided by the engine), it is played for them after a short pause (a setting, on by default).

function forcedWords(snap) {
  const card = snap.hand?.find((c) => c.code === snap.forced);
  return card ? t("ui.forced.card", { card: card.label }) : t("ui.forced.plain");
}

function forcedNow(snap) {
  return Boolean(snap && snap.forced && snap.human_to_move && ui.settings.autoplay && !ui.busy && !ui.away);
}

async function scheduleForced() {
  const snap = ui.snap;
  if (!forcedNow(snap)) {
    if (ui.forcing) { ui.forcing = null; render(); }
    return;
  }
  if (ui.forcing !== snap) { ui.forcing = snap; render(); }
  const gen = ui.generation;
  await sleep(Math.max(FORCED_PAUSE_MS, Math.min(ui.pace, 1400)));
  // Anything that happened meanwhile (an undo, a new game, the card clicked) cancels it.
  if (gen !== ui.generation || ui.snap !== snap || ui.forcing !== snap || !forcedNow(snap)) return;
  ui.forcing = null;
  change("apply", { action: snap.forced });
}

// ---------------------------------------------------------------------------------------------
// Statistics (stats.js): each finished deal counted once; a deal taken back is forgotten.

let statsSaid = false;

function countDeal(prev, snap) {
  if (!ui.slot || ui.away) return;
  const key = `${ui.slot}:${snap.deal_number}`;
  const entry = stats.dealEntry(snap, key);
  const undone = !entry && prev?.result && prev.deal_number === snap.deal_number;
  if (!entry && !undone) return;
  const { stats: kept, problem } = stats.loadStats(store);
  if (problem) statsProblem(problem);
  store.set(stats.STATS_KEY, JSON.stringify(entry ? stats.record(kept, entry) : stats.forget(kept, key)));
}

/** The statistics kept could not be read: they were put aside; say so once, in passing. */
function statsProblem(problem) {
  if (statsSaid) return;
  statsSaid = true;
  showNotice(sentences(problem), () => [[t("ui.notice.ok"), hideNotice]], { kind: "info", focus: false });
}

function openStats() {
  const { stats: kept, problem } = stats.loadStats(store);
  if (problem) statsProblem(problem);
  renderStats(kept, $("stats-body"), (id) => ui.presets.find((p) => p.id === id)?.title ?? t("ui.stats.rules_id", { id }));
  $("stats-reset-ask").hidden = true;
  $("stats-reset").hidden = false;
  $("stats-dialog").showModal();
}

function askReset() {
  $("stats-reset-ask").hidden = false;
  $("stats-reset").hidden = true;
  $("stats-reset-no").focus();
}

function resetStats(yes) {
  if (yes) {
    store.remove(stats.STATS_KEY);
    renderStats(stats.empty(), $("stats-body"), () => "");
  }
  $("stats-reset-ask").hidden = true;
  $("stats-reset").hidden = false;
  $("stats-reset").focus();
}

// ---------------------------------------------------------------------------------------------
// Undo (practice) and the tricks played

function undo() {
  if (ui.busy || ui.away || !ui.settings.practice || !ui.snap?.undo?.available) return;
  hideNotice();
  // The computer players stop: what they did after the person's decision is taken back too.
  ui.generation += 1;
  ui.forcing = null;
  change("undo");
}

function openTricks() {
  renderTricksDialog(ui.snap, $("tricks-rule"), $("tricks-list"));
  $("tricks-dialog").showModal();
}

/** Run an engine call that changes the state, then save and let the computer players move. */
async function change(fn, arg) {
  const gen = ui.generation;
  ui.busy = true;
  setState("waiting");
  render();
  try {
    const snap = await call(fn, arg);
    if (gen !== ui.generation) return;
    await persist(snap);
    if (gen !== ui.generation) return;
    ui.busy = false;
    accept(snap);
  } catch (err) {
    ui.busy = false;
    render();
    if (err instanceof EngineError && !ui.snap) {
      offerNewGame(t("ui.error.start", { reason: err.message }));
    } else if (err instanceof EngineError) {
      announce([sentences(err.message)]);
      showNotice(sentences(err.message), () => [[t("ui.notice.ok"), hideNotice, true]]);
    } else {
      fatal(t("ui.error.engine_stopped"), err);
    }
    return;
  }
  runBots();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Let the computer players move, one bridge call per action, with a pause a person can follow. */
async function runBots() {
  const gen = ui.generation;
  if (ui.botGen === gen) return;  // one loop per game: a second caller leaves it to the first
  ui.botGen = gen;
  try {
    while (ui.snap && !ui.snap.replay && gen === ui.generation && ui.snap.phase !== "over" && !ui.snap.human_to_move
           && ui.snap.to_move !== null && ui.snap.to_move !== undefined) {
      setState("waiting");
      // A trick just gathered stays on the table a little longer, so its winner can be seen.
      const gathered = !ui.snap.trick?.cards?.length && ui.snap.last_trick?.cards?.length;
      // The move is worked out during the pause, not after it: a person sees the pace alone unless
      // the decision takes longer (the expert's take a few hundred ms at worst: docs/bots.md).
      let snap;
      try {
        [snap] = await Promise.all([call("bot_move"), sleep(gathered ? ui.pace * 2 : ui.pace)]);
      } catch (err) {
        fatal(t("ui.error.bot"), err);
        return;
      }
      if (gen !== ui.generation) return;
      await persist(snap);
      if (gen !== ui.generation) return;
      accept(snap);
    }
  } finally {
    if (ui.botGen === gen) ui.botGen = null;
  }
  updateState();
}

// ---------------------------------------------------------------------------------------------
// What the person does

function humanAction(action) {
  if (ui.busy || ui.away || !ui.snap?.human_to_move) return;
  ui.forcing = null;
  hideNotice();
  change("apply", { action });
}

function cardClick(card) {
  const snap = ui.snap;
  if (ui.busy || ui.away || !snap?.human_to_move) return;
  if (snap.discard) {
    if (ui.selected.has(card.code)) ui.selected.delete(card.code);
    else if (ui.selected.size < snap.discard.max) ui.selected.add(card.code);
    ui.focusCode = card.code;
    render();
    announce([t(ui.selected.has(card.code) ? "ui.discard.chosen" : "ui.discard.kept", { card: card.label, n: ui.selected.size })]);
    return;
  }
  if (snap.phase === "play" && card.legal) humanAction(card.code);
}

function nextDeal() {
  if (ui.busy || ui.away || ui.snap?.phase !== "over") return;
  change("next_deal");
}

async function exportRecord() {
  try {
    const reply = await engine.call("export_record");
    const text = typeof reply === "string" ? reply : JSON.stringify(reply);
    const parsed = JSON.parse(text);
    if (parsed && parsed.ok === false) throw new EngineError(parsed.error);
    // The bridge answers {"ok": true, "record": {...}}; the file is the record itself.
    const record = parsed && typeof parsed.record === "object" ? parsed.record : parsed;
    const blob = new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `ombre-deal-${ui.snap?.deal_number ?? 1}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  } catch (err) {
    showNotice(sentences(t("ui.error.record", { reason: err.message ?? err })), [[t("ui.notice.ok"), hideNotice, true]]);
  }
}

// ---------------------------------------------------------------------------------------------
// Watching a record (issue #8): the engine keeps the game in progress meanwhile.

const MAX_RECORD_BYTES = 1_000_000;

/** Read a record file (chosen or dropped) and watch it from its first step. */
async function watchRecord(file) {
  if (!file) return;
  hideNotice();
  if (file.size > MAX_RECORD_BYTES) {
    showNotice(sentences(t("ui.record.too_large", { file: quote(file.name), bytes: count(file.size) })), [[t("ui.notice.ok"), hideNotice, true]]);
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    showNotice(sentences(t("ui.record.unreadable", { file: quote(file.name), reason: err.message ?? err })), [[t("ui.notice.ok"), hideNotice, true]]);
    return;
  }
  const dialog = $("saves-dialog");
  if (dialog.open) dialog.close();
  if (!ui.snap?.replay) ui.gameLevel = ui.snap?.level;
  await replayCall("replay_open", text, t("ui.record.cannot_watch", { file: quote(file.name) }));
}

/** A replay call: the snapshot it returns is shown; a refusal is said and nothing changes. */
async function replayCall(fn, arg, failure) {
  if (ui.busy) return;
  ui.busy = true;
  ui.generation += 1;  // the computer players wait while a record is watched
  try {
    const snap = await call(fn, arg);
    await persist(snap);
    ui.busy = false;
    accept(snap);
    if (!snap.replay) {
      runBots();
    } else {
      $("replay-where")?.focus?.();
    }
  } catch (err) {
    ui.busy = false;
    render();
    const message = err instanceof EngineError ? err.message : String(err?.message ?? err);
    showNotice(sentences(t("ui.colon", { label: failure, text: message })), () => [[t("ui.notice.ok"), hideNotice, true]]);
  }
}

/** Tell a scenario (Belinda's game) step by step, like a record. */
async function openScenario(id) {
  const dialog = $("rules-dialog");
  if (dialog.open) dialog.close();
  if (!ui.snap?.replay) ui.gameLevel = ui.snap?.level;
  await replayCall("scenario_open", { id }, t("ui.replay.no_scenario"));
}

const replayHandlers = {
  go: (step) => replayCall("replay_step", { step }, t("ui.replay.no_step")),
  close: () => replayCall("replay_close", undefined, t("ui.replay.no_close")),
  playOn: async () => {
    const elsewhere = await saves.openElsewhere();
    for (const old of saves.overflow(saves.listSaves(), ui.slot, elsewhere)) saves.removeSave(old.id);
    takeSlot(saves.newId());
    await saves.claim(ui.slot);
    await replayCall("replay_play_on", { level: ui.gameLevel ?? "novice" }, t("ui.replay.no_play_on"));
  },
};

/** Start a new game in a slot of its own: the game played before stays in the saved games. */
async function newSession(options) {
  hideNotice();
  setState("waiting");
  ui.generation += 1;
  ui.selected.clear();
  ui.logSeen = { deal: null, count: 0 };
  ui.snap = null;
  const elsewhere = await saves.openElsewhere();
  for (const old of saves.overflow(saves.listSaves(), ui.slot, elsewhere)) saves.removeSave(old.id);
  takeSlot(saves.newId());
  await saves.claim(ui.slot);
  await change("new_session", { human: 0, seed: null, ...options });
}

/** This tab now plays the game `id` (and lets go of the one it played). */
function takeSlot(id) {
  if (ui.slot && ui.slot !== id) saves.release(ui.slot);
  ui.slot = id;
  ui.away = false;
  ui.busy = false;
}

/** The rules panel of How to play: the chosen rule set's rules with their sources quoted, and
 * the table of how the rule sets differ, as the engine gives them (bridge.rules_panel). */
async function showSources(id) {
  const select = $("sources-preset");
  if (!engine || !ui.presets.some((p) => p.id === id)) return;
  select.replaceChildren(...ui.presets.map((p) => h("option", { value: p.id, text: p.title ?? p.id })));
  select.value = id;
  try {
    const panel = await call("rules_panel", { rules: id });
    if (select.value !== id) return;  // another rule set was chosen meanwhile
    renderRuleLines(panel, $("sources-lines"));
    renderCompare(panel, $("compare-box"));
  } catch (err) {
    const message = err instanceof EngineError ? err.message : String(err?.message ?? err);
    $("sources-lines").replaceChildren(h("p", { class: "sources-wait", text: t("ui.sources.error", { reason: message }) }));
  }
}

function defaultRules() {
  return ui.presets[0]?.id ?? "1660";
}

function openNewDialog() {
  const dialog = $("new-dialog");
  const list = $("preset-list");
  const current = ui.snap?.rules?.id ?? defaultRules();
  list.replaceChildren(...ui.presets.map((p) => h("label", {},
    h("input", { type: "radio", name: "rules", value: p.id, checked: p.id === current }),
    h("span", { class: "title" }, p.title ?? p.id),
    h("span", { class: "desc", text: p.description ?? "" }))));
  const level = ui.snap?.level ?? "novice";
  $("level-list").replaceChildren(...ui.levels.map((l) => h("label", {},
    h("input", { type: "radio", name: "level", value: l.id, checked: l.id === level }),
    h("span", { class: "title" }, l.title ?? l.id))));
  $("new-start").disabled = !engine || !ui.presets.length;
  dialog.returnValue = "";
  dialog.showModal();
}

// ---------------------------------------------------------------------------------------------
// Saved games and other tabs

/** "5 minutes ago", "yesterday", "on 3 March 2026" (in the page's language). */
function whenPlayed(ms, now = Date.now()) {
  if (!ms) return null;
  const RELATIVE = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  const minutes = Math.round((now - ms) / 60000);
  if (minutes < 1) return t("ui.when.now");
  if (minutes < 60) return RELATIVE.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return RELATIVE.format(-hours, "hour");
  const days = Math.round(hours / 24);
  if (days < 7) return RELATIVE.format(-days, "day");
  const locale = language() === "en" ? "en-GB" : language();
  return t("ui.when.on", { date: new Date(ms).toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric" }) });
}

function rulesTitle(save) {
  return save.title ?? ui.presets.find((p) => p.id === save.rules)?.title ?? t("ui.saves.a_game");
}

/** What a saved game is, in a few words: rules, deal, balance, when last played. */
function describeParts(save) {
  if (save.damaged) return [t("ui.saves.damaged_lower")];
  const parts = [rulesTitle(save)];
  if (save.deal !== null) parts.push(t(save.over ? "ui.saves.deal_over" : "ui.saves.deal", { n: save.deal }));
  if (save.balance !== null) parts.push(t("ui.saves.balance", { balance: signedNumber(save.balance) }));
  const when = whenPlayed(save.updated);
  if (when) parts.push(t("ui.saves.last", { when }));
  return parts;
}

function describeSave(save) {
  return describeParts(save).join(", ");
}

/**
 * Resume a saved game; when another tab plays it, say so and offer to play it here (`orNew`:
 * the options of a game of its own to start instead, as a frame of someone's page does).
 */
async function resumeSave(id, { takeOver = false, orNew = null } = {}) {
  hideNotice();
  setState("waiting");
  const save = saves.listSaves().find((s) => s.id === id);
  if (!save) return offerNewGame(t("ui.saves.gone"));
  let free = await saves.claim(id);
  if (!free && takeOver && saves.canTakeOver()) {
    saves.askRelease(id);
    free = await saves.claimWhenFree(id);
  }
  if (!free && orNew) return newSession(orNew);  // another frame took it first
  if (!free) return showElsewhere(save);
  if (save.damaged) {
    saves.release(id);
    return offerNewGame(t("ui.saves.unreadable", { reason: t("ui.check.saved_damaged") }));
  }
  const problem = savedProblem(save.session, ui.presets);
  if (problem) {
    saves.release(id);
    return offerNewGame(t("ui.saves.unreadable", { reason: problem }));
  }
  let snap;
  try {
    snap = await call("load", save.session);
  } catch (err) {
    saves.release(id);
    return offerNewGame(t("ui.saves.unreadable", { reason: err.message }));
  }
  ui.generation += 1;
  ui.selected.clear();
  ui.logSeen = { deal: null, count: 0 };
  takeSlot(id);
  // The game on the table is the one a reload comes back to: it is now the last played.
  await persist(snap);
  accept(snap);
  runBots();
}

/** The game is being played in another tab: this tab says so, and offers to play it here. */
function showElsewhere(save) {
  setState("error");
  if (!ui.snap) refs.prompt.textContent = t("ui.prompt.none_here");
  const actions = () => {
    const made = [];
    if (saves.canTakeOver()) made.push([t("ui.saves.play_here"), () => resumeSave(save.id, { takeOver: true }), true]);
    made.push([t("ui.saves.new_here"), () => newSession({ rules: defaultRules() })]);
    if (saves.listSaves().length > 1) made.push([t("ui.notice.saves"), openSaves]);
    return made;
  };
  showNotice(() => sentences(
    t("ui.saves.elsewhere", { game: describeSave(save) }),
    saves.canTakeOver() ? t("ui.saves.elsewhere_take") : t("ui.saves.elsewhere_other"),
  ), actions, { kind: "info" });
}

/**
 * Another tab asked for the game this tab plays: save it one last time (the engine answers calls
 * in order, so this holds every move it has made), let go of it, and say where the game went.
 */
async function letGo(id, { asked = true } = {}) {
  if (id !== ui.slot || ui.away) return;
  ui.generation += 1;   // stops the computer players and any reply still on its way
  ui.away = true;
  ui.busy = true;
  render();
  if (asked && ui.snap) {
    try {
      const saved = await engine.call("save");
      const text = typeof saved === "string" ? saved : JSON.stringify(saved);
      if (JSON.parse(text).ok !== false) saves.writeSave(id, ui.snap, text);
    } catch (err) {
      console.warn("The game could not be saved before another tab took it:", err);
    }
  }
  saves.release(id);
  const actions = () => {
    const made = [];
    if (saves.canTakeOver()) made.push([t("ui.saves.play_here"), () => resumeSave(id, { takeOver: true }), true]);
    made.push([t("ui.saves.new_here"), () => newSession({ rules: defaultRules() })]);
    return made;
  };
  showNotice(() => t("ui.saves.taken"), actions, { kind: "info" });
  updateState();
}

/** The list of saved games, each resumable. */
async function openSaves() {
  const dialog = $("saves-dialog");
  const elsewhere = await saves.openElsewhere();
  const list = saves.listSaves();
  $("saves-list").replaceChildren(...list.map((save) => {
    const here = save.id === ui.slot && !ui.away;
    const away = elsewhere.has(save.id);
    const status = here ? t("ui.saves.here") : away ? t("ui.saves.away") : "";
    let button = null;
    if (!here && !save.damaged && (!away || saves.canTakeOver())) {
      button = h("button", {
        type: "button",
        class: "resume",
        text: away ? t("ui.saves.play_here") : t("ui.saves.resume"),
        "aria-label": t("ui.saves.button_label", { action: away ? t("ui.saves.play_here") : t("ui.saves.resume"), game: describeSave(save) }),
        onclick: () => { dialog.close(); resumeSave(save.id, { takeOver: away }); },
      });
    }
    return h("li", { class: `save${here ? " current" : ""}`, dataset: { id: save.id } },
      h("div", { class: "save-info" },
        h("span", { class: "save-title", text: save.damaged ? t("ui.saves.damaged") : rulesTitle(save) }),
        save.damaged ? null : h("span", { class: "save-facts", text: sentences(describeParts(save).slice(1).join(" \u00b7 ")).slice(0, -1) }),
        status ? h("span", { class: "save-status", text: status }) : null),
      button);
  }));
  $("saves-empty").hidden = list.length > 0;
  dialog.showModal();
}

// ---------------------------------------------------------------------------------------------
// Start-up

function fatal(message, err) {
  console.error(message, err);
  tellHost("error", { message: sentences(message, err?.message ?? String(err ?? "")) });
  document.body.dataset.engine = engine ? document.body.dataset.engine : "failed";
  setState("error");
  showNotice(sentences(message, err?.message ?? String(err ?? "")), () => [[t("ui.notice.reload"), () => window.location.reload(), true]]);
}

const STAGES = ["runtime", "engine", "ready"];

// If start-up makes no progress for this long, say so (a file may have failed in a way the runtime
// does not report); the loading goes on, and the person can reload.
const STALL_MS = 45_000;
let stallTimer = null;

function watchStall() {
  clearTimeout(stallTimer);
  if (document.body.dataset.engine !== "loading") return;
  stallTimer = setTimeout(() => {
    if (document.body.dataset.engine !== "loading") return;
    showNotice(() => t("ui.loader.stalled"), () => [[t("ui.notice.reload"), () => window.location.reload(), true]]);
  }, STALL_MS);
}

// The worker's progress is worded here, in the page's language (its own words are English).
const STAGE_WORDS = { runtime: "ui.loader.runtime", engine: "ui.loader.engine", ready: "ui.loader.ready" };

function progress(stage, fraction, workerText) {
  const text = workerText && STAGE_WORDS[stage] ? t(STAGE_WORDS[stage]) : workerText;
  watchStall();
  const i = STAGES.indexOf(stage);
  document.querySelectorAll(".stages li").forEach((li) => {
    const j = STAGES.indexOf(li.dataset.stage);
    li.classList.toggle("done", j < i || stage === "ready");
    li.classList.toggle("active", j === i && stage !== "ready");
  });
  if (Number.isFinite(fraction)) refs.loaderProgress.value = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  if (text) refs.loaderText.textContent = text;
}

function loadFailed(message, { retry = true } = {}) {
  document.body.dataset.engine = "failed";
  setState("error");
  document.querySelectorAll(".stages li.active").forEach((li) => li.classList.replace("active", "failed"));
  refs.loaderText.textContent = t("ui.error.cannot_start");
  refs.prompt.textContent = t("ui.error.cannot_start");
  showNotice(message, () => (retry ? [[t("ui.notice.retry"), () => window.location.reload(), true]] : []));
}

/** Why this page's surroundings cannot run the game although its scripts run, or null. */
function hostProblem() {
  if (window.location.protocol === "file:") {
    return t("ui.error.file");
  }
  if (window.origin === "null") {
    return t("ui.error.sandbox");
  }
  return null;
}

/** Take the options out of the address once used, so that a reload resumes the game. */
function clearUrl() {
  // The game's options are used once (a reload resumes the game); the page's own stay.
  const url = new URL(window.location.href);
  const kept = new URLSearchParams();
  for (const name of DISPLAY_OPTIONS) if (url.searchParams.has(name)) kept.set(name, url.searchParams.get(name));
  const query = kept.toString();
  window.history.replaceState(null, "", url.pathname + (query ? `?${query}` : "") + url.hash);
}

function offerNewGame(message) {
  setState("error");
  refs.prompt.textContent = t("ui.prompt.none");
  const others = saves.listSaves().some((s) => !s.damaged && s.id !== ui.slot);
  const actions = () => [
    [t("ui.notice.new_game", { rules: ui.presets[0]?.title ?? defaultRules() }), () => newSession({ rules: defaultRules() }), true],
    [t("ui.notice.choose_rules"), openNewDialog],
    ...(others ? [[t("ui.notice.saves"), openSaves]] : []),
  ];
  showNotice(() => sentences(message, t("ui.notice.can_start")), actions);
}

/** A link asks for a new game while a game is saved: ask, and keep the saved one either way. */
async function askAboutLink(options, notes) {
  const list = saves.listSaves();
  const saved = list.find((s) => !s.damaged);
  const elsewhere = await saves.openElsewhere();
  const leaving = saves.overflow(list, null, elsewhere);
  const start = () => { clearUrl(); newSession(options); };
  const resumeIt = () => { clearUrl(); resumeSave(saved.id, { takeOver: elsewhere.has(saved.id) }); };
  setState("error");
  refs.prompt.textContent = t("ui.link.prompt");
  const actions = () => [
    [t("ui.link.start"), start, true],
    [elsewhere.has(saved.id) ? t("ui.link.play_here") : t("ui.link.resume"), resumeIt],
    ...(list.length > 1 ? [[t("ui.notice.saves"), openSaves]] : []),
  ];
  const rules = () => ui.presets.find((p) => p.id === options.rules)?.title ?? options.rules;
  showNotice(() => sentences(
    options.seed !== undefined ? t("ui.link.starts_seed", { rules: rules(), seed: options.seed }) : t("ui.link.starts", { rules: rules() }),
    t(elsewhere.has(saved.id) ? "ui.link.saved_away" : "ui.link.saved", { game: describeSave(saved) }),
    t("ui.link.keeps"),
    leaving.length ? t("ui.link.room", { game: describeSave(leaving[0]) }) : "",
    notes,
  ), actions, { kind: "info" });
}

/**
 * Resume the first game of `list` that `fits(save, index)`, else start one with `options`. In a
 * frame (`framed`) a game another tab or frame holds is passed over, and if another frame
 * claims it first a game with `options` starts instead; a tab of its own asks (resumeSave).
 */
async function resumeOrStart(list, fits, options, framed) {
  const elsewhere = framed && list.length ? await saves.openElsewhere() : new Set();
  const free = list.find((s, i) => fits(s, i) && !elsewhere.has(s.id));
  if (free) await resumeSave(free.id, { orNew: framed ? options : null });
  else await newSession(options);
}

async function begin(notes) {
  const presets = await call("presets");
  ui.presets = Array.isArray(presets) ? presets : (presets.presets ?? []);
  ui.levels = Array.isArray(presets?.levels) ? presets.levels : [];
  saves.migrateLegacy();
  const request = readAddress(window.location.search, ui.presets, defaultRules(), ui.levels);
  if (request?.unknown) notes.push(request.unknown);
  ui.scenarios = Array.isArray(presets?.scenarios) ? presets.scenarios : [];
  const told = readScenario(window.location.search, ui.scenarios);
  if (told.note) notes.push(told.note);
  const { display, notes: displayNotes } = readDisplay(window.location.search);
  document.body.classList.toggle("no-ledger", !display.ledger);
  document.body.classList.toggle("no-log", !display.log);
  notes.push(...displayNotes);
  if (notes.length) tellHost("error", { message: sentences(notes), fatal: false });
  const list = saves.listSaves();
  if (request?.errors.length) {
    clearUrl();
    setState("error");
    refs.prompt.textContent = t("ui.prompt.none");
    const actions = () => [
      [t("ui.notice.new_game", { rules: ui.presets[0]?.title ?? defaultRules() }), () => newSession({ rules: defaultRules() }), true],
      ...(list.length ? [[t("ui.notice.resume_saved"), () => resumeSave(list[0].id)]] : []),
      [t("ui.notice.choose_rules"), openNewDialog],
    ];
    showNotice(sentences(request.errors, notes), actions);
    tellHost("error", { message: sentences(request.errors), fatal: false });
    return;
  }
  // A frame in someone's page (<ombre-game>, the <iframe> snippet) or a scenario shown over the
  // game does not ask to take over the game another tab or frame plays: it resumes the latest
  // game nobody plays, else starts one of its own. A tab of its own asks (showElsewhere).
  const framed = Boolean(told.id) || window.self !== window.top;
  if (request?.options && framed && request.options.seed === undefined) {
    // A frame's rules and level are the curator's set-up, there on every visit, not a link sent
    // once: a returning visitor goes on with a game of those rules, else starts one, unasked.
    clearUrl();
    await resumeOrStart(list, (s) => !s.damaged && s.rules === request.options.rules, request.options, framed);
  } else if (request?.options) {
    if (list.some((s) => !s.damaged)) return askAboutLink(request.options, notes);
    clearUrl();
    await newSession(request.options);
  } else {
    if (request) clearUrl();
    await resumeOrStart(list, (s, i) => i === 0 || !s.damaged, { rules: defaultRules() }, framed);
  }
  if (told.id) await openScenario(told.id);
  if (notes.length && refs.notice.hidden) {
    showNotice(sentences(notes), () => [[t("ui.notice.ok"), hideNotice]], { kind: "info", focus: false });
  }
}

/** A tap or click on a game term shows its explanation (hover titles do not exist on phones). */
function wireTermTips() {
  let tip = null;
  const close = () => { tip?.remove(); tip = null; };
  document.addEventListener("click", (event) => {
    const abbr = event.target.closest?.("abbr[title]");
    close();
    if (!abbr || abbr.closest("button")) return;
    tip = h("div", { class: "term-tip", role: "tooltip", text: abbr.title });
    document.body.append(tip);
    const r = abbr.getBoundingClientRect();
    const left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 8));
    tip.style.left = `${left}px`;
    tip.style.top = `${window.scrollY + r.bottom + 6}px`;
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
}

function wire() {
  wireTermTips();
  saves.onReleaseAsked(letGo);
  // Without Web Locks a second tab is only seen when it writes this game: then this one stops.
  window.addEventListener("storage", (event) => {
    if (ui.slot && !ui.away && event.key === saves.slotKey(ui.slot)) letGo(ui.slot, { asked: false });
  });
  $("btn-saves").addEventListener("click", openSaves);
  refs.hand.addEventListener("keydown", (e) => handKeydown(e, ui));
  $("btn-rules").addEventListener("click", () => {
    showSources(ui.snap?.rules?.id ?? defaultRules());
    $("rules-dialog").showModal();
  });
  $("sources-preset").addEventListener("change", (event) => showSources(event.target.value));
  $("btn-belinda").addEventListener("click", () => openScenario("belinda"));
  $("btn-first-game").addEventListener("click", () => {
    $("rules-dialog").close();
    ui.settings.tutor = true;  // kept: Settings turns it off
    store.set(SETTINGS_KEY, settingsText(ui.settings));
    newSession({ rules: defaultRules(), level: "novice" });
  });
  $("btn-tenaces").addEventListener("click", () => openScenario("tenaces"));
  $("record-file").addEventListener("change", (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    watchRecord(file);
  });
  // A record dropped anywhere on the page is watched (once the engine is ready).
  document.addEventListener("dragover", (event) => {
    if ([...(event.dataTransfer?.types ?? [])].includes("Files")) event.preventDefault();
  });
  document.addEventListener("drop", (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    if (document.body.dataset.engine === "ready") watchRecord(file);
  });
  $("btn-new").addEventListener("click", openNewDialog);
  $("btn-hint").addEventListener("click", showHint);
  $("btn-undo").addEventListener("click", undo);
  $("btn-tricks").addEventListener("click", openTricks);
  $("btn-stats").addEventListener("click", openStats);
  $("btn-settings").addEventListener("click", openSettings);
  $("settings-form").addEventListener("change", settingChanged);
  $("stats-reset").addEventListener("click", askReset);
  $("stats-reset-yes").addEventListener("click", () => resetStats(true));
  $("stats-reset-no").addEventListener("click", () => resetStats(false));
  $("pace").addEventListener("change", (e) => {
    ui.pace = Number(e.target.value);
    saveSettings();
  });
  // The dialog's close event comes a task after the click on Deal: until then the table would
  // still say the old game is playable, so the state changes as the button is pressed.
  $("new-form").addEventListener("submit", (e) => {
    if (e.submitter?.value === "start") setState("waiting");
  });
  $("new-dialog").addEventListener("close", () => {
    const dialog = $("new-dialog");
    if (dialog.returnValue !== "start") return;
    const form = new FormData($("new-form"));
    const rules = form.get("rules") ?? defaultRules();
    const level = form.get("level");
    newSession(level ? { rules: String(rules), level: String(level) } : { rules: String(rules) });
  });
}

async function main() {
  const speech = await startLanguage();
  wire();
  const notes = [];
  if (speech.note) notes.push(speech.note);
  notes.push(...loadSettings());
  const { problem: statsTrouble } = stats.loadStats(store);
  if (statsTrouble) {
    statsSaid = true;  // said once, with the start-up notes
    notes.push(statsTrouble);
  }
  renderPlaceholder();
  const problem = hostProblem();
  if (problem) {
    loadFailed(problem, { retry: false });
    return;
  }
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    loadFailed(t("ui.error.no_wasm"));
    return;
  }
  if (typeof Worker !== "function") {
    loadFailed(t("ui.error.no_workers"));
    return;
  }
  progress("runtime", 0.02, t("ui.loader.runtime"));
  try {
    engine = await startEngine({ onProgress: progress, lang: speech.lang });
  } catch (err) {
    console.error(err);
    loadFailed(sentences(t("ui.error.load", { reason: err?.message ?? err })));
    return;
  }
  document.body.dataset.engine = "ready";
  clearTimeout(stallTimer);
  progress("ready", 1, t("ui.loader.ready"));
  hideNotice();
  if (!store.usable()) {
    ui.storageSaid = true;  // said once, with the start-up notes
    notes.push(t("ui.notice.no_storage"));
  }
  try {
    await begin(notes);
  } catch (err) {
    fatal(t("ui.error.cannot_start"), err);
  }
}

main();
