// The controller: starts the engine, keeps the current snapshot, turns clicks and keys into bridge
// actions, lets the computer players move one action at a time, and saves the session.
//
// All rules live in Python (ombre_core.bridge, see docs/bridge.md). This file only sends action
// strings that the snapshot offered and renders the replies (render.js).

import { startEngine } from "./engine-client.js";
import { h, handKeydown, renderAll } from "./render.js";
import { backImage } from "./cards.js";
import { openReview } from "./review.js";
import { renderReplayBar } from "./replay-bar.js";
import { createNotice } from "./notice.js";
import { createAdvice } from "./advice.js";
import { cannotStart, createLoader } from "./loader.js";
import { describeSave, renderSavesList } from "./saves-list.js";
import * as saves from "./saves.js";
import { DISPLAY_OPTIONS, listWords, quote, readAddress, readDisplay, readScenario, readTheme, savedProblem, sentences } from "./checks.js";
import { dealFinished, tellHost } from "./host.js";
import { SETTINGS_KEY, THEMES, applySettings, readSettings, setVisitTheme, settingsText, shownTheme } from "./settings.js";
import * as stats from "./stats.js";
import { renderTricksDialog, renderStats } from "./dialogs.js";
import { renderCompare, renderRuleLines } from "./sources.js";
import { LANGUAGES, NARROW, chooseLanguage, count, language, languageName, loadLanguage, speakLanguage, t, translatePage, translateShort } from "./i18n.js";

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
};

const ui = {
  snap: null,           // the last snapshot from the engine
  busy: false,          // an engine call is under way: actions are disabled
  selected: new Set(),  // cards chosen for the discard
  focusCode: null,      // the hand's roving tab stop
  pace: 800,            // ms before each computer move
  settings: null,       // settings.js: card size, four colours, forced cards, practice
  forcing: null,        // the snapshot whose forced card is about to be played for the person
  presets: [],
  levels: [],
  generation: 0,        // bumped by a new game or a load; stops an old bot loop
  botGen: null,         // generation of the running bot loop, if any
  logSeen: { deal: null, count: 0 },
  slot: null,           // id of the saved game this tab plays (saves.js)
  away: false,          // another tab took this game: this one only shows it
  storageSaid: false,   // the person was told once that the game cannot be kept
  accepted: 0,          // snapshots taken in so far (a language switch keeps a newer one)
};

let engine = null;

// The notice over the table (notice.js): when one that held the focus closes, the game has it again.
const notice = createNotice({ box: refs.notice, textBox: $("notice-text"), actionsBox: $("notice-actions") }, { afterHide: focusNext });

// The start-up screen (loader.js).
const loader = createLoader({ bar: $("loader-progress"), line: $("loader-text"), prompt: refs.prompt, notice, setState });

// The hint and the tutor (advice.js), for the snapshot on the table.
const advice = createAdvice({
  call,
  current: () => ui.snap,
  button: $("btn-hint"),
  text: $("hint-text"),
  tutor: $("tutor"),
  actions: refs.actions,
  hand: refs.hand,
});

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
    notice.tell(() => sentences(t("ui.lang.unavailable", { language: languageName(lang) }), String(err?.message ?? err)));
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
  notice.word();
  refs.live.replaceChildren();  // the last announcement was in the old language
  if (snap && ui.snap && from === ui.accepted) {
    ui.snap = snap;
    ui.logSeen = { deal: snap.deal_number, count: (snap.log ?? []).length };
    ui.forcing = forcedNow(snap) ? snap : null;
    if (ui.forcing) scheduleForced();
  }
  // The tutor's and the hint's words belong to the language they were asked in.
  advice.forgetWords();
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

/** The session as the bridge's save() writes it, the text kept as it is; EngineError if refused. */
async function savedText() {
  const saved = await engine.call("save");
  const text = typeof saved === "string" ? saved : JSON.stringify(saved);
  const refusal = JSON.parse(text);
  if (refusal?.ok === false) throw new EngineError(refusal.error);
  return text;
}

/**
 * Save the game this tab plays, now at `snap` (the state the engine just answered). Called before
 * `snap` is shown, so that a person who leaves the page as soon as they see a move loses nothing.
 */
