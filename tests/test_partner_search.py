"""The search levels with a called partner (Ombre by five, Quadrille): worlds draw who he is.

Until the called king falls nobody but its holder knows the partner (ENC: "without discovering
himself"), so a world for any other seat must place the called card and make its holder the
partner; the solver must then play the partner on the Ombre's side.
"""

from __future__ import annotations

import random

import pytest

from ombre_core import actions as A
from ombre_core.actions import Act
from ombre_core.bots import make_player
from ombre_core.bots.sampler import Sampler
from ombre_core.bots.solver import position_of
from ombre_core.rules import Rules, get_rules
from ombre_core.state import Deal, Phase
from ombre_core.tables import SPADILLE
from ombre_core.views import View, view_of

PARTNER_PRESETS = ["five", "quadrille"]


def _deal_in_play(preset: str, seed: int) -> Deal:
    """A deal of ``preset`` played by the rule player to its first card, with a hidden partner."""
    rng = random.Random(seed)
    while True:
        deal = Deal.from_seed(get_rules(preset), rng.randrange(2**31))
        novice = make_player("novice")
        while deal.phase != Phase.PLAY and not deal.is_over:
            assert deal.to_move is not None
            deal.apply(novice.choose(view_of(deal, deal.to_move), rng))
        if deal.phase == Phase.PLAY and deal.partner not in (None, deal.ombre):
            return deal


@pytest.mark.parametrize("preset", PARTNER_PRESETS)
def test_the_solver_plays_the_partner_on_the_ombre_s_side(preset: str) -> None:
    deal = _deal_in_play(preset, 3)
    assert position_of(deal).side == {deal.ombre, deal.partner}


