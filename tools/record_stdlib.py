#!/usr/bin/env python3
"""Record which stdlib modules the game needs, and write tools/stdlib-allow.txt.

    python tools/record_stdlib.py          # about five minutes: the engine suite in Pyodide

1. The engine's test suite runs inside Pyodide with tools/stdlib_guard.py recording every stdlib
   module imported on behalf of ``ombre_core`` (the suite exercises more of the engine than a
   browser deal: the command line, records, every preset and bot).
2. tools/record_stdlib.mjs starts fresh interpreters as the browser's worker does (the lock route
   and the micropip route), runs tools/stdlib_exercise.py (every bridge call, every preset and
   level) and imports the modules of step 1, so that their own imports are counted.
3. The union of what those loaded is written to tools/stdlib-allow.txt, which build.py uses to
   make the shipped stdlib zip and the Pyodide test run uses to hold the engine to it.

Run it again when the engine starts importing another stdlib module (the Pyodide test run then
fails, naming the module) or when Pyodide is upgraded.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import pyodide_tests  # noqa: E402  (tools/ is not a package)

HEADER = """\
# The stdlib modules the site ships (build.py keeps only these in python_stdlib.zip).
# Written by tools/record_stdlib.py: what the engine's test suite imported on behalf of ombre_core,
# plus what a fresh interpreter loads booting as the browser's worker does (the lock and micropip
# routes) and answering every bridge call. Do not edit by hand: run the recorder.
"""


def main() -> int:
    builder = pyodide_tests.load_builder()
    builder.ensure_node_modules()
    with tempfile.TemporaryDirectory() as tmp:
        suite = Path(tmp) / "suite.txt"
        # Less the one test that reads the list being written.
        skip = "tests/test_stdlib_guard.py::test_the_shipped_list_is_part_of_the_stdlib"
        args = ["tests", "--ignore=tests/e2e", "-q", "-x", f"--deselect={skip}"]
        rc = pyodide_tests.main(args, guard=["--record", str(suite)])
        if rc != 0 or not suite.is_file():
            print(f"record_stdlib: the engine suite failed in Pyodide (exit {rc})", file=sys.stderr)
            return 1
        loaded = Path(tmp) / "loaded.txt"
        subprocess.run(
            [
                "node",
                str(ROOT / "tools" / "record_stdlib.mjs"),
                "--stdlib", str(builder.compiled_stdlib(trimmed=False)),
                "--wheel", str(builder.compiled_wheel(builder.build_wheel())),
                "--micropip", str(builder.fetch_micropip()),
                "--exercise", str(ROOT / "tools" / "stdlib_exercise.py"),
                "--also", str(suite),
                "--out", str(loaded),
            ],
            cwd=ROOT,
            check=True,
        )  # fmt: skip
        names = sorted(set(loaded.read_text().split()) | set(suite.read_text().split()))
    target = ROOT / "tools" / "stdlib-allow.txt"
    target.write_text(HEADER + "".join(f"{name}\n" for name in names))
    print(f"record_stdlib: {len(names)} modules -> {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
