#!/usr/bin/env python3
"""Build the Ombre static site into ``dist/`` and, optionally, serve it on 127.0.0.1.

    python build.py                      # build dist/
    python build.py serve [--port 8000]  # build, then serve dist/ on http://127.0.0.1:8000/
    python build.py serve --no-build     # serve what is already in dist/

Standard library only, plus Node/npm (the Pyodide runtime comes from npm) and, to build the
``ombre_core`` wheel, PyPI's ``build`` with ``setuptools`` (both pinned in requirements-test.txt;
without ``build`` the wheel is made with ``pip wheel``). What is shipped and why: docs/build.md.

Properties the tests rely on:

* **Deterministic.** Rebuilding with nothing changed rewrites no file in ``dist/`` (files are only
  written when their bytes differ; the wheel is repacked with fixed timestamps; JSON is sorted).
* **Content-hashed names** for everything a browser might keep a stale copy of: the runtime
  folder, the stdlib zip, the lock, the wheels, and every ``.js``/``.css`` of ``web/``. The sources
  name each other by plain names (``import ... from "./render.js"``); the build rewrites every
  module's import specifiers and every page's ``src``/``href`` to the hashed names, leaves first,
  so a module's hash covers the names of what it imports. No import map: it would be an inline
  script, which a strict Content-Security-Policy refuses (and Chromium has no external import maps).
* **Strict pages.** Every HTML page of ``web/`` must carry its own Content-Security-Policy in a
  ``<meta http-equiv>`` without ``'unsafe-inline'``/``'unsafe-eval'``, and no inline script, style,
  ``style=`` or ``on...=`` attribute: ``check_page`` fails the build otherwise (docs/ui.md).
* **Fast rebuilds.** The wheel, the compiled stdlib and the precompressed copies are cached under
  ``build/cache/`` keyed by the hash of their inputs.
"""

from __future__ import annotations

import argparse
import functools
import graphlib
import gzip
import hashlib
import http.server
import importlib.metadata
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar, TypedDict

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / "build" / "cache"
NODE_MODULES = ROOT / "node_modules"
NPM_PYODIDE = NODE_MODULES / "pyodide"

PYODIDE_VERSION = "314.0.7"
# PyPI's micropip wheel (not Pyodide's rebuild); the lock entry's sha256 is set to this file's.
MICROPIP = (
    "micropip",
    "0.11.1",
    "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# pyodide-build writes the lock (``pyodide lockfile add-wheels``) in a venv of its own; it needs a
# Python >= 3.12. OMBRE_LOCK_WRITER: "pyodide-build" (must work), "in-tree" (build.py's own
# writer), or unset (pyodide-build when it can be installed, else in-tree with a message).
PYODIDE_BUILD_REQUIREMENTS = ROOT / "tools" / "pyodide-build-requirements.txt"
LOCK_WRITERS = ("pyodide-build", "in-tree")
STDLIB_ALLOW = ROOT / "tools" / "stdlib-allow.txt"
# 1980-01-01, the earliest time a zip can hold: used for the wheel's entries and SOURCE_DATE_EPOCH.
EPOCH = 315532800
HASH_LEN = 12
# Files of web/ that keep their name: the service worker must stay at a fixed URL, HTML pages are
# entry points, the manifest is referenced by pages and installers, and embed.js is what host pages
# load (<script type="module" src=".../embed.js">; it imports nothing, so it needs no rewriting).
UNHASHED_SUFFIXES = (".html", ".webmanifest")
UNHASHED_NAMES = ("sw.js", "embed.js")
COMPRESSIBLE = (
    ".whl",
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".webmanifest",
    ".svg",
    ".wasm",
    ".zip",
    ".txt",
)
WORKER_MARKER = "/*@OMBRE_BUILD@*/ null"
WORKER_NAME_MARKER = '"./engine-worker.js"'
SW_MARKER = "/*@OMBRE_SW@*/ null"
I18N_MARKER = "/*@OMBRE_I18N@*/ null"
LOCALE = ROOT / "ombre_core" / "locale"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
}


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def hash_inputs(paths: list[Path], extra: str = "") -> str:
    """One digest over the names and bytes of ``paths`` (relative to ROOT) and ``extra``."""
    digest = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def run(cmd: list[str], **kwargs: object) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)  # type: ignore[arg-type]


# --- npm ---


