// engine-worker.js: the Ombre rules engine (ombre_core, Python) running in Pyodide, in a module
// Web Worker. Pages do not talk to it directly: use engine-client.js (its header documents the API).
//
// Start-up begins the moment this module is evaluated: the runtime (wasm, .pyc stdlib, lock) and the
// ombre-core wheel are fetched while Python boots. The loader is chosen by the worker URL's query:
// `?loader=lock` (default: the wheel listed in the site's pyodide-lock.json, fetched in parallel
// with the boot) or `?loader=micropip` (micropip.install(<wheel URL>) after the boot; slower, kept
// as a tested fallback).
//
// Instant start on return (lock route; `?snapshot=0` turns it off): once a visit has shown the
// table and the engine has been idle for a moment, this worker starts a second copy of itself
// (named `role=snapshot`, a nested worker, so the game's thread is never blocked) that boots a fresh
// Pyodide made for snapshotting, installs the wheel, imports the engine and saves
// `makeMemorySnapshot()` (about 31 MB) in Cache Storage ("ombre.snapshot"), tagged with this
// worker's content-hashed file name, which covers the runtime, the stdlib, the wheel and this code.
// Later visits restore it (`loadPyodide({_loadSnapshot})`) instead of booting; a snapshot of
// another build, or one that fails to load, is deleted and the engine boots normally. A restored
// interpreter repeats the random state it was saved with: the worker reseeds `random` at once
// (new games' seeds already come from os.urandom, i.e. crypto.getRandomValues). docs/build.md.
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "engine" | "ready", fraction, text, ms, ...}
//        "ready" also carries {loader, boot, engine_version, pyodide, timings: {runtime_ms,
//        engine_ms, total_ms}}; boot: "snapshot" (restored) or "normal", and boot_note: why a
//        saved snapshot was not used ("none", "other build", "failed: ...")
//   {type: "snapshot", state: "saved" | "failed", bytes, ms, message}   the snapshot job's outcome
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
  rules_panel: true,
  hint: false,
  review: true,
  explain: false,
  replay_open: true,
  scenario_open: true,
  replay_step: true,
  replay_play_on: true,
  replay_close: false,
  undo: false,
  set_language: true,
});

const started = performance.now();
const elapsed = () => Math.round(performance.now() - started);
// Options come in the worker's name (engine-client.js sets it to the same string as the URL's
// query): a worker script served by the service worker from its cache gets the cached URL, without
// the query, as its location.
const params = new URLSearchParams(self.name || new URL(self.location.href).search);
const role = params.get("role") === "snapshot" ? "snapshot" : "engine";
const loader = params.get("loader") === "micropip" ? "micropip" : "lock";
// The language the engine's texts are made in (engine-client.js's `lang` option, checked there
// and by the bridge): applied as soon as the engine is up, whether it booted normally or from the
// memory snapshot (which was made in English), before the page's first call.
const LANG = /^[a-z]{2}$/.test(params.get("lang") ?? "") ? params.get("lang") : null;
const siteURL = (path) => new URL(path, new URL("./", self.location.href)).href;

// The memory snapshot (see the header). Its cache is outside sw.js's "ombre-" prefix, so the service
// worker's clean-up of old versions leaves it alone: this file replaces or deletes the one entry.
const SNAPSHOT_CACHE = "ombre.snapshot";
const SNAPSHOT_KEY = siteURL("__ombre__/engine-snapshot");
// This file's name, content-hashed by build.py over everything a snapshot depends on.
const SNAPSHOT_BUILD = new URL(self.location.href).pathname.split("/").pop();
const SNAPSHOTS = loader === "lock" && params.get("snapshot") !== "0";
// Make the snapshot once the engine has answered a call and then been idle this long (the table is
// shown and the player is thinking), so its download-free boot does not compete with the start.
const SNAPSHOT_IDLE_MS = 2000;

