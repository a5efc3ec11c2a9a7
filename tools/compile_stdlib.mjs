// Compile Pyodide's python_stdlib.zip to bytecode, with Pyodide's own interpreter.
//
//   node tools/compile_stdlib.mjs <in.zip> <out.zip> [allow-list.txt]
//
// Every .py entry becomes an *unchecked hash-based* .pyc (PEP 552): the interpreter never stats a
// source file or compares timestamps, and the bytes depend only on the source, so the output is
// reproducible. Entries are *stored* (not deflated) so HTTP compression works across the whole
// archive (docs/build.md, "Why .pyc"). The magic number must be the runtime's own (CPython 3.14 in
// Pyodide 314.0.7): no host Python here is 3.14, so Pyodide compiles under Node. Optional
// allow-list (tools/stdlib-allow.txt, written by tools/record_stdlib.py): one module name per line;
// only those modules are kept (and site-packages/, which Pyodide expects), every other entry is
// left out. Without it every entry is kept (the Pyodide test suite's full stdlib).
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [src, dst, allowFile] = process.argv.slice(2);
if (!src || !dst) {
  console.error("usage: node tools/compile_stdlib.mjs <in.zip> <out.zip> [allow-list.txt]");
  process.exit(2);
}
const allow = allowFile
  ? fs.readFileSync(allowFile, "utf8").split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean)
  : null;
const py = await loadPyodide();
py.mountNodeFS("/in", path.dirname(path.resolve(src)));
py.mountNodeFS("/out", path.dirname(path.resolve(dst)));
py.globals.set("SRC", "/in/" + path.basename(src));
py.globals.set("DST", "/out/" + path.basename(dst));
py.globals.set("ALLOW", allow ? py.toPy(allow) : undefined);
const counts = py.runPython(`
import importlib._bootstrap_external as be
import importlib.util
import zipfile

ALLOW = None if ALLOW is None else set(ALLOW)
kept = dropped = 0
with zipfile.ZipFile(SRC) as zin, zipfile.ZipFile(DST, "w", zipfile.ZIP_STORED) as zout:
    for info in zin.infolist():
        name = info.filename
        if ALLOW is not None and not name.startswith("site-packages/"):
            module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            if not (name.endswith(".py") and module in ALLOW):
                dropped += 1
                continue
        data = zin.read(info)
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=0)
            data = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
        out = zipfile.ZipInfo(name, info.date_time)
        out.external_attr = info.external_attr
        out.create_system = 3
        zout.writestr(out, data)
        kept += 1
f"{kept} entries kept, {dropped} left out"
`);
console.log(`compile_stdlib: ${counts} -> ${dst}`);
