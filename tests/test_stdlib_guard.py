"""tools/stdlib_guard.py: the engine's stdlib imports are held to the shipped set, or recorded.

A throwaway package stands for the game, so these run under CPython and inside Pyodide alike.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _guard_module() -> ModuleType:
    path = ROOT / "tools" / "stdlib_guard.py"
    spec = importlib.util.spec_from_file_location("stdlib_guard", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


stdlib_guard = _guard_module()
# Small stdlib modules that neither pytest nor the engine loads: their first import is ours.
FRESH = "colorsys"
LOADED = "json"  # already in sys.modules: only the __import__ hook can see its import


@pytest.fixture
def game(tmp_path: Path) -> Iterator[ModuleType]:
    """A package ``fakegame`` whose functions import a fresh and an already loaded module."""
    package = tmp_path / "fakegame"
    package.mkdir()
    (package / "__init__.py").write_text(
        f"def fresh():\n    import {FRESH}\n    return {FRESH}\n\n"
        f"def loaded():\n    import {LOADED}\n    return {LOADED}\n\n"
        f"def from_list():\n    from encodings import {'cp037'}\n    return cp037\n"
    )
    sys.path.insert(0, str(tmp_path))
    _forget(FRESH, "encodings.cp037")
    try:
        yield importlib.import_module("fakegame")
    finally:
        sys.path.remove(str(tmp_path))
        _forget("fakegame", FRESH, "encodings.cp037")


def _forget(*names: str) -> None:
    """Unload modules, and the attribute a submodule leaves on its package (``from p import m``
    would find it there and import nothing)."""
    for name in names:
        sys.modules.pop(name, None)
        package, _, attribute = name.rpartition(".")
        if package in sys.modules and hasattr(sys.modules[package], attribute):
            delattr(sys.modules[package], attribute)


def test_zip_modules_names_packages_and_modules() -> None:
    found = stdlib_guard.zip_modules(
        ["json/__init__.pyc", "json/decoder.pyc", "re.py", "site-packages/README.txt", "a-b.py"]
    )
    assert found == {
        "json": "json/__init__.pyc",
        "json.decoder": "json/decoder.pyc",
        "re": "re.py",
        "a-b": "a-b.py",  # sysconfig imports a module named with a hyphen
    }


def test_read_list_skips_comments_and_blanks() -> None:
    assert stdlib_guard.read_list("# head\njson\n\n re  # why\n") == {"json", "re"}


def test_the_game_may_not_import_what_is_not_shipped(game: ModuleType) -> None:
    stdlib = {FRESH, LOADED, "encodings.cp037"}
    guard = stdlib_guard.StdlibGuard(stdlib, set(), package="fakegame").install()
    try:
        with pytest.raises(ModuleNotFoundError, match=f"'{FRESH}'.*stdlib-allow.txt"):
            game.fresh()
        with pytest.raises(ModuleNotFoundError, match=f"'{LOADED}'"):
            game.loaded()
        with pytest.raises(ImportError, match="cp037"):  # from p import m: "cannot import name"
            game.from_list()
        # The tests' own imports are not the game's: pytest and hypothesis need more.
        assert importlib.import_module(FRESH).__name__ == FRESH
    finally:
        guard.uninstall()


def test_the_game_may_import_what_is_shipped(game: ModuleType) -> None:
    stdlib = {FRESH, LOADED, "encodings.cp037"}
    guard = stdlib_guard.StdlibGuard(stdlib, stdlib, package="fakegame").install()
    try:
        assert game.fresh().__name__ == FRESH
        assert game.loaded().__name__ == LOADED
        assert game.from_list().__name__ == "encodings.cp037"
    finally:
        guard.uninstall()


def test_recording_notes_the_game_s_imports_only(game: ModuleType) -> None:
    stdlib = {FRESH, LOADED, "encodings.cp037", "colorsys_unused"}
    guard = stdlib_guard.StdlibGuard(stdlib, set(), package="fakegame", record=True).install()
    try:
        game.fresh()
        game.loaded()
        game.from_list()
        import json  # noqa: F401  (the test's own import: not recorded)
    finally:
        guard.uninstall()
    assert guard.recorded == {FRESH, LOADED, "encodings.cp037"}


def test_uninstall_restores_the_import_machinery() -> None:
    import builtins

    before = builtins.__import__, list(sys.meta_path)
    guard = stdlib_guard.StdlibGuard({"json"}, set()).install()
    guard.uninstall()
    assert (builtins.__import__, list(sys.meta_path)) == before


def test_the_shipped_list_is_part_of_the_stdlib() -> None:
    """Every name in tools/stdlib-allow.txt is a module (a typo would ship nothing for it)."""
    shipped = stdlib_guard.read_list((ROOT / "tools" / "stdlib-allow.txt").read_text())
    assert {"json", "random", "dataclasses", "zipfile"} <= shipped
    zips = [Path("/lib/python314.zip"), ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"]
    found = next((z for z in zips if z.is_file()), None)
    if found is None:
        pytest.skip("no Pyodide stdlib here (npm ci installs it)")
    with zipfile.ZipFile(found) as stdlib:
        every = stdlib_guard.zip_modules(stdlib.namelist())
    assert shipped <= set(every), sorted(shipped - set(every))