// Run in the snapshot-making instance before makeMemorySnapshot(): install the wheel written at
// /tmp/ombre_core.whl (loadPackage would leave JS objects in the interpreter that a snapshot cannot
// hold) and import every module of the engine, because the restored interpreter's file system is
// fresh (Emscripten keeps files outside the wasm memory): only modules already imported survive.
const MAKE_PY = `
def _ombre_install():
    import importlib, os, pkgutil, sysconfig, zipfile
    with zipfile.ZipFile("/tmp/ombre_core.whl") as wheel:
        wheel.extractall(sysconfig.get_path("purelib"))
    os.remove("/tmp/ombre_core.whl")
    importlib.invalidate_caches()
    import ombre_core, ombre_core.bridge
    # Every module imports with the shipped stdlib (tools/record_stdlib.py records what they
    # need), so a failure here is a fault: the job fails and no snapshot is kept.
    for module in pkgutil.walk_packages(ombre_core.__path__, "ombre_core."):
        if module.name != "ombre_core.__main__":
            importlib.import_module(module.name)
    import ombre_core.i18n
    ombre_core.i18n.load_all()  # the catalogues are files, which the snapshot does not keep
    import gc
    gc.collect()
_ombre_install()
del _ombre_install
`;
// Run at once in a restored interpreter: fresh entropy for the module-level generator.
const RESTORED_PY = "import random\nrandom.seed()\n";

