"""Telling tied cards apart by the rung each reaches a trick short (``ladder.margin_of``), and
the solver valuing a chosen few of the legal cards (issue #6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ombre_core.actions import Act
from ombre_core.bots import RulePlayer
from ombre_core.bots.ladder import Judge, ladder_of, margin_of
from ombre_core.bots.sampler import Sampler
from ombre_core.bots.search import SearchConfig, SearchPlayer
from ombre_core.bots.solver import position_of, solve_position
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


def test_tied_cards_are_told_apart_from_the_view_alone_within_their_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``margin_ties``: the card is one the first pass tied at the top, the same for any
    hidden cards the view allows, and the second pass keeps within ``margin_nodes``."""
    from ombre_core.bots import search

    config = SearchConfig(
        play_worlds=4,
        exact_from=9,
        budget=3_000,
        bid_worlds=2,
        decision_nodes=2_000,
        margin_ties=True,
        margin_nodes=1_000,
    )
    player = SearchPlayer("margin", config)
    near_seen: list[list[int]] = []
    by_margin = SearchPlayer._by_margin

    def watched(*args: Any) -> list[int]:
        near_seen.append(list(args[2]))
        spent = [0]
        real = search.solve_position

        def counted(*a: Any, **k: Any) -> Any:
            solution = real(*a, **k)
            spent[0] += solution.nodes
            return solution

        monkeypatch.setattr(search, "solve_position", counted)
        try:
            out = by_margin(*args)
        finally:
            monkeypatch.setattr(search, "solve_position", real)
        assert spent[0] <= config.margin_nodes + config.budget  # a solve may end past the share
        assert out and set(out) <= set(args[2])
        return out

    monkeypatch.setattr(SearchPlayer, "_by_margin", staticmethod(watched))
    decided = 0
    for seed in range(12):
        deal = play_to(RULES_1660, seed, 4 + seed % 3)
        if deal is None or deal.to_move is None:
            continue
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
