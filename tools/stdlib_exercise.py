"""Everything the browser asks of the engine, once: run inside Pyodide by tools/record_stdlib.mjs.

A deal of every preset at every level through the bridge, as the worker calls it (hints, the
tutor, undo, saves, the record, the review, replays, scenarios), the snapshot job's imports, and
the command line (the Pyodide test suite runs it). What this loads from the stdlib, together with
what the engine's test suite loads (recorded by tools/stdlib_guard.py), is the set the site ships.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import pkgutil
import sysconfig  # noqa: F401  (the snapshot job's imports, web/engine-worker.js MAKE_PY)
import zipfile  # noqa: F401
from typing import Any

import ombre_core
from ombre_core import bridge


def call(name: str, arg: str = "") -> Any:
    reply = json.loads(getattr(bridge, name)(arg))
    return reply


def play_deal(preset: str, level: str, seed: int) -> None:
    call("new_session", json.dumps({"rules": preset, "seed": seed, "level": level}))
    session = bridge._current()
    undone = False
    while not session.deal.is_over:
        if session.deal.to_move == session.human:
            call("explain")
            advice = call("hint")
            action = advice["action"] if advice.get("ok") else None
            if action is None:
                raise SystemExit(f"no hint at {preset}/{level}: {advice}")
            call("apply", json.dumps({"action": action}))
            if not undone:
                call("undo")
                undone = True
        else:
            call("bot_move")
    saved = bridge.save()
    call("load", saved)
    record = call("export_record")["record"]
    call("review")
    call("replay_open", json.dumps(record))
    call("replay_step", json.dumps({"step": 3}))
    call("replay_play_on", json.dumps({"level": level}))
    call("next_deal")


def main() -> None:
    for module in pkgutil.walk_packages(ombre_core.__path__, "ombre_core."):
        importlib.import_module(module.name)
    listed = call("presets", json.dumps({"seats": "all"}))
    for n, preset in enumerate(listed["presets"]):
        for level in [entry["id"] for entry in listed["levels"]]:
            play_deal(preset["id"], level, 11 + n)
    for scenario in listed["scenarios"]:
        call("scenario_open", json.dumps({"id": scenario["id"]}))
        call("replay_step", json.dumps({"step": 5}))
        call("replay_close")
    call("load", "{not json")
    from ombre_core.__main__ import main as cli

    for argv in (["simulate", "--games", "2", "--seed", "3"], ["duel", "--help"]):
        with contextlib.suppress(SystemExit):  # --help exits
            cli(argv, out=io.StringIO())


main()
