"""The hint's chance that the deal goes the person's way (issue #6, item 4): read from the view
alone, certain where the tricks already taken decide the deal, read from more worlds than the
card's choice where they are cheap, and the same for a card whether asked before or after a
*Gano* (``hints.card_chance``; ``bench/hint_chance.py`` measures how well it foretells the deal
and how much it moves with the worlds drawn)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest
from test_sampler import rule_bot_positions

from ombre_core import actions as A
from ombre_core import bridge
from ombre_core.actions import Act
from ombre_core.bots import search
from ombre_core.bots.ladder import SACADA_RUNG, ladder_of
from ombre_core.bots.sampler import Sampler
from ombre_core.bots.search import CHANCE_WORLDS, CardChoice, expert
from ombre_core.hints import card_chance
from ombre_core.rules import get_rules
from ombre_core.scoring import ombre_side
from ombre_core.state import Deal, Phase
from ombre_core.views import View, view_of


def card_positions(preset: str, seeds: range) -> Iterator[tuple[Deal, View]]:
    """Every card choice of the rule player's seeded deals: the deal and the mover's view."""
    rules = get_rules(preset)
    for seed in seeds:
        for deal in rule_bot_positions(rules, seed, seed % rules.seats):
            if deal.phase == Phase.PLAY and deal.legal_cards().bit_count() > 1:
                yield deal.copy(), view_of(deal, deal.to_move)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def few_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tenth of the nodes: the same code, past the budget more often, in a fraction of the
    time."""
    monkeypatch.setattr(search, "CHANCE_NODES", search.CHANCE_NODES // 10)


@pytest.mark.parametrize("preset", ["1660", "quadrille"])
def test_the_chance_reads_the_view_alone(preset: str) -> None:
    """Other hidden cards the view allows, the same chance with the same seed."""
    player = expert()
    checked = 0
    for k, (_, view) in enumerate(card_positions(preset, range(2))):
        if k % 4:
            continue
        card = next(a for a in view.legal if A.is_card(a))
        chance = player.chance_of(view, card, random.Random(k))
        assert 0.0 <= chance <= 1.0
        for world in Sampler(view, None).worlds(2, random.Random(k)):
            other = view_of(world, view.seat)
            assert other == view
            assert player.chance_of(other, card, random.Random(k)) == chance
            checked += 1
    assert checked >= 6


def decided(deal: Deal) -> bool | None:
    """Whether the Ombre's side wins however the tricks left fall (None: that is still open)."""
    judge = ladder_of(deal)
    left = deal.rules.tricks - len(deal.tricks)
    wins = set()
    for falls in product(range(deal.seats), repeat=left):
        won = list(deal.tricks_won)
        for seat in falls:
            won[seat] += 1
        wins.add(judge(tuple(won)) >= SACADA_RUNG)
    return wins.pop() if len(wins) == 1 else None


@pytest.mark.parametrize("preset", ["1660", "quadrille", "five"])
def test_a_deal_the_tricks_taken_decide_is_certain_for_each_side(preset: str) -> None:
    """Where the tricks taken decide the deal, every world agrees: the chance is 1 to the
    winning side's seats and 0 to the others' (the mover's side's chance, not the Ombre's)."""
    player = expert()
    checked = 0
    for deal, view in card_positions(preset, range(12)):
        if deal.rules.tricks - len(deal.tricks) > 5:
            continue
        known = deal.partner in (None, deal.ombre) or view.partner is not None
        outcome = decided(deal)
        if outcome is None or not known:
            continue  # still open, or a side the mover cannot tell
        card = next(a for a in view.legal if A.is_card(a))
        chance = player.chance_of(view, card, random.Random(0))
        assert chance == float((view.seat in ombre_side(deal)) == outcome), deal.tricks_won
        checked += 1
    assert checked >= 3


def test_a_cards_chance_is_read_anew_and_the_voles_kept() -> None:
    """The chance of a card is read from up to CHANCE_MOST worlds whatever the choice read; a
    vole declared keeps the choice's own (the share of the worlds that make it)."""
    player = expert()
    _, view = next(card_positions("quadrille", range(1)))
    card = next(a for a in view.legal if A.is_card(a))
    enough = CardChoice(card, 0.123, CHANCE_WORLDS)
    anew = card_chance(player, view, enough, random.Random(5))
    assert anew == player.chance_of(view, card, random.Random(5))
    assert card_chance(player, view, CardChoice(Act.VOLE, 0.9, 3), random.Random(5)) == 0.9


def test_late_in_the_deal_the_chance_reads_more_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a world's question costs a few nodes, the chance reads more than CHANCE_WORLDS of
    them (two readings of 24 differed by more than 0.2 in a fifth of the positions)."""
    asked: list[int] = []
    counted = search.reaches_counted

    def counting(*args: Any) -> tuple[bool, int]:
        asked.append(1)
        return counted(*args)

    monkeypatch.setattr(search, "reaches_counted", counting)
    player = expert()
    readings = []
    for deal, view in card_positions("1660", range(3)):
        if deal.rules.tricks - len(deal.tricks) == 4:
            asked.clear()
            card = next(a for a in view.legal if A.is_card(a))
            player.chance_of(view, card, random.Random(0))
            readings.append(len(asked))
    assert readings and min(readings) > CHANCE_WORLDS, readings


def test_a_gano_and_the_card_after_it_are_given_one_chance() -> None:
    """The hint that advises a Gano and the hint asked after the word name the same card with
    the same chance: before, they drew other worlds (the history one action longer), and one
    said "about 85%" where the other said "about 27%"."""
    for seed in range(1, 30):
        bridge.new_session(json.dumps({"rules": "1660", "seed": seed, "level": "novice"}))
        for _ in range(80):
            advice = json.loads(bridge.hint())
            if not advice["ok"]:
                if not json.loads(bridge.bot_move())["ok"]:
                    break  # the deal is over
                continue
            assert json.loads(bridge.apply(json.dumps({"action": advice["action"]})))["ok"]
            if advice["action"] == "gano":
                after = json.loads(bridge.hint())
                assert after["cards"] == advice["cards"]
                if after["chance"] is not None:  # a card left alone by the word has none
                    assert after["chance"] == advice["chance"]
                    return
    raise AssertionError("no Gano advised, with a choice of cards after it, in 29 deals")
