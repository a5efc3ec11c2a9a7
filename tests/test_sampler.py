"""The sampler of hidden cards: every world keeps the view, and the inference does what it claims.

* OpenSpiel's test (STYLE habit 5): at every decision point of seeded deals, for every seat, every
  sampled world's ``view(seat)`` equals the view it was drawn from (every field, ``legal``
  included), and replaying the world's actions from its deal on the checked path gives the same
  state (so each card is once, every play was lawful and the voids are respected);
* the sampler never reads the deal: two deals that give the same view give the same worlds;
* same seed, same worlds; the placing of the unseen cards is exactly uniform, or exactly in
  proportion to its tilts, against brute force;
* the voids and the matadors' privilege (compendium ``ombre-rules.md`` §3: a player who renounced
  to a trump led may still hold the matadors the privilege let him keep back, and no other trump);
* the inference, measured over the rule player's deals: the worlds it weighs give a passer three
  matadors or an asker's hand far less often than uniform worlds, and come closer to the truth.
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import (
    HYPOTHESIS,
    PRESET_LIST,
    act,
    deal_from,
    m,
    relabel,
    resample_map,
    sans_prendre_deal,
)

from ombre_core.actions import Act, parse_action
from ombre_core.bots.inference import ActionModel, model_for, strengths
from ombre_core.bots.rulebot import ASK_THRESHOLD, RulePlayer, bidding_thresholds, hand_strength
from ombre_core.bots.sampler import (
    Sampler,
    _choose,
    _Placer,
    cards_of_list,
    effective_sample_size,
    sample_worlds,
    weighted_worlds,
)
from ombre_core.cards import FULL_PACK, cards_of, mask_of, parse_cards
from ombre_core.errors import OmbreError
from ombre_core.rules import (
    PRESETS,
    RULES_1660,
    RULES_CLASSIC,
    RULES_QUADRILLE_3,
    Rules,
    get_rules,
)
from ombre_core.state import Deal, Phase
from ombre_core.tables import MATADOR_MASK, TRUMP_MASK
from ombre_core.views import View, view_of

BOT = RulePlayer()


def rule_bot_positions(rules: Rules, seed: int, dealer: int) -> Iterator[Deal]:
    """The deal before every action of a deal the rule player plays with itself."""
    deal = Deal.from_seed(rules, seed, dealer)
    rng = random.Random(seed)
    while not deal.is_over:
        yield deal
        seat = deal.to_move
        assert seat is not None
        deal.apply(BOT.choose(view_of(deal, seat), rng))


def position(rules: Rules, seed: int, tricks: int) -> Deal:
    """The first rule-player deal from ``seed`` on that reaches ``tricks`` finished tricks."""
    for n in itertools.count(seed):
        for deal in rule_bot_positions(rules, n, n % 3):
            if deal.phase_name == "play" and len(deal.tricks) == tricks:
                return deal
    raise AssertionError("unreachable")


def replayed(world: Deal) -> Deal:
    """The world's deal replayed on the checked path, from its hands as dealt and its stock."""
    again = Deal.from_cards(
        world.rules,
        world.dealer,
        [list(cards_of(h)) for h in world.dealt],
        world.stock,
        world.pool_in,
    )
    for action in world.history:
        again.apply(action)
    return again


def check_worlds(view: View, worlds: list[Deal], replay: bool) -> None:
    for world in worlds:
        assert view_of(world, view.seat) == view
        assert view_of(world, view.seat).legal == view.legal
        if replay:
            again = replayed(world)
            for name in Deal.__slots__:
                assert getattr(again, name) == getattr(world, name), name


# ---- every world keeps the view ------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_worlds_keep_the_view_at_every_decision_of_rule_bot_deals(rules: Rules) -> None:
    rng = random.Random(1)
    played = 0
    for seed in range(5):
        for n, deal in enumerate(rule_bot_positions(rules, 300 + seed, seed % 3)):
            played += deal.phase_name == "play"
            for seat in range(deal.seats):
                view = view_of(deal, seat)
                for model in (ActionModel(), None):
                    worlds = Sampler(view, model).worlds(2, rng)
                    check_worlds(view, worlds, replay=n % 5 == seat)
    assert played >= 40


