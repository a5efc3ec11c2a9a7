"""A defender at three playing for the codille himself (``ladder.own_codille``,
``SearchConfig.own_codille``; issue #6)."""

from __future__ import annotations

import random

from ombre_core.bots.ladder import OWN_CODILLE_LADDER, ladder_of, own_codille
from ombre_core.bots.solver import position_of, solve_values
from ombre_core.cards import cards_of
from ombre_core.rules import RULES_1660, RULES_CLASSIC, RULES_FIVE
from tests.test_margin import _Table, minimax, play_to


def test_a_defenders_own_ladder_orders_the_endings_by_what_they_pay_him() -> None:
    """RG; compendium §8: his codille pays him the pool, a repuesto doubles it for the next
    deal, his fellow's codille costs him his stake as a sacada does."""
    three = _Table(0, None, RULES_1660)
    for_one = own_codille(three, 1)
    assert for_one is not None
    assert for_one((3, 4, 2)) == 0  # seat 1 took the most: his codille
    assert for_one((3, 3, 3)) == 1  # repuesto
    assert for_one((3, 2, 4)) == 2  # seat 2's codille
    assert for_one((5, 2, 2)) == 3  # sacada
    assert for_one((9, 0, 0)) == 4  # vole
    base = ladder_of(three)
    rng = random.Random(8)
    for _ in range(300):
        won = [0, 0, 0]
        for _ in range(9):
            won[rng.randrange(3)] += 1
        assert OWN_CODILLE_LADDER[for_one(tuple(won))] == base(tuple(won))
    assert own_codille(three, 0) is None  # the Ombre's
    assert own_codille(_Table(1, 3, RULES_FIVE), 0) is None  # by five the side's total


def test_the_solver_on_a_defenders_own_ladder_agrees_with_plain_minimax() -> None:
    """Endings of three and four tricks in both presets: every legal card's rung on the
    defender's own ladder is the plain minimax's. (A trick more to the other defender may lift
    the rung, a repuesto becoming his codille: the solver reads the ladder only through the
    judge.)"""
    checked = 0
    for rules in (RULES_1660, RULES_CLASSIC):
        for seed in range(24):
            deal = play_to(rules, seed, 3 + seed % 2)
            if deal is None or deal.ombre is None:
                continue
            for seat in range(3):
                judge = own_codille(deal, seat)
                if judge is None:
                    continue
                _, rungs, _ = solve_values(position_of(deal, judge))
                for card in cards_of(deal.legal_cards()):
                    child = deal.copy()
                    child.apply_unchecked(card)
                    assert rungs[card] == minimax(child, judge, {}), (rules.id, seed, seat, card)
                checked += 1
    assert checked >= 40
