"""Practice: undo of the person's last decision (``Session.undo``, ``bridge.undo``), forced cards
and the tricks quitted so far in the snapshot.

Undo rebuilds the deal from its record cut before the person's last decision, so the computer
players' moves after it go with it; a deal in which undo was used says so (``undos``) in the
ledger's history and in the saved session (``docs/record.md``). Forced actions (one legal card)
are not decisions. Which tricks may be looked at follows the preset (compendium §15 #15).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ombre_core import bridge
from ombre_core.errors import NothingToUndo
from ombre_core.record import to_record
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.session import Session


@pytest.fixture(autouse=True)
def fresh_bridge() -> Iterator[None]:
    bridge._session = None
    yield
    bridge._session = None


def call(fn: Any, arg: str = "") -> dict[str, Any]:
    reply = fn(arg)
    assert isinstance(reply, str)
    result: dict[str, Any] = json.loads(reply)
    return result


def to_the_person(session: Session) -> None:
    """Let the computer players move until the person is to move or the deal is over."""
    while not session.deal.is_over and session.deal.to_move != session.human:
        session.bot_move()


def person_moves(session: Session, rng: random.Random) -> None:
    """The person chooses one legal action at random."""
    session.apply(rng.choice(session.deal.legal_actions()), session.human)


def a_deal_with_play(rules: Rules, seed: int = 0) -> tuple[Session, random.Random]:
    """A new session whose first deal reaches the trick play when the person decides with the
    random generator returned beside it."""
    for s in range(seed, seed + 50):
        session = Session(rules, s, human=0)
        rng = random.Random(s)
        while not session.deal.is_over:
            to_the_person(session)
            if session.deal.is_over:
                break
            person_moves(session, rng)
        if session.deal.tricks and len(session.decisions) >= 3:
            return Session(rules, s, human=0), random.Random(s)
    raise AssertionError("no deal reached the play")


# ---- Session.undo --------------------------------------------------------------------------


def test_undo_at_the_start_is_refused_and_changes_nothing() -> None:
    session = Session(RULES_1660, 3, human=0)
    before = session.to_json()
    with pytest.raises(NothingToUndo, match="no decision in deal 1"):
        session.undo()
    assert session.to_json() == before
    assert not session.can_undo


def test_undo_takes_back_the_decision_and_the_bots_moves_after_it() -> None:
    session = Session(RULES_1660, 11, human=1)
    to_the_person(session)
    before = to_record(session.deal)
    choice = session.deal.legal_actions()[0]
    session.apply(choice, 1)
    to_the_person(session)  # the others speak or play after the person
    assert len(session.deal.history) > len(before["actions"])
    session.undo()
    assert to_record(session.deal) == before
    assert session.deal.to_move == 1
    assert session.undos == 1
    # The same choice again gives the same deal: the computer players are seeded by the state.
    session.apply(choice, 1)
    to_the_person(session)
    assert session.to_json()["undos"] == 1


@pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])
def test_undo_again_and_again_goes_back_to_the_first_decision(rules: Rules) -> None:
    session, rng = a_deal_with_play(rules)
    records = []
    while not session.deal.is_over:
        to_the_person(session)
        if session.deal.is_over:
            break
        if session._is_decision(session.deal):
            records.append(to_record(session.deal))
        person_moves(session, rng)
    assert len(records) == len(session.decisions) >= 2
    for expected in reversed(records):
        session.undo()
        assert to_record(session.deal) == expected
        assert session.deal.to_move == session.human
    assert session.undos == len(records)
    with pytest.raises(NothingToUndo):
        session.undo()


def test_undo_after_the_deal_is_over_takes_its_result_out_of_the_ledger() -> None:
    session, rng = a_deal_with_play(RULES_1660)
    ledger = session.ledger.to_json()
    while not session.deal.is_over:
        to_the_person(session)
        if not session.deal.is_over:
            person_moves(session, rng)
    assert session.history and session.ledger.deals == 1
    session.undo()
    assert not session.deal.is_over
    assert session.history == []
    assert session.ledger.to_json() == ledger
    while not session.deal.is_over:  # played to the end again: the deal is marked
        to_the_person(session)
        if not session.deal.is_over:
            person_moves(session, rng)
    assert session.history[-1]["undos"] == 1
    assert sum(session.ledger.balances) + session.ledger.pool == 0
    session.next_deal()
    with pytest.raises(NothingToUndo):  # the finished deal cannot be taken back any more
        session.undo()
    assert session.undos == 0


def test_a_forced_card_is_not_a_decision() -> None:
    session, rng = a_deal_with_play(RULES_1660)
    forced = 0
    while not session.deal.is_over:
        to_the_person(session)
        if session.deal.is_over:
            break
        legal = session.deal.legal_actions()
        index = len(session.deal.history)
        person_moves(session, rng)
        if len(legal) == 1:
            forced += 1
            assert index not in session.decisions
        else:
            assert session.decisions[-1] == index
    assert forced >= 1  # the last card at least


def test_undo_with_only_computer_players_is_refused() -> None:
    session = Session(RULES_1660, 5, human=None)
    session.bot_move()
    with pytest.raises(NothingToUndo, match="no person"):
        session.undo()


# ---- saving ----------------------------------------------------------------------------------


def test_a_saved_session_keeps_the_undos_and_what_may_be_undone() -> None:
    session, rng = a_deal_with_play(RULES_CLASSIC, 4)
    for _ in range(3):
        to_the_person(session)
        person_moves(session, rng)
    session.undo()
    to_the_person(session)
    person_moves(session, rng)
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["undos"] == 1
    again = Session.from_json(saved)
    assert again.undos == 1
    assert again.decisions == session.decisions
    assert again.to_json() == saved
    again.undo()
    session.undo()
    assert again.to_json() == session.to_json()


def test_a_finished_deal_with_undo_is_marked_in_the_saved_history() -> None:
    session, rng = a_deal_with_play(RULES_1660)
    to_the_person(session)
    person_moves(session, rng)
    session.undo()
    while not session.deal.is_over:
        to_the_person(session)
        if not session.deal.is_over:
            person_moves(session, rng)
    session.next_deal()
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["history"][0]["undos"] == 1 and saved["undos"] == 0
    again = Session.from_json(saved)
    assert again.history[0]["undos"] == 1


def test_a_save_from_before_undo_loads_with_no_undos() -> None:
    session = Session(RULES_1660, 6, human=0)
    to_the_person(session)
    person_moves(session, random.Random(6))
    saved = session.to_json()
    del saved["undos"]
    again = Session.from_json(saved)
    assert again.undos == 0
    assert again.decisions == session.decisions and again.can_undo


@pytest.mark.parametrize("value", [-1, "1", 1.5, True, None, 2**60])
def test_a_bad_undos_value_is_refused(value: Any) -> None:
    saved = Session(RULES_1660, 6, human=0).to_json()
    saved["undos"] = value
    with pytest.raises(ValueError, match="undos"):
        Session.from_json(saved)
    saved["undos"] = 0
    saved["history"] = [{"deal": 1, "outcome": "passed", "payments": [0, 0, 0], "undos": value}]
    with pytest.raises(ValueError, match="history entry 0"):
        Session.from_json(saved)


# ---- the bridge --------------------------------------------------------------------------------


def test_bridge_undo_with_nothing_to_undo_is_an_error_and_changes_nothing() -> None:
    assert call(bridge.undo)["error"]["message"].startswith("no game")
    snap = call(bridge.new_session, json.dumps({"rules": "1660", "seed": 9, "human": 0}))
    assert snap["undo"] == {"available": False, "used": 0}
    saved = bridge.save()
    reply = call(bridge.undo)
    assert reply["ok"] is False
    assert reply["error"]["type"] == "NothingToUndo"
    assert "nothing to undo" in reply["error"]["message"]
    assert bridge.save() == saved
    assert call(bridge.snapshot) == snap


def test_bridge_undo_after_the_bots_moved() -> None:
    snap = call(bridge.new_session, json.dumps({"rules": "classic", "seed": 12, "human": 0}))
    while not snap["human_to_move"]:
        snap = call(bridge.bot_move)
    mine = snap
    snap = call(bridge.apply, json.dumps({"action": snap["legal"][0]["action"]}))
    assert snap["undo"] == {"available": True, "used": 0}
    while not snap["human_to_move"] and snap["phase"] != "over":
        snap = call(bridge.bot_move)
    back = call(bridge.undo)
    assert back["ok"] is True
    assert back["undo"] == {"available": False, "used": 1}
    assert back["log"] == mine["log"] and back["hand"] == mine["hand"]
    assert back["human_to_move"] and back["legal"] == mine["legal"]
    assert json.loads(bridge.save())["undos"] == 1


def test_the_snapshot_names_a_forced_card_and_only_then() -> None:
    snap = call(bridge.new_session, json.dumps({"rules": "1660", "seed": 2, "human": 0}))
    seen_forced = 0
    for _ in range(200):
        if snap["phase"] == "over":
            break
        if snap["human_to_move"]:
            legal = [c["code"] for c in snap["hand"] if c["legal"]]
            others = [a["action"] for a in snap["legal"] if a["action"] != "gano"]  # a word
            if snap["phase"] == "play" and len(legal) == 1 and not others:
                assert snap["forced"] == legal[0]
                seen_forced += 1
            else:
                assert snap["forced"] is None
            if snap["discard"]:
                action = "discard " + snap["hand"][0]["code"]
            else:
                action = legal[0] if legal else others[0]
            snap = call(bridge.apply, json.dumps({"action": action}))
        else:
            assert snap["forced"] is None
            snap = call(bridge.bot_move)
    assert snap["phase"] == "over" and seen_forced >= 1


# ---- the tricks quitted so far -------------------------------------------------------------------


def tricks_through_the_deal(rules: str, seed: int) -> list[dict[str, Any]]:
    snaps = [call(bridge.new_session, json.dumps({"rules": rules, "seed": seed, "human": 0}))]
    while snaps[-1]["phase"] != "over":
        snap = snaps[-1]
        if snap["human_to_move"]:
            legal = [c["code"] for c in snap["hand"] if c["legal"]]
            if snap["discard"]:
                action = "discard " + snap["hand"][0]["code"]
            else:
                action = legal[0] if legal else snap["legal"][0]["action"]
            snaps.append(call(bridge.apply, json.dumps({"action": action})))
        else:
            snaps.append(call(bridge.bot_move))
    return snaps


@pytest.mark.parametrize("seed", [2, 5])
def test_1660_shows_the_tricks_played_at_any_time(seed: int) -> None:
    for snap in tricks_through_the_deal("1660", seed):
        played = snap["tricks_played"]
        assert played["shown"] is True and "1660" in played["rule"]
        assert played["count"] == len(played["tricks"]) == sum(s["tricks"] for s in snap["seats"])
        for number, trick in enumerate(played["tricks"], 1):
            assert trick["number"] == number
            assert len(trick["cards"]) == 3
            assert trick["cards"][0]["seat"] == trick["leader"]
            assert trick["winner"] in range(3)
        if played["tricks"] and snap["last_trick"]:
            last = played["tricks"][-1]
            assert {k: last[k] for k in ("leader", "cards", "winner")} == snap["last_trick"]


@pytest.mark.parametrize("seed", [2, 5])
def test_classic_shows_the_tricks_played_only_on_the_persons_turn(seed: int) -> None:
    snaps = tricks_through_the_deal("classic", seed)
    hidden = 0
    for snap in snaps:
        played = snap["tricks_played"]
        mine = snap["human_to_move"] and snap["phase"] == "play"
        assert played["shown"] is (mine or snap["phase"] == "over")
        assert "Court Gamester" in played["rule"]
        if played["shown"]:
            assert len(played["tricks"]) == played["count"]
        else:
            assert played["tricks"] == []
            hidden += played["count"] > 0
    assert hidden  # there were tricks on the table the person could not look over then
    assert snaps[-1]["tricks_played"]["count"] == 9
