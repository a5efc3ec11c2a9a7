"""The double-dummy solver against plain minimax, on real endings, on the privilege and on sides.

Sources: issue 6, "Solver correctness" (endings small enough for brute force, value and the set of
best cards, both presets, the privilege mattering in some); RG1660 "Of the Tenaces" (seed 000);
compendium ``ombre-rules.md`` §3.2 (the privilege), §8 (outcomes), §15 #17 (``matador_forced_by``).

The references here share nothing with the solver but the rules: :func:`minimax` plays every
legal action through ``Deal.copy`` / ``Deal.apply_unchecked`` and reads the settlement's outcome;
:func:`brute` plays :func:`~ombre_core.tricks.legal_cards` to the end on any number of seats.
Both remember positions at trick boundaries only to stay fast, never prune.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import HYPOTHESIS, PRESET_LIST, load_json, names, sans_prendre_deal
from test_privilege import tenaces_deal

from ombre_core.__main__ import main
from ombre_core.actions import Act
from ombre_core.bots import RulePlayer
from ombre_core.bots.ladder import RUNG_NAMES, ladder_of
from ombre_core.bots.solver import (
    TECHNIQUES,
    BudgetExceeded,
    Position,
    position_of,
    reaches,
    solve,
    solve_position,
    value_of,
)
from ombre_core.cards import PACK_SIZE, Card, CardSet, cards_of, format_card, mask_of, parse_cards
from ombre_core.errors import OmbreError
from ombre_core.record import replay, to_record
from ombre_core.rules import RULES_1660, RULES_CLASSIC, RULES_FIVE, Rules
from ombre_core.scoring import CODILLE, REPUESTO, SACADA, settle
from ombre_core.state import Deal
from ombre_core.tables import TRUMP_ORDER
from ombre_core.tricks import legal_cards, trick_winner
from ombre_core.views import view_of

PRESETS = pytest.mark.parametrize("rules", PRESET_LIST, ids=[r.id for r in PRESET_LIST])
RUNG = {CODILLE: 0, REPUESTO: 1, SACADA: 2}

# ---- references --------------------------------------------------------------------------------


def final_rung(deal: Deal) -> int:
    """The rung of a finished deal, from its settlement."""
    result = settle(deal)
    return 3 if result.vole else RUNG[result.outcome]


def minimax(deal: Deal, memo: dict[tuple[Any, ...], int]) -> int:
    """The rung under best play: the Ombre maximises, the defenders minimise, every legal card
    tried (the vole declaration changes no trick and is left out)."""
    if deal.is_over:
        return final_rung(deal)
    key = None
    if not deal.trick:
        key = (tuple(deal.hands), deal.leader, tuple(deal.tricks_won))
        if key in memo:
            return memo[key]
    values = []
    for action in deal.legal_actions():
        if action in (Act.VOLE, Act.GANO):  # words, not cards: the solver plays cards
            continue
        child = deal.copy()
        child.apply_unchecked(action)
        values.append(minimax(child, memo))
    value = max(values) if deal.to_move == deal.ombre else min(values)
    if key is not None:
        memo[key] = value
    return value


def card_values(deal: Deal) -> dict[Card, int]:
    """Each legal card of the player on turn and the rung it leads to, by :func:`minimax`."""
    memo: dict[tuple[Any, ...], int] = {}
    out = {}
    for action in deal.legal_actions():
        if action in (Act.VOLE, Act.GANO):  # words, not cards: the solver plays cards
            continue
        child = deal.copy()
        child.apply_unchecked(action)
        out[action] = minimax(child, memo)
    return out


def ending(seed: int, rules: Rules, cards_left: int) -> Deal:
    """A real deal: the rule player bids and exchanges (a realistic exchange), then plays (with
    some random cards, so that the endings vary) until ``cards_left`` cards are in the hands.
    Deals that all pass are skipped: the next seed is dealt."""
    bot = RulePlayer()
    while True:
        rng = random.Random(seed)
        deal = Deal.from_seed(rules, seed, seed % 3)
        while not deal.is_over and deal.phase_name != "play":
            assert deal.to_move is not None
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
        if not deal.is_over:
            break
        seed += 1000
    while sum(h.bit_count() for h in deal.hands) > cards_left:
        assert deal.to_move is not None
        if rng.random() < 0.3:
            cards = [a for a in deal.legal_actions() if a not in (Act.VOLE, Act.GANO)]
            deal.apply(rng.choice(cards))
        else:
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
    return deal


def assert_solved(deal: Deal) -> None:
    """The solver's value, best cards and every card's rung are the minimax's."""
    expected = card_values(deal)
    pick = max if deal.to_move == deal.ombre else min
    value = pick(expected.values())
    solution = solve(deal)
    assert solution.rung == value
    assert solution.value == RUNG_NAMES[value]
    assert set(solution.best) == {c for c, v in expected.items() if v == value}
    assert solution.rungs == expected
    assert value_of(position_of(deal)) == value
    for rung in range(len(RUNG_NAMES)):  # one boolean test of the ladder
        assert reaches(position_of(deal), rung) == (value >= rung)
    unrolled_off = solve(deal, off=frozenset({"unrolled"}))  # the call-per-card search
    assert unrolled_off.rungs == expected