async function persist(snap) {
  const id = ui.slot;
  if (!id || ui.away || snap.replay) return;  // a record watched is not the saved game
  try {
    const text = await savedText();
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
  notice.tell(() => t("ui.notice.storage_refused"), { kind: "info", focus: false });
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
  advice.markHinted(ui.snap);
  renderReplayBar(ui.snap, $("replay-bar"), replayHandlers, ui.busy);
  advice.renderTutor(ui.snap, { on: Boolean(ui.settings?.tutor) && !ui.away });
  advice.renderHint(ui.snap, ui);
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

/** Undo (practice) and Tricks played, beside the Hint; an open Tricks dialog follows the table. */
function renderTools() {
  const snap = ui.snap;
  const undo = $("btn-undo");
  undo.hidden = !ui.settings.practice || ui.away || Boolean(snap?.replay);  // a record: nothing to take back
  undo.disabled = ui.busy || !snap?.undo?.available;
  const played = snap?.tricks_played;
  const tricks = $("btn-tricks");
  tricks.hidden = !played?.count || ui.away;
  tricks.textContent = t("ui.tricks.button", { n: played?.count ?? 0 });
  if (ui.forcing) refs.prompt.append(h("span", { class: "discard-hint", text: ` ${forcedWords(snap)}` }));
  if ($("tricks-dialog").open) renderTricksDialog(snap, $("tricks-rule"), $("tricks-list"));
}

/** The hint on the person's turn (advice.js). */
function showHint() {
  if (!ui.snap || !ui.snap.human_to_move || ui.busy) return;
  advice.showHint(ui.snap);
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
  notice.tell(sentences(problem), { kind: "info", focus: false });
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
  notice.hide();
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
      notice.tell(sentences(err.message));
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
  notice.hide();
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
    const reply = await call("export_record");
    // The bridge answers {"ok": true, "record": {...}}; the file is the record itself.
    const record = reply && typeof reply.record === "object" ? reply.record : reply;
    const blob = new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `ombre-deal-${ui.snap?.deal_number ?? 1}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  } catch (err) {
    notice.tell(sentences(t("ui.error.record", { reason: err.message ?? err })));
  }
}

// ---------------------------------------------------------------------------------------------
// Watching a record (issue #8): the engine keeps the game in progress meanwhile.

const MAX_RECORD_BYTES = 1_000_000;

/** Read a record file (chosen or dropped) and watch it from its first step. */
async function watchRecord(file) {
  if (!file) return;
  notice.hide();
  if (file.size > MAX_RECORD_BYTES) {
    notice.tell(() => sentences(t("ui.record.too_large", { file: quote(file.name), bytes: count(file.size) })));
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    notice.tell(() => sentences(t("ui.record.unreadable", { file: quote(file.name), reason: err.message ?? err })));
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
    notice.tell(sentences(t("ui.colon", { label: failure, text: message })));
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
  notice.hide();
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

/**
 * Resume a saved game; when another tab plays it, say so and offer to play it here (`orNew`:
 * the options of a game of its own to start instead, as a frame of someone's page does).
 */
async function resumeSave(id, { takeOver = false, orNew = null } = {}) {
  notice.hide();
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
  notice.show(() => sentences(
    t("ui.saves.elsewhere", { game: describeSave(save, ui.presets) }),
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
      saves.writeSave(id, ui.snap, await savedText());
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
  notice.show(() => t("ui.saves.taken"), actions, { kind: "info" });
  updateState();
}

/** The list of saved games, each resumable. */
async function openSaves() {
  const dialog = $("saves-dialog");
  const elsewhere = await saves.openElsewhere();
  renderSavesList($("saves-list"), $("saves-empty"), saves.listSaves(), {
    current: ui.away ? null : ui.slot,
    elsewhere,
    canTakeOver: saves.canTakeOver(),
    presets: ui.presets,
    onResume: (id, { takeOver }) => { dialog.close(); resumeSave(id, { takeOver }); },
  });
  dialog.showModal();
}

// ---------------------------------------------------------------------------------------------
// Start-up

function fatal(message, err) {
  console.error(message, err);
  tellHost("error", { message: sentences(message, err?.message ?? String(err ?? "")) });
  document.body.dataset.engine = engine ? document.body.dataset.engine : "failed";
  setState("error");
  notice.show(sentences(message, err?.message ?? String(err ?? "")), () => [[t("ui.notice.reload"), () => window.location.reload(), true]]);
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
  notice.show(() => sentences(message, t("ui.notice.can_start")), actions);
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
  notice.show(() => sentences(
    options.seed !== undefined ? t("ui.link.starts_seed", { rules: rules(), seed: options.seed }) : t("ui.link.starts", { rules: rules() }),
    t(elsewhere.has(saved.id) ? "ui.link.saved_away" : "ui.link.saved", { game: describeSave(saved, ui.presets) }),
    t("ui.link.keeps"),
    leaving.length ? t("ui.link.room", { game: describeSave(leaving[0], ui.presets) }) : "",
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
    notice.show(sentences(request.errors, notes), actions);
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
  if (notes.length && !notice.open) {
    notice.tell(sentences(notes), { kind: "info", focus: false });
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
  const problem = cannotStart();
  if (problem) {
    loader.failed(problem.message, { retry: problem.retry });
    return;
  }
  loader.progress("runtime", 0.02, t("ui.loader.runtime"));
  try {
    engine = await startEngine({ onProgress: loader.progress, lang: speech.lang });
  } catch (err) {
    console.error(err);
    loader.failed(sentences(t("ui.error.load", { reason: err?.message ?? err })));
    return;
  }
  loader.ready();
  notice.hide();
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
