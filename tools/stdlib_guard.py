"""Which standard-library modules the game may import: the shipped set, recorded and enforced.

The site ships only the stdlib modules listed in ``tools/stdlib-allow.txt`` (issue #9 item 8:
a lighter first visit). Two jobs, one class:

* **record** (``tools/record_stdlib.py``): while the engine's test suite runs inside Pyodide,
  note every stdlib module imported *on behalf of the game*, that is, while a frame of
  ``ombre_core`` is on the stack;
* **check** (every Pyodide test run, ``tools/run_pyodide_tests.mjs --allow``): the same imports
  fail with ``ModuleNotFoundError`` when the module is not in the shipped set, so that a missing
  module fails a test and not a player.

The test run itself (pytest, hypothesis, the tests' own imports) needs modules the game does not,
so the interpreter has the full stdlib and only the game's imports are held to the list. Two hooks
cover both ways an import can reach a module: a finder first on ``sys.meta_path`` sees every
module loaded for the first time (also from C, and submodules named in a ``from`` list); a wrapper
of ``builtins.__import__`` sees an ``import`` of a module that pytest had already loaded, which
never reaches a finder. Both look at the stack only for a module outside the list, so the cost
is a set lookup per import.

This file is a development tool: it is not part of the wheel. It runs under CPython too, where
``tests/test_stdlib_guard.py`` checks it.
"""

from __future__ import annotations

import builtins
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Iterable, Sequence
from types import FrameType, ModuleType
from typing import Any


def zip_modules(entries: Iterable[str]) -> dict[str, str]:
    """Module name -> zip entry, for the ``.py``/``.pyc`` entries of a stdlib zip.

    ``json/__init__.py`` is the package ``json``; ``json/decoder.py`` is ``json.decoder``.
    """
    found: dict[str, str] = {}
    for entry in entries:
        for suffix in (".py", ".pyc"):
            if entry.endswith(suffix):
                parts = entry[: -len(suffix)].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                if parts and all(parts):  # sysconfig imports "_sysconfigdata__emscripten_..-.."
                    found[".".join(parts)] = entry
    return found


def read_list(text: str) -> frozenset[str]:
    """The module names of an allow-list file: one per line, ``#`` starts a comment."""
    names = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return frozenset(name for name in names if name)


class StdlibGuard(importlib.abc.MetaPathFinder):
    """Hold the imports made on behalf of ``package`` to ``shipped`` (check) or note them (record).

    ``stdlib`` is every module the full stdlib zip has; names outside it (built-in modules,
    site-packages, the game itself) are never in question.
    """

    def __init__(
        self,
        stdlib: Iterable[str],
        shipped: Iterable[str],
        *,
        package: str = "ombre_core",
        record: bool = False,
    ) -> None:
        self.outside = frozenset(stdlib) - frozenset(shipped)
        self.package = package
        self.record = record
        self.recorded: set[str] = set()
        self._import: Any = None

    # -- installing --

    def install(self) -> StdlibGuard:
        sys.meta_path.insert(0, self)
        self._import = builtins.__import__
        builtins.__import__ = self._guarded_import
        return self

    def uninstall(self) -> None:
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        if self._import is not None:
            builtins.__import__ = self._import
            self._import = None

    # -- the two hooks --

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in self.outside:
            self._judge(fullname, sys._getframe(1))
        return None  # the normal finders do the finding

    def _guarded_import(
        self,
        name: str,
        globals: dict[str, Any] | None = None,
        locals: Any = None,
        fromlist: Sequence[str] | None = (),
        level: int = 0,
    ) -> ModuleType:
        if level == 0 and self.outside:
            wanted = [name, *(f"{name}.{item}" for item in fromlist or ())]
            for module in wanted:
                if module in self.outside and module in sys.modules:
                    self._judge(module, sys._getframe(1))
        return self._import(name, globals, locals, fromlist, level)  # type: ignore[no-any-return]

    # -- the verdict --

    def _for_the_game(self, frame: FrameType | None) -> bool:
        prefix = self.package + "."
        while frame is not None:
            name = frame.f_globals.get("__name__", "")
            if isinstance(name, str) and (name == self.package or name.startswith(prefix)):
                return True
            frame = frame.f_back
        return False

    def _judge(self, module: str, frame: FrameType | None) -> None:
        if not self._for_the_game(frame):
            return
        if self.record:
            self.recorded.add(module)
            return
        raise ModuleNotFoundError(
            f"{self.package} imports the stdlib module {module!r}, which the site does not ship: "
            "add it to tools/stdlib-allow.txt (python tools/record_stdlib.py)",
            name=module,
        )
