// Run pytest inside Pyodide under Node, offline, and exit with pytest's code.
//
//   node tools/run_pyodide_tests.mjs --stdlib <python_stdlib.zip> --project <repo>
//        --wheel <ombre_core.whl> --wheels <dir of pure test wheels>
//        [--allow <stdlib-allow.txt> | --record <out.txt>] [-- <pytest args>]
//
// The runtime is node_modules' pyodide (the same 314.0.7 files the site ships); the stdlib is the
// .pyc zip build.py compiles. The engine is installed from its built wheel (not imported from the
// work tree), the repository is mounted read/write at /project and pytest runs there.
// tools/pyodide_tests.py prepares the arguments; use that.
//
// The interpreter has the full stdlib (pytest and hypothesis need more of it than the game), and
// tools/stdlib_guard.py holds the imports made on behalf of the engine to the shipped set
// (--allow: a module outside it fails the test that needed it) or records them (--record).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

function parse(argv) {
  const opts = { pytest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      opts.pytest = argv.slice(i + 1);
      break;
    }
    if (!arg.startsWith("--")) throw new Error(`unexpected argument ${arg}`);
    opts[arg.slice(2)] = argv[++i];
  }
  for (const need of ["stdlib", "project", "wheel", "wheels"]) {
    if (!opts[need]) throw new Error(`missing --${need}`);
  }
  return opts;
}

const opts = parse(process.argv.slice(2));
const write = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
const py = await loadPyodide({ stdLibURL: path.resolve(opts.stdlib) });
py.setStdout(write(process.stdout));
py.setStderr(write(process.stderr));
const testWheels = fs.readdirSync(opts.wheels).filter((f) => f.endsWith(".whl")).sort()
  .map((f) => path.resolve(opts.wheels, f));
const failed = [];
await py.loadPackage([...testWheels, path.resolve(opts.wheel)], {
  messageCallback: () => {},
  errorCallback: (message) => failed.push(message),
});
if (failed.length) {
  console.error(`run_pyodide_tests: could not load wheels: ${failed.join("; ")}`);
  process.exit(3);
}
py.mountNodeFS("/project", path.resolve(opts.project));
py.globals.set("PYTEST_ARGS", py.toPy(opts.pytest));
py.globals.set("ALLOW", opts.allow ? fs.readFileSync(opts.allow, "utf8") : undefined);
py.globals.set("RECORD", opts.record ? "/record/" + path.basename(opts.record) : undefined);
if (opts.record) py.mountNodeFS("/record", path.dirname(path.resolve(opts.record)));
let rc;
try {
  rc = py.runPython(`
import os, sys
# Import the engine from the installed wheel before /project becomes the working directory, and
# keep the work tree off sys.path, so the tests exercise exactly what the site ships.
sys.path[:] = [p for p in sys.path if p not in ("", ".", "/project")]
guard = None
if ALLOW is not None or RECORD is not None:
    import importlib.util, zipfile
    spec = importlib.util.spec_from_file_location("stdlib_guard", "/project/tools/stdlib_guard.py")
    stdlib_guard = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stdlib_guard)
    with zipfile.ZipFile("/lib/python314.zip") as zf:
        every = stdlib_guard.zip_modules(zf.namelist())
    shipped = stdlib_guard.read_list(ALLOW) if ALLOW is not None else ()
    guard = stdlib_guard.StdlibGuard(every, shipped, record=RECORD is not None).install()
    print(f"stdlib guard: {'recording' if RECORD else f'{len(shipped)} shipped modules'}",
          flush=True)
import ombre_core
assert "site-packages" in ombre_core.__file__, ombre_core.__file__
os.chdir("/project")
print(f"Pyodide {sys.version.split()[0]} on {sys.platform}; ombre_core {ombre_core.__version__}"
      f" from {ombre_core.__file__}", flush=True)
import pytest
rc = int(pytest.main(["-p", "no:cacheprovider", *PYTEST_ARGS]))
if RECORD is not None:
    with open(RECORD, "w") as out:
        out.write("".join(f"{name}\\n" for name in sorted(guard.recorded)))
rc
`);
} catch (err) {
  // Print Python's traceback, not the minified runtime that Node would quote.
  console.error(`run_pyodide_tests: ${err.message ?? err}`);
  rc = 4;
}
process.exit(rc);