def ensure_node_modules() -> None:
    """``npm ci`` when node_modules is missing or older than package-lock.json."""
    stamp = NODE_MODULES / ".ombre-lock-sha256"
    want = sha256_file(ROOT / "package-lock.json")
    if stamp.is_file() and stamp.read_text() == want and (NPM_PYODIDE / "package.json").is_file():
        return
    if shutil.which("npm") is None:
        sys.exit("build: npm is needed (the Pyodide runtime comes from the npm registry)")
    run(["npm", "ci", "--no-audit", "--no-fund"])
    version = json.loads((NPM_PYODIDE / "package.json").read_text())["version"]
    if version != PYODIDE_VERSION:
        sys.exit(f"build: node_modules has pyodide {version}, build.py expects {PYODIDE_VERSION}")
    stamp.write_text(want)


# --- the ombre_core wheel ---


def wheel_sources() -> list[Path]:
    files = [ROOT / "pyproject.toml"]
    files += [p for p in (ROOT / "README.md", ROOT / "LICENSE") if p.is_file()]
    for path in (ROOT / "ombre_core").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files.append(path)
    return files


def repack_wheel(raw: bytes) -> bytes:
    """The same wheel with fixed timestamps and modes, so equal sources give equal bytes."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(raw)) as zin,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout,
    ):
        for info in zin.infolist():
            entry = zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            entry.create_system = 3
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, zin.read(info))
    return out.getvalue()


def build_wheel() -> Path:
    """Build (or take from the cache) the py3-none-any wheel of ``ombre_core``."""
    sources = wheel_sources()
    key = hash_inputs(sources, extra=sys.version.split()[0])[:HASH_LEN]
    cached = CACHE / "wheel" / key
    found = sorted(cached.glob("*.whl")) if cached.is_dir() else []
    if found:
        return found[0]
    log("building the ombre_core wheel")
    with tempfile.TemporaryDirectory(prefix="ombre-wheel-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        for path in sources:  # a clean copy: no stale build/lib, no egg-info in the work tree
            target = src / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        env = {**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH), "PYTHONHASHSEED": "0"}
        # PyPI's build (not this file, hence the metadata look-up and cwd=tmp) with setuptools
        # from the environment; else pip wheel, whose isolated environment fetches the backend.
        try:
            importlib.metadata.version("build")
            importlib.metadata.version("setuptools")
            cmd = [
                sys.executable,
                "-m",
                "build",
                "--wheel",
                "--no-isolation",
                "--outdir",
                str(out),
                str(src),
            ]
        except importlib.metadata.PackageNotFoundError:
            cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(src)]
        log("$ " + " ".join(cmd))
        done = subprocess.run(cmd, env=env, cwd=tmp, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"build: the wheel build failed:\n{done.stdout}\n{done.stderr}")
        (wheel,) = out.glob("*.whl")
        cached.mkdir(parents=True, exist_ok=True)
        target = cached / wheel.name
        target.write_bytes(repack_wheel(wheel.read_bytes()))
    return target


def compiled_wheel(wheel: Path) -> Path:
    """The wheel plus unchecked hash-based .pyc of its modules (tools/compile_wheel.mjs).

    Without them every page load compiles the engine's sources (about 0.1 s under Node, more in a
    loaded browser). Cached by the hash of the wheel and the script.
    """
    key = hash_inputs([ROOT / "tools" / "compile_wheel.mjs"], extra=sha256_file(wheel))[:HASH_LEN]
    target = CACHE / "wheel-pyc" / key / wheel.name
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        run(["node", "tools/compile_wheel.mjs", str(wheel), str(partial)])
        partial.replace(target)
    return target


def site_wheel(wheel: Path) -> Path:
    """The wheel the site ships: ``wheel`` without the catalogues but English's.

    The page fetches the reader's language anyway (``locale/<lang>.<hash>.json``) and the worker
    hands that same file to the engine (``bridge.set_language``), so the other four would be
    84 kB of brotli on every first visit for nothing. English stays: it is the engine's
    fallback and the language of the start-up snapshot. Cached by the wheel's hash.
    """
    key = sha256_file(wheel)[:HASH_LEN]
    target = CACHE / "wheel-site" / key / wheel.name
    if target.is_file():
        return target
    dropped = re.compile(r"ombre_core/locale/(?!en\.json$)[^/]+\.json")
    out = io.BytesIO()
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if dropped.fullmatch(info.filename):
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                data = "".join(
                    line for line in lines if not dropped.fullmatch(line.split(",", 1)[0])
                ).encode()
            zout.writestr(info, data)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(out.getvalue())
    partial.replace(target)
    return target


def pip_download_pure(folder: Path, *requirements: str) -> None:
    """Download pure-Python wheels for Pyodide's Python 3.14 from PyPI (``pip download``
    arguments after the target folder, e.g. ``"micropip==0.11.1"`` or ``"-r", "reqs.txt"``)."""
    run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
            "--abi", "none", "--platform", "any", "-d", str(folder), *requirements,
        ]
    )  # fmt: skip


def fetch_micropip() -> Path:
    name, version, digest = MICROPIP
    folder = CACHE / "micropip"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    if not (wheel.is_file() and sha256_file(wheel) == digest):
        pip_download_pure(folder, f"{name}=={version}")
    got = sha256_file(wheel)
    if got != digest:
        sys.exit(f"build: {wheel.name} has sha256 {got}, expected {digest}")
    return wheel


# --- the stdlib ---


def compiled_stdlib(trimmed: bool = True) -> Path:
    """python_stdlib.zip as .pyc, compiled by Pyodide under Node; cached by input hash.

    ``trimmed`` keeps only the modules tools/stdlib-allow.txt lists (the shipped zip, recorded by
    tools/record_stdlib.py from what the game imports); the full zip is for
    the Pyodide test suite (pytest and hypothesis import unittest, decimal, difflib...).
    """
    source = NPM_PYODIDE / "python_stdlib.zip"
    inputs = [source, ROOT / "tools" / "compile_stdlib.mjs"]
    if trimmed:
        inputs.append(STDLIB_ALLOW)
    key = hash_inputs(inputs)[:HASH_LEN]
    target = CACHE / "stdlib" / f"python_stdlib-{'trimmed' if trimmed else 'full'}-{key}.zip"
    if not target.is_file():
        log("compiling the stdlib to .pyc with Pyodide under Node")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".partial")
        cmd = ["node", "tools/compile_stdlib.mjs", str(source), str(partial)]
        if trimmed:
            cmd.append(str(STDLIB_ALLOW))
        run(cmd)
        partial.replace(target)
    return target


# --- the lock: pyodide-build's writer, or build.py's own ---


def python_312() -> str | None:
    """A Python >= 3.12 to run pyodide-build in: $OMBRE_PYODIDE_BUILD_PYTHON, this one, one on
    PATH, or one of pyenv's versions; None if there is none."""
    candidates = [os.environ.get("OMBRE_PYODIDE_BUILD_PYTHON", ""), sys.executable]
    candidates += [shutil.which(f"python3.{minor}") or "" for minor in (13, 12, 14)]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        found = [v for v in pyenv.iterdir() if re.fullmatch(r"3\.1[2-9]\.\d+", v.name)]
        found.sort(key=lambda v: [int(n) for n in v.name.split(".")], reverse=True)
        candidates += [str(v / "bin" / "python3") for v in found]
    for candidate in filter(None, candidates):
        try:
            done = subprocess.run(
                [candidate, "-c", "import sys, venv; print(sys.version_info >= (3, 12))"],
                capture_output=True, text=True, timeout=30,
            )  # fmt: skip
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.stdout.strip() == "True":
            return candidate
    return None