@settings(HYPOTHESIS, max_examples=15)
@given(st.sampled_from(PRESET_LIST), st.integers(0, 2**32 - 1), st.integers(0, 2))
def test_worlds_keep_the_view_in_random_play(rules: Rules, seed: int, dealer: int) -> None:
    """Random play renounces and keeps back matadors far more often than the rule player."""
    deal = Deal.from_seed(rules, seed, dealer)
    rng = random.Random(seed)
    while not deal.is_over:
        if rng.random() < 0.3:
            for seat in range(deal.seats):
                view = view_of(deal, seat)
                inference = rng.random() < 0.5
                worlds = [w.deal for w in weighted_worlds(view, 2, rng, inference=inference)]
                check_worlds(view, worlds, replay=True)
        deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.breadth
@pytest.mark.parametrize("rules", PRESETS.values(), ids=lambda r: r.id)
def test_worlds_keep_every_seat_s_view_at_every_table(rules: Rules) -> None:
    """Every table's auction, demand or call, exchange and play, as random players reach them
    (the rule player never demands nothing, nor passes a king's holder by): at every decision,
    every seat's world keeps its view, with inference and without."""
    deals = 6 if rules.seats > 3 else 16
    rng = random.Random(rules.seats)
    checked = 0
    for seed in range(deals):
        deal = Deal.from_seed(rules, 5_000_000 + seed, seed % rules.seats)
        while not deal.is_over:
            for seat in range(deal.seats):
                view = view_of(deal, seat)
                for model in (ActionModel(), None):
                    check_worlds(view, Sampler(view, model).worlds(1, rng), replay=False)
                    checked += 1
            deal.apply(rng.choice(deal.legal_actions()))
    assert checked > 1000


def test_every_card_once_and_the_counts() -> None:
    deal = position(RULES_1660, 11, 1)
    for seat in range(3):
        view = view_of(deal, seat)
        for world in Sampler(view).worlds(20, random.Random(seat)):
            union = mask_of(world.stock)
            for h in world.dealt:
                assert not union & h
                union |= h
            assert union == FULL_PACK and len(world.stock) == 13
            assert [h.bit_count() for h in world.hands] == list(view.hand_counts)
            assert world.hands[seat] == view.hand and world.discards[seat] == view.discards


# ---- honesty and reproducibility -----------------------------------------------------------------


def hidden_state(world: Deal) -> tuple[object, ...]:
    return (world.dealt, world.stock, tuple(world.history), tuple(world.discards))


@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_the_sampler_never_reads_the_deal(rules: Rules) -> None:
    """Two deals that differ in hidden cards but give one seat the same view give it the same
    worlds with the same seed (the Honesty requirement of the bots issue)."""
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        for deal in rule_bot_positions(rules, 700 + seed, seed % 3):
            if rng.random() > 0.15:
                continue
            for seat in range(3):
                twin = relabel(deal, resample_map(deal, seat, rng))
                view = view_of(deal, seat)
                assert view_of(twin, seat) == view
                if twin.dealt == deal.dealt:
                    continue
                mine = Sampler(view).worlds(3, random.Random(9))
                theirs = Sampler(view_of(twin, seat)).worlds(3, random.Random(9))
                assert [hidden_state(w) for w in mine] == [hidden_state(w) for w in theirs]
                checked += 1
    assert checked > 10


def test_same_seed_same_worlds() -> None:
    deal = position(RULES_CLASSIC, 5, 2)
    view = view_of(deal, deal.to_move or 0)
    for inference in (True, False):
        a = weighted_worlds(view, 10, random.Random(3), inference=inference)
        b = weighted_worlds(view, 10, random.Random(3), inference=inference)
        assert [(hidden_state(w.deal), w.weight) for w in a] == [
            (hidden_state(w.deal), w.weight) for w in b
        ]
        c = sample_worlds(view, 10, random.Random(3), inference=inference)
        d = sample_worlds(view, 10, random.Random(3), inference=inference)
        assert [hidden_state(w) for w in c] == [hidden_state(w) for w in d]
    other = sample_worlds(view, 10, random.Random(4))
    assert [hidden_state(w) for w in other] != [hidden_state(w) for w in c]


