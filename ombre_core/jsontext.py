"""Reading JSON that comes from outside (records, saved games, the bridge's arguments) safely.

``json.loads`` recurses once per level of nesting. CPython stops a deep text with a
``RecursionError``, but inside Pyodide the WebAssembly stack runs out first, which kills the
interpreter (a fatal error, not an exception), so a saved game of ``[[[[...`` would end the
page's engine. :func:`loads` measures the nesting before parsing and refuses anything deeper than
any document of the game needs.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
"""Deeper than any record or saved game (about five levels) by far; shallow enough for the
WebAssembly stack."""


class TooDeep(ValueError):
    """A JSON text nested deeper than :data:`MAX_DEPTH`; ``found`` is how deep."""

    def __init__(self, found: int) -> None:
        self.found = found
        super().__init__(f"nested too deeply ({found} levels; at most {MAX_DEPTH})")

    def __reduce__(self) -> tuple[type[TooDeep], tuple[int]]:
        # Rebuilt from ``found``: an exception's default passes its message back as ``found``,
        # and one sent back from a worker process said "nested too deeply (nested too deeply".
        return (TooDeep, (self.found,))


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (brackets inside strings do not
    count); a rough count on text that is not JSON, which the parser then refuses."""
    deepest = level = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        if bracket in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def brief(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut short, for an error message that names a value from outside: a
    saved game's ten-thousand-name list or a megabyte string stays one readable line. A whole
    number too long for ``repr`` (past 4,300 digits) is told by its length."""
    if type(value) is int and value.bit_length() > 128:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text)} characters)"


def loads(text: str | bytes) -> Any:
    """``json.loads`` that refuses, with :class:`TooDeep` (a ``ValueError``), a text nested
    deeper than :data:`MAX_DEPTH`. A ``TypeError`` for what is not text, as ``json.loads`` gives."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    if not isinstance(text, str):
        raise TypeError(f"JSON must be text, not {type(text).__name__}")
    found = depth(text)
    if found > MAX_DEPTH:
        raise TooDeep(found)
    return json.loads(text)