# ---- endings of real deals ---------------------------------------------------------------------

# cards left in the hands: 9 = three tricks at a boundary, 10-11 and 13-14 = mid-trick, 12 = four
ENDINGS = [
    (seed, left) for seed, left in zip(range(8), [9, 10, 11, 12, 13, 14, 9, 11], strict=True)
]


@PRESETS
@pytest.mark.parametrize(("seed", "left"), ENDINGS)
def test_endings_of_real_deals_match_minimax(rules: Rules, seed: int, left: int) -> None:
    assert_solved(ending(1000 + seed, rules, left))


# ---- the privilege -----------------------------------------------------------------------------

PRIVILEGE = [
    # Seat 1 holds only matadors as trumps: Ks led, he may keep the Manille (RG1660 "Of playing
    # Trumps": "you may refuse to play them, without Renouncing").
    ["Ks Qs Js 7s Kc", "2s Jc 7c 6c Jh", "As Ac 5c 4c 5h"],
    # Spadille led forces a lone Manille and a lone Basto (RG: "the Spadillio forces the
    # Mallilio").
    ["As Qs Js Kc Qc", "2s Jc 7c 6c Jh", "Ac 5c 4c 5h 4h"],
    # Manille and Basto in one hand, Spadille with the Ombre: guarded or not, as play goes.
    ["As Ks Kc Qc Kh", "2s Ac Jc 7c Jh", "Qs 5c 4c 5h 4h"],
    # A false matador (Punto in hearts) has no privilege (compendium §15 #18).
    ["Kh Qh Jh Kc Qc", "Ah Jc 7c Ks 7s", "As 7h Ac 5c 4c"],
]


@pytest.mark.parametrize(
    ("rules", "forced_by"), [(RULES_1660, "led"), (RULES_CLASSIC, "played")], ids=["led", "played"]
)
@pytest.mark.parametrize("hands", PRIVILEGE, ids=["refuse", "forced", "tenace", "punto"])
def test_privilege_endings_match_minimax(rules: Rules, forced_by: str, hands: list[str]) -> None:
    """Five-trick endings built around the privilege, under both readings of which card forces
    (RG/HOY: the card led; EB1911: any card played), at the first lead and after it. (The
    presets play tricks alike: both force by the card led; the other reading is a variant.)"""
    trump = "h" if "Kh Qh" in hands[0] else "s"
    full = [h + " " + filler for h, filler in zip(hands, FILLERS[trump], strict=True)]
    deal = sans_prendre_deal(rules, full, trump, matador_forced_by=forced_by)
    for lead in range(4):  # four plain tricks first: filler cards, the Ombre winning each
        for _ in range(3):
            deal.apply(_lowest_or_own_filler(deal, lead))
    assert deal.tricks_won[0] == 4 and deal.to_move == 0
    assert_solved(deal)
    deal.apply(min(cards_of(deal.legal_cards())))  # and mid-trick
    assert_solved(deal)


FILLERS = {  # four cards each, played first: the Ombre's diamonds win, the others follow
    "s": ["Kd Qd Jd Ad", "2d 3d 4d 5d", "6d 7d 3h 2h"],
    "h": ["Kd Qd Jd Ad", "2d 3d 4d 5d", "6d 7d 3s 2s"],
}