def test_uniform_worlds_weigh_the_same_and_weights_sum_to_one() -> None:
    deal = position(RULES_1660, 8, 1)
    view = view_of(deal, deal.to_move or 0)
    uniform = weighted_worlds(view, 50, random.Random(1), inference=False)
    assert {w.weight for w in uniform} == {1 / 50}
    weighted = weighted_worlds(view, 50, random.Random(1))
    assert sum(w.weight for w in weighted) == pytest.approx(1.0)
    assert 1.0 <= effective_sample_size([w.weight for w in weighted]) <= 50.0


def test_resampled_worlds_weigh_whole_shares_and_keep_the_view() -> None:
    """Resampled, each world weighs a whole number of ``1 / n`` (a draw kept twice is given
    once, weighing two), the shares sum to one, and with inference off the draw is uniform."""
    rules = get_rules("quadrille")
    deal = position(rules, 3, 2)
    view = view_of(deal, deal.to_move or 0)
    sampler = Sampler(view, model_for(rules))
    worlds = sampler.resampled(24, random.Random(5))
    assert sum(w.weight for w in worlds) == pytest.approx(1.0)
    shares = [w.weight * 24 for w in worlds]
    assert all(x == pytest.approx(round(x)) and round(x) >= 1 for x in shares), shares
    hidden = [hidden_state(w.deal) for w in worlds]
    assert len(set(hidden)) == len(hidden)
    check_worlds(view, [w.deal for w in worlds], replay=True)
    again = sampler.resampled(24, random.Random(5))
    assert [(hidden_state(w.deal), w.weight) for w in again] == list(
        zip(hidden, (w.weight for w in worlds), strict=True)
    )
    assert {w.weight for w in Sampler(view, None).resampled(24, random.Random(5))} == {1 / 24}


def test_the_first_resampled_worlds_are_likely_ones() -> None:
    """A search with a node budget may solve only its first few worlds (about six of 24 in the
    first tricks by five: docs/bots.md). Drawn with importance weights, six worlds are about
    three worlds' worth (their effective sample size) and hold a small share of the weight;
    resampled, they are nearly six. Both draws describe the same worlds: over many, the weight
    they give the true partner at Quadrille agrees."""
    rules = get_rules("quadrille")
    model = model_for(rules)
    first: dict[str, list[float]] = {"weighted": [], "resampled": []}
    on_partner: dict[str, float] = {"weighted": 0.0, "resampled": 0.0}
    views = 0
    for seed in range(20, 80):
        # the first lead of the second trick seen by a defender, the partner still hidden
        deal = next(
            (
                d
                for d in rule_bot_positions(rules, seed, seed % rules.seats)
                if d.phase_name == "play" and len(d.tricks) == 1 and not d.trick
            ),
            None,
        )
        if deal is None or deal.partner is None or deal.to_move in (deal.ombre, deal.partner):
            continue
        assert deal.called is not None
        if not deal.hands[deal.partner] >> deal.called & 1:
            continue  # the king has fallen
        view = view_of(deal, deal.to_move or 0)
        sampler = Sampler(view, model)
        views += 1
        for name, draw in (("weighted", sampler.weighted), ("resampled", sampler.resampled)):
            worlds = draw(24, random.Random(seed))
            first[name].append(effective_sample_size([w.weight for w in worlds[:6]]))
            on_partner[name] += sum(
                w.weight
                for w in draw(200, random.Random(seed))
                if w.deal.hands[deal.partner] >> deal.called & 1
            )
    assert views >= 12
    weighted, resampled = (statistics.median(first[k]) for k in ("weighted", "resampled"))
    assert resampled >= 5.0 > weighted + 1.0, first
    assert on_partner["weighted"] / views == pytest.approx(
        on_partner["resampled"] / views, abs=0.08
    ), on_partner


def test_a_view_no_deal_gives_is_refused() -> None:
    deal = position(RULES_1660, 3, 1)
    view = view_of(deal, 0)
    counts = list(view.hand_counts)
    counts[1] += 1
    with pytest.raises(OmbreError, match="not consistent"):
        Sampler(View(**{**view_fields(view), "hand_counts": tuple(counts)}))


def view_fields(view: View) -> dict[str, object]:
    return {name: getattr(view, name) for name in View.__slots__}


# ---- voids and the matadors' privilege -----------------------------------------------------------


