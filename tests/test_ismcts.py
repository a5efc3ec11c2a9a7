"""Information Set MCTS for the card play (``ombre_core.bots.ismcts``), the method measured
against Perfect Information Monte Carlo (issue #6): legal, reproducible, and right where every
card is known."""

from __future__ import annotations

import itertools
import random

import pytest
from test_sampler import rule_bot_positions

from ombre_core import actions as A
from ombre_core.bots import make_player
from ombre_core.bots.ismcts import ismcts_card
from ombre_core.bots.sampler import World
from ombre_core.bots.search import SearchPlayer
from ombre_core.bots.solver import solve
from ombre_core.cards import cards_of
from ombre_core.rules import get_rules
from ombre_core.scoring import ombre_side
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of


@pytest.mark.parametrize(("rules_id", "seed"), [("1660", 3), ("classic", 8), ("five", 2)])
def test_the_ismcts_expert_plays_whole_deals_legally(rules_id: str, seed: int) -> None:
    rules = get_rules(rules_id)
    deal = Deal.from_seed(rules, seed, dealer=seed % rules.seats)
    players = [make_player("expert-ismcts") for _ in range(rules.seats)]
    rng = random.Random(seed)
    cards = 0
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        action = players[seat].choose(view, rng)
        assert action in view.legal
        cards += A.is_card(action)
        deal.apply(action)
    assert cards == rules.tricks * rules.seats or deal.ombre is None


def first_choice(rules_id: str, seed: int) -> Deal:
    """The first card with a choice in the rule player's deals from ``seed`` on."""
    rules = get_rules(rules_id)
    for n in itertools.count(seed):
        for deal in rule_bot_positions(rules, n, n % rules.seats):
            if deal.phase == Phase.PLAY and deal.legal_cards().bit_count() > 1:
                return deal.copy()
    raise AssertionError("unreachable")


def test_the_same_view_and_seed_give_the_same_card() -> None:
    deal = first_choice("1660", 5)
    player = make_player("expert-ismcts")
    assert isinstance(player, SearchPlayer)
    view = view_of(deal, deal.to_move or 0)
    first = player.analyse_play(view, random.Random(5))
    again = player.analyse_play(view, random.Random(5))
    assert first == again and first.action in view.legal
    assert 0.0 <= first.chance <= 1.0


@pytest.mark.parametrize("rules_id", ["1660", "classic"])
def test_with_every_card_known_the_tree_finds_a_best_card(rules_id: str) -> None:
    """One world, the true one: every playout from three tricks left is an exact solve, so the
    tree's most tried card must be one of the solver's best (every such ending of 15 deals)."""
    rules = get_rules(rules_id)
    checked = 0
    for seed in range(1, 16):
        for deal in rule_bot_positions(rules, seed, seed % rules.seats):
            seat = deal.to_move
            if (
                deal.phase == Phase.PLAY
                and rules.tricks - len(deal.tricks) <= 3
                and deal.legal_cards().bit_count() > 1
            ):
                assert seat is not None
                card, chance, iterations = ismcts_card(
                    [World(deal.copy(), 1.0)],
                    list(cards_of(deal.legal_cards())),
                    seat in ombre_side(deal),
                    decision_nodes=3_000,
                    exact_from=4,
                    budget=6_000,
                    exploration=0.7,
                    defenders_draw=False,
                    rng=random.Random(checked),
                )
                assert card in solve(deal.copy()).best, (seed, len(deal.history))
                assert 0.0 <= chance <= 1.0
                assert iterations >= deal.legal_cards().bit_count()
                checked += 1
    assert checked > 40