def pyodide_build_cli() -> Path:
    """The ``pyodide`` command of a venv with tools/pyodide-build-requirements.txt (hash-checked,
    pure wheels), made once under build/cache/pyodide-build/. Raises RuntimeError saying why not."""
    python = python_312()
    if python is None:
        raise RuntimeError(
            "no Python >= 3.12 found (pyodide-build 0.39.2 needs one;"
            " set OMBRE_PYODIDE_BUILD_PYTHON)"
        )
    version = subprocess.run(
        [python, "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    venv = CACHE / "pyodide-build" / hash_inputs([PYODIDE_BUILD_REQUIREMENTS], version)[:HASH_LEN]
    cli = venv / "bin" / "pyodide"
    if (venv / ".complete").is_file():
        return cli
    log(f"installing pyodide-build in {venv.relative_to(ROOT)} (Python {version}, once)")
    try:
        run([python, "-m", "venv", "--clear", str(venv)])
        run(
            [
                str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                "--disable-pip-version-check", "--require-hashes", "--no-deps",
                "--only-binary=:all:", "-r", str(PYODIDE_BUILD_REQUIREMENTS),
            ]
        )  # fmt: skip
    except (OSError, subprocess.CalledProcessError) as err:
        shutil.rmtree(venv, ignore_errors=True)
        raise RuntimeError(f"pyodide-build could not be installed ({err})") from err
    (venv / ".complete").write_text(version + "\n")
    return cli


def lock_in_tree(lock: dict[str, object], wheels: dict[str, Path]) -> dict[str, object]:
    """``lock`` plus an entry for each wheel {file_name relative to the lock: path}, written by
    build.py itself, the way ``pyodide lockfile add-wheels`` does for a pure, dependency-free wheel
    (tests/e2e/test_infra_build.py checks that the two agree)."""
    packages = dict(lock["packages"])  # type: ignore[call-overload]
    for file_name, path in wheels.items():
        match = re.match(r"([^-]+)-([^-]+)-", path.name)
        if not match:
            sys.exit(f"build: {path.name} is not a wheel's name")
        with zipfile.ZipFile(path) as whl:
            names = whl.namelist()
        top = sorted({n.split("/")[0] for n in names if "/" in n and ".dist-info/" not in n})
        name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
        packages[name] = {
            "name": name,
            "version": match.group(2),
            "file_name": file_name,
            "install_dir": "site",
            "sha256": sha256_file(path),
            "package_type": "package",
            "imports": top,
            "depends": [],
            "unvendored_tests": False,
            "tool": {},
        }
    # pyodide-lock's writer also adds an empty top-level "tool" table.
    return {"tool": {}, **lock, "packages": packages}


def lock_by_pyodide_build(lock: dict[str, object], wheels: dict[str, Path]) -> dict[str, object]:
    """``lock`` plus the wheels' entries, written by ``pyodide lockfile add-wheels`` from each
    wheel's own metadata. Cached by the inputs' hashes (the tool takes a few seconds to start)."""
    key_text = json.dumps([lock, {f: sha256_file(p) for f, p in wheels.items()}], sort_keys=True)
    key = hash_inputs([PYODIDE_BUILD_REQUIREMENTS], key_text)[:HASH_LEN]
    cached = CACHE / "lock" / f"pyodide-lock-{key}.json"
    if cached.is_file():
        return json.loads(cached.read_text())  # type: ignore[no-any-return]
    cli = pyodide_build_cli()
    with tempfile.TemporaryDirectory(prefix="ombre-lock-") as tmp:
        base = Path(tmp) / "lock"
        for file_name, path in wheels.items():
            (base / file_name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, base / file_name)
        (base / "in.json").write_text(json.dumps(lock))
        cmd = [str(cli), "lockfile", "add-wheels", "--input", str(base / "in.json"),
               "--output", str(base / "out.json"), "--base-path", str(base),
               *(str(base / f) for f in wheels)]  # fmt: skip
        log("$ pyodide lockfile add-wheels ...")
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"pyodide lockfile add-wheels failed:\n{done.stdout}{done.stderr}")
        written = json.loads((base / "out.json").read_text())
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(written, sort_keys=True))
    return written  # type: ignore[no-any-return]