def test_a_renounce_shows_a_void() -> None:
    # Seat 0 plays sans prendre in spades and leads the king of hearts; seat 1 renounces.
    deal = sans_prendre_deal(
        RULES_CLASSIC,
        ["As 2s Ac Ks Qs Kh Qh Jh Kc", "3d 4d 5d 6d 7d Kd Qd Jd 3c", "Ah 2h 3h 4h 5h 6h 7h 4c 5c"],
    )
    deal.apply("Kh")
    deal.apply("3d")
    view = view_of(deal, 2)
    hearts = m("Ah 2h 3h 4h 5h 6h 7h Kh Qh Jh")
    for world in Sampler(view, None).worlds(40, random.Random(2)):
        assert not world.hands[1] & hearts
        assert view_of(world, 2) == view


@pytest.mark.parametrize("lead", ["Js", "As"])
def test_a_renounce_to_a_trump_lead_shows_what_the_privilege_allows(lead: str) -> None:
    """Seat 0 plays sans prendre in spades and leads a trump; seat 1 throws a diamond.

    Led by an ordinary trump (Js): seat 1 held no ordinary trump but may hold any matador (RG: "if
    any plays an ordinary Trump, and you have onely the three best Cards ... you may refuse to play
    them"); here he holds Manille. Led by Spadille: Spadille forces Manille and Basto (RG: "the
    Spadillio forces the Mallilio, and the Mallilio the Basto"), so he held no trump at all.
    """
    first = "2s" if lead == "Js" else "Ad"
    deal = sans_prendre_deal(
        RULES_CLASSIC,
        [
            "As Js Qs Kh Qh Jh Kc Qc Jc",
            f"{first} 3d 4d 5d 6d 7d Kd Qd Jd",
            "Ac Ks 7s 6s 5s 4s 3s Ah 2h",
        ],
    )
    deal.apply(lead)
    deal.apply("3d")
    view = view_of(deal, 2)
    trumps, matadors = TRUMP_MASK[0], MATADOR_MASK[0]
    seen = 0
    for world in Sampler(view, None).worlds(60, random.Random(5)):
        held = world.hands[1] & trumps
        assert view_of(world, 2) == view
        assert not held & ~matadors
        seen |= held
    if lead == "Js":
        assert seen & matadors, "the privilege lets him hold a matador: some world should"
    else:
        assert not seen


NOTHING_TO_DEMAND = [  # seat 0 holds both kings and both queens of the plain suits, clubs trump
    "As Js Qs Ks 5c 6c Jc Jh Qh Kh",
    "3s 7s Ac 3c 4c Kc Ah 2h 3h 7h",
    "2s 4s 5s 6s 2c 7c Qc 4h 5h 6h",
]


@pytest.mark.parametrize(
    "auction", [("pass", "play", "pass"), ("pass", "pass", "pass")], ids=["asked", "forced"]
)
def test_an_ombre_who_demands_nothing_held_every_king_and_queen_he_could_demand(
    auction: tuple[str, ...],
) -> None:
    """Quadrille by three (CG p. 46): the Ombre who plays demands a king he lacks, or a queen
    when he holds both kings. Holding them all, he demands nothing and the play begins; so in
    every world the others draw he holds them, or his trump would have been followed by a demand
    and the world would not give the view (found by ``duel expert novice --rules quadrille-3``:
    the sampler refused the view, or the bot's replay met a demand the deal never had)."""
    deal = deal_from(RULES_QUADRILLE_3, NOTHING_TO_DEMAND, stock=[], dealer=1)
    act(deal, *auction, "trump c")
    assert deal.phase_name == "play" and deal.called is None and deal.ombre == 0
    wanted = m("Ks Qs Kh Qh")
    for cards in ((), ("2s", "Js")):  # at the first lead, and in the first trick
        act(deal, *cards)
        for seat in (1, 2):
            view = view_of(deal, seat)
            for model in (ActionModel(), None):
                worlds = Sampler(view, model).worlds(12, random.Random(seat))
                check_worlds(view, worlds, replay=True)
                assert all(w.hands[0] & wanted == wanted & ~w.played_cards() for w in worlds)


