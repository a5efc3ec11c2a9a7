"""build.py without a browser: reproducible output and a no-op rebuild."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_build_module() -> Any:
    """build.py as the module ``ombre_build`` (the conftest loads it under the same name)."""
    if "ombre_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("ombre_build", ROOT / "build.py")
        assert spec and spec.loader
        sys.modules["ombre_build"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["ombre_build"]


def tree(folder: Path) -> dict[str, tuple[int, str]]:
    return {
        p.relative_to(folder).as_posix(): (
            p.stat().st_mtime_ns,
            hashlib.sha256(p.read_bytes()).hexdigest(),
        )
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_rebuild_with_nothing_changed_changes_nothing(site: dict[str, Any]) -> None:
    builder = load_build_module()
    builder.build(site["dist"])  # back to back: sources edited since the session's build count
    before = tree(site["dist"])
    builder.build(site["dist"])
    assert tree(site["dist"]) == before
    # A source edited during the run gives new hashed names: the later tests read these.
    site["info"] = json.loads((site["dist"] / "build-info.json").read_text())


def test_wheel_is_byte_for_byte_reproducible(tmp_path: Path, monkeypatch: Any) -> None:
    builder = load_build_module()
    digests = []
    for run in ("a", "b"):
        monkeypatch.setattr(builder, "CACHE", tmp_path / run)
        digests.append(hashlib.sha256(builder.build_wheel().read_bytes()).hexdigest())
    assert digests[0] == digests[1]


def lock_inputs(builder: Any) -> tuple[dict[str, Any], dict[str, Path]]:
    """A lock with the upstream info and no packages, and our two wheels (engine and micropip)."""
    upstream = json.loads((builder.NPM_PYODIDE / "pyodide-lock.json").read_text())
    wheels = [builder.compiled_wheel(builder.build_wheel()), builder.fetch_micropip()]
    lock = {"info": upstream["info"], "packages": {}}
    return lock, {f"wheels/{i}/{w.name}": w for i, w in enumerate(wheels)}


def test_pyodide_build_and_the_in_tree_writer_give_the_same_lock() -> None:
    """build.py writes the lock with pyodide-build's `pyodide lockfile add-wheels` (from each
    wheel's metadata) where a Python >= 3.12 can run it, else with its own writer: they agree."""
    builder = load_build_module()
    if builder.python_312() is None:
        pytest.skip("no Python >= 3.12 here, so no pyodide-build: build.py uses its own writer")
    lock, wheels = lock_inputs(builder)
    by_tool = builder.lock_by_pyodide_build(lock, wheels)
    assert sorted(by_tool["packages"]) == ["micropip", "ombre-core"]
    assert by_tool["packages"]["ombre-core"]["imports"] == ["ombre_core"]
    assert by_tool == builder.lock_in_tree(lock, wheels)


def test_without_pyodide_build_the_lock_is_written_in_tree(
    tmp_path: Path, monkeypatch: Any, capsys: Any
) -> None:
    builder = load_build_module()
    lock, wheels = lock_inputs(builder)
    monkeypatch.setattr(builder, "CACHE", tmp_path)  # no cached lock, no venv
    monkeypatch.setattr(builder, "python_312", lambda: None)
    monkeypatch.delenv("OMBRE_LOCK_WRITER", raising=False)
    assert builder.write_lock(lock, wheels) == builder.lock_in_tree(lock, wheels)
    assert "no Python >= 3.12 found" in capsys.readouterr().out
    monkeypatch.setenv("OMBRE_LOCK_WRITER", "pyodide-build")  # required: a clear stop instead
    with pytest.raises(SystemExit, match=re.escape("no Python >= 3.12")):
        builder.write_lock(lock, wheels)


