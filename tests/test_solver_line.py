"""The solver's :class:`Line`: positions along one line of play answered with one table.

A line keeps its transposition table from one question to the next, so every answer must be the
one a fresh solve (checked against plain minimax in ``test_solver.py``) gives, wherever on the
line it is asked, after a question that ran out of budget, and with the table emptied often.
"""

from __future__ import annotations

import random

import pytest
from ombre_helpers import PRESET_LIST
from test_solver import card_values, ending

from ombre_core.bots import RulePlayer
from ombre_core.bots.ladder import tricks_of
from ombre_core.bots.solver import (
    BudgetExceeded,
    Line,
    position_of,
    reaches,
    solve_position,
    solve_values,
)
from ombre_core.cards import cards_of
from ombre_core.rules import RULES_1660, RULES_QUADRILLE, Rules
from ombre_core.scoring import ombre_side
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of

PRESETS = pytest.mark.parametrize("rules", PRESET_LIST, ids=[r.id for r in PRESET_LIST])


def line_of(deal: Deal, seed: int) -> list[Deal]:
    """Every position of ``deal`` from now to its last card, the cards chosen by the rule
    player or, one time in three, at random."""
    rng = random.Random(seed)
    bot = RulePlayer()
    positions = []
    deal = deal.copy()
    while not deal.is_over:
        positions.append(deal.copy())
        assert deal.to_move is not None
        if rng.random() < 0.3:
            deal.apply(rng.choice(list(cards_of(deal.legal_cards()))))
        else:
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
    return positions


def first_trick(rules: Rules, seed: int) -> Deal:
    """A deal of ``rules`` at its first trick, the rule player bidding and exchanging."""
    bot = RulePlayer()
    while True:
        deal = Deal.from_seed(rules, seed, seed % rules.seats)
        rng = random.Random(seed)
        while not deal.is_over and deal.phase != Phase.PLAY:
            assert deal.to_move is not None
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
        if not deal.is_over:
            return deal
        seed += 1000


@PRESETS
@pytest.mark.parametrize("seed", [3, 4])
def test_a_line_of_an_ending_answers_as_minimax(rules: Rules, seed: int) -> None:
    """From five tricks left to the last card, each position's every card as minimax has it."""
    deal = ending(seed, rules, 15)
    line = Line(position_of(deal))
    for here in line_of(deal, seed):
        expected = card_values(here)
        solution = line.solve(position_of(here))
        assert solution.rungs == expected
        value = solution.rung
        for rung in range(4):
            assert line.reaches(position_of(here), rung) == (value >= rung)


@pytest.mark.parametrize(("rules", "seed"), [(RULES_1660, 11), (RULES_QUADRILLE, 12)])
def test_a_whole_line_answers_as_fresh_solves(rules: Rules, seed: int) -> None:
    """From the first trick (at Quadrille the called partner on the Ombre's side), each
    position's value and every card's, and the tricks counted, as a solve of its own gives."""
    deal = first_trick(rules, seed)
    line = Line(position_of(deal))
    tricks = Line(position_of(deal, tricks_of(ombre_side(deal))))
    for here in line_of(deal, seed):
        fresh = solve_position(position_of(here))
        got = line.solve(position_of(here))
        assert (got.rung, got.best, got.rungs) == (fresh.rung, fresh.best, fresh.rungs)
        counted = position_of(here, tricks_of(ombre_side(here)))
        value, by_card, _ = solve_values(counted)
        assert tricks.values(counted) == (value, by_card)
    assert line.nodes > 0


def test_a_question_past_its_budget_leaves_the_line_right() -> None:
    """A question stopped by its budget raises with that budget; the next questions, without
    one, are answered as fresh solves (the table holds only positions searched to the end)."""
    deal = first_trick(RULES_1660, 21)
    line = Line(position_of(deal))
    with pytest.raises(BudgetExceeded, match="budget of 5 nodes"):
        line.solve(position_of(deal), budget=5)
    spent = line.nodes
    assert spent == 5
    for here in line_of(deal, 21)[:6]:
        fresh = solve_position(position_of(here))
        got = line.solve(position_of(here))
        assert (got.rung, got.rungs) == (fresh.rung, fresh.rungs)
        assert reaches(position_of(here), fresh.rung)
        assert line.reaches(position_of(here), fresh.rung)
    assert line.nodes > spent


def test_a_line_whose_table_is_emptied_answers_the_same() -> None:
    deal = first_trick(RULES_1660, 22)
    small = Line(position_of(deal), max_entries=1)
    for here in line_of(deal, 22):
        fresh = solve_position(position_of(here))
        got = small.solve(position_of(here))
        assert (got.rung, got.rungs) == (fresh.rung, fresh.rungs)


def test_a_position_of_another_line_is_refused() -> None:
    deal = first_trick(RULES_1660, 23)
    line = Line(position_of(deal))
    other = first_trick(RULES_1660, 24)
    with pytest.raises(ValueError, match="not a position of this line"):
        line.solve(position_of(other))
    with pytest.raises(ValueError, match="not a position of this line"):
        line.solve(position_of(deal, tricks_of(ombre_side(deal))))
    # the line still answers its own positions
    assert line.solve(position_of(deal)).rung == solve_position(position_of(deal)).rung