def test_worlds_keep_the_view_while_the_ombre_demands_and_gives() -> None:
    """Quadrille by three: seat 0 holds both kings and the queen of spades, so he demands the
    queen of hearts from seat 1 and gives a card back. While he is to demand, seat 2 (who holds
    none of those cards) must not be shown a world in which he lacks nothing: there the demand
    would be skipped. While he chooses the card to give, he holds eleven cards and seat 1 nine."""
    hands = [NOTHING_TO_DEMAND[0].replace("Qh", "7h"), NOTHING_TO_DEMAND[1].replace("7h", "Qh")]
    deal = deal_from(RULES_QUADRILLE_3, [*hands, NOTHING_TO_DEMAND[2]], stock=[], dealer=1)
    act(deal, "pass", "play", "pass", "trump c")
    assert deal.legal_actions() == [parse_action("call Qh")]
    all_four = m("Ks Qs Kh Qh")
    for step in ("call Qh", "give 5c", "2s"):
        for seat in range(3):
            view = view_of(deal, seat)
            for model in (ActionModel(), None):
                worlds = Sampler(view, model).worlds(100, random.Random(seat))
                check_worlds(view, worlds, replay=False)
                if deal.phase == Phase.CALL:
                    assert all(w.hands[0] & all_four != all_four for w in worlds)
        act(deal, step)
    assert deal.phase_name == "play" and deal.hands[0].bit_count() == 10


# ---- the exact draws against brute force ---------------------------------------------------------


def brute_placings(
    cards: list[int], tilts: list[tuple[float, ...]], caps: tuple[int, ...]
) -> dict[tuple[int, ...], float]:
    """Every placing of ``cards`` in hands (exactly ``caps``) or free, with its tilt product."""
    out: dict[tuple[int, ...], float] = {}
    for where in itertools.product(range(len(caps) + 1), repeat=len(cards)):
        hands = [0] * len(caps)
        weight = 1.0
        for card, place, tilt in zip(cards, where, tilts, strict=True):
            if place < len(caps):
                hands[place] |= 1 << card
                weight *= tilt[place]
        if [h.bit_count() for h in hands] == list(caps) and weight:
            out[tuple(hands)] = weight
    return out


@pytest.mark.parametrize("tilted", [False, True])
def test_the_placing_is_exact(tilted: bool) -> None:
    cards = [0, 1, 2, 3, 4, 5]
    voids = {(1, 0), (2, 0), (4, 1)}  # (card, hand): that hand may not hold that card
    weight = {0: 3.0, 3: 0.5} if tilted else {}
    tilts = [
        tuple(0 if (c, j) in voids else weight.get(c, 1) if j == 0 else 1 for j in range(2))
        for c in cards
    ]
    caps = (2, 2)
    exact = brute_placings(cards, tilts, caps)
    placer = _Placer(cards, tilts, caps)
    assert placer.total == pytest.approx(sum(exact.values()))
    if not tilted:
        assert isinstance(placer.total, int)
    rng = random.Random(7)
    draws = 6000
    seen = Counter(tuple(placer.draw(rng)[0]) for _ in range(draws))
    assert set(seen) <= set(exact)
    total = sum(exact.values())
    for placing, w in exact.items():
        expected = draws * w / total
        assert abs(seen[placing] - expected) < 5 * expected**0.5 + 2, placing


def plain_ways(cards: int, tilts: list[tuple[float, ...]], caps: tuple[int, ...]) -> float:
    """The placing count of :class:`_Placer` by the plain recursion over every count."""

    @cache
    def ways(i: int, need: tuple[int, ...]) -> float:
        if i == cards:
            return 1 if not any(need) else 0
        total = ways(i + 1, need)  # the card goes free
        for j, tilt in enumerate(tilts[i]):
            if tilt and need[j]:
                total += tilt * ways(i + 1, (*need[:j], need[j] - 1, *need[j + 1 :]))
        return total

    return ways(0, caps)


@pytest.mark.parametrize("seed", range(12))
def test_the_placing_counts_only_what_a_draw_meets_and_still_counts_right(seed: int) -> None:
    """The placer works out only the counts a draw can meet (a band of card totals): its totals
    are the plain recursion's, with and without a free pile, for two to four hands."""
    rng = random.Random(seed)
    caps = tuple(rng.randint(0, 5) for _ in range(rng.randint(2, 4)))
    n = sum(caps) + rng.choice([0, 0, 2, 4])
    tilts = [
        tuple(0 if rng.random() < 0.15 else rng.choice([1, 1, 2, 0.5]) for _ in caps)
        for _ in range(n)
    ]
    placer = _Placer(list(range(n)), tilts, caps)
    assert placer.total == pytest.approx(plain_ways(n, tilts, caps))
    if placer.total:
        hands, free, _ = placer.draw(rng)
        assert [h.bit_count() for h in hands] == list(caps)
        assert len(free) == n - sum(caps)