def write_lock(lock: dict[str, object], wheels: dict[str, Path]) -> dict[str, object]:
    """The lock with our wheels added by the writer OMBRE_LOCK_WRITER names (see above)."""
    writer = os.environ.get("OMBRE_LOCK_WRITER", "")
    if writer and writer not in LOCK_WRITERS:
        sys.exit(f"build: OMBRE_LOCK_WRITER={writer!r}: use one of {', '.join(LOCK_WRITERS)}")
    if writer == "in-tree":
        return lock_in_tree(lock, wheels)
    try:
        return lock_by_pyodide_build(lock, wheels)
    except RuntimeError as err:
        if writer == "pyodide-build":
            sys.exit(f"build: {err}")
        log(
            f"{err}; the lock entries are written by build.py instead (the same fields:"
            " tests/e2e/test_infra_build.py compares the two writers)"
        )
        return lock_in_tree(lock, wheels)


# --- web/ ---


def hashed_name(rel: str, data: bytes) -> str:
    stem, dot, suffix = rel.rpartition(".")
    return f"{stem}.{sha256_bytes(data)[:HASH_LEN]}.{suffix}" if dot else rel


def web_files() -> Iterator[tuple[str, bytes]]:
    if not WEB.is_dir():
        return
    for path in sorted(WEB.rglob("*")):
        if path.is_file() and not path.name.startswith(".") and "__pycache__" not in path.parts:
            yield path.relative_to(WEB).as_posix(), path.read_bytes()


ATTR_RE = re.compile(r"""(\s(?:src|href)\s*=\s*)(["'])([^"'#?]+)([^"']*)\2""", re.IGNORECASE)
# The module specifiers build.py rewrites: static ``import``/``export ... from "./x.js"`` and
# side-effect ``import "./x.js"`` statements that begin a line (so the examples in comments, which
# begin with ``//`` or ``*``, are left alone), and ``import("./x.js")`` with a literal specifier.
# Only relative specifiers (``./``, ``../``) name files of web/.
STATIC_IMPORT_RE = re.compile(
    r"^([ \t]*(?:import|export)\b[^;'\"`]*?\bfrom[ \t]*|[ \t]*import[ \t]*)"
    r"""(["'])(\.\.?/[^"'\n]+)\2""",
    re.MULTILINE,
)
DYNAMIC_IMPORT_RE = re.compile(r"""(\bimport\(\s*)(["'])(\.\.?/[^"'\n]+)\2(?=\s*\))""")


def module_imports(rel: str, text: str) -> list[str]:
    """web/-relative paths of the modules that ``rel`` imports (its relative specifiers)."""
    found = []
    for regex in (STATIC_IMPORT_RE, DYNAMIC_IMPORT_RE):
        for match in regex.finditer(text):
            found.append(resolve_module(rel, match.group(3)))
    return found


