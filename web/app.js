// The controller: starts the engine, keeps the current snapshot, turns clicks and keys into bridge
// actions, lets the computer players move one action at a time, and saves the session.
//
// All rules live in Python (ombre_core.bridge, see docs/bridge.md). This file only sends action
// strings that the snapshot offered and renders the replies (render.js).

import { startEngine } from "./engine-client.js";
import { h, handKeydown, renderAll } from "./render.js";
import { backImage } from "./cards.js";

// The modules run: tell boot.js and style.css that the static "scripts did not run" notice is not
// needed; from here on this file explains every failure itself.
document.documentElement.dataset.boot = "app";

const STORE_KEY = "ombre.session";      // the bridge's save() text, as is
const SETTINGS_KEY = "ombre.settings";  // UI settings: pace of the computer players

const $ = (id) => document.getElementById(id);

const refs = {
  rulesTitle: $("rules-title"),
  seats: { left: $("seat-left"), right: $("seat-right"), bottom: $("seat-bottom") },
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
  presets: [],
  generation: 0,        // bumped by a new game or a load; stops an old bot loop
  botGen: null,         // generation of the running bot loop, if any
  logSeen: { deal: null, count: 0 },
};

let engine = null;

// ---------------------------------------------------------------------------------------------
// Storage: localStorage may be missing or refused (private mode, a third-party iframe).

const store = {
  get(key) {
    try { return window.localStorage.getItem(key); } catch { return null; }
  },
  set(key, value) {
    try { window.localStorage.setItem(key, value); return true; } catch { return false; }
  },
};

