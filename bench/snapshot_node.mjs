// Memory snapshot against a normal start, under Node (what the engine worker does in the browser;
// docs/build.md, "Instant start on return").
//
//   node bench/snapshot_node.mjs [dist] [rounds]     (after `python build.py`; dist defaults to dist/)
//
// Makes a snapshot the way engine-worker.js does (fresh `_makeSnapshot` instance, wheel unzipped by
// hand, every engine module imported), then times, in interleaved rounds, the start to a first
// `new_session` reply: normal (loadPyodide with the wheel from the lock) against restored
// (loadPyodide({_loadSnapshot}) + random.seed()). Prints medians and their ratio. Asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const dist = path.resolve(process.argv[2] ?? "dist");
const rounds = Number(process.argv[3] ?? 5);
const info = JSON.parse(fs.readFileSync(path.join(dist, "build-info.json"), "utf8"));
const at = (rel) => path.join(dist, rel);
const options = { stdLibURL: at(info.config.stdlib), lockFileURL: at(info.config.lock) };
const NEW = JSON.stringify({ rules: "1660", seed: null, human: 0 });
// The same Python as web/engine-worker.js's MAKE_PY (kept short here).
const MAKE_PY = `
import importlib, os, pkgutil, sysconfig, zipfile, gc
with zipfile.ZipFile("/tmp/ombre_core.whl") as w:
    w.extractall(sysconfig.get_path("purelib"))
os.remove("/tmp/ombre_core.whl")
importlib.invalidate_caches()
import ombre_core, ombre_core.bridge
for m in pkgutil.walk_packages(ombre_core.__path__, "ombre_core."):
    if m.name != "ombre_core.__main__":
        try:
            importlib.import_module(m.name)
        except ImportError:
            pass
import ombre_core.i18n
ombre_core.i18n.load_all()
gc.collect()
`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quiet = { stdout: () => {}, stderr: () => {} };

let t = performance.now();
const maker = await loadPyodide({ ...options, ...quiet, _makeSnapshot: true });
maker.FS.writeFile("/tmp/ombre_core.whl", fs.readFileSync(at(info.config.wheel)));
maker.runPython(MAKE_PY);
const made = performance.now();
const snapshot = maker.makeMemorySnapshot();
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB, makeMemorySnapshot() ` +
  `${(performance.now() - made).toFixed(0)} ms (boot + install + imports ${(made - t).toFixed(0)} ms)`);

const times = { normal: [], snapshot: [] };
const seeds = new Set();
for (let round = 0; round < rounds; round++) {
  for (const kind of round % 2 ? ["snapshot", "normal"] : ["normal", "snapshot"]) {
    t = performance.now();
    let py;
    if (kind === "normal") {
      py = await loadPyodide({ ...options, ...quiet, packages: ["ombre-core"] });
    } else {
      py = await loadPyodide({ ...options, ...quiet, _loadSnapshot: snapshot });
      py.runPython("import random\nrandom.seed()\n");
    }
    const reply = JSON.parse(py.pyimport("ombre_core.bridge").new_session(NEW));
    times[kind].push(performance.now() - t);
    if (kind === "snapshot") seeds.add(py.runPython("import random; random.random()"));
    if (!reply.ok) throw new Error(JSON.stringify(reply));
  }
}
const n = median(times.normal);
const s = median(times.snapshot);
console.log(`start to first new_session, median of ${rounds}: normal ${n.toFixed(0)} ms, ` +
  `snapshot ${s.toFixed(0)} ms, ratio ${(s / n).toFixed(2)}`);
console.log(`random.random() after ${rounds} restores + reseed: ${seeds.size} distinct values`);