def resolve_module(rel: str, specifier: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(rel), specifier))


def relative_url(target: str, from_dir: str) -> str:
    url = posixpath.relpath(target, from_dir or ".")
    return url if url.startswith("../") else "./" + url


def rewrite_imports(rel: str, text: str, renamed: dict[str, str]) -> str:
    """Point ``rel``'s relative import specifiers at the hashed files (which must exist)."""

    def replace(match: re.Match[str]) -> str:
        prefix, quote, specifier = match.groups()
        target = resolve_module(rel, specifier)
        if target not in renamed:
            sys.exit(f"build: web/{rel} imports {specifier!r}, which is not a module of web/")
        return f"{prefix}{quote}{relative_url(renamed[target], posixpath.dirname(rel))}{quote}"

    text = STATIC_IMPORT_RE.sub(replace, text)
    return DYNAMIC_IMPORT_RE.sub(replace, text)


def module_order(modules: dict[str, str]) -> list[str]:
    """The modules, each after everything it imports (content hashes need the leaves first)."""
    graph: dict[str, set[str]] = {}
    for rel, text in modules.items():
        deps = set(module_imports(rel, text))
        if rel == "engine-client.js" and WORKER_NAME_MARKER in text:
            deps.add("engine-worker.js")  # the client names the worker's hashed file
        missing = sorted(d for d in deps if d not in modules)
        if missing:
            sys.exit(f"build: web/{rel} imports {', '.join(missing)}, which web/ does not have")
        graph[rel] = deps
    try:
        return list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as err:
        cycle = " -> ".join(err.args[1])
        sys.exit(
            f"build: the modules of web/ import each other in a cycle ({cycle}); content"
            " hashes cannot name each other: break the cycle"
        )


def rewrite_html(html: str, renamed: dict[str, str], page_dir: str) -> str:
    """Point src/href at hashed files, and add the manifest/icon links a page lacks."""

    def resolve(url: str) -> str | None:
        if re.match(r"^[a-z]+:|^/", url, re.IGNORECASE):
            return None
        joined = os.path.normpath(os.path.join(page_dir, url)).replace(os.sep, "/")
        return joined if joined in renamed else None

    def attr(match: re.Match[str]) -> str:
        prefix, quote, url, rest = match.groups()
        rel = resolve(url)
        if rel is None:
            return match.group(0)
        new = os.path.relpath(renamed[rel], page_dir or ".").replace(os.sep, "/")
        return f"{prefix}{quote}{new}{rest}{quote}"

    html = ATTR_RE.sub(attr, html)
    up = os.path.relpath(".", page_dir or ".").replace(os.sep, "/")
    up = "" if up == "." else up + "/"
    head = []
    if 'rel="manifest"' not in html and "rel='manifest'" not in html:
        head.append(f'<link rel="manifest" href="{up}manifest.webmanifest">')
    if 'rel="icon"' not in html and "rel='icon'" not in html:
        head.append(f'<link rel="icon" href="{up}icon.svg" type="image/svg+xml">')
    if not head:
        return html
    # Before </head>: after the page's Content-Security-Policy <meta>, which governs only what
    # follows it.
    block = "\n".join(head) + "\n"
    match = re.search(r"</head\s*>", html, re.IGNORECASE)
    return html[: match.start()] + block + html[match.start() :] if match else block + html


# --- the pages' Content-Security-Policy ---

CSP_FORBIDDEN = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'")


class PageCheck(HTMLParser):
    """Collects what a strict Content-Security-Policy would refuse in a page, and the policy."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.policy: str | None = None
        self.loaded_before_policy = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        where = f"line {self.getpos()[0]}"
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            if self.policy is not None:
                self.problems.append(f"{where}: a second Content-Security-Policy <meta>")
            elif self.loaded_before_policy:
                self.problems.append(f"{where}: the policy must come before every script/link")
            self.policy = values.get("content") or ""
        if tag in ("script", "link", "style"):
            self.loaded_before_policy = self.loaded_before_policy or self.policy is None
        if tag == "script" and not values.get("src"):
            self.problems.append(f"{where}: an inline <script> (move it to a .js file)")
        if tag == "style":
            self.problems.append(f"{where}: a <style> element (move it to a .css file)")
        for name, _ in attrs:
            if name == "style":
                self.problems.append(f"{where}: a style attribute on <{tag}> (use a class)")
            elif name.startswith("on"):
                self.problems.append(f"{where}: an inline {name} handler on <{tag}>")


def check_page(rel: str, html: str) -> str:
    """The page's policy; the build stops if the page breaks the strict-CSP rules above."""
    checker = PageCheck()
    checker.feed(html)
    checker.close()
    problems = checker.problems
    policy = checker.policy
    if policy is None:
        problems.append('no <meta http-equiv="Content-Security-Policy"> (docs/ui.md gives it)')
    else:
        problems += [f"its policy allows {word}" for word in CSP_FORBIDDEN if word in policy]
    if problems:
        sys.exit(f"build: web/{rel} is not strict-CSP clean:\n  " + "\n  ".join(problems))
    return policy or ""