def test_choose_draws_in_proportion_to_the_weights() -> None:
    cards = [10, 11, 12, 13, 14]
    weights = [1.0, 2.0, 0.5, 4.0, 1.0]
    for k in (2, 3):
        subsets = list(itertools.combinations(range(5), k))
        products = {s: float(eval("*".join(str(weights[i]) for i in s))) for s in subsets}
        total = sum(products.values())
        rng = random.Random(k)
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(5000):
            chosen, rest, q = _choose(cards, weights, k, rng)
            key = tuple(sorted(cards.index(c) for c in chosen))
            assert sorted(chosen + rest) == cards
            assert q == pytest.approx(products[key] / total)
            seen[key] += 1
        for s, p in products.items():
            expected = 5000 * p / total
            assert abs(seen[s] - expected) < 5 * expected**0.5 + 2


def test_cards_of_list() -> None:
    rng = random.Random(0)
    for _ in range(200):
        mask = rng.getrandbits(40)
        assert cards_of_list(mask) == list(cards_of(mask))


# ---- the model -----------------------------------------------------------------------------------


def test_strengths_are_the_rule_players() -> None:
    rng = random.Random(3)
    for _ in range(500):
        hand = mask_of(rng.sample(range(40), rng.randrange(0, 14)))
        assert strengths(hand) == pytest.approx([hand_strength(hand, t) for t in range(4)])


def test_the_model_gives_probabilities() -> None:
    model = ActionModel()
    rng = random.Random(2)
    menus = [(Act.PASS, Act.PLAY, Act.SANS_PRENDRE), (Act.PASS, Act.SANS_PRENDRE)]
    for _ in range(100):
        hand = mask_of(rng.sample(range(40), 9))
        for menu in menus:
            total = sum(model.bid_probability(hand, a, menu) for a in menu)
            assert total == pytest.approx(1.0, abs=1e-5)
        assert model.bid_probability(hand, Act.PASS, (Act.PASS,)) == 1.0
        assert sum(model.trump_probability(hand, t) for t in range(4)) == pytest.approx(1.0)
    weak, strong = m("3c 4c 5c 3d 4d 5d 6h 5h 4h"), m("As 2s Ac Ks Qs Kh Kd Kc 7s")
    assert model.bid_probability(weak, Act.PASS, menus[0]) > 0.99
    assert model.bid_probability(strong, Act.PASS, menus[0]) < 0.01
    assert model.trump_probability(strong, 0) > 0.99
    odds = model.discard_odds(0, ombre=True)
    assert odds[m("3h").bit_length() - 1] > 100 * odds[m("Kh").bit_length() - 1]
    assert odds[m("Kh").bit_length() - 1] > 10 * odds[m("3s").bit_length() - 1]


# ---- the inference, measured ---------------------------------------------------------------------


def first_leads(count: int) -> Iterator[Deal]:
    """Rule-player deals stopped at the first lead (a game was played), both presets."""
    for seed in range(count):
        rules = PRESET_LIST[seed % 2]
        for deal in rule_bot_positions(rules, 4000 + seed, seed % 3):
            if deal.phase_name == "play":
                yield deal
                break


def facts(deal: Deal, ombre: int, partner: int, passer: bool) -> dict[str, float]:
    """What the inference test measures in a deal (a world or the true deal)."""
    trump = deal.trump
    assert trump is not None
    trumps, matadors = TRUMP_MASK[trump], MATADOR_MASK[trump]
    out = {
        "Ombre threw a trump": float(bool(deal.discards[ombre] & trumps)),
        "Ombre's trumps": float((deal.hands[ombre] & trumps).bit_count()),
    }
    if passer:
        dealt = deal.dealt[partner]
        out["passer holds three matadors"] = float(dealt & matadors == matadors)
        out["passer had an asker's hand"] = float(max(strengths(dealt)) >= ASK_THRESHOLD)
    return out