def _lowest_or_own_filler(deal: Deal, trick: int) -> Card:
    """The filler card for this seat and trick: the Ombre leads his diamonds high to low, the
    others follow with their diamonds (or throw their two small cards)."""
    seat = deal.to_move
    assert seat is not None
    legal = deal.legal_cards()
    diamonds = [c for c in cards_of(legal) if format_card(c)[1] == "d"]
    if seat == 0:
        order = ["Kd", "Qd", "Jd", "Ad"]
        return next(c for c in diamonds if format_card(c) == order[trick])
    if diamonds:
        return diamonds[0]
    return next(c for c in cards_of(legal) if format_card(c) in {"3h", "2h", "3s", "2s"})


def test_the_privilege_changes_the_value() -> None:
    """The reading of the privilege decides a deal: seat 0 leads the King of trumps, seat 1 plays
    Spadille on it, and the Ombre (seat 2) holds a lone Manille. Forced only by the card led (RG,
    HOY), he keeps his Manille for the last trick and makes his sacada; forced by any higher
    matador played (EB1911), he must give it up, and it is codille."""
    hands = ["Ks 5h", "As 4h", "2s 3d"]
    rungs = {}
    for forced_by in ("led", "played"):
        position = _position(hands, "s", forced_by, won=(2, 2, 3), side=frozenset({2}))
        rungs[forced_by] = {format_card(c): v for c, v in solve_position(position).rungs.items()}
        assert solve_position(position).rungs == _brute_rungs(position)
    assert rungs == {"led": {"Ks": 2, "5h": 2}, "played": {"Ks": 0, "5h": 2}}


# ---- positions without a Deal: any number of seats, any sides, any judge -----------------------


def _position(
    hands: list[str],
    trump: str,
    forced_by: str,
    won: tuple[int, ...],
    side: frozenset[int],
    leader: int = 0,
) -> Position:
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    total = sum(won) + masks[leader].bit_count()
    return Position(
        hands=masks,
        trick=(),
        leader=leader,
        trump="schd".index(trump),
        tricks_won=won,
        side=side,
        judge=_side_ladder(side, total),
        rules=dataclasses.replace(RULES_1660, matador_forced_by=forced_by),  # type: ignore[arg-type]
    )


def _side_ladder(side: frozenset[int], total: int) -> Callable[[tuple[int, ...]], int]:
    """A judge on sides: vole, sacada (more than any seat of the other side), repuesto (as many
    as the best of them), codille."""

    def judge(won: tuple[int, ...]) -> int:
        ours = sum(won[s] for s in side)
        theirs = max(won[s] for s in range(len(won)) if s not in side)
        if ours == total:
            return 3
        return 2 if ours > theirs else 1 if ours == theirs else 0

    return judge


def _brute_rungs(position: Position) -> dict[Card, int]:
    """Every legal card of the player on turn and its rung, by playing out every legal card
    (:func:`legal_cards`, :func:`trick_winner`) on any number of seats."""
    n = position.seats
    forced_by = position.rules.matador_forced_by
    memo: dict[tuple[Any, ...], int] = {}

    def value(
        hands: tuple[CardSet, ...], leader: int, won: tuple[int, ...], trick: list[Card]
    ) -> int:
        if len(trick) == n:
            taker = (leader + trick_winner(trick, position.trump)) % n
            gone = ~mask_of(trick)
            after = tuple(w + (s == taker) for s, w in enumerate(won))
            return value(tuple(h & gone for h in hands), taker, after, [])
        if not trick:
            if not any(hands):
                return position.judge(won)
            key = (hands, leader, won)
            if key in memo:
                return memo[key]
        seat = (leader + len(trick)) % n
        options = legal_cards(hands[seat], trick, position.trump, forced_by)
        results = [value(hands, leader, won, [*trick, c]) for c in cards_of(options)]
        best = max(results) if seat in position.side else min(results)
        if not trick:
            memo[(hands, leader, won)] = best
        return best

    seat = position.to_move
    out = {}
    trick = list(position.trick)
    for c in cards_of(legal_cards(position.hands[seat], trick, position.trump, forced_by)):
        hands = list(position.hands)
        hands[seat] &= ~(1 << c)
        out[c] = value(tuple(hands), position.leader, position.tricks_won, [*trick, c])
    return out