class LocaleConfig(TypedDict):
    """What ``web/i18n.js`` is built with: each catalogue's hashed URL, each language's name in
    itself, and the English of the page's own ``ui.*`` keys."""

    urls: dict[str, str]
    names: dict[str, str]
    en: dict[str, str]


def locale_files(files: dict[str, bytes]) -> LocaleConfig:
    """Put each catalogue in ``files`` under a content-hashed name; the config web/i18n.js gets."""
    urls: dict[str, str] = {}
    names: dict[str, str] = {}
    english: dict[str, str] = {}
    for path in sorted(LOCALE.glob("*.json")):
        data = path.read_bytes()
        try:
            catalogue = json.loads(data)
        except json.JSONDecodeError as err:
            sys.exit(f"build: {path.relative_to(ROOT)} is not JSON: {err}")
        lang = path.stem
        rel = hashed_name(f"locale/{lang}.json", data)
        files[rel] = data
        urls[lang] = "./" + rel
        names[lang] = catalogue.get("meta.language", lang)
        if lang == "en":
            english = {k: v for k, v in catalogue.items() if k.startswith("ui.")}
    if "en" not in urls:
        sys.exit(f"build: {LOCALE.relative_to(ROOT)} has no en.json")
    return {"urls": urls, "names": names, "en": english}