def test_inference_moves_the_worlds_toward_the_truth() -> None:
    """Seen by each defender at the first lead: a partner who passed when he could have asked
    (the rule player never holds three matadors or an asker's hand then); the Ombre, who keeps his
    trumps. Rates over the worlds, weighted by their weights, against the truth."""
    sums: dict[str, list[float]] = {}  # uniform, weighted, truth, views
    for deal in first_leads(36):
        ombre = deal.ombre
        assert ombre is not None
        for seat in range(3):
            if seat == ombre:
                continue
            partner = 3 - seat - ombre
            passer = deal.bids[partner] == Act.PASS and Act.PLAY in deal_options(deal, partner)
            view = view_of(deal, seat)
            for i, model in enumerate((None, ActionModel())):
                for w in Sampler(view, model).weighted(60, random.Random(seat)):
                    for name, x in facts(w.deal, ombre, partner, passer).items():
                        sums.setdefault(name, [0.0] * 4)[i] += w.weight * x
            for name, x in facts(deal, ombre, partner, passer).items():
                sums[name][2] += x
                sums[name][3] += 1
    means = {name: [x / s[3] for x in s[:3]] for name, s in sums.items()}
    print({name: [round(x, 3) for x in v] + [sums[name][3]] for name, v in means.items()})
    for name, (uniform, weighted, truth) in means.items():
        assert abs(weighted - truth) < abs(uniform - truth), (name, means[name])
    uni, wt, _ = means["passer holds three matadors"]
    assert wt < 0.5 * uni, means
    uni, wt, _ = means["passer had an asker's hand"]
    assert wt < 0.5 * uni, means
    uni, wt, _ = means["Ombre threw a trump"]
    assert wt < 0.1 * uni, means
    uni, wt, truth = means["Ombre's trumps"]
    assert abs(wt - truth) < 0.5 * abs(uni - truth), means


def deal_options(deal: Deal, seat: int) -> tuple[int, ...]:
    """The bids open to ``seat`` when he spoke, replayed from the deal's history."""
    again = Deal.from_cards(
        deal.rules, deal.dealer, [list(cards_of(h)) for h in deal.dealt], deal.stock
    )
    for actor, action, *_ in deal.events:
        if actor == seat and again.phase_name == "auction":
            return tuple(again.legal_actions())
        again.apply(action)
    return ()


def test_worlds_keep_the_view_when_the_pool_carries_over() -> None:
    """A repuesto or an all-pass leaves the pool for the next deal; the view says what lay in it,
    so a world's pool (and its settlement) is the true one."""
    from ombre_core.session import Session

    session = Session(RULES_1660, seed=4, human=None)
    while session.ledger.pool == 0 or session.deal.pool_in == 0:
        while not session.deal.is_over:
            session.bot_move()
        session.next_deal()
    for _ in range(12):
        session.bot_move()
    deal = session.deal
    assert deal.pool_in > 0
    for seat in range(deal.seats):
        view = view_of(deal, seat)
        for world in Sampler(view).worlds(4, random.Random(seat)):
            assert view_of(world, seat) == view


@pytest.mark.parametrize("rules_id", sorted(PRESETS))
def test_the_model_bids_on_the_rule_players_thresholds_at_each_table(rules_id: str) -> None:
    """With a king to call or to demand the rule player goes in on other hands than at three
    (:func:`bidding_thresholds`); the sampler weighs bids by the thresholds of its table."""
    rules = PRESETS[rules_id]
    model = model_for(rules)
    assert (model.ask_threshold, model.sans_prendre_threshold) == bidding_thresholds(rules)
    view = view_of(Deal.from_seed(rules, 5, 0), 1)
    assert Sampler(view).model == model
    assert Sampler(view, None).model is None


def test_a_pass_at_quadrille_by_three_says_little_of_a_middling_hand() -> None:
    """There the rule player asks leave only from about 5.5 expected tricks (he plays alone with
    one king demanded), so a pass with 4 is what he does; the three-handed model took it for a
    rarity and dealt such passers weak hands."""
    rules = get_rules("quadrille-3")
    hand = mask_of(parse_cards("As Ks 5s 4s Kh Qh Qc 3c 2h 7h"))
    assert 3.8 < max(strengths(hand)) < 4.6
    options = (Act.PASS, Act.PLAY, Act.SANS_PRENDRE)
    assert model_for(rules).bid_probability(hand, Act.PASS, options) > 0.9
    assert ActionModel().bid_probability(hand, Act.PASS, options) < 0.05
