// Run bench/solver.py in Pyodide in a Chromium Web Worker, as the game's engine runs, and post its
// JSON figures back: {lines} (what it printed) or {error}.
//
// The runtime and the wheel are the built site's (dist/build-info.json), so what is timed is the code
// a visitor's browser runs; the stdlib is Pyodide's whole one (node_modules/pyodide, mounted at
// /__pyodide__/), since the site's keeps only what the engine imports and the bench needs more
// (statistics, argparse). bench/solver.py --chromium starts this; use that.
const site = (path) => new URL(path, self.location.origin).href;

self.onmessage = async ({ data: args }) => {
  const lines = [];
  try {
    const info = await (await fetch(site("/build-info.json"), { cache: "no-cache" })).json();
    const build = info.config;
    const { loadPyodide } = await import(site("/" + build.runtime + "pyodide.mjs"));
    const py = await loadPyodide({
      indexURL: site("/" + build.runtime),
      stdLibURL: site("/__pyodide__/python_stdlib.zip"),
      lockFileURL: site("/" + build.lock),
      stdout: (line) => lines.push(line),
      stderr: (line) => console.warn(line),
    });
    await py.loadPackage(site("/" + build.wheel));
    const source = await (await fetch(site("/__bench__/solver.py"))).text();
    py.FS.mkdirTree("/bench");
    py.FS.writeFile("/bench/solver.py", source);
    py.globals.set("BENCH_ARGS", py.toPy(args));
    py.runPython(`
import sys, runpy
sys.argv = ["bench/solver.py", *BENCH_ARGS]
try:
    runpy.run_path("/bench/solver.py", run_name="__main__")
except SystemExit as exc:
    if exc.code:
        raise
`);
    self.postMessage({ lines });
  } catch (err) {
    self.postMessage({ error: String(err && err.message ? err.message : err), lines });
  }
};