@st.composite
def endings(draw: st.DrawFn) -> Position:
    """Random endings of 2-4 tricks on 3 or 4 seats, rich in matadors (they are always in the
    pool), with random sides, tricks already won, a trick begun or not, and either reading of
    the privilege."""
    seats = draw(st.sampled_from([3, 3, 3, 4]))
    tricks = draw(st.integers(2, 4 if seats == 3 else 3))
    trump = draw(st.integers(0, 3))
    matadors = list(TRUMP_ORDER[trump][:4])
    others = [c for c in range(PACK_SIZE) if c not in matadors]
    pool = matadors + draw(st.permutations(others))[: seats * tricks - len(matadors)]
    pool = draw(st.permutations(pool))
    hands = [mask_of(pool[s * tricks : (s + 1) * tricks]) for s in range(seats)]
    leader = draw(st.integers(0, seats - 1))
    side = frozenset({0, 2} if seats == 4 else {draw(st.integers(0, 2))})
    before = draw(st.lists(st.integers(0, 3), min_size=seats, max_size=seats))
    won = tuple(before)
    total = sum(won) + tricks
    forced_by = draw(st.sampled_from(["led", "played"]))
    rules = dataclasses.replace(RULES_CLASSIC, matador_forced_by=forced_by)
    position = Position(
        tuple(hands), (), leader, trump, won, side, _side_ladder(side, total), rules
    )
    for _ in range(draw(st.integers(0, seats - 1))):  # begin the trick with legal cards
        seat = position.to_move
        legal = legal_cards(position.hands[seat], position.trick, trump, forced_by)
        card = draw(st.sampled_from(list(cards_of(legal))))
        after = list(position.hands)
        after[seat] &= ~(1 << card)
        position = dataclasses.replace(position, hands=tuple(after), trick=(*position.trick, card))
    return position


@settings(HYPOTHESIS, max_examples=60)
@given(endings())
def test_random_endings_on_sides_match_brute_force(position: Position) -> None:
    """Any number of seats, sides of one or two, the Ombre's side anywhere at the table."""
    expected = _brute_rungs(position)
    solution = solve_position(position)
    assert solution.rungs == expected
    pick = max if position.to_move in position.side else min
    assert solution.rung == pick(expected.values())
    assert set(solution.best) == {c for c, v in expected.items() if v == solution.rung}


@st.composite
def deep_endings(draw: st.DrawFn) -> Position:
    """Three-handed endings of 4-5 tricks from a shuffled pack (matadors always in), the ombre
    at any seat, any tricks already won, a trick begun or not: deep enough that the table's rank
    keys merge positions reached by different cards, and that runs of cards are merged."""
    tricks = draw(st.integers(4, 5))
    trump = draw(st.integers(0, 3))
    matadors = list(TRUMP_ORDER[trump][:3])
    others = [c for c in range(PACK_SIZE) if c not in matadors]
    pool = draw(st.permutations(matadors + draw(st.permutations(others))[: 3 * tricks - 3]))
    hands = tuple(mask_of(pool[s * tricks : (s + 1) * tricks]) for s in range(3))
    ombre = draw(st.integers(0, 2))
    won = tuple(draw(st.lists(st.integers(0, 9 - tricks), min_size=3, max_size=3)))
    while sum(won) > 9 - tricks:
        won = tuple(max(0, w - 1) for w in won)
    won = tuple(w + (s == ombre) * (9 - tricks - sum(won)) for s, w in enumerate(won))
    table = SimpleNamespace(ombre=ombre, partner=None, seats=3, rules=RULES_1660)
    forced_by = draw(st.sampled_from(["led", "played"]))
    rules = dataclasses.replace(RULES_1660, matador_forced_by=forced_by)
    leader = draw(st.integers(0, 2))
    position = Position(hands, (), leader, trump, won, frozenset({ombre}), ladder_of(table), rules)
    return _begin_trick(draw, position)


