"""Telling tied cards apart by the rung each reaches a trick short (``ladder.margin_of``), and
the solver valuing a chosen few of the legal cards (issue #6)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ombre_core.actions import Act
from ombre_core.bots import RulePlayer
from ombre_core.bots.ladder import (
    CODILLE_FOR_LADDER,
    Judge,
    codille_for,
    ladder_of,
    margin_of,
    own_codille,
)
from ombre_core.bots.levels import SearchConfig
from ombre_core.bots.sampler import Sampler, World
from ombre_core.bots.search import SearchPlayer
from ombre_core.bots.solver import position_of, solve_position, solve_values
from ombre_core.cards import cards_of
from ombre_core.rules import RULES_1660, RULES_CLASSIC, RULES_FIVE, Rules
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of


def play_to(rules: Rules, seed: int, cards_left: int) -> Deal | None:
    """A rule-player deal stopped in trick play with ``cards_left`` cards in the mover's hand."""
    deal = Deal.from_seed(rules, seed, seed % rules.seats)
    rng = random.Random(seed)
    bot = RulePlayer()
    while not deal.is_over:
        seat = deal.to_move
        in_play = deal.phase == Phase.PLAY and seat is not None
        if in_play and deal.hands[seat].bit_count() == cards_left:  # type: ignore[index]
            return deal
        assert deal.to_move is not None
        deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
    return None


def minimax(deal: Deal, judge: Judge, memo: dict[Any, int]) -> int:
    """Every legal card tried; the Ombre's side maximises ``judge``'s rung, the others minimise."""
    if deal.is_over:
        return judge(tuple(deal.tricks_won))
    key = (tuple(deal.hands), tuple(deal.trick), deal.leader, tuple(deal.tricks_won))
    if key in memo:
        return memo[key]
    side = {deal.ombre, deal.ombre if deal.partner is None else deal.partner}
    values = []
    for card in cards_of(deal.legal_cards()):
        child = deal.copy()
        child.apply_unchecked(card)
        values.append(minimax(child, judge, memo))
    memo[key] = value = max(values) if deal.to_move in side else min(values)
    return value


def random_endings(count: int, seed: int = 8) -> Iterator[tuple[int, ...]]:
    """``count`` random ways the nine tricks of a deal of three may fall, as tricks won."""
    rng = random.Random(seed)
    for _ in range(count):
        won = [0, 0, 0]
        for _ in range(9):
            won[rng.randrange(3)] += 1
        yield tuple(won)


class _Table:
    def __init__(self, ombre: int, partner: int | None, rules: Rules) -> None:
        self.ombre, self.partner, self.rules, self.seats = ombre, partner, rules, rules.seats


def test_a_trick_short_is_never_better_for_the_side_it_shortens() -> None:
    for rules, partner in ((RULES_1660, None), (RULES_FIVE, 3)):
        table = _Table(1, partner, rules)
        base, ours, theirs = ladder_of(table), margin_of(table, True), margin_of(table, False)
        rng = random.Random(5)
        for _ in range(300):
            won = [0] * rules.seats
            for _ in range(rules.tricks):
                won[rng.randrange(rules.seats)] += 1
            w = tuple(won)
            assert ours(w) <= base(w) <= theirs(w)
    three = _Table(0, None, RULES_1660)
    assert ladder_of(three)((5, 2, 2)) == margin_of(three, True)((5, 2, 2)) == 2  # 4-3-2 holds
    assert margin_of(three, True)((4, 3, 2)) == 0  # 3-4-2: codille
    assert margin_of(three, False)((4, 4, 1)) == 2  # 5-3-1: the repuesto had no trick to spare


@pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=lambda r: r.id)
def test_the_solver_with_a_margin_judge_agrees_with_plain_minimax(rules: Rules) -> None:
    checked = 0
    for seed in range(40):
        deal = play_to(rules, seed, 3 + seed % 2)
        if deal is None:
            continue
        for for_side in (True, False):
            judge = margin_of(deal, for_side)
            solution = solve_position(position_of(deal, judge))
            for card in cards_of(deal.legal_cards()):
                child = deal.copy()
                child.apply_unchecked(card)
                assert solution.rungs[card] == minimax(child, judge, {}), (seed, card)
            checked += 1
    assert checked >= 40


