"""Game records (``ombre-record/1``): Belinda's game as a golden record, export and replay, and bad
records rejected with ``InvalidRecord`` and the failing action's index.

Sources: ``rape-of-the-lock.md`` §3.2-§3.3 (the deal, exchange and tricks: "initial_deal",
"exchange", "tricks") and §2.4 (the poem's tricks and result); ``ombre_core/record.py``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import HYPOTHESIS, load_json, m, snapshot

from ombre_core.cards import parse_cards
from ombre_core.errors import InvalidRecord
from ombre_core.record import FORMAT, dumps, loads, replay, start_of, to_record
from ombre_core.rules import RULES_1660, RULES_CLASSIC
from ombre_core.scoring import result_of, settle
from ombre_core.state import Deal

PROFILE = settings(HYPOTHESIS, max_examples=150)

BELINDA, BARON, THIRD = 0, 1, 2


def belinda() -> dict[str, Any]:
    return load_json("belinda.json")


def test_the_golden_record_is_the_documented_deal() -> None:
    """rape-of-the-lock.md §3.2: Belinda eldest (seat 0), the third player deals (seat 2); the
    "initial_deal" and "stock_top_first" as given; 7 actions of auction and exchange, then the
    27 cards of the tricks in playing order."""
    record = belinda()
    assert record["format"] == FORMAT == "ombre-record/1"
    assert record["dealer"] == 2
    assert record["actions"][:7] == [
        "play", "pass", "pass", "discard 7c 7h", "trump s", "discard 2c 3c 7d", "discard 2d 3d",
    ]  # fmt: skip
    assert len(record["actions"]) == 7 + 27


@pytest.mark.parametrize("rules", [None, RULES_CLASSIC], ids=["1660", "classic"])
def test_belinda_replays_to_the_poems_result(rules: Any) -> None:
    """rape-of-the-lock.md §2.4 and §3.3: spades trumps; the Ombre takes tricks 1-4 and 9, the
    Baron 5-8: 5-4-0, sacada; four matadors (MOR)."""
    deal = replay(belinda(), rules)
    assert deal.is_over
    assert deal.ombre == BELINDA and deal.trump == 0
    assert deal.ombre_hand == m("As 2s Ac Ks Kc Kh Qh 5d 6d")  # §3.1, after the exchange
    winners = [winner for _, _, winner in deal.tricks]
    assert winners == [BELINDA] * 4 + [BARON] * 4 + [BELINDA]
    leaders = [leader for leader, _, _ in deal.tricks]
    assert leaders == [BELINDA] * 5 + [BARON] * 4
    assert deal.is_over
    assert settle(deal).outcome == "sacada"
    assert settle(deal).tricks == (5, 4, 0)
    assert settle(deal).matadors == 4
    assert settle(deal).contract == "play"


def test_belinda_hands_after_the_exchange() -> None:
    """rape-of-the-lock.md §3.1 "hands_after_exchange"."""
    deal = replay({**belinda(), "actions": belinda()["actions"][:7]})
    assert deal.hands[BELINDA] == m("As 2s Ac Ks Kc Kh Qh 5d 6d")
    assert deal.hands[BARON] == m("Qs Js 7s 6s 4s Kd Qd Jd Ah")
    assert deal.hands[THIRD] == m("5s 3s 4c Jc Jh 6h 5h 4h 3h")
    assert deal.stock_left == tuple(parse_cards("Qc 6c 5c 2h Ad 4d"))  # top first


@pytest.mark.parametrize("upto", [0, 1, 3, 4, 5, 7, 8, 20, 34])
def test_export_then_replay_gives_the_same_state(upto: int) -> None:
    record = belinda()
    deal = replay({**record, "actions": record["actions"][:upto]})
    again = replay(to_record(deal))
    assert snapshot(again) == snapshot(deal)
    assert result_of(again) == result_of(deal)
    assert loads(dumps(deal)).hands == deal.hands
    assert to_record(again) == to_record(deal)


def test_a_seeded_record_replays() -> None:
    deal = Deal.from_seed(RULES_CLASSIC, 77, dealer=1)
    record = {"format": FORMAT, "rules": "classic", "dealer": 1, "seed": 77, "actions": []}
    assert snapshot(replay(record)) == snapshot(deal)


def test_a_pool_from_earlier_deals_is_kept() -> None:
    record = {**belinda(), "pool": 80}
    deal = replay(record)
    assert deal.pool_in == 80
    assert to_record(deal)["pool"] == 80
    assert deal.is_over
    assert not [t for t in settle(deal).transfers if t.reason == "stake"]


# ---- bad records ------------------------------------------------------------------------------


def with_action(index: int, action: Any) -> dict[str, Any]:
    record = belinda()
    record["actions"][index] = action
    return record


@pytest.mark.parametrize(
    ("record", "index", "words"),
    [
        (with_action(10, "Zz"), 10, "not an action"),
        (with_action(3, "discard 7c 9h"), 3, "not a card"),
        (with_action(8, "Kd"), 8, "trump was led"),  # the Baron must follow trumps
        (with_action(8, "As"), 8, "not in seat 1's hand"),
        (with_action(0, "trump s"), 0, "auction"),
        (with_action(4, "discard 5d"), 4, "name the trump"),
        (with_action(3, "discard"), 3, "at least 1"),
        (with_action(6, "discard 5s 3s 4c Jc Jh 6h 5h 2d 3d"), 6, "at most 8"),
        (with_action(2, "sans-prendre"), 3, "name the trump"),  # the third is Ombre now
        (with_action(12, 12), 12, "must be strings"),
        (with_action(12, None), 12, "must be strings"),
        ({**belinda(), "actions": [*belinda()["actions"], "As"]}, 34, "over"),
    ],
)
def test_bad_actions_name_their_index(record: Any, index: int, words: str) -> None:
    with pytest.raises(InvalidRecord) as info:
        replay(record)
    assert info.value.index == index
    assert words in str(info.value)
    assert f"action {index}" in str(info.value)


def header(**changes: Any) -> dict[str, Any]:
    record = belinda()
    for key, value in changes.items():
        if value is ...:
            del record[key]
        else:
            record[key] = value
    return record


def hands_with(seat: int, cards: list[str]) -> dict[str, Any]:
    record = belinda()
    record["hands"][seat] = cards
    return record


BAD_HEADERS = {
    "not an object": [belinda()],
    "no format": header(format=...),
    "wrong format": header(format="ombre-record/2"),
    "unknown rules": header(rules="1700"),
    "rules not a string": header(rules=1660),
    "dealer missing": header(dealer=...),
    "dealer out of range": header(dealer=3),
    "dealer negative": header(dealer=-1),
    "dealer a string": header(dealer="2"),
    "dealer a bool": header(dealer=True),
    "pool negative": header(pool=-1),
    "pool a float": header(pool=1.5),
    "hands missing": header(hands=...),
    "hands not a list": header(hands="As 2s"),
    "hands of strings": header(hands=["As 2s Ac", "x", "y"]),
    "two hands": header(hands=belinda()["hands"][:2]),
    "a card dealt twice": hands_with(1, ["As", "Js", "7s", "6s", "Kd", "Qd", "2c", "3c", "7d"]),
    "eight cards": hands_with(0, ["As", "2s", "Ac", "Ks", "Kc", "Kh", "Qh", "7c"]),
    "ten cards": hands_with(0, [*belinda()["hands"][0], "4d"]),
    "a bad card": hands_with(2, ["5s", "3s", "4c", "Jc", "Jh", "6h", "5h", "2d", "10d"]),
    "a card not a string": hands_with(2, ["5s", "3s", "4c", "Jc", "Jh", "6h", "5h", "2d", 3]),
    "stock short": header(stock=belinda()["stock"][:12]),
    "stock repeats": header(stock=[*belinda()["stock"][:12], "5d"]),
    "stock not a list": header(stock="5d 6d"),
    "seed and hands": header(seed=4),
    "seed not an int": header(hands=..., stock=..., seed="4"),
    "actions missing": header(actions=...),
    "actions not a list": header(actions="play pass pass"),
}


@pytest.mark.parametrize("name", list(BAD_HEADERS))
def test_bad_headers_are_rejected_without_an_index(name: str) -> None:
    """The deal itself is checked: every card once, nine to a hand, thirteen to the stock."""
    with pytest.raises(InvalidRecord) as info:
        replay(BAD_HEADERS[name])
    assert info.value.index is None


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "nul", "{'format': 1}"])
def test_text_that_is_not_json_is_an_invalid_record(text: str) -> None:
    with pytest.raises(InvalidRecord, match="not JSON"):
        loads(text)


def test_start_of_checks_the_header_only() -> None:
    deal = start_of(belinda())
    assert deal.history == [] and deal.phase_name == "auction"


# ---- fuzzing: a damaged record raises InvalidRecord or replays, never anything else ------------

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 50),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["As", "Kd", "pass", "play", "vole", "trump h", "discard", "discard 7c"]),
    st.lists(st.sampled_from(["As", "2s", "Kd", "Zz"]), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@PROFILE
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["action", "drop", "insert", "header", "hand", "stock", "swap"]),
            st.integers(0, 40),
            JUNK,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_damaged_records_fail_only_with_invalid_record(
    edits: list[tuple[str, int, Any]],
) -> None:
    """Errors say what and where (STYLE habit 3): whatever is damaged, replay raises
    ``InvalidRecord`` (with an index inside the actions, or none) or replays a legal game."""
    record = copy.deepcopy(belinda())
    for kind, pos, junk in edits:
        actions = record.get("actions")
        if kind == "action" and isinstance(actions, list) and actions:
            actions[pos % len(actions)] = junk
        elif kind == "drop" and isinstance(actions, list) and actions:
            del actions[pos % len(actions)]
        elif kind == "insert" and isinstance(actions, list):
            actions.insert(pos % (len(actions) + 1), junk)
        elif kind == "header":
            key = ["format", "rules", "dealer", "hands", "stock", "actions", "pool", "seed"][
                pos % 8
            ]
            record[key] = junk
        elif kind == "hand" and isinstance(record.get("hands"), list):
            hand = record["hands"][pos % 3]
            if isinstance(hand, list) and hand:
                hand[pos % len(hand)] = junk
        elif kind == "stock" and isinstance(record.get("stock"), list) and record["stock"]:
            record["stock"][pos % len(record["stock"])] = junk
        elif kind == "swap" and isinstance(actions, list) and len(actions) > 1:
            i = pos % (len(actions) - 1)
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
    try:
        deal = replay(json.loads(json.dumps(record)))
    except InvalidRecord as exc:
        if exc.index is not None:
            assert 0 <= exc.index < len(record["actions"])
    else:
        assert snapshot(replay(to_record(deal))) == snapshot(deal)


def test_random_truncations_replay() -> None:
    """Every prefix of a legal record is itself a legal record."""
    rng = random.Random(3)
    record = belinda()
    for _ in range(10):
        k = rng.randrange(len(record["actions"]) + 1)
        deal = replay({**record, "actions": record["actions"][:k]})
        assert len(deal.history) == k
    assert replay(record, RULES_1660).is_over
