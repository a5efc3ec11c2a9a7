// The stdlib modules the game loads in a fresh interpreter: tools/record_stdlib.py runs this.
//
//   node tools/record_stdlib.mjs --stdlib <full .pyc zip> --wheel <ombre_core.whl>
//        --micropip <micropip.whl> --exercise <stdlib_exercise.py> --also <names.txt> --out <file>
//
// Two fresh Pyodide instances with the full stdlib, as the worker starts them (web/engine-worker.js):
// 1. the lock route: the wheel loaded as a package, then tools/stdlib_exercise.py (every bridge
//    call of the browser, every preset and level) and an import of each module named in --also
//    (what the engine's test suite imported on behalf of the game, so that their own imports
//    are counted too);
// 2. the micropip route: micropip loaded, then micropip.install() of the same wheel.
// Prints the union of the stdlib modules in sys.modules, one per line, to --out.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const opts = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
for (const need of ["stdlib", "wheel", "micropip", "exercise", "also", "out"]) {
  if (!opts[need]) throw new Error(`missing --${need}`);
}

const LOADED = `
import sys, zipfile
with zipfile.ZipFile("/lib/python314.zip") as zf:
    _stdlib = {n[:-4].removesuffix("/__init__").replace("/", ".") for n in zf.namelist()
               if n.endswith(".pyc")}
"\\n".join(sorted(name for name in sys.modules if name in _stdlib))
`;

async function start() {
  const py = await loadPyodide({ stdLibURL: path.resolve(opts.stdlib) });
  py.setStdout({ batched: () => {} });
  return py;
}

async function lockRoute() {
  const py = await start();
  await py.loadPackage([path.resolve(opts.wheel)], { messageCallback: () => {} });
  py.globals.set("ALSO", fs.readFileSync(opts.also, "utf8"));
  py.runPython(fs.readFileSync(opts.exercise, "utf8"));
  py.runPython(`
import importlib
for _name in ALSO.split():
    importlib.import_module(_name)
`);
  return py.runPython(LOADED).split("\n");
}

async function micropipRoute() {
  const py = await start();
  await py.loadPackage([path.resolve(opts.micropip)], { messageCallback: () => {} });
  const wheel = "/tmp/" + path.basename(opts.wheel);
  py.FS.writeFile(wheel, fs.readFileSync(opts.wheel));
  const micropip = py.pyimport("micropip");
  await micropip.install("emfs:" + wheel);
  py.runPython("import ombre_core.bridge, json; json.loads(ombre_core.bridge.presets())");
  return py.runPython(LOADED).split("\n");
}

const names = new Set([...(await lockRoute()), ...(await micropipRoute())]);
fs.writeFileSync(opts.out, [...names].filter(Boolean).sort().join("\n") + "\n");
console.log(`record_stdlib: ${names.size} stdlib modules -> ${opts.out}`);