@st.composite
def five_endings(draw: st.DrawFn) -> Position:
    """Ombre by five (preset ``five``): endings of 2-3 tricks, five hands, the Ombre with a
    called partner (or, sometimes, alone), judged by :func:`ladder_of` on the side's tricks."""
    tricks = draw(st.integers(2, 3))
    trump = draw(st.integers(0, 3))
    matadors = list(TRUMP_ORDER[trump][:3])
    others = [c for c in range(PACK_SIZE) if c not in matadors]
    pool = draw(st.permutations(matadors + draw(st.permutations(others))[: 5 * tricks - 3]))
    hands = tuple(mask_of(pool[s * tricks : (s + 1) * tricks]) for s in range(5))
    ombre = draw(st.integers(0, 4))
    partner = draw(st.sampled_from([s for s in range(5) if s != ombre] + [ombre]))
    done = 8 - tricks
    won = [0] * 5
    for _ in range(done):
        won[draw(st.integers(0, 4))] += 1
    table = SimpleNamespace(ombre=ombre, partner=partner, seats=5, rules=RULES_FIVE)
    side = frozenset({ombre, partner})
    leader = draw(st.integers(0, 4))
    position = Position(hands, (), leader, trump, tuple(won), side, ladder_of(table), RULES_FIVE)
    return _begin_trick(draw, position)


def _begin_trick(draw: st.DrawFn, position: Position) -> Position:
    """The position with 0 to seats - 1 legal cards already played to its trick."""
    forced_by = position.rules.matador_forced_by
    for _ in range(draw(st.integers(0, position.seats - 1))):
        seat = position.to_move
        legal = legal_cards(position.hands[seat], position.trick, position.trump, forced_by)
        card = draw(st.sampled_from(list(cards_of(legal))))
        after = list(position.hands)
        after[seat] &= ~(1 << card)
        position = dataclasses.replace(position, hands=tuple(after), trick=(*position.trick, card))
    return position


def _assert_brute(position: Position) -> None:
    expected = _brute_rungs(position)
    solution = solve_position(position)
    assert solution.rungs == expected
    pick = max if position.to_move in position.side else min
    assert solution.rung == pick(expected.values())
    assert value_of(position) == solution.rung
    assert solve_position(position, every_card=False).rung == solution.rung


@settings(HYPOTHESIS, max_examples=40)
@given(deep_endings())
def test_deep_three_handed_endings_match_brute_force(position: Position) -> None:
    """The pruning of the three-handed search (rank keys at every depth, runs found by bit
    operations, remembered follower orders, sure tricks) against plain play-out."""
    _assert_brute(position)


@settings(HYPOTHESIS, max_examples=80)
@given(five_endings())
def test_ombre_by_five_endings_match_brute_force(position: Position) -> None:
    """Five seats, the Ombre and his called partner on one side (preset ``five``)."""
    _assert_brute(position)


# Found by a random search against brute force: a leader's top plain cards are tricks he may
# cash, not tricks he must take; counting them as sure for the other side was wrong.
CASHING = [
    (["2c Qc 6d", "3c 5h 6h", "2s 6c Ad"], "d", (2, 4, 0), 2, 1),
    (["4s Js Jc Qd", "2s 5c Qc Ah", "6s 6c Kh 4d"], "h", (1, 0, 4), 0, 1),
    (["6c 7c Ad 6d", "2s 5h 5d Kd", "Ac 4c 2h 7h"], "s", (4, 1, 0), 1, 0),
    (["7s Ac 7d", "Js 2c Qh", "2s Qs 2h"], "c", (4, 1, 1), 2, 0),
]


@pytest.mark.parametrize(("hands", "trump", "won", "leader", "ombre"), CASHING)
def test_a_leaders_cashing_tricks_are_his_choice(
    hands: list[str], trump: str, won: tuple[int, ...], leader: int, ombre: int
) -> None:
    """Three-handed endings judged by :func:`ladder_of` (which reads a deal or a view alike)."""
    table = SimpleNamespace(ombre=ombre, partner=None, seats=3, rules=RULES_CLASSIC)
    position = Position(
        tuple(mask_of(parse_cards(h)) for h in hands),
        (),
        leader,
        "schd".index(trump),
        won,
        frozenset({ombre}),
        ladder_of(table),
        RULES_CLASSIC,
    )
    assert solve_position(position).rungs == _brute_rungs(position)