// When the wasm file fails to download or compile, Emscripten logs "wasm instantiation failed!"
// and aborts inside a promise that loadPyodide never settles. Watch for that (on the console and
// as an unhandled rejection) so the page gets a fatal message instead of waiting for ever. Each
// loadPyodide attempt (a snapshot restore, then maybe a normal boot) is watched on its own.
let failAttempt = null;
const RUNTIME_FAILURE = /wasm instantiation failed|failed to asynchronously prepare wasm|Aborted\(/i;
for (const level of ["error", "warn"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    const text = args.map((a) => String(a?.message ?? a)).join(" ");
    if (RUNTIME_FAILURE.test(text) && failAttempt) {
      failAttempt(new Error(`The Python runtime could not be loaded (${text.slice(0, 200)}).`));
    }
    original(...args);
  };
}
self.addEventListener("unhandledrejection", (event) => {
  const reason = String(event.reason?.message ?? event.reason);
  if (failAttempt) failAttempt(new Error(`The Python runtime failed to start (${reason.slice(0, 200)}).`));
});

/** loadPyodide(options), rejecting if the runtime reports a failure it would never settle. */
async function startRuntime(loadPyodide, options) {
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  failAttempt = fail;
  try {
    return await Promise.race([failed, loadPyodide(options)]);
  } finally {
    if (failAttempt === fail) failAttempt = null;
  }
}

function runtimeOptions() {
  return {
    indexURL: siteURL(BUILD.runtime),
    stdLibURL: siteURL(BUILD.stdlib),
    lockFileURL: siteURL(BUILD.lock),
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  };
}

function progress(stage, fraction, text, extra = {}) {
  self.postMessage({ type: "progress", stage, fraction, text, ms: elapsed(), ...extra });
}

// --- the snapshot in Cache Storage ---

async function snapshotCache() {
  // No Cache Storage outside secure contexts; opaque origins throw.
  if (typeof caches === "undefined") return null;
  try {
    return await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null;
  }
}

/** {bytes} when this build's snapshot is saved, else {note}; a snapshot of another build is deleted. */
async function readSnapshot() {
  const cache = await snapshotCache();
  if (!cache) return { note: "no Cache Storage" };
  const response = await cache.match(SNAPSHOT_KEY);
  if (!response) return { note: "none" };
  if (response.headers.get("X-Ombre-Build") !== SNAPSHOT_BUILD) {
    await cache.delete(SNAPSHOT_KEY);
    return { note: "other build" };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (String(bytes.length) !== response.headers.get("X-Ombre-Bytes")) {
    await cache.delete(SNAPSHOT_KEY);
    return { note: "truncated" };
  }
  return { bytes };
}

/** Whether Cache Storage works here and holds no snapshot of this build (headers only). */
async function snapshotMissing() {
  const cache = await snapshotCache();
  if (!cache) return false;
  const response = await cache.match(SNAPSHOT_KEY);
  return response?.headers.get("X-Ombre-Build") !== SNAPSHOT_BUILD;
}

async function deleteSnapshot() {
  const cache = await snapshotCache();
  if (cache) await cache.delete(SNAPSHOT_KEY);
}

// --- start-up ---

/** The bridge's functions (each a PyProxy), checked. */
function bridgeFunctions(pyodide) {
  const bridge = pyodide.pyimport("ombre_core.bridge");
  const functions = {};
  for (const name of Object.keys(BRIDGE)) {
    const fn = bridge[name];
    if (typeof fn !== "function") throw new Error(`ombre_core.bridge has no function ${name}()`);
    functions[name] = fn;
  }
  return functions;
}

/**
 * set_language's argument with the language's catalogue added: the site's wheel carries English
 * only (build.py), so the worker hands the engine the same file the page fetched (the service
 * worker or the HTTP cache has it). English, an unknown code or a failed fetch go as they are,
 * and the bridge answers (a language not here is refused, the old one kept).
 */
const catalogueTexts = new Map();
async function withCatalogue(arg) {
  let options;
  try {
    options = JSON.parse(arg);
  } catch {
    return arg;
  }
  const url = BUILD?.locale?.[options?.lang];
  if (!url || options.lang === "en" || "catalogue" in options) return arg;
  try {
    if (!catalogueTexts.has(url)) {
      const response = await fetch(siteURL(url));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      catalogueTexts.set(url, await response.text());
    }
    return JSON.stringify({ ...options, catalogue: catalogueTexts.get(url) });
  } catch (err) {
    console.warn(`The ${options.lang} catalogue could not be fetched: ${err?.message ?? err}`);
    return arg;
  }
}

/** The engine from the saved snapshot, or null (why in notes[0]) to boot normally. */
async function restore(loadPyodide, saved, notes) {
  const found = await saved;
  if (!found.bytes) {
    notes.push(found.note);
    return null;
  }
  try {
    const pyodide = await startRuntime(loadPyodide, { ...runtimeOptions(), _loadSnapshot: found.bytes });
    pyodide.runPython(RESTORED_PY);
    const functions = bridgeFunctions(pyodide);
    JSON.parse(functions.presets()); // a restored interpreter that cannot answer is no good
    return functions;
  } catch (err) {
    // A Python error's message is its traceback: its last line names the error.
    const message = String(err?.message ?? err).trim().split("\n").pop().slice(0, 200);
    console.warn(`The saved start-up snapshot could not be used (${message}); starting normally.`);
    notes.push(`failed: ${message}`);
    await deleteSnapshot().catch(() => {});
    return null;
  }
}

async function bootNormally(loadPyodide) {
  const failed = [];
  const pyodide = await startRuntime(loadPyodide, {
    ...runtimeOptions(),
    // The lock route: the wheel is fetched while the interpreter starts.
    packages: loader === "lock" ? ["ombre-core"] : [],
  });
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
  return { functions: bridgeFunctions(pyodide), runtimeMs };
}

async function boot() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    throw new Error("This browser has no WebAssembly, which the Python runtime needs.");
  }
  if (!BUILD) throw new Error("engine-worker.js was served unbuilt: run `python build.py serve`.");
  progress("runtime", 0.05, "Loading the Python runtime\u2026");
  // Reading the snapshot (tens of MB from Cache Storage) overlaps the runtime's module import.
  const saved = SNAPSHOTS ? readSnapshot().catch((err) => ({ note: `unreadable: ${err?.message ?? err}` })) : null;
  const { loadPyodide } = await import(siteURL(BUILD.runtime + "pyodide.mjs"));
  const notes = [];
  let functions = saved ? await restore(loadPyodide, saved, notes) : null;
  let runtimeMs = elapsed();
  const bootPath = functions ? "snapshot" : "normal";
  if (functions) {
    progress("engine", 0.8, "Loading the rules engine\u2026", { runtime_ms: runtimeMs });
  } else {
    ({ functions, runtimeMs } = await bootNormally(loadPyodide));
  }
  if (LANG) {
    const reply = JSON.parse(functions.set_language(await withCatalogue(JSON.stringify({ lang: LANG }))));
    if (!reply.ok) console.error(`The engine kept its language: ${reply.error?.message}`);
    self.ombreLanguage = reply.lang ?? null;  // for tests (Playwright's worker.evaluate)
  }
  const engineMs = elapsed() - runtimeMs;
  // Which start-up path ran, for tests and curious developers (Playwright's worker.evaluate).
  self.ombreBoot = { boot: bootPath, note: notes[0] ?? null };
  progress("ready", 1, "Ready.", {
    loader,
    boot: bootPath,
    boot_note: notes[0] ?? null,
    pyodide: BUILD.pyodide,
    engine_version: BUILD.engine_version,
    timings: { runtime_ms: runtimeMs, engine_ms: engineMs, total_ms: elapsed() },
  });
  return { functions, bootPath };
}

