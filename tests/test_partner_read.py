"""Who the hidden partner is: the call, and the cards played, weigh the worlds.

At Quadrille and by five only the holder of the called king knows he is the partner until it
falls. The model rarely gives the Ombre the king he called (he calls for a partner; HOY law 12
lets him call his own and play alone), and it reads the others' plays as a partner's or a
defender's (:mod:`ombre_core.bots.partner`). Held to the truth of rule-player deals, where the
partner is known.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from ombre_core.bots import make_player
from ombre_core.bots.inference import model_for
from ombre_core.bots.partner import PartnerReading
from ombre_core.bots.sampler import Sampler
from ombre_core.rules import get_rules
from ombre_core.state import Deal, Phase
from ombre_core.views import View, view_of

PARTNER_PRESETS = ["five", "quadrille"]


def _hidden_views(preset: str, deals: int) -> list[tuple[View, int]]:
    """Every card decision, in rule-player deals, of a seat that does not know the partner, with
    the true partner."""
    rules = get_rules(preset)
    out = []
    for d in range(deals):
        deal = Deal.from_seed(rules, 4_000 + d, d % rules.seats)
        players = [make_player("novice") for _ in range(rules.seats)]
        rng = random.Random(d)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = view_of(deal, seat)
            if (
                view.step == Phase.PLAY
                and view.called is not None
                and view.partner is None
                and deal.partner is not None
            ):
                out.append((view, deal.partner))
            deal.apply(players[seat].choose(view, rng))
    return out


def _weight_on(view: View, partner: int, sampler: Sampler) -> float:
    assert view.called is not None
    called = view.called
    return sum(
        w.weight
        for w in sampler.weighted(60, random.Random(len(view.events)))
        if w.deal.hands[partner] >> called & 1
    )


@pytest.mark.parametrize("preset", PARTNER_PRESETS)
def test_the_model_seldom_gives_the_ombre_the_king_he_called(preset: str) -> None:
    views = [(v, p) for v, p in _hidden_views(preset, 6) if v.seat != v.ombre][:12]
    assert views
    for view, _ in views:
        assert view.ombre is not None and view.called is not None
        ombre, called = view.ombre, view.called
        for model, most in ((None, 1.0), ("table", 0.2)):
            worlds = Sampler(view, model).weighted(60, random.Random(1))
            alone = sum(w.weight for w in worlds if w.deal.hands[ombre] >> called & 1)
            assert alone <= most
        uniform = Sampler(view, None).weighted(300, random.Random(2))
        # uniform worlds do give it him, as often as to any other hand that could hold it
        assert sum(w.weight for w in uniform if w.deal.hands[ombre] >> called & 1) > 0.1


@pytest.mark.parametrize("preset", PARTNER_PRESETS)
def test_reading_the_play_puts_more_weight_on_the_true_partner(preset: str) -> None:
    views = _hidden_views(preset, 12)
    read = [(v, p) for v, p in views if v.tricks]  # a trick played: something to read
    assert len(read) > 40
    table = model_for(get_rules(preset))
    assert table.read_partner
    unread = replace(table, read_partner=False)
    before = statistics.fmean(_weight_on(v, p, Sampler(v, unread)) for v, p in read)
    after = statistics.fmean(_weight_on(v, p, Sampler(v, table)) for v, p in read)
    assert after > before + 0.05


def test_only_the_others_plays_are_read_and_only_while_the_partner_is_hidden() -> None:
    model = model_for(get_rules("quadrille"))
    for view, _ in _hidden_views("quadrille", 3):
        n = view.seats
        tricks = [(leader, cards) for leader, cards, _ in view.tricks]
        if view.trick:
            tricks.append((view.leader, view.trick))
        readable = [
            (leader + i) % n
            for leader, cards in tricks
            for i in range(len(cards))
            if (leader + i) % n not in (view.seat, view.ombre)
        ]
        reading = PartnerReading(view, model)
        assert reading.active == bool(readable)
        assert sorted(play.seat for play in reading._plays) == sorted(readable)
    deal = Deal.from_seed(get_rules("quadrille"), 4_000, 0)
    rng = random.Random(0)
    players = [make_player("novice") for _ in range(4)]
    shown = 0
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        if view.phase == "play" and view.partner is not None:
            shown += 1
            assert not PartnerReading(view, model).active
        deal.apply(players[seat].choose(view, rng))
    assert shown


def test_the_reading_is_off_where_no_king_is_called() -> None:
    for preset in ("1660", "classic", "two", "quadrille-3"):
        assert not model_for(get_rules(preset)).read_partner
