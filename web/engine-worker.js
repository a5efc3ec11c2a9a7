// engine-worker.js: the Ombre rules engine (ombre_core, Python) running in Pyodide, in a module
// Web Worker. Pages do not talk to it directly: use engine-client.js (its header documents the API).
//
// Start-up begins the moment this module is evaluated: the runtime (wasm, .pyc stdlib, lock) and the
// ombre-core wheel are fetched while Python boots. The loader is chosen by the worker URL's query:
// `?loader=lock` (default: the wheel listed in the site's pyodide-lock.json, fetched in parallel
// with the boot) or `?loader=micropip` (micropip.install(<wheel URL>) after the boot; slower, kept
// as a tested fallback).
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "engine" | "ready", fraction, text, ms, ...}
//        "ready" also carries {loader, engine_version, pyodide, timings: {runtime_ms, engine_ms}}
//   {type: "fatal", message}                       start-up failed; every later call fails too
//   {type: "reply", id, ok: true, value}           value: the JSON string the bridge returned
//   {type: "reply", id, ok: false, error: {type, message}}   unknown fn, bad arg or a Python crash
// Messages from the page:
//   {id, fn, arg}    fn: a bridge function (whitelist below); arg: a JSON string, or undefined
//
// Only JSON strings cross the JS/Python boundary; no Python source is ever built from data.

// build.py replaces the marker below with {runtime, stdlib, lock, wheel, pyodide, engine_version}:
// site-relative URLs of the content-hashed runtime files (see docs/build.md).
const BUILD = /*@OMBRE_BUILD@*/ null;

// The bridge functions (docs/bridge.md): name -> whether it takes the JSON-string argument.
const BRIDGE = Object.freeze({
  new_session: true,
  snapshot: false,
  apply: true,
  bot_move: false,
  next_deal: false,
  save: false,
  load: true,
  export_record: false,
  presets: false,
  hint: false,
  review: false,
  explain: false,
  replay_open: true,
  scenario_open: true,
  replay_step: true,
  replay_play_on: true,
  replay_close: false,
  undo: false,
});

const started = performance.now();
const elapsed = () => Math.round(performance.now() - started);
const loader = new URL(self.location.href).searchParams.get("loader") === "micropip" ? "micropip" : "lock";
const siteURL = (path) => new URL(path, new URL("./", self.location.href)).href;

// When the wasm file fails to download or compile, Emscripten logs "wasm instantiation failed!"
// and aborts inside a promise that loadPyodide never settles. Watch for that (on the console and
// as an unhandled rejection) so the page gets a fatal message instead of waiting for ever.
let failRuntime = () => {};
const runtimeFailed = new Promise((_, reject) => { failRuntime = reject; });
runtimeFailed.catch(() => {});
const RUNTIME_FAILURE = /wasm instantiation failed|failed to asynchronously prepare wasm|Aborted\(/i;
for (const level of ["error", "warn"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    const text = args.map((a) => String(a?.message ?? a)).join(" ");
    if (RUNTIME_FAILURE.test(text)) {
      failRuntime(new Error(`The Python runtime could not be loaded (${text.slice(0, 200)}).`));
    }
    original(...args);
  };
}
self.addEventListener("unhandledrejection", (event) => {
  const reason = String(event.reason?.message ?? event.reason);
  failRuntime(new Error(`The Python runtime failed to start (${reason.slice(0, 200)}).`));
});

function progress(stage, fraction, text, extra = {}) {
  self.postMessage({ type: "progress", stage, fraction, text, ms: elapsed(), ...extra });
}

async function boot() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    throw new Error("This browser has no WebAssembly, which the Python runtime needs.");
  }
  if (!BUILD) throw new Error("engine-worker.js was served unbuilt: run `python build.py serve`.");
  progress("runtime", 0.05, "Loading the Python runtime\u2026");
  const { loadPyodide } = await import(siteURL(BUILD.runtime + "pyodide.mjs"));
  const failed = [];
  const pyodide = await Promise.race([runtimeFailed, loadPyodide({
    indexURL: siteURL(BUILD.runtime),
    stdLibURL: siteURL(BUILD.stdlib),
    lockFileURL: siteURL(BUILD.lock),
    // The lock route: the wheel is fetched while the interpreter starts.
    packages: loader === "lock" ? ["ombre-core"] : [],
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  })]);
  const runtimeMs = elapsed();
  progress("engine", 0.8, "Loading the rules engine\u2026", { runtime_ms: runtimeMs });
  if (loader === "micropip") {
    await pyodide.loadPackage("micropip", {
      messageCallback: () => {},
      errorCallback: (message) => failed.push(message),
    });
    if (!pyodide.loadedPackages.micropip) {
      throw new Error(`micropip could not be loaded. ${failed.join(" ")}`.trim());
    }
    const micropip = pyodide.pyimport("micropip");
    try {
      await micropip.install(siteURL(BUILD.wheel));
    } finally {
      micropip.destroy();
    }
  } else if (!pyodide.loadedPackages["ombre-core"] && !pyodide.loadedPackages.ombre_core) {
    // loadPyodide/loadPackage report a failed download on the console and resolve anyway.
    throw new Error("The rules engine (ombre-core wheel) could not be loaded.");
  }
  const bridge = pyodide.pyimport("ombre_core.bridge");
  const functions = {};
  for (const name of Object.keys(BRIDGE)) {
    const fn = bridge[name];
    if (typeof fn !== "function") throw new Error(`ombre_core.bridge has no function ${name}()`);
    functions[name] = fn;
  }
  const engineMs = elapsed() - runtimeMs;
  progress("ready", 1, "Ready.", {
    loader,
    pyodide: BUILD.pyodide,
    engine_version: BUILD.engine_version,
    timings: { runtime_ms: runtimeMs, engine_ms: engineMs, total_ms: elapsed() },
  });
  return functions;
}

const ready = boot();
ready.catch((err) => {
  self.postMessage({ type: "fatal", message: String(err?.message ?? err) });
});

self.onmessage = async ({ data }) => {
  const { id, fn, arg } = data ?? {};
  let functions;
  try {
    functions = await ready;
  } catch (err) {
    self.postMessage({ type: "reply", id, ok: false, error: { type: "EngineUnavailable", message: String(err?.message ?? err) } });
    return;
  }
  if (!Object.hasOwn(BRIDGE, fn)) {
    self.postMessage({ type: "reply", id, ok: false, error: { type: "UnknownFunction", message: `No bridge function named ${JSON.stringify(fn)}.` } });
    return;
  }
  if (BRIDGE[fn] ? typeof arg !== "string" : arg !== undefined && arg !== null) {
    const want = BRIDGE[fn] ? "a JSON string argument" : "no argument";
    self.postMessage({ type: "reply", id, ok: false, error: { type: "BadArgument", message: `${fn}() takes ${want}.` } });
    return;
  }
  try {
    const value = BRIDGE[fn] ? functions[fn](arg) : functions[fn]();
    self.postMessage({ type: "reply", id, ok: true, value });
  } catch (err) {
    // A Python exception escaping the bridge is a bug (the bridge returns {"ok": false} for game
    // errors); report it with its traceback so it shows in the page's console.
    self.postMessage({ type: "reply", id, ok: false, error: { type: err?.type ?? "PythonError", message: String(err?.message ?? err) } });
  }
};
