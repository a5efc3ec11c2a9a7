// engine-client.js: promise RPC to the Ombre engine running in a Web Worker (engine-worker.js).
//
// API (ES module):
//
//   import { startEngine } from "./engine-client.js";
//   const engine = startEngine({
//     onProgress(stage, fraction, text, detail) {},  // stage: "runtime" | "engine" | "ready";
//                                                    // fraction 0..1; text: words to show;
//                                                    // detail: the worker's whole message
//     onFatal(message) {},                           // start-up failed (also rejects engine.ready)
//     loader: "lock",                                // or "micropip" (slower fallback route)
//     serviceWorker: true,                           // register sw.js once ready (offline play)
//     snapshot: true,                                // boot from / save a memory snapshot (below)
//     lang: "fr",                                    // the engine's texts in this language from
//                                                    // the start (bridge set_language; none: English)
//     onSnapshot(detail) {},                         // the snapshot job's outcome: {state: "saved",
//                                                    // bytes, ms} or {state: "failed", message}
//   });
//   const info = await engine.ready;   // {loader, boot, boot_note, pyodide, engine_version,
//                                      // timings}; boot: "snapshot" (restored from this build's
//                                      // memory snapshot) or "normal"; rejects with
//                                      // an Error on fatal start-up failure (no WebAssembly, no
//                                      // Worker, a file that failed to load, a Python error...)
//   const snap = await engine.call("new_session", {rules: "1660", seed: null, human: 0});
//   // -> the bridge's reply, parsed: {"ok": true, ...} or {"ok": false, "error": {type, message}}
//   await engine.call("apply", {action: "pass"});
//   await engine.call("load", savedText);   // a string argument is sent as is (already JSON)
//   await engine.call("presets");           // functions without argument: omit it
//   engine.terminate();                     // stop the worker; pending calls reject
//
// * `await startEngine(...)` also works: it waits for `ready` (throws on a fatal failure) and gives
//   the same object without `then`.
// * call() resolves with the bridge's parsed reply, including game errors ({"ok": false}); it
//   rejects (Error with .type) only when the engine is unavailable, the function is not one of the
//   bridge's, the argument is malformed, or Python raised (a bug). Calls made before ready are
//   queued; replies are matched to requests by id.
// * Only JSON strings cross into Python: objects are JSON.stringify'd here, strings pass as is.
// * Bridge functions (docs/bridge.md): new_session(options), snapshot(), apply(action),
//   bot_move(), next_deal(), save(), load(saved), export_record(), presets().
// * Instant start on return: after a normal start, once the table is shown and the engine idle, the
//   worker saves a Pyodide memory snapshot of the loaded engine in Cache Storage; the next visit of
//   the same build restores it (about 0.3 s instead of a full boot). `snapshot: false` turns both
//   off (engine-worker.js's header; docs/build.md).

// build.py rewrites this literal to the content-hashed worker file name.
const WORKER_FILE = "./engine-worker.js";

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

/** Register the offline service worker (sw.js, next to this file). Resolves to the registration or null. */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(new URL("./sw.js", import.meta.url), { scope: "./" });
  } catch (err) {
    console.warn("Offline support is unavailable:", err?.message ?? err);
    return null;
  }
}

export function startEngine({
  onProgress,
  onFatal,
  onSnapshot,
  loader = "lock",
  serviceWorker = true,
  snapshot = true,
  lang = null,
} = {}) {
  const pending = new Map();
  let nextId = 1;
  let failure = null;
  let worker = null;
  let settle;
  const ready = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  ready.catch(() => {}); // a fatal failure is reported through onFatal and call(); no unhandled rejection

  function fail(message, { quiet = false } = {}) {
    if (failure) return;
    failure = new EngineError("EngineUnavailable", message);
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    settle.reject(failure);
    if (onFatal && !quiet) onFatal(message);
    if (worker) worker.terminate();
  }

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("This browser cannot run WebAssembly, which the game engine needs.");
  } else if (typeof Worker !== "function") {
    fail("This browser has no Web Workers, which the game engine needs.");
  } else {
    const url = new URL(WORKER_FILE, import.meta.url);
    if (loader === "micropip") url.searchParams.set("loader", "micropip");
    if (!snapshot) url.searchParams.set("snapshot", "0");
    if (lang) url.searchParams.set("lang", lang);
    // The options also go in the worker's name: a worker script the service worker serves from its
    // cache runs with the cached URL, which has no query.
    worker = new Worker(url, { type: "module", name: url.searchParams.toString() });
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        if (onProgress) onProgress(data.stage, data.fraction, data.text, data);
        if (data.stage === "ready") {
          const { loader: used, boot, boot_note, pyodide, engine_version, timings } = data;
          settle.resolve({ loader: used, boot, boot_note, pyodide, engine_version, timings });
          if (serviceWorker) registerServiceWorker();
        }
      } else if (data.type === "snapshot") {
        if (onSnapshot) onSnapshot(data);
      } else if (data.type === "fatal") {
        fail(data.message);
      } else if (data.type === "reply") {
        const request = pending.get(data.id);
        if (!request) return;
        pending.delete(data.id);
        if (!data.ok) {
          request.reject(new EngineError(data.error?.type ?? "Error", data.error?.message ?? "engine error"));
          return;
        }
        try {
          request.resolve(JSON.parse(data.value));
        } catch (err) {
          request.reject(new EngineError("BadReply", `${request.fn}() did not return JSON: ${err.message}`));
        }
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(`The engine worker failed to start: ${event.message || "a file could not be loaded"}`);
    };
    worker.onmessageerror = () => fail("The engine worker sent a message that could not be read.");
  }

  function call(fn, arg) {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const text = arg === undefined || arg === null ? undefined : typeof arg === "string" ? arg : JSON.stringify(arg);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, fn });
      worker.postMessage({ id, fn, arg: text });
    });
  }

  function terminate() {
    fail("The engine was stopped.", { quiet: true });
  }

  const api = { ready, call, terminate };
  return {
    ...api,
    then(resolve, reject) {
      return ready.then(() => ({ ...api }), undefined).then(resolve, reject);
    },
  };
}