def test_every_technique_can_be_switched_off_without_changing_an_answer() -> None:
    deal = ending(1003, RULES_1660, 12)
    expected = solve(deal)
    for name in TECHNIQUES:
        assert solve(deal, off=frozenset({name})).rungs == expected.rungs, name
    with pytest.raises(ValueError, match="unknown techniques"):
        solve(deal, off=frozenset({"magic"}))


# ---- the Tenaces (RG1660) ----------------------------------------------------------------------


def tricks_for_seat_1(deal: Deal) -> int:
    """What seat 1 makes from here, solved with seat 1 as "the side" and a judge counting its
    tricks: the solver's sides and judge are the caller's."""
    base = deal.tricks_won[1]
    position = dataclasses.replace(
        position_of(deal), side=frozenset({1}), judge=lambda won: won[1] - base
    )
    return value_of(position)


def test_tenaces_lose_one_if_you_lead() -> None:
    """RG1660 "Of the Tenaces": "if you have Spadillio and Basto in your hand, & he have the
    Mallilio & another Trump, if you led you lose one of them"."""
    assert tricks_for_seat_1(tenaces_deal(x_leads=True)) == 1


def test_tenaces_win_both_if_he_leads() -> None:
    """RG1660: "whereas if he leads, he loses both"; the Ombre (seat 0) on lead has no card that
    saves a trick: every lead loses both."""
    deal = tenaces_deal(x_leads=False)
    assert tricks_for_seat_1(deal) == 2
    solution = solve(deal)
    assert names(mask_of(solution.best)) == names(deal.legal_cards())


# ---- the API around the search -----------------------------------------------------------------


def test_a_deal_not_in_trick_play_is_refused() -> None:
    deal = Deal.from_seed(RULES_1660, 5)
    with pytest.raises(OmbreError, match="not in trick play"):
        solve(deal)


def test_the_budget_stops_a_long_solve() -> None:
    deal = ending(1002, RULES_CLASSIC, 27)
    with pytest.raises(BudgetExceeded, match="budget of 3 nodes"):
        solve(deal, budget=3)


def test_the_value_counts_the_tricks_already_won() -> None:
    """On the last trick every card is forced: the value is the outcome of the tricks won so far
    and the last one, as the settlement will say."""
    deal = ending(1004, RULES_1660, 3)
    solution = solve(deal)
    while not deal.is_over:
        deal.apply(min(cards_of(deal.legal_cards())))
    assert solution.rung == final_rung(deal)
    assert ladder_of(deal)(tuple(deal.tricks_won)) == final_rung(deal)


# ---- the command line ---------------------------------------------------------------------------


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(args, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def test_cli_solves_a_record_in_the_trick_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = load_json("belinda.json")
    record["actions"] = record["actions"][:17]  # ten cards played: mid-trick
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(["solve", str(path)], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    expected = solve(replay(record))
    assert report["value"] == expected.value
    assert report["best"] == [format_card(c) for c in expected.best]
    assert report["values"] == {format_card(c): v for c, v in expected.values.items()}
    assert set(report["best"]) <= set(report["values"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "the record stops in the auction"),
        (b"\xff\xfe not text", "is not UTF-8 text"),
        (b'{"format": "ombre-record/1", "rules"', "not JSON"),
        (b"[1, 2]", "a record must be a JSON object"),
        ("over", "the deal is over"),
    ],
    ids=["auction", "not-utf8", "not-json", "not-a-record", "over"],
)
def test_cli_refuses_what_it_cannot_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Any, message: str
) -> None:
    path = tmp_path / "game.json"
    if content is None:
        record = to_record(Deal.from_seed(RULES_1660, 5))
        path.write_text(json.dumps(record), encoding="utf-8")
    elif content == "over":
        path.write_text(json.dumps(load_json("belinda.json")), encoding="utf-8")
    else:
        path.write_bytes(content)
    code, out, err = run(["solve", str(path)], capsys)
    assert code != 0 and out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["solve", str(tmp_path / "nowhere.json")], capsys)
    assert code != 0 and "cannot read" in err and err.count("\n") == 1
