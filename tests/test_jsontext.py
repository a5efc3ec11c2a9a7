"""Deeply nested JSON is refused before parsing: in Pyodide it would end the interpreter.

These run inside Pyodide too (tools/pyodide_tests.py), where a plain ``json.loads`` of the same
text is a fatal WebAssembly stack overflow, not an exception.
"""

from __future__ import annotations

import json
import pickle

import pytest

from ombre_core import bridge, jsontext
from ombre_core.errors import InvalidRecord
from ombre_core.record import loads as record_loads
from ombre_core.replay import Replay

DEEP = "[" * 100_000 + "]" * 100_000


def test_depth_counts_arrays_and_objects() -> None:
    assert jsontext.depth("1") == 0
    assert jsontext.depth('{"a": [1, {"b": []}]}') == 4
    assert jsontext.depth("[[],[[]]]") == 3


def test_brackets_inside_strings_do_not_count() -> None:
    assert jsontext.depth('["[[[[", "{{{", "\\"[[["]') == 1


def test_loads_is_json_loads_for_ordinary_text() -> None:
    text = json.dumps({"actions": [["play", "As"]] * 3, "name": "[x]"})
    assert jsontext.loads(text) == json.loads(text)
    assert jsontext.loads(text.encode()) == json.loads(text)


def test_too_deep_is_a_value_error_naming_the_depth() -> None:
    limit = jsontext.MAX_DEPTH
    assert jsontext.loads("[" * limit + "]" * limit) is not None
    with pytest.raises(jsontext.TooDeep, match=f"{limit + 1} levels; at most {limit}"):
        jsontext.loads("[" * (limit + 1) + "]" * (limit + 1))
    with pytest.raises(ValueError, match="nested too deeply"):
        jsontext.loads(DEEP)


def test_too_deep_keeps_its_depth_through_pickle() -> None:
    """A refusal sent back from a worker process (the duels' pool) still knows the depth its
    words in another language are made from."""
    again = pickle.loads(pickle.dumps(jsontext.TooDeep(250)))
    assert isinstance(again, jsontext.TooDeep)
    assert again.found == 250 and str(again) == str(jsontext.TooDeep(250))


def test_not_text_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        jsontext.loads(None)  # type: ignore[arg-type]


def test_a_deep_saved_game_is_refused_and_the_game_kept() -> None:
    before = json.loads(bridge.new_session(json.dumps({"seed": 5})))
    reply = json.loads(bridge.load(DEEP))
    assert reply["ok"] is False
    assert "nested too deeply" in reply["error"]["message"]
    assert json.loads(bridge.snapshot()) == before


def test_deep_bridge_options_are_refused() -> None:
    reply = json.loads(bridge.new_session(DEEP))
    assert reply["ok"] is False and "nested too deeply" in reply["error"]["message"]


def test_a_deep_record_is_refused() -> None:
    with pytest.raises(InvalidRecord, match="nested too deeply"):
        record_loads(DEEP)
    with pytest.raises(InvalidRecord, match="nested too deeply"):
        Replay.from_text('{"actions": ' + DEEP + "}")