def assemble(wheel: Path, micropip: Path, stdlib: Path) -> dict[str, bytes]:
    """Everything that goes into dist/, as {relative path: bytes}."""
    files: dict[str, bytes] = {}

    runtime = {name: (NPM_PYODIDE / name).read_bytes() for name in RUNTIME_FILES}
    runtime_key = sha256_bytes(b"".join(sha256_bytes(runtime[n]).encode() for n in RUNTIME_FILES))
    runtime_dir = f"pyodide/runtime-{runtime_key[:HASH_LEN]}/"
    for name, data in runtime.items():
        files[runtime_dir + name] = data

    stdlib_bytes = stdlib.read_bytes()
    stdlib_path = hashed_name("pyodide/python_stdlib.zip", stdlib_bytes)
    files[stdlib_path] = stdlib_bytes

    wheel_paths = {}
    for whl in (wheel, micropip):
        data = whl.read_bytes()
        rel = f"pyodide/wheels/{sha256_bytes(data)[:HASH_LEN]}/{whl.name}"
        files[rel] = data
        wheel_paths[whl] = rel

    upstream = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text())
    micropip_entry = dict(upstream["packages"]["micropip"])
    micropip_entry.update(
        file_name=wheel_paths[micropip].removeprefix("pyodide/"),
        sha256=sha256_bytes(files[wheel_paths[micropip]]),
    )
    # The upstream `info` (the loader refuses another abi_version), micropip pointing at PyPI's file
    # (Subresource Integrity checks its sha256), and our wheel's entry from its own metadata.
    lock = write_lock(
        {"info": upstream["info"], "packages": {"micropip": micropip_entry}},
        {wheel_paths[wheel].removeprefix("pyodide/"): wheel},
    )
    if "ombre-core" not in lock["packages"]:  # type: ignore[operator]
        sys.exit(f"build: the lock has no ombre-core entry: {sorted(lock['packages'])}")  # type: ignore[call-overload]
    lock_bytes = (json.dumps(lock, sort_keys=True, indent=1) + "\n").encode()
    lock_path = hashed_name("pyodide/pyodide-lock.json", lock_bytes)
    files[lock_path] = lock_bytes

    # The catalogues (ombre_core/locale/<lang>.json), one source for the engine and the page: the
    # page fetches a language's file when it is chosen (web/i18n.js gets their hashed names, each
    # language's name in itself and the English of the page's own ui.* keys through its marker),
    # and the worker hands the same file to the engine (its wheel carries English only).
    i18n_config = locale_files(files)

    build_config = {
        "locale": {lang: url.removeprefix("./") for lang, url in i18n_config["urls"].items()},
        "pyodide": PYODIDE_VERSION,
        "runtime": runtime_dir,
        "stdlib": stdlib_path,
        "lock": lock_path,
        "wheel": wheel_paths[wheel],
        "engine_version": lock["packages"]["ombre-core"]["version"],  # type: ignore[index]
    }

    # web/: every JS module after the modules it imports (their hashed names are in its bytes; the
    # worker also gets its config, the client the worker's name), then every other .js/.css, then
    # HTML and the service worker, which name the others.
    sources = dict(web_files())
    renamed: dict[str, str] = {}
    modules = {
        rel: data.decode()
        for rel, data in sources.items()
        if rel.endswith(".js") and rel.rsplit("/", 1)[-1] not in UNHASHED_NAMES
    }
    for rel in module_order(modules):
        text = modules[rel]
        if rel == "engine-worker.js":
            if WORKER_MARKER not in text:
                sys.exit(f"build: web/engine-worker.js lacks the marker {WORKER_MARKER}")
            text = text.replace(WORKER_MARKER, json.dumps(build_config, sort_keys=True), 1)
        if rel == "i18n.js":
            if I18N_MARKER not in text:
                sys.exit(f"build: web/i18n.js lacks the marker {I18N_MARKER}")
            config = json.dumps(i18n_config, ensure_ascii=False, sort_keys=True)
            text = text.replace(I18N_MARKER, config, 1)
        text = rewrite_imports(rel, text, renamed)
        if rel == "engine-client.js" and "engine-worker.js" in renamed:
            worker_name = json.dumps(relative_url(renamed["engine-worker.js"], ""))
            text = text.replace(WORKER_NAME_MARKER, worker_name)
        data = text.encode()
        renamed[rel] = hashed_name(rel, data)
        files[renamed[rel]] = data
        del sources[rel]
    later: dict[str, bytes] = {}
    for rel, data in sources.items():
        name = rel.rsplit("/", 1)[-1]
        if rel.endswith(".css"):
            renamed[rel] = hashed_name(rel, data)
            files[renamed[rel]] = data
        elif rel.endswith(".html") or name in UNHASHED_NAMES:
            later[rel] = data
        else:
            files[rel] = data
    policies = {}
    for rel, data in later.items():
        if rel.endswith(".html"):
            policies[rel] = check_page(rel, data.decode())
            page_dir = rel.rpartition("/")[0]
            files[rel] = rewrite_html(data.decode(), renamed, page_dir).encode()
        elif rel.rsplit("/", 1)[-1] != "sw.js":
            files[rel] = data

    # The service worker caches everything but micropip: only the fallback loader route uses it,
    # so offline play and first-visit bytes do not pay for it.
    precache = sorted(p for p in files if p != wheel_paths[micropip])
    if "index.html" in files:
        precache.insert(0, "./")
    version = sha256_bytes(
        json.dumps({p: sha256_bytes(files[p]) for p in sorted(files)}, sort_keys=True).encode()
    )[:HASH_LEN]
    info = {
        "version": version,
        "pyodide": PYODIDE_VERSION,
        "engine_version": build_config["engine_version"],
        "config": build_config,
        "modules": dict(sorted(renamed.items())),
        "csp": dict(sorted(policies.items())),
        "files": {p: sha256_bytes(files[p]) for p in sorted(files)},
    }
    files["build-info.json"] = (json.dumps(info, sort_keys=True, indent=1) + "\n").encode()
    precache.append("build-info.json")
    for rel, data in later.items():
        if rel.rsplit("/", 1)[-1] == "sw.js":
            text = data.decode()
            if SW_MARKER not in text:
                sys.exit(f"build: web/sw.js lacks the marker {SW_MARKER}")
            sw_config = json.dumps({"version": version, "files": precache}, sort_keys=True)
            files[rel] = text.replace(SW_MARKER, sw_config, 1).encode()
    return files


# --- precompressed copies ---


def compressed_copies(files: dict[str, bytes]) -> dict[str, bytes]:
    """``.gz`` and ``.br`` siblings of compressible files (served by ``serve``; cached by hash)."""
    out: dict[str, bytes] = {}
    todo: list[tuple[str, bytes, Path]] = []
    folder = CACHE / "compressed"
    folder.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        if not rel.endswith(COMPRESSIBLE) or len(data) < 1024:
            continue
        key = sha256_bytes(data)
        gz = folder / f"{key}.gz"
        if not gz.is_file():
            gz.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        out[rel + ".gz"] = gz.read_bytes()
        br = folder / f"{key}.br"
        if br.is_file():
            out[rel + ".br"] = br.read_bytes()
        else:
            todo.append((rel, data, br))
    if todo:
        log(f"brotli-compressing {len(todo)} files with Node (cached afterwards)")
        with tempfile.TemporaryDirectory(prefix="ombre-br-") as tmp:
            jobs = []
            for i, (_, data, br) in enumerate(todo):
                src = Path(tmp) / str(i)
                src.write_bytes(data)
                jobs.append([str(src), str(br)])
            script = (
                "const fs=require('fs'),z=require('zlib');"
                "for(const [s,d] of JSON.parse(process.argv[1])){"
                "const b=z.brotliCompressSync(fs.readFileSync(s),{params:{"
                "[z.constants.BROTLI_PARAM_QUALITY]:11,"
                "[z.constants.BROTLI_PARAM_SIZE_HINT]:fs.statSync(s).size}});"
                "fs.writeFileSync(d+'.partial',b);fs.renameSync(d+'.partial',d);}"
            )
            subprocess.run(["node", "-e", script, json.dumps(jobs)], check=True)
        for rel, _, br in todo:
            out[rel + ".br"] = br.read_bytes()
    return out


