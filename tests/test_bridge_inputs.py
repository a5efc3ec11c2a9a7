"""Whatever the page sends, the bridge answers in JSON and a refusal changes nothing.

The browser's worker passes the bridge text from the page, from URL parameters and from files a
person opens (a saved game, a record). The brief's rule: bad input never crashes and never loses
state. These properties feed every function of :mod:`ombre_core.bridge` JSON of any shape (the
options' own names with values of the wrong kind among them), and saved games damaged anywhere,
and check that each reply is ``{"ok": ...}`` JSON and that a refused call leaves the session
exactly as it was. Random JSON found four inputs that escaped as Python errors before December
2026 (a level given as a list, a saved game's rules as a list, its seat as 1.5, names as a
number); ``test_session_bridge.py`` keeps those as named cases.
"""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ombre_helpers import damage

from ombre_core import bridge, i18n

FUNCTIONS = (
    "new_session",
    "snapshot",
    "set_language",
    "apply",
    "bot_move",
    "undo",
    "explain",
    "next_deal",
    "load",
    "export_record",
    "review",
    "replay_open",
    "scenario_open",
    "replay_step",
    "replay_play_on",
    "replay_close",
    "presets",
    "rules_panel",
)
"""Every function the worker calls but ``hint`` and ``save``: the hint is the expert's search
(tested with its own deals), and saving is what the properties compare by."""

KEYS = ("rules", "seed", "human", "names", "level", "action", "lang", "step", "scenario", "seats")
WORDS = ("1660", "classic", "quadrille", "two", "novice", "expert", "fr", "belinda", "pass", "As")

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 10),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=4),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=3)), inner, max_size=3),
    ),
    max_leaves=6,
)
OPTIONS = st.dictionaries(st.sampled_from(KEYS), JSON, min_size=1, max_size=3)
"""An object of the functions' own option names, each with a value of any kind."""
ARGUMENT = st.one_of(
    OPTIONS.map(json.dumps),
    JSON.map(json.dumps),
    st.text(max_size=12),  # not JSON at all, or JSON of a kind the function does not take
)

PROFILE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reply(name: str, argument: str) -> dict[str, Any]:
    text = getattr(bridge, name)(argument)
    assert isinstance(text, str)
    answer = json.loads(text)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
    if answer["ok"] is False:
        error = answer["error"]
        assert isinstance(error["type"], str) and isinstance(error["message"], str)
    return answer


def state() -> tuple[str, str, int | None, int | None]:
    """What a refusal must leave as it was: the session (as saved), the language, and the
    record watched and its step."""
    watching = bridge._replay
    if watching is None:
        return bridge.save(), i18n.language(), None, None
    return bridge.save(), i18n.language(), id(watching), watching.step


@PROFILE
@given(st.lists(st.tuples(st.sampled_from(FUNCTIONS), ARGUMENT), min_size=1, max_size=4))
def test_any_json_gets_a_json_reply_and_a_refusal_changes_nothing(
    calls: list[tuple[str, str]],
) -> None:
    reply("new_session", json.dumps({"rules": "classic", "seed": 3}))
    bridge.replay_close()
    i18n.set_language("en")
    for name, argument in calls:
        before = state()
        if reply(name, argument)["ok"] is False:
            assert state() == before, name


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


def _saved_game() -> dict[str, Any]:
    """A saved game with a deal played past its exchange, one deal already in its history."""
    reply("new_session", json.dumps({"rules": "1660", "seed": 11, "human": None}))
    while not reply("snapshot", "")["result"]:
        reply("bot_move", "")
    reply("next_deal", "")
    for _ in range(12):
        reply("bot_move", "")
    saved = json.loads(bridge.save())
    assert isinstance(saved, dict)
    return saved


SAVED = _saved_game()
PLACES = _paths(SAVED)[1:]


@PROFILE
@given(
    st.lists(
        st.tuples(st.sampled_from(PLACES), st.one_of(JSON, st.just(...))), min_size=1, max_size=3
    )
)
def test_a_saved_game_damaged_anywhere_loads_or_is_refused_in_words(
    changes: list[tuple[tuple[Any, ...], Any]],
) -> None:
    """Each change puts a value of any kind at one place of the saved game (or takes the place
    away: ``...``); loading it either works or says what is wrong, the game in progress kept."""
    saved = copy.deepcopy(SAVED)
    for path, value in changes:
        # a path an earlier change took away, or put something else above, is left as it is
        with contextlib.suppress(KeyError, IndexError, TypeError):
            damage(saved, path, value)
    reply("new_session", json.dumps({"rules": "classic", "seed": 3}))
    before = state()
    answer = reply("load", json.dumps(saved))
    if answer["ok"] is False:
        assert len(answer["error"]["message"]) < 300  # one readable line
        assert state() == before
