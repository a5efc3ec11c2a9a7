"""The engine as the browser runs it: these also run in CPython, and check more inside Pyodide.

tools/pyodide_tests.py runs the whole suite (without tests/e2e) inside Pyodide under Node, with
the engine installed from its built wheel.
"""

from __future__ import annotations

import json
import sys

import pytest

import ombre_core
from ombre_core import bridge

IN_PYODIDE = sys.platform == "emscripten"


@pytest.mark.skipif(not IN_PYODIDE, reason="checks the Pyodide runtime")
def test_runtime_is_pyodide_with_the_shipped_wheel() -> None:
    assert sys.version_info[:2] == (3, 14)
    assert "site-packages" in ombre_core.__file__


def test_bridge_round_trip_through_json_strings() -> None:
    presets = json.loads(bridge.presets())
    entries = presets["presets"] if isinstance(presets, dict) else presets
    rules = entries[0]["id"]
    snap = json.loads(bridge.new_session(json.dumps({"rules": rules, "seed": 11, "human": 0})))
    assert snap["ok"] is True
    assert len(snap["seats"]) == 3
    saved = bridge.save()
    assert json.loads(bridge.load(saved))["ok"] is True