function loadSettings() {
  try {
    const s = JSON.parse(store.get(SETTINGS_KEY) ?? "{}");
    if (Number.isFinite(s.pace) && s.pace >= 0 && s.pace <= 5000) ui.pace = s.pace;
  } catch { /* settings are optional */ }
  const select = $("pace");
  if (![...select.options].some((o) => Number(o.value) === ui.pace)) select.append(new Option(`${ui.pace} ms`, String(ui.pace)));
  select.value = String(ui.pace);
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

async function persist() {
  try {
    const saved = await engine.call("save");
    if (saved && saved.ok === false) throw new EngineError(saved.error);
    const text = typeof saved === "string" ? saved : JSON.stringify(saved);
    store.set(STORE_KEY, text);
  } catch (err) {
    console.warn("The game could not be saved:", err);
  }
}

// ---------------------------------------------------------------------------------------------
// State shown to tests and assistive technology

function setState(state) {
  document.body.dataset.state = state;
}

function updateState() {
  const snap = ui.snap;
  if (!snap) return;
  if (ui.busy) setState("waiting");
  else if (snap.phase === "over") setState("over");
  else if (snap.human_to_move) setState("playable");
  else setState("waiting");
}

function announce(lines) {
  const text = lines.filter(Boolean).join(" ");
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
  if (snap.human_to_move && snap.prompt && !(prev && prev.human_to_move && prev.prompt === snap.prompt)) {
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
};

function render() {
  if (!ui.snap) return;
  const hadFocus = document.activeElement && document.activeElement !== document.body;
  renderAll(ui.snap, refs, handlers, ui);
  updateState();
  // Keep keyboard users in the game: when the focused control disappeared, move to what can be done now.
  if (hadFocus && (document.activeElement === document.body || !document.activeElement)) focusNext();
}

function focusNext() {
  const target = refs.result.hidden ? (refs.actions.querySelector("button:not(:disabled)")
    ?? refs.hand.querySelector('button[tabindex="0"]')) : $("next-deal");
  target?.focus();
}

/** The table before the engine is ready: empty seats and a hand of backs, so the page is never blank. */
function renderPlaceholder() {
  const seat = (pos, name) => h("section", { class: `seat seat-${pos}`, "aria-label": name },
    h("div", { class: "seat-head" }, h("span", { class: "seat-name", text: name })),
    pos === "bottom" ? null : h("div", { class: "backs", "aria-hidden": "true" },
      Array.from({ length: 9 }, () => h("span", { class: "back" }, backImage()))));
  refs.seats.left.replaceChildren(seat("left", "\u2026"));
  refs.seats.right.replaceChildren(seat("right", "\u2026"));
  refs.seats.bottom.replaceChildren(seat("bottom", "You"));
  refs.hand.replaceChildren(...Array.from({ length: 9 }, () => h("span", { class: "card hand-card placeholder", "aria-hidden": "true" }, backImage())));
}

function showNotice(text, actions = []) {
  refs.noticeText.textContent = text;
  refs.noticeActions.replaceChildren(...actions.map(([label, fn, primary]) =>
    h("button", { type: "button", class: primary ? "primary" : "", onclick: fn, text: label })));
  refs.notice.hidden = false;
  refs.noticeActions.querySelector("button")?.focus();
}

function hideNotice() {
  refs.notice.hidden = true;
  refs.noticeText.textContent = "";
  refs.noticeActions.replaceChildren();
}

// ---------------------------------------------------------------------------------------------
// Taking in a new snapshot

function accept(snap) {
  const prev = ui.snap;
  if (!prev || prev.deal_number !== snap.deal_number || !snap.discard) ui.selected.clear();
  ui.snap = snap;
  render();
  announceChanges(prev, snap);
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
    ui.busy = false;
    accept(snap);
    await persist();
  } catch (err) {
    ui.busy = false;
    render();
    if (err instanceof EngineError && !ui.snap) {
      offerNewGame(`The game could not start: ${err.message}`);
    } else if (err instanceof EngineError) {
      announce([err.message]);
      showNotice(err.message, [["OK", () => { hideNotice(); focusNext(); }, true]]);
    } else {
      fatal("The game engine stopped with an error.", err);
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
    while (ui.snap && gen === ui.generation && ui.snap.phase !== "over" && !ui.snap.human_to_move
           && ui.snap.to_move !== null && ui.snap.to_move !== undefined) {
      setState("waiting");
      // A trick just gathered stays on the table a little longer, so its winner can be seen.
      const gathered = !ui.snap.trick?.cards?.length && ui.snap.last_trick?.cards?.length;
      await sleep(gathered ? ui.pace * 2 : ui.pace);
      if (gen !== ui.generation) return;
      let snap;
      try {
        snap = await call("bot_move");
      } catch (err) {
        fatal("A computer player could not move.", err);
        return;
      }
      if (gen !== ui.generation) return;
      accept(snap);
      await persist();
    }
  } finally {
    if (ui.botGen === gen) ui.botGen = null;
  }
  updateState();
}

// ---------------------------------------------------------------------------------------------
// What the person does

function humanAction(action) {
  if (ui.busy || !ui.snap?.human_to_move) return;
  hideNotice();
  change("apply", { action });
}

function cardClick(card) {
  const snap = ui.snap;
  if (ui.busy || !snap?.human_to_move) return;
  if (snap.discard) {
    if (ui.selected.has(card.code)) ui.selected.delete(card.code);
    else if (ui.selected.size < snap.discard.max) ui.selected.add(card.code);
    ui.focusCode = card.code;
    render();
    announce([`${card.label}: ${ui.selected.has(card.code) ? "chosen" : "kept"}. ${ui.selected.size} to discard.`]);
    return;
  }
  if (snap.phase === "play" && card.legal) humanAction(card.code);
}

function nextDeal() {
  if (ui.busy || ui.snap?.phase !== "over") return;
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
    showNotice(`The record could not be made: ${err.message ?? err}`, [["OK", hideNotice, true]]);
  }
}

async function newSession(options) {
  hideNotice();
  ui.generation += 1;
  ui.selected.clear();
  ui.logSeen = { deal: null, count: 0 };
  ui.snap = null;
  await change("new_session", { human: 0, seed: null, ...options });
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
  $("new-start").disabled = !engine || !ui.presets.length;
  dialog.returnValue = "";
  dialog.showModal();
}

// ---------------------------------------------------------------------------------------------
// Start-up

function fatal(message, err) {
  console.error(message, err);
  document.body.dataset.engine = engine ? document.body.dataset.engine : "failed";
  setState("error");
  showNotice(`${message} ${err?.message ?? err ?? ""}`.trim(), [["Reload the page", () => window.location.reload(), true]]);
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
    showNotice("Loading is taking much longer than usual. A file of the game may have failed to load: check the connection, then reload the page.",
      [["Reload the page", () => window.location.reload(), true]]);
  }, STALL_MS);
}

function progress(stage, fraction, text) {
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
  refs.loaderText.textContent = "The game could not start.";
  refs.prompt.textContent = "The game could not start.";
  showNotice(message, retry ? [["Try again", () => window.location.reload(), true]] : []);
}

/** Why this page's surroundings cannot run the game although its scripts run, or null. */
function hostProblem() {
  if (window.location.protocol === "file:") {
    return "The game cannot start from a file on disk (an address beginning with file://): the browser " +
      "refuses it its engine worker and files. Serve the folder over http instead, for example with " +
      "python3 -m http.server in the folder (or python3 build.py serve in the source folder), then " +
      "open http://127.0.0.1:8000/.";
  }
  if (window.origin === "null") {
    return "The game cannot start in this frame: it is sandboxed without allow-same-origin, so the browser " +
      "refuses it storage and the engine worker. The host page's frame needs " +
      "sandbox=\"allow-scripts allow-same-origin\" (or no sandbox attribute).";
  }
  return null;
}