def test_module_specifiers_are_rewritten_leaves_first() -> None:
    builder = load_build_module()
    modules = {
        "app.js": (
            '// import { x } from "./not-a-statement.js";\n'
            'import { a } from "./lib/a.js";\n'
            "import {\n  b,\n  c,\n} from './b.js';\n"
            'export { d } from "./b.js";\n'
            'const later = () => import("./lib/a.js");\n'
            'const text = "import me from ./nowhere.js";\n'
        ),
        "lib/a.js": 'import "../b.js";\nexport const a = 1;\n',
        "b.js": "export const b = 2, c = 3, d = 4;\n",
    }
    assert builder.module_order(modules) == ["b.js", "lib/a.js", "app.js"]
    renamed = {"b.js": "b.111111111111.js", "lib/a.js": "lib/a.222222222222.js"}
    app = builder.rewrite_imports("app.js", modules["app.js"], renamed)
    assert app == (
        '// import { x } from "./not-a-statement.js";\n'
        'import { a } from "./lib/a.222222222222.js";\n'
        "import {\n  b,\n  c,\n} from './b.111111111111.js';\n"
        'export { d } from "./b.111111111111.js";\n'
        'const later = () => import("./lib/a.222222222222.js");\n'
        'const text = "import me from ./nowhere.js";\n'
    )
    lib = builder.rewrite_imports("lib/a.js", modules["lib/a.js"], renamed)
    assert lib.startswith('import "../b.111111111111.js";')


def test_an_import_cycle_or_a_missing_module_stops_the_build() -> None:
    builder = load_build_module()
    with pytest.raises(SystemExit, match="cycle"):
        builder.module_order({"a.js": 'import "./b.js";\n', "b.js": 'import "./a.js";\n'})
    with pytest.raises(SystemExit, match=re.escape("missing.js")):
        builder.module_order({"a.js": 'import { x } from "./missing.js";\n'})


POLICY = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">'


@pytest.mark.parametrize(
    ("html", "problem"),
    [
        ("<head></head>", "no <meta"),
        (f"<head>{POLICY}<script>alert(1)</script></head>", "inline <script>"),
        (f"<head>{POLICY}<style>p {{}}</style></head>", "<style> element"),
        (f'<head>{POLICY}</head><p style="color: red">', "style attribute"),
        (f'<head>{POLICY}</head><button onclick="go()">', "onclick handler"),
        (f'<head><script src="a.js"></script>{POLICY}</head>', "before every script"),
        (POLICY.replace("'none'", "'self' 'unsafe-inline'"), "'unsafe-inline'"),
    ],
)
def test_a_page_that_a_strict_policy_would_refuse_stops_the_build(html: str, problem: str) -> None:
    builder = load_build_module()
    with pytest.raises(SystemExit, match=re.escape(problem)):
        builder.check_page("page.html", html)


def test_a_clean_page_passes_with_its_policy() -> None:
    builder = load_build_module()
    html = f'<head>{POLICY}<script type="module" src="app.js"></script></head><pre>style="x"</pre>'
    assert builder.check_page("page.html", html) == "default-src 'none'"


def test_every_shipped_module_imports_shipped_files(site: dict[str, Any]) -> None:
    builder = load_build_module()
    dist, info = site["dist"], site["info"]
    for original, hashed in info["modules"].items():
        text = (dist / hashed).read_text()
        for target in builder.module_imports(hashed, text):
            assert target in info["files"], f"{hashed} ({original}) imports {target}"
            assert target in info["modules"].values(), f"{hashed} imports unhashed {target}"


def test_the_site_wheel_carries_english_only_and_every_catalogue_ships_beside_it(
    site: dict[str, Any],
) -> None:
    """The page fetches the reader's language and the worker hands it to the engine, so the
    wheel keeps English alone (its fallback, the snapshot's language); RECORD agrees."""
    import zipfile

    dist = site["dist"]
    (wheel,) = dist.glob("pyodide/wheels/*/ombre_core-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        recorded = {line.split(",", 1)[0] for line in z.read(record).decode().splitlines()}
    locales = sorted(n for n in names if "/locale/" in n)
    assert locales == ["ombre_core/locale/en.json"]
    assert {n for n in recorded if "/locale/" in n} == set(locales)
    assert set(recorded) >= set(names) - {record}
    shipped = sorted(p.name.split(".")[0] for p in dist.glob("locale/*.json"))
    assert shipped == ["da", "de", "en", "es", "fr"]