# --- writing dist/ ---


def sync_tree(target: Path, files: dict[str, bytes]) -> tuple[int, int]:
    """Make ``target`` hold exactly ``files``, writing only what differs: (written, removed)."""
    written = removed = 0
    target.mkdir(parents=True, exist_ok=True)
    for rel, data in sorted(files.items()):
        path = target / rel
        if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        written += 1
    for path in sorted(target.rglob("*"), reverse=True):
        rel = path.relative_to(target).as_posix()
        if path.is_file() and rel not in files:
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written, removed


def build(dist: Path = DIST, compress: bool = True) -> dict[str, object]:
    """Build the site into ``dist``; return build-info.json's content."""
    started = time.monotonic()
    ensure_node_modules()
    wheel = site_wheel(compiled_wheel(build_wheel()))
    micropip = fetch_micropip()
    stdlib = compiled_stdlib()
    files = assemble(wheel, micropip, stdlib)
    if compress:
        files.update(compressed_copies(files))
    written, removed = sync_tree(dist, files)
    info = json.loads(files["build-info.json"])
    log(
        f"dist/ version {info['version']}: {len(files)} files, {written} written,"
        f" {removed} removed, {time.monotonic() - started:.1f} s"
    )
    return info


# --- serving ---

IMMUTABLE_RE = re.compile(rf"(?:[.-][0-9a-f]{{{HASH_LEN}}}[./]|/[0-9a-f]{{{HASH_LEN}}}/)")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, cache headers and precompressed ``.br``/``.gz``.

    Content-hashed paths are served ``immutable`` for a year; everything else ``no-cache`` (always
    revalidated). ``mounts`` maps URL prefixes (e.g. ``/__tests__/``) to other folders.
    """

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    mounts: ClassVar[dict[str, Path]] = {}
    quiet = True

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, folder in self.mounts.items():
            if clean.startswith(prefix):
                root = Path(folder).resolve()
                target = (root / clean[len(prefix) :].lstrip("/")).resolve()
                return str(target if target.is_relative_to(root) else root / "__missing__")
        return super().translate_path(path)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if IMMUTABLE_RE.search(path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if not getattr(self, "_encoded", False) and os.path.isfile(
            self.translate_path(self.path) + ".gz"
        ):
            self.send_header("Vary", "Accept-Encoding")  # caches must not mix encodings
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            accepted = self.headers.get("Accept-Encoding", "")
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                if encoding in accepted and os.path.isfile(path + suffix):
                    return self.send_encoded(path, path + suffix, encoding)
        return super().send_head()

    def send_encoded(self, path: str, encoded: str, encoding: str):  # type: ignore[no-untyped-def]
        f = open(encoded, "rb")  # noqa: SIM115  (closed by the caller, copyfile)
        stat = os.fstat(f.fileno())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self._encoded = True
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
        self.end_headers()
        return f


class QuietServer(http.server.ThreadingHTTPServer):
    """A threaded server that does not print a traceback when a browser drops a connection."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def serve(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 0,
    mounts: dict[str, Path] | None = None,
    quiet: bool = True,
) -> http.server.ThreadingHTTPServer:
    """Start a threaded server for ``directory`` in a daemon thread and return it.

    ``port=0`` picks a free port: read ``server.server_address[1]``. Stop with ``shutdown()``.
    """
    handler = type("Handler", (SiteHandler,), {"mounts": dict(mounts or {}), "quiet": quiet})
    server = QuietServer((host, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="ombre-site", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--host", default="127.0.0.1")
    serve_cmd.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    parser.add_argument(
        "--no-compress", action="store_true", help="skip the precompressed .br/.gz copies"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        if not args.no_build:
            build(compress=not args.no_compress)
        server = serve(DIST, args.host, args.port, quiet=False)
        print(
            f"Serving dist/ on http://{args.host}:{server.server_address[1]}/ (Ctrl-C stops)",
            flush=True,
        )
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            server.shutdown()
        return 0
    build(compress=not args.no_compress)
    return 0


if __name__ == "__main__":
    sys.exit(main())