def test_the_solver_values_only_the_cards_asked_and_alike() -> None:
    checked = 0
    for seed in range(30):
        deal = play_to(RULES_1660, seed, 5)
        if deal is None:
            continue
        whole = solve_position(position_of(deal))
        legal = list(cards_of(deal.legal_cards()))
        some = legal[::2]
        part = solve_position(position_of(deal), cards=sum(1 << c for c in some))
        assert part.rungs == {c: whole.rungs[c] for c in some}
        assert part.rung == whole.rung
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("codille_ties", [False, True], ids=["margin", "margin-then-codille"])
def test_tied_cards_are_told_apart_from_the_view_alone_within_their_budget(
    monkeypatch: pytest.MonkeyPatch, codille_ties: bool
) -> None:
    """With ``margin_ties`` (and ``codille_ties``): the card is one the first pass tied at the
    top, the same for any hidden cards the view allows, and the tie-breaks keep within
    ``margin_nodes`` together."""
    from ombre_core.bots import search

    config = SearchConfig(
        play_worlds=4,
        exact_from=9,
        budget=3_000,
        bid_worlds=2,
        decision_nodes=2_000,
        margin_ties=True,
        margin_nodes=1_000,
        codille_ties=codille_ties,
    )
    player = SearchPlayer("margin", config)
    near_seen: list[list[int]] = []
    judges_seen: list[bool] = []
    tie_break = SearchPlayer._tie_break

    def watched(*args: Any) -> tuple[list[int], int]:
        near_seen.append(list(args[2]))
        judges_seen.append(len(args) > 6)  # a margin pass passes ``ours``
        spent = [0]
        real = search.solve_values

        def counted(*a: Any, **k: Any) -> Any:
            solution = real(*a, **k)
            spent[0] += solution[2]
            return solution

        monkeypatch.setattr(search, "solve_values", counted)
        try:
            out, used = tie_break(*args)
        finally:
            monkeypatch.setattr(search, "solve_values", real)
        assert used == spent[0] or used >= spent[0]  # a world played forward counts more
        assert spent[0] <= args[4] + config.budget  # a solve may end past the share
        assert out and set(out) <= set(args[2])
        return out, used

    monkeypatch.setattr(SearchPlayer, "_tie_break", staticmethod(watched))
    decided = 0
    for seed in range(40 if codille_ties else 12):
        deal = play_to(RULES_1660, seed, 4 + seed % 3)
        if deal is None or deal.to_move is None:
            continue
        if codille_ties and deal.to_move == deal.ombre:
            continue  # the codille's pass is a defender's
        view = view_of(deal, deal.to_move)
        choice = player.analyse_play(view, random.Random(seed)).action
        assert choice == Act.VOLE or deal.legal_cards() >> choice & 1
        for world in Sampler(view, None).worlds(2, random.Random(seed)):
            assert view_of(world, deal.to_move) == view
            assert player.analyse_play(view_of(world, deal.to_move), random.Random(seed)) == (
                player.analyse_play(view, random.Random(seed))
            )
        decided += 1
    assert decided >= 8 and near_seen  # ties happen, and were told apart
    assert (False in judges_seen) == codille_ties  # the codille's pass only when asked


def test_the_codille_judge_tells_who_wins_it() -> None:
    """At three a codille is one defender's (RG): 0 to the seat judged for, 1 to the other
    defender, the other rungs one up; no such judge where the side is judged on its total, or
    for the Ombre."""
    three = _Table(0, None, RULES_1660)
    for_one = codille_for(three, 1)
    assert for_one is not None
    assert for_one((3, 4, 2)) == 0  # seat 1 took the most: his codille
    assert for_one((3, 2, 4)) == 1  # seat 2's
    assert for_one((3, 3, 3)) == 2  # repuesto
    assert for_one((5, 2, 2)) == 3  # sacada
    assert for_one((9, 0, 0)) == 4  # vole
    base = ladder_of(three)
    for w in random_endings(200):
        assert (for_one(w) > 1) == (base(w) > 0) and CODILLE_FOR_LADDER[for_one(w)] == base(w)
    assert codille_for(three, 0) is None  # the Ombre's
    assert codille_for(_Table(1, 3, RULES_FIVE), 0) is None  # by five the side's total


@pytest.mark.parametrize("judge_of", [codille_for, own_codille], ids=lambda f: f.__name__)
@pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=lambda r: r.id)
def test_the_solver_with_a_defenders_judge_agrees_with_plain_minimax(
    judge_of: Callable[[Deal, int], Judge | None], rules: Rules
) -> None:
    """Endings of three and four tricks: every legal card's rung on a defender's own ladder
    (the codille told apart by who wins it, in either order against a repuesto) is the plain
    minimax's; the solver reads the ladder only through the judge."""
    checked = 0
    for seed in range(30):
        deal = play_to(rules, seed, 3 + seed % 2)
        if deal is None or deal.ombre is None:
            continue
        for seat in range(3):
            judge = judge_of(deal, seat)
            if judge is None:
                continue
            _, rungs, _ = solve_values(position_of(deal, judge))
            for card in cards_of(deal.legal_cards()):
                child = deal.copy()
                child.apply_unchecked(card)
                assert rungs[card] == minimax(child, judge, {}), (seed, seat, card)
            checked += 1
    assert checked >= 30


def test_a_defender_keeps_the_codille_for_himself_among_cards_tied() -> None:
    """Seed 12 of 1660, six cards left, seat 1 defending: on the true cards every card beats the
    Ombre alike, a trick short too, but one of them leaves the codille to the other defender;
    the codille's pass (one world: the true deal) drops it and only it."""
    deal = play_to(RULES_1660, 12, 6)
    assert deal is not None and deal.to_move == 1 and deal.ombre != 1
    _, ladder, _ = solve_values(position_of(deal))
    _, margin, _ = solve_values(position_of(deal, margin_of(deal, False)))
    near = [c for c in ladder if ladder[c] == min(ladder.values())]
    near = [c for c in near if margin[c] == min(margin[c] for c in near)]
    judge = codille_for(deal, 1)
    assert judge is not None
    _, codille, _ = solve_values(position_of(deal, judge))
    partners = [c for c in near if codille[c] == 1]
    assert len(partners) == 1 and len(near) > 2
    config = SearchConfig(
        play_worlds=1, exact_from=9, budget=100_000, bid_worlds=1, decision_nodes=100_000
    )
    kept, spent = SearchPlayer._tie_break(
        config, [World(deal, 1.0)], near, 6, 100_000, lambda w: codille_for(w, 1)
    )
    assert sorted(kept) == sorted(c for c in near if c not in partners) and spent > 0
