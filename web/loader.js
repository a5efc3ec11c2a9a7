// loader.js: the start-up screen: the stages of loading the engine (the runtime, the engine,
// ready) and the progress bar, in the page's language; a start-up that makes no progress for a
// while is said to stall, and one that cannot start says why. `document.body.dataset.engine`
// tells the page's style and the tests where start-up is: "loading", "ready" or "failed".

import { t } from "./i18n.js";

const STAGES = ["runtime", "engine", "ready"];

// The worker's progress is worded here, in the page's language (its own words are English).
const STAGE_WORDS = { runtime: "ui.loader.runtime", engine: "ui.loader.engine", ready: "ui.loader.ready" };

// If start-up makes no progress for this long, say so (a file may have failed in a way the runtime
// does not report); the loading goes on, and the person can reload.
const STALL_MS = 45_000;

const reload = () => window.location.reload();

/**
 * Why the game cannot start here although its scripts run: a page opened from a file, a sandbox
 * without an origin, a browser without WebAssembly or workers; `retry` when reloading may help.
 * Null when nothing stands in the way.
 */
export function cannotStart() {
  if (window.location.protocol === "file:") return { message: t("ui.error.file"), retry: false };
  if (window.origin === "null") return { message: t("ui.error.sandbox"), retry: false };
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") return { message: t("ui.error.no_wasm"), retry: true };
  if (typeof Worker !== "function") return { message: t("ui.error.no_workers"), retry: true };
  return null;
}

/** The start-up screen drawn in `bar` (a <progress>) and `line`; failures said by `notice`. */
export function createLoader({ bar, line, prompt, notice, setState }) {
  let stallTimer = null;

  function watchStall() {
    clearTimeout(stallTimer);
    if (document.body.dataset.engine !== "loading") return;
    stallTimer = setTimeout(() => {
      if (document.body.dataset.engine !== "loading") return;
      notice.show(() => t("ui.loader.stalled"), () => [[t("ui.notice.reload"), reload, true]]);
    }, STALL_MS);
  }

  /** A stage reached (its share done, if known); the worker's words for it are worded here. */
  function progress(stage, fraction, workerText) {
    const text = workerText && STAGE_WORDS[stage] ? t(STAGE_WORDS[stage]) : workerText;
    watchStall();
    const i = STAGES.indexOf(stage);
    document.querySelectorAll(".stages li").forEach((li) => {
      const j = STAGES.indexOf(li.dataset.stage);
      li.classList.toggle("done", j < i || stage === "ready");
      li.classList.toggle("active", j === i && stage !== "ready");
    });
    if (Number.isFinite(fraction)) bar.value = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    if (text) line.textContent = text;
  }

  function ready() {
    document.body.dataset.engine = "ready";
    clearTimeout(stallTimer);
    progress("ready", 1, t("ui.loader.ready"));
  }

  /** Start-up failed: say why, with Retry where reloading may help. */
  function failed(message, { retry = true } = {}) {
    document.body.dataset.engine = "failed";
    clearTimeout(stallTimer);
    setState("error");
    document.querySelectorAll(".stages li.active").forEach((li) => li.classList.replace("active", "failed"));
    line.textContent = t("ui.error.cannot_start");
    prompt.textContent = t("ui.error.cannot_start");
    notice.show(message, () => (retry ? [[t("ui.notice.retry"), reload, true]] : []));
  }

  return { progress, ready, failed };
}
