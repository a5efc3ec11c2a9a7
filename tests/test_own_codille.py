"""A defender at three playing for the codille himself (``ladder.own_codille``,
``SearchConfig.own_codille``; issue #6)."""

from __future__ import annotations

import random
from dataclasses import replace

from test_margin import _Table, play_to, random_endings

from ombre_core.bots.ladder import OWN_CODILLE_LADDER, codille_for, ladder_of, own_codille
from ombre_core.bots.levels import EXPERT, SearchConfig
from ombre_core.bots.sampler import World
from ombre_core.bots.search import SearchPlayer
from ombre_core.bots.solver import position_of, solve_values
from ombre_core.rules import RULES_1660, RULES_FIVE
from ombre_core.state import Deal
from ombre_core.views import view_of


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
    for won in random_endings(300):
        assert OWN_CODILLE_LADDER[for_one(won)] == base(won)
    assert own_codille(three, 0) is None  # the Ombre's
    assert own_codille(_Table(1, 3, RULES_FIVE), 0) is None  # by five the side's total


def _true_world_player(config: SearchConfig, deal: Deal) -> SearchPlayer:
    """A search player whose every sampled world is the true deal: its card is then the one its
    objective picks on the true cards."""
    player = SearchPlayer("expert", config)
    player._worlds = lambda view, n, rng, oversample=1: [World(deal.copy(), 1.0)]  # type: ignore[method-assign]
    return player


def test_a_defender_for_his_own_codille_takes_it_where_his_fellow_would() -> None:
    """Seed 12 of 1660, six cards left, seat 1 defending (as in tests/test_margin.py): every
    card beats the Ombre alike, but one leaves the codille to the other defender. Played for
    his own codille, on his own ladder or with the premium, the defender never plays it; his
    chance is still read on the deal's ladder (the Ombre beaten in the one world). (On the true
    cards the expert's tie-breaks keep the codille too, here and at six, five and four cards
    left of 120 rule-player deals in each preset: the two settings differ from it only where
    the worlds disagree.)"""
    deal = play_to(RULES_1660, 12, 6)
    assert deal is not None and deal.to_move == 1
    judge = codille_for(deal, 1)
    assert judge is not None
    _, rungs, _ = solve_values(position_of(deal, judge))
    fellows = {c for c, r in rungs.items() if r == 1}
    assert fellows and min(rungs.values()) == 0
    base = replace(EXPERT, exact_from=9, budget=100_000, decision_nodes=100_000)
    for change in ({"own_codille": True}, {"codille_premium": 1.0}):
        player = _true_world_player(replace(base, **change), deal)
        choice = player.analyse_play(view_of(deal, 1), random.Random(0))
        assert choice.action not in fellows and rungs[choice.action] == 0, change
        assert choice.chance == 1.0
