"""Watching a record step by step, and playing on from a step (``ombre_core.replay``, issue #8)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from ombre_helpers import DATA

from ombre_core import bridge, i18n
from ombre_core.errors import InvalidRecord, OmbreError
from ombre_core.replay import Replay
from ombre_core.session import names_playing_on

BELINDA = json.loads((DATA / "belinda.json").read_text(encoding="utf-8"))


def call(fn: Any, arg: Any = None) -> dict[str, Any]:
    text = fn() if arg is None else fn(arg if isinstance(arg, str) else json.dumps(arg))
    return json.loads(text)


def test_every_step_shows_what_the_watching_seat_saw() -> None:
    replay = Replay(BELINDA)
    assert replay.steps == len(BELINDA["actions"])
    start = replay.snapshot()
    assert start["replay"]["step"] == 0 and start["replay"]["last"] is None
    assert start["phase"] == "auction" and start["human_to_move"] is False
    seat0 = {c["code"] for c in start["hand"]}
    assert seat0 == set(BELINDA["hands"][0])
    for step in range(1, replay.steps):
        replay.go(step)
        snap = replay.snapshot()
        assert snap["legal"] == [] and snap["discard"] is None
        assert not any(c["legal"] for c in snap["hand"])
        assert snap["replay"]["hands"] is None  # nobody else's cards before the end
        last = snap["replay"]["last"]
        assert last["action"] == BELINDA["actions"][step - 1] or last["action"].startswith(
            "discard"
        )
    replay.go(replay.steps)
    end = replay.snapshot()
    assert end["phase"] == "over" and end["result"] is not None
    hands = end["replay"]["hands"]
    assert len(hands) == 3 and all(len(h) == 9 for h in hands)
    assert end["replay"]["can_play_on"] is False


@pytest.mark.parametrize(
    ("change", "index", "words"),
    [
        (lambda r: r["actions"].__setitem__(7, "Zz"), 7, "action 7"),
        (lambda r: r["actions"].__setitem__(8, "Ks"), 8, "action 8"),
        (lambda r: r.__setitem__("rules", "1700"), None, "unknown rules"),
        (lambda r: r.__setitem__("names", ["a"]), None, "names"),
    ],
)
def test_a_malformed_record_names_what_is_wrong(change: Any, index: int | None, words: str) -> None:
    record = json.loads(json.dumps(BELINDA))
    change(record)
    with pytest.raises(InvalidRecord, match=words) as caught:
        Replay(record)
    assert caught.value.index == index


def test_steps_out_of_range_are_refused() -> None:
    replay = Replay(BELINDA)
    for bad in (-1, replay.steps + 1, "3", 2.0, True):
        with pytest.raises(OmbreError, match="step must be"):
            replay.go(bad)  # type: ignore[arg-type]
    assert replay.step == 0


def test_the_bridge_keeps_the_game_in_progress_while_a_record_is_watched() -> None:
    call(bridge.new_session, {"seed": 5, "rules": "1660"})
    before = call(bridge.snapshot)
    bad = call(bridge.replay_open, '{"format": "ombre-record/1"')
    assert bad["ok"] is False and "not JSON" in bad["error"]["message"]
    broken = json.loads(json.dumps(BELINDA))
    broken["actions"][10] = "As"
    refused = call(bridge.replay_open, json.dumps(broken))
    assert refused["ok"] is False and "action 10" in refused["error"]["message"]
    opened = call(bridge.replay_open, json.dumps(BELINDA))
    assert opened["ok"] and opened["replay"]["steps"] == len(BELINDA["actions"])
    step = call(bridge.replay_step, {"step": 12})
    assert step["replay"]["step"] == 12
    assert call(bridge.replay_step, {"step": 10_000})["ok"] is False
    assert call(bridge.replay_close) == before  # the game in progress, as it was


def test_play_on_from_a_step_starts_a_session_there() -> None:
    call(bridge.new_session, {"seed": 5, "rules": "1660"})
    call(bridge.replay_open, json.dumps(BELINDA))
    call(bridge.replay_step, {"step": 10})
    snap = call(bridge.replay_play_on, {"level": "novice"})
    assert snap["ok"] and "replay" not in snap
    assert snap["phase"] == "play" and snap["human"] == 0
    assert call(bridge.replay_step, {"step": 1})["ok"] is False  # the record is closed
    for _ in range(200):
        if snap["phase"] == "over":
            break
        if snap["human_to_move"]:
            card = next(c["code"] for c in snap["hand"] if c["legal"])
            snap = call(bridge.apply, {"action": card})
        else:
            snap = call(bridge.bot_move)
    assert snap["phase"] == "over"
    saved = bridge.save()
    assert call(bridge.load, saved)["phase"] == "over"  # the new session saves and loads


def test_play_on_keeps_the_records_players() -> None:
    """Played on from Belinda's game, the Baron and the Knight go on playing it (they once became
    the table's Sir Plume and the Baron), each named in the table's language."""
    call(bridge.scenario_open, {"id": "belinda"})
    call(bridge.replay_step, {"step": 12})
    snap = call(bridge.replay_play_on, {"level": "novice"})
    assert [s["name"] for s in snap["seats"]] == ["You", "The Baron", "The Knight"]
    with i18n.using("de"):
        snap = call(bridge.snapshot)
    assert [s["name"] for s in snap["seats"]] == ["Du", "Der Baron", "Der Ritter"]
    saved = bridge.save()
    assert [s["name"] for s in call(bridge.load, saved)["seats"]][1:] == ["The Baron", "The Knight"]


def test_the_prompt_names_the_next_player_in_the_tables_language() -> None:
    """A record without names has the table's own players, each named in the page's language:
    the prompt named them in English ("Als Nächstes: The Baron") beside "Der Baron" in the log."""
    record = {key: value for key, value in BELINDA.items() if key != "names"}
    replay = Replay(record)
    replay.go(1)
    with i18n.using("de"):
        snap = replay.snapshot()
    nxt = snap["seats"][snap["to_move"]]["name"]
    assert nxt == "Der Baron" and snap["prompt"] == f"Als Nächstes: {nxt}."


def test_the_persons_own_deal_is_watched_from_their_seat_in_their_words() -> None:
    """A deal saved from the table keeps its players' names, the person's "You" among them: a
    record played on from Belinda's game still has the Knight, and the person, watching it, sees
    their own seat at the bottom, their moves told as theirs ("You play ..."). Before, the record
    had no names: the person's seat was "Belinda" and the Knight became Sir Plume."""
    call(bridge.scenario_open, {"id": "tenaces"})  # told from Belinda's seat, 1
    call(bridge.replay_step, {"step": 20})
    snap = call(bridge.replay_play_on, {"level": "novice"})
    assert snap["human"] == 1
    while snap["phase"] != "over":
        if snap["human_to_move"]:
            card = next(c["code"] for c in snap["hand"] if c["legal"])
            snap = call(bridge.apply, {"action": card})
        else:
            snap = call(bridge.bot_move)
    record = call(bridge.export_record)["record"]
    assert record["names"] == ["Sir Plume", "You", "The Baron"]
    watched = call(bridge.replay_open, json.dumps(record))
    assert watched["replay"]["seat"] == 1 and watched["human"] == 1
    assert [s["name"] for s in watched["seats"]] == ["Sir Plume", "You", "The Baron"]
    ended = call(bridge.replay_step, {"step": len(record["actions"])})
    assert any(line.startswith("You play") for line in ended["log"])
    assert not any(line.startswith("You plays") for line in ended["log"])
    with i18n.using("de"):
        assert any(line.startswith("Du spielst") for line in call(bridge.snapshot)["log"])
    steps = (call(bridge.replay_step, {"step": n}) for n in range(len(record["actions"])))
    theirs = next(snap for snap in steps if snap["to_move"] == 1)
    assert theirs["prompt"] == "Next: you." and theirs["human_to_move"] is False