// --- the snapshot job ---

/** In the nested worker named `role=snapshot`: make this build's snapshot and save it. */
async function makeSnapshot() {
  const wheel = fetch(siteURL(BUILD.wheel)).then((response) => {
    if (!response.ok) throw new Error(`${BUILD.wheel}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(siteURL(BUILD.runtime + "pyodide.mjs"));
  const pyodide = await startRuntime(loadPyodide, { ...runtimeOptions(), _makeSnapshot: true });
  pyodide.FS.writeFile("/tmp/ombre_core.whl", new Uint8Array(await wheel));
  pyodide.runPython(MAKE_PY);
  const bytes = pyodide.makeMemorySnapshot();
  const cache = await snapshotCache();
  if (!cache) throw new Error("no Cache Storage");
  await cache.put(
    SNAPSHOT_KEY,
    new Response(bytes, {
      headers: {
        "Content-Type": "application/octet-stream",
        "X-Ombre-Build": SNAPSHOT_BUILD,
        "X-Ombre-Bytes": String(bytes.length),
      },
    }),
  );
  return bytes.length;
}

let snapshotTimer = null;
let snapshotWanted = false;
let answered = 0;

/** After each answered call: (re)start the idle timer that launches the snapshot job once. */
function snapshotWhenIdle() {
  if (!snapshotWanted || answered === 0) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(startSnapshotJob, SNAPSHOT_IDLE_MS);
}

function startSnapshotJob() {
  snapshotWanted = false;
  const job = new Worker(self.location.href.replace(/\?.*$/, "") + "?role=snapshot", {
    type: "module",
    name: "role=snapshot",
  });
  let done = false;
  const finish = (message) => {
    if (done) return;
    done = true;
    if (message.state === "saved") {
      console.info(`Start-up snapshot saved: ${(message.bytes / 1e6).toFixed(1)} MB, made in ${message.ms} ms.`);
    } else {
      console.warn(`The start-up snapshot could not be made: ${message.message}`);
    }
    self.postMessage({ type: "snapshot", ...message });
    job.terminate();
  };
  job.onmessage = ({ data }) => finish(data);
  job.onerror = (event) => {
    event.preventDefault();
    finish({ state: "failed", message: event.message || "the snapshot worker failed to start" });
  };
}

if (role === "snapshot") {
  const jobStarted = performance.now();
  makeSnapshot().then(
    (bytes) => self.postMessage({ state: "saved", bytes, ms: Math.round(performance.now() - jobStarted) }),
    (err) => self.postMessage({ state: "failed", message: String(err?.message ?? err).slice(0, 300) }),
  );
} else {
  const ready = boot();
  ready.then(
    async ({ bootPath }) => {
      // A normal boot (a first visit, another build, or a failed restore) makes a snapshot, unless
      // another tab already saved this build's.
      if (!SNAPSHOTS || bootPath === "snapshot" || typeof Worker !== "function") return;
      snapshotWanted = await snapshotMissing().catch(() => false);
      snapshotWhenIdle();
    },
    (err) => {
      self.postMessage({ type: "fatal", message: String(err?.message ?? err) });
    },
  );

  // Calls are answered one at a time, in the order they came: a set_language that waits for its
  // catalogue holds the calls behind it.
  let queue = Promise.resolve();
  self.onmessage = (event) => {
    queue = queue.then(() => answer(event)).catch(() => {});
  };
  const answer = async ({ data }) => {
    const { id, fn, arg } = data ?? {};
    let functions;
    try {
      ({ functions } = await ready);
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
      const given = fn === "set_language" ? await withCatalogue(arg) : arg;
      const value = BRIDGE[fn] ? functions[fn](given) : functions[fn]();
      self.postMessage({ type: "reply", id, ok: true, value });
    } catch (err) {
      // A Python exception escaping the bridge is a bug (the bridge returns {"ok": false} for game
      // errors); report it with its traceback so it shows in the page's console.
      self.postMessage({ type: "reply", id, ok: false, error: { type: err?.type ?? "PythonError", message: String(err?.message ?? err) } });
    }
    answered += 1;
    snapshotWhenIdle();
  };
}
