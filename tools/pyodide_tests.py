#!/usr/bin/env python3
"""Run the engine's test suite inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node.

    python tools/pyodide_tests.py [pytest args]      # default: tests, without tests/e2e
                                                     # and without the `breadth` tests

The `breadth` tests (pyproject.toml's marker) play many deals or searches to check a property
across them; every engine line they reach, the others reach too (coverage.py), so here they would
only repeat the same code at twice CPython's time: the default leaves them out (CPython runs
them). Pass pytest arguments to choose otherwise; tools/record_stdlib.py runs all of them.

Builds (or takes from build.py's cache) the ombre_core wheel and the full .pyc stdlib, downloads
the pinned pure test wheels of tests/pyodide/requirements.txt (hash-checked, cached in
build/cache/pyodide-test-wheels), then runs tools/run_pyodide_tests.mjs, which exits with pytest's
code. Exit code 5 (no test collected) is turned into a failure.

The engine's imports of the standard library are held to the set the site ships,
``tools/stdlib-allow.txt`` (see tools/stdlib_guard.py), so a module missing from it fails here.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / "build" / "cache" / "pyodide-test-wheels"
REQUIREMENTS = ROOT / "tests" / "pyodide" / "requirements.txt"
STDLIB_ALLOW = ROOT / "tools" / "stdlib-allow.txt"


def load_builder():  # build.py as a module; plain `import build` would find PyPI's build
    spec = importlib.util.spec_from_file_location("ombre_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["ombre_build"] = module
    spec.loader.exec_module(module)
    return module


def test_wheels(builder: Any) -> Path:
    stamp = WHEELS / ".requirements"
    wanted = REQUIREMENTS.read_text()
    if not (stamp.is_file() and stamp.read_text() == wanted):
        WHEELS.mkdir(parents=True, exist_ok=True)
        for old in WHEELS.glob("*.whl"):
            old.unlink()
        builder.pip_download_pure(WHEELS, "--require-hashes", "-r", str(REQUIREMENTS))
        stamp.write_text(wanted)
    return WHEELS


def main(argv: list[str], guard: list[str] | None = None) -> int:
    """Run pytest in Pyodide; ``guard`` are the runner's guard options (default: --allow)."""
    builder = load_builder()
    builder.ensure_node_modules()
    wheel = builder.compiled_wheel(builder.build_wheel())  # the wheel the site ships
    stdlib = builder.compiled_stdlib(trimmed=False)
    args = argv or ["tests", "--ignore=tests/e2e", "-q", "-m", "not breadth"]
    cmd = [
        "node",
        str(ROOT / "tools" / "run_pyodide_tests.mjs"),
        "--stdlib",
        str(stdlib),
        "--project",
        str(ROOT),
        "--wheel",
        str(wheel),
        "--wheels",
        str(test_wheels(builder)),
        *(["--allow", str(STDLIB_ALLOW)] if guard is None else guard),
        "--",
        *args,
    ]
    rc = subprocess.run(cmd, cwd=ROOT).returncode
    if rc == 5:
        print("pyodide_tests: pytest collected no test: failing", file=sys.stderr)
        return 1
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