@pytest.mark.parametrize("preset", PARTNER_PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_each_world_makes_the_holder_of_the_called_card_the_partner(preset: str, seed: int) -> None:
    deal = _deal_in_play(preset, seed)
    assert deal.called is not None
    outsiders = [s for s in range(deal.seats) if s != deal.partner]
    for seat in outsiders:
        view = view_of(deal, seat)
        assert view.partner is None  # the holder has not shown himself
        partners = set()
        for world in Sampler(view).weighted(24, random.Random(seed)):
            w = world.deal
            holder = next(s for s in range(w.seats) if w.hands[s] >> deal.called & 1)
            assert w.partner == holder
            assert holder != seat
            assert view_of(w, seat) == view  # the world keeps what the seat has seen
            partners.add(w.partner)
        if seat != deal.ombre:
            assert len(partners) > 1  # the worlds do not all guess the same partner


def _forced_spadille_in_play() -> Deal:
    """A Quadrille deal that every player passed: the holder of Spadille must play (HOY law 2)."""
    rules = get_rules("quadrille")
    for seed in range(2000):
        deal = Deal.from_seed(rules, seed)
        for _ in range(rules.seats):
            deal.apply(Act.PASS)
        if deal.ombre is None:
            continue
        novice = make_player("novice")
        while deal.phase != Phase.PLAY:
            assert deal.to_move is not None
            deal.apply(novice.choose(view_of(deal, deal.to_move), random.Random(seed)))
        return deal
    raise AssertionError("no forced Spadille in 2,000 deals")


def test_worlds_give_spadille_to_a_forced_ombre() -> None:
    deal = _forced_spadille_in_play()
    assert deal.forced_spadille
    for seat in range(deal.seats):
        if seat == deal.ombre:
            continue
        for world in Sampler(view_of(deal, seat)).weighted(16, random.Random(seat)):
            assert world.deal.hands[deal.ombre] >> SPADILLE & 1


def test_worlds_keep_the_demanded_king_and_the_card_given_where_all_saw_them() -> None:
    """Quadrille by three (CG p. 46): the king handed over and the card given back are public."""
    rules = get_rules("quadrille-3")
    for seed in range(200):
        deal = Deal.from_seed(rules, seed)
        novice = make_player("novice")
        while deal.phase != Phase.PLAY and not deal.is_over:
            assert deal.to_move is not None
            deal.apply(novice.choose(view_of(deal, deal.to_move), random.Random(seed)))
        if deal.demanded_from is not None:
            break
    else:
        raise AssertionError("no demanded king in 200 deals")
    assert deal.ombre is not None and deal.called is not None
    given = next(e.action - Act.GIVE for e in deal.events if A.is_give(e.action))
    for seat in range(deal.seats):
        view = view_of(deal, seat)
        for world in Sampler(view).weighted(16, random.Random(seed)):
            assert world.deal.hands[deal.ombre] >> deal.called & 1
            assert world.deal.hands[deal.demanded_from] >> given & 1
            assert view_of(world.deal, seat) == view


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_a_defender_plays_after_a_forced_ombre_who_demanded_nothing(level: str) -> None:
    """Quadrille by three, all passed: seat 0 holds Spadille, so he must play, and holds both
    kings and queens he could demand, so the play begins with no demand. The defenders' worlds
    must give him those cards (``duel expert novice --rules quadrille-3`` stopped here on an
    illegal action before they did)."""
    deal = Deal.from_seed(get_rules("quadrille-3"), 777000019, 1)
    for action in ("pass", "pass", "pass", "trump c"):
        deal.apply(A.parse_action(action))
    assert deal.phase == Phase.PLAY and deal.called is None and deal.ombre == 0
    for _ in range(2):  # seat 2 leads, seat 0 follows
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        action = make_player(level).choose(view, random.Random(seat))
        assert action in view.legal
        deal.apply(action)


@pytest.mark.parametrize("preset", [*PARTNER_PRESETS, "quadrille-3"])
def test_the_search_levels_play_whole_deals_with_a_partner(preset: str) -> None:
    """Legal and reproducible: the same seed gives the same cards."""
    rules = get_rules(preset)

    def play(seed: int) -> list[int]:
        deal = Deal.from_seed(rules, seed)
        players = [make_player("standard" if s % 2 else "novice") for s in range(rules.seats)]
        actions = []
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            action = players[seat].choose(view_of(deal, seat), random.Random(seed * 97 + seat))
            deal.apply(action)
            actions.append(action)
        return actions

    for seed in (1, 2):
        assert play(seed) == play(seed)


def first_bidder_view(rules: Rules, seed: int) -> View:
    """The view of the first to speak in the auction of deal ``seed`` of ``rules``, the deal
    turned a seat with each seed."""
    deal = Deal.from_seed(rules, seed, seed % rules.seats)
    assert deal.to_move is not None
    return view_of(deal, deal.to_move)


def count_priced_plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter, in a one-item list, of the plays the search players price from their start
    (``SearchPlayer._price_start``, the priced auction's work), each checked to start in trick
    play with an Ombre."""
    from ombre_core.bots import search

    priced = [0]
    original = search.SearchPlayer._price_start

    def counted(self: search.SearchPlayer, deal: Deal) -> float:
        assert deal.phase == Phase.PLAY and deal.ombre is not None
        priced[0] += 1
        return original(self, deal)

    monkeypatch.setattr(search.SearchPlayer, "_price_start", counted)
    return priced


@pytest.mark.breadth
@pytest.mark.parametrize("preset", [*PARTNER_PRESETS, "quadrille-3"])
def test_the_expert_prices_a_bid_near_the_threshold_at_a_table_with_a_king_to_call(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Near the table's thresholds (``rulebot.bidding_thresholds``) the expert prices its bid
    over worlds played to the start of the play, the call and the exchange the rule player's;
    far from them it bids as the pamphlet does. Either way a legal bid, the same with the same
    seed."""
    from ombre_core.bots import levels, search
    from ombre_core.bots.rulebot import RulePlayer

    rules = get_rules(preset)
    priced = count_priced_plays(monkeypatch)
    zone = levels.EXPERT.at_table(rules.seats).gray_zone
    near = 0
    for seed in range(40):
        view = first_bidder_view(rules, seed)
        before = priced[0]
        action = make_player("expert").choose(view, random.Random(seed))
        assert action in view.legal
        assert make_player("expert").choose(view, random.Random(seed)) == action
        if search.near_threshold(view.hand, rules=rules, gray_zone=zone):
            near += 1
        else:
            assert priced[0] == before
            assert action == RulePlayer().choose(view, random.Random(seed))
    assert near > 0 and priced[0] > 0


def test_by_five_the_expert_prices_hands_further_from_a_threshold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """By five the expert's gray zone is wider (``SearchConfig.gray_zone_at_five``): a hand
    between the common zone and it is priced over worlds, where the same expert with the common
    zone bids as the pamphlet; at the other tables the zone is the common one."""
    from dataclasses import replace

    from ombre_core.bots import levels, search

    expert = levels.EXPERT
    wide = expert.gray_zone_at_five
    assert wide is not None and wide > expert.gray_zone
    assert [expert.at_table(seats).gray_zone for seats in (2, 3, 4, 5)] == [
        *[expert.gray_zone] * 3,
        wide,
    ]
    priced = count_priced_plays(monkeypatch)
    narrow = search.SearchPlayer("narrow", replace(expert, gray_zone_at_five=None))
    rules = get_rules("five")
    found = 0
    for seed in range(200):
        view = first_bidder_view(rules, seed)
        hand = view.hand
        if search.near_threshold(hand, rules=rules, gray_zone=expert.gray_zone):
            continue
        if not search.near_threshold(hand, rules=rules, gray_zone=wide):
            continue
        before = priced[0]
        assert narrow.choose(view, random.Random(seed)) in view.legal
        assert priced[0] == before
        assert make_player("expert").choose(view, random.Random(seed)) in view.legal
        assert priced[0] > before
        found += 1
        if found == 2:
            break
    assert found == 2


@pytest.mark.parametrize("preset", PARTNER_PRESETS)
def test_the_expert_s_priced_bid_depends_on_its_view_alone(preset: str) -> None:
    """Change the hidden cards in a way the bidder's view allows: the same bid."""
    from ombre_core.bots import levels, search

    rules = get_rules(preset)
    zone = levels.EXPERT.at_table(rules.seats).gray_zone
    checked = 0
    for seed in range(60):
        view = first_bidder_view(rules, seed)
        if not search.near_threshold(view.hand, rules=rules, gray_zone=zone):
            continue
        bid = make_player("expert").choose(view, random.Random(1))
        for world in Sampler(view, None).worlds(2, random.Random(seed)):
            other = view_of(world, view.seat)
            assert other == view
            assert make_player("expert").choose(other, random.Random(1)) == bid
            checked += 1
        if checked >= 8:
            break
    assert checked >= 8
