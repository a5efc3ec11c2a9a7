// Compile Pyodide's python_stdlib.zip to bytecode, with Pyodide's own interpreter.
//
//   node tools/compile_stdlib.mjs <in.zip> <out.zip> [deny-list.txt]
//
// Every .py entry becomes an *unchecked hash-based* .pyc (PEP 552): the interpreter never stats a
// source file or compares timestamps, and the bytes depend only on the source, so the output is
// reproducible. Entries are *stored* (not deflated) so HTTP compression works across the whole
// archive (docs/build.md, "Why .pyc"). The magic number must be the runtime's own (CPython 3.14 in
// Pyodide 314.0.7): no host Python here is 3.14, so Pyodide compiles under Node. Optional deny-list
// (tools/stdlib-deny.txt): one zip path prefix per line, entries matching it are left out, unless
// they match a "!prefix" line.
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [src, dst, denyFile] = process.argv.slice(2);
if (!src || !dst) {
  console.error("usage: node tools/compile_stdlib.mjs <in.zip> <out.zip> [deny-list.txt]");
  process.exit(2);
}
const lines = denyFile
  ? fs.readFileSync(denyFile, "utf8").split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean)
  : [];
const deny = lines.filter((l) => !l.startsWith("!"));
const keep = lines.filter((l) => l.startsWith("!")).map((l) => l.slice(1));
const py = await loadPyodide();
py.mountNodeFS("/in", path.dirname(path.resolve(src)));
py.mountNodeFS("/out", path.dirname(path.resolve(dst)));
py.globals.set("SRC", "/in/" + path.basename(src));
py.globals.set("DST", "/out/" + path.basename(dst));
py.globals.set("DENY", py.toPy(deny));
py.globals.set("KEEP", py.toPy(keep));
const counts = py.runPython(`
import importlib._bootstrap_external as be
import importlib.util
import zipfile

kept = dropped = 0
with zipfile.ZipFile(SRC) as zin, zipfile.ZipFile(DST, "w", zipfile.ZIP_STORED) as zout:
    for info in zin.infolist():
        name = info.filename
        denied = any(name.startswith(prefix) for prefix in DENY)
        if denied and not any(name.startswith(prefix) for prefix in KEEP):
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