/** Read ?seed=N&rules=ID. Returns {options} for a new session, {error}, or null when absent. */
function urlRequest() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has("seed") && !params.has("rules")) return null;
  const options = {};
  if (params.has("seed")) {
    const seed = params.get("seed").trim();
    if (!/^\d{1,15}$/.test(seed)) {
      return { error: `The address asks for seed \u201c${params.get("seed")}\u201d, but a seed must be a whole number such as 7.` };
    }
    options.seed = Number(seed);
  }
  if (params.has("rules")) {
    const rules = params.get("rules").trim();
    if (!ui.presets.some((p) => p.id === rules)) {
      const known = ui.presets.map((p) => `\u201c${p.id}\u201d (${p.title})`).join(" or ");
      return { error: `The address asks for rules \u201c${params.get("rules")}\u201d, which this game does not know. Choose ${known}.` };
    }
    options.rules = rules;
  } else {
    options.rules = defaultRules();
  }
  return { options };
}

function clearUrl() {
  const url = new URL(window.location.href);
  url.searchParams.delete("seed");
  url.searchParams.delete("rules");
  window.history.replaceState(null, "", url.pathname + (url.search === "?" ? "" : url.search) + url.hash);
}

async function resume(saved) {
  try {
    JSON.parse(saved);
  } catch {
    return offerNewGame("Your saved game could not be read: the saved text is damaged.");
  }
  let snap;
  try {
    snap = await call("load", saved);
  } catch (err) {
    return offerNewGame(`Your saved game could not be read: ${err.message}`);
  }
  ui.generation += 1;
  accept(snap);
  runBots();
}

function offerNewGame(message) {
  setState("error");
  refs.prompt.textContent = "No game in progress.";
  showNotice(`${message} You can start a new game.`, [
    [`New game (${ui.presets[0]?.title ?? defaultRules()})`, () => newSession({ rules: defaultRules() }), true],
    ["Choose the rules\u2026", openNewDialog],
  ]);
}

async function begin() {
  const presets = await call("presets");
  ui.presets = Array.isArray(presets) ? presets : (presets.presets ?? []);
  const request = urlRequest();
  if (request?.error) {
    clearUrl();
    setState("error");
    refs.prompt.textContent = "No game in progress.";
    const saved = store.get(STORE_KEY);
    const actions = [[`New game (${ui.presets[0]?.title ?? defaultRules()})`, () => newSession({ rules: defaultRules() }), true]];
    if (saved) actions.push(["Resume the saved game", () => { hideNotice(); resume(saved); }]);
    actions.push(["Choose the rules\u2026", openNewDialog]);
    showNotice(request.error, actions);
    return;
  }
  if (request) {
    clearUrl();
    await newSession(request.options);
    return;
  }
  const saved = store.get(STORE_KEY);
  if (saved) await resume(saved);
  else await newSession({ rules: defaultRules() });
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
  refs.hand.addEventListener("keydown", (e) => handKeydown(e, ui));
  $("btn-rules").addEventListener("click", () => $("rules-dialog").showModal());
  $("btn-new").addEventListener("click", openNewDialog);
  $("pace").addEventListener("change", (e) => {
    ui.pace = Number(e.target.value);
    store.set(SETTINGS_KEY, JSON.stringify({ pace: ui.pace }));
  });
  $("new-dialog").addEventListener("close", () => {
    const dialog = $("new-dialog");
    if (dialog.returnValue !== "start") return;
    const rules = new FormData($("new-form")).get("rules") ?? defaultRules();
    newSession({ rules: String(rules) });
  });
}

async function main() {
  wire();
  loadSettings();
  renderPlaceholder();
  const problem = hostProblem();
  if (problem) {
    loadFailed(problem, { retry: false });
    return;
  }
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    loadFailed("This browser cannot run the game: it has no WebAssembly, which the rules engine needs. Try a recent version of Firefox, Chrome, Edge or Safari.");
    return;
  }
  if (typeof Worker !== "function") {
    loadFailed("This browser cannot run the game: it has no Web Workers.");
    return;
  }
  progress("runtime", 0.02, "Loading the Python runtime\u2026");
  try {
    engine = await startEngine({ onProgress: progress });
  } catch (err) {
    console.error(err);
    loadFailed(`The game engine could not be loaded: ${err?.message ?? err}`);
    return;
  }
  document.body.dataset.engine = "ready";
  clearTimeout(stallTimer);
  progress("ready", 1, "Ready.");
  hideNotice();
  try {
    await begin();
  } catch (err) {
    fatal("The game could not start.", err);
  }
}

main();