def test_a_record_without_names_is_watched_from_the_first_seat_by_the_tables_players() -> None:
    record = {key: value for key, value in BELINDA.items() if key != "names"}
    snap = call(bridge.replay_open, json.dumps(record))
    assert snap["replay"]["seat"] == 0 and snap["human"] is None
    assert [s["name"] for s in snap["seats"]] == ["Belinda", "The Baron", "Sir Plume"]


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Belinda", "The Baron", "The Knight"]),
        ("de", ["Belinda", "Der Baron", "Der Ritter"]),
    ],
)
def test_a_scenarios_players_are_the_tables_named_in_the_language(
    lang: str, names: list[str]
) -> None:
    """A scenario's record names its players as the table does, and the narrator names them in
    the page's language (with the forms a sentence needs), as in any record."""
    with i18n.using(lang):
        snap = Replay.of_scenario("belinda").snapshot()
    assert [s["name"] for s in snap["seats"]] == names


def test_a_player_the_record_called_you_is_renamed_when_played_on() -> None:
    """The person's own record watched from another seat: its "You" is a computer player now."""
    assert names_playing_on(("You", "The Baron", "Sir Plume"), 1) == (
        "Thalestris",
        "You",
        "Sir Plume",
    )
    assert names_playing_on(("Ann", "Bob", "Cy"), 2) == ("Ann", "Bob", "You")


def test_belindas_scenario_follows_the_poem_to_the_last_trick() -> None:
    from ombre_core.scenarios import BELINDA_CAPTIONS

    replay = Replay.of_scenario("belinda")
    firsts = [c[0] for c in BELINDA_CAPTIONS]
    assert firsts == sorted(firsts) and firsts[0] == 0
    seen = set()
    for step in range(replay.steps + 1):
        replay.go(step)
        snap = replay.snapshot()
        caption = snap["replay"]["caption"]
        assert caption is not None
        seen.add(caption["lines"])
        if snap["phase"] == "play" and snap["trick"]["cards"]:
            first = len(replay.deal_at().tricks) * 3 + 8  # the trick's first card's step
            assert caption["lines"] == next(c[1] for c in BELINDA_CAPTIONS if c[0] == first)
    assert seen == {c[1] for c in BELINDA_CAPTIONS}
    end = replay.snapshot()
    assert end["result"]["title"].startswith("Sacada") and end["seats"][0]["name"] == "Belinda"
    marks = end["replay"]["marks"]
    assert marks["As"] == "certain" and marks["Kc"] == "probable" and marks["6h"] == "inferred"
    assert call(bridge.scenario_open, {"id": "hamlet"})["ok"] is False


def test_the_tenaces_example_ends_with_both_trumps_to_the_tenace() -> None:
    replay = Replay.of_scenario("tenaces")
    assert replay.seat == 1  # told from the hand that holds the tenace
    replay.go(27)
    before = replay.snapshot()
    assert {c["code"] for c in before["hand"]} == {"As", "Ac"}
    assert before["prompt"] == "Next: Sir Plume."
    assert "whereas if he leads" in before["replay"]["caption"]["text"]
    replay.go(replay.steps)
    end = replay.snapshot()
    last_two = end["tricks_played"]["tricks"][-2:] if end.get("tricks_played") else []
    assert end["seats"][1]["tricks"] == 2
    assert all(t["winner"] == 1 for t in last_two)
    assert end["replay"]["caption"]["where"].startswith("The Royal Game of the Ombre (1660)")
