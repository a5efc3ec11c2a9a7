// Run bench/solver.py inside Pyodide under Node and print its JSON figures.
//
//   node bench/solver_pyodide.mjs <repo> [bench/solver.py args]
//
// The runtime is node_modules' pyodide (the version the site ships) with its stock stdlib; the
// work tree is mounted at /project and imported from there (the wheel build is not needed to
// time pure Python). bench/solver.py starts this; use that.
import { loadPyodide } from "pyodide";
import path from "node:path";

const [root, ...args] = process.argv.slice(2);
if (!root) throw new Error("usage: node bench/solver_pyodide.mjs <repo> [args]");
const py = await loadPyodide();
py.setStdout({ batched: (line) => console.log(line) });
py.setStderr({ batched: (line) => console.error(line) });
py.mountNodeFS("/project", path.resolve(root));
py.globals.set("BENCH_ARGS", py.toPy(args));
const rc = py.runPython(`
import sys
sys.path.insert(0, "/project")
sys.argv = ["bench/solver.py", *BENCH_ARGS]
import runpy
try:
    runpy.run_path("/project/bench/solver.py", run_name="__main__")
    rc = 0
except SystemExit as exc:
    rc = exc.code or 0
rc
`);
process.exit(rc);
