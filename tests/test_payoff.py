"""What an outcome of the play is worth to the Ombre (``bots/payoff.py``): the settlement's own
payments, never restated (issue #6: the search levels price bids from them at every table)."""

from __future__ import annotations

import random

import pytest

from ombre_core.bots import RulePlayer
from ombre_core.bots.ladder import (
    CODILLE_RUNG,
    REPUESTO_RUNG,
    SACADA_RUNG,
    VOLE_RUNG,
    ladder_of,
)
from ombre_core.bots.payoff import ending_at, ombre_price
from ombre_core.rules import get_rules
from ombre_core.scoring import entry_transfers, settle
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of

LADDER = (CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG, VOLE_RUNG)


def play_starts(preset: str, seeds: range) -> list[Deal]:
    """Deals of ``preset`` bid and exchanged by the rule player, at their first card."""
    rules = get_rules(preset)
    bot = RulePlayer()
    out = []
    for seed in seeds:
        deal = Deal.from_seed(rules, seed, seed % rules.seats, (seed % 3) * rules.seats)
        rng = random.Random(seed)
        while deal.phase not in (Phase.PLAY, Phase.OVER):
            seat = deal.to_move
            assert seat is not None
            deal.apply(bot.choose(view_of(deal, seat), rng))
        if deal.phase == Phase.PLAY:
            out.append(deal)
    return out


def staked(deal: Deal) -> int:
    """What the Ombre had put into the pool whatever he bid: stake, eldest's fee, passes."""
    return sum(
        t.amount for t in entry_transfers(deal) if t.payer == deal.ombre and t.reason != "take-in"
    )


@pytest.mark.parametrize("preset", ["1660", "classic", "encyclopaedia", "two", "five", "quadrille"])
def test_a_price_is_what_the_deal_played_to_that_rung_pays(preset: str) -> None:
    """Played out from its start (random cards), a deal pays the Ombre the price of the rung it
    reached, his stakes aside; where the split within his side matters (Quadrille: beaten with
    fewer than three tricks of his own, he pays alone), the price assumes he made them."""
    rules = get_rules(preset)
    rng = random.Random(5)
    rungs = set()
    for start in play_starts(preset, range(80)):
        deal = start.copy()
        while not deal.is_over:
            cards = deal.legal_cards()
            deal.apply(rng.choice([a for a in deal.legal_actions() if a < 64 and cards >> a & 1]))
        rung = ladder_of(deal)(tuple(deal.tricks_won))
        ombre = deal.ombre
        assert ombre is not None
        paid = settle(deal).payments[ombre] + staked(start)
        price = ombre_price(start, rung)
        if rung == VOLE_RUNG:  # undeclared here: the price is halfway to the declared vole
            declared = settle(start, deal.tricks_won, True).payments[ombre] + staked(start)
            assert price == (paid + declared) / 2
        elif rung < SACADA_RUNG and deal.tricks_won[ombre] < rules.caller_floor:
            assert deal.partner not in (None, ombre)
        else:
            assert price == paid, (rung, deal.tricks_won)
        rungs.add(rung)
    assert {CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG} <= rungs


@pytest.mark.parametrize("preset", ["1660", "classic"])
def test_at_three_seats_the_price_follows_the_ladder(preset: str) -> None:
    """Codille and repuesto cost the Ombre the same (he pays the pool either way, RG); a win is
    worth more, a vole more again."""
    for deal in play_starts(preset, range(40)):
        worth = [ombre_price(deal, r) for r in LADDER]
        assert worth[0] == worth[1] < worth[2] < worth[3]


def test_by_five_a_codille_costs_the_ombre_less_than_a_remise_and_at_quadrille_more() -> None:
    """CG, by five: at a remise the Ombre puts two counters in the pool (his partner one), at
    codille the others each take one from it; HOY p. 77 §6, Quadrille: the codille pays each
    defender the game besides."""
    for deal in play_starts("five", range(30)):
        assert ombre_price(deal, CODILLE_RUNG) > ombre_price(deal, REPUESTO_RUNG)
    for deal in play_starts("quadrille", range(30)):
        assert ombre_price(deal, CODILLE_RUNG) < ombre_price(deal, REPUESTO_RUNG)


def test_an_ending_is_judged_at_its_rung_or_there_is_none() -> None:
    unreachable = 0
    for preset in ("1660", "five", "quadrille"):
        for deal in play_starts(preset, range(10)):
            for rung in LADDER:
                ending = ending_at(deal, rung)
                assert ending is not None and ladder_of(deal)(ending) == rung
                assert sum(ending) == deal.rules.tricks
            taken = deal.copy()  # a trick to a defender: no vole any more
            while not any(taken.tricks_won[s] for s in range(taken.seats) if s != taken.ombre):
                if taken.is_over:
                    break
                taken.apply(taken.legal_actions()[0])
            if not taken.is_over and taken.partner in (None, taken.ombre):
                assert ending_at(taken, VOLE_RUNG) is None
                with pytest.raises(ValueError, match="no ending"):
                    ombre_price(taken, VOLE_RUNG)
                unreachable += 1
    assert unreachable > 5
