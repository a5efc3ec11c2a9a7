"""The search players (``standard``, ``expert``): legal, honest and reproducible (issue #6).

Strength is measured by duplicate-deal duels (``python -m ombre_core duel``), not here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from ombre_helpers import PRESET_LIST
from test_bots import play_out

from ombre_core.actions import Act
from ombre_core.bots import Player, RulePlayer, make_player
from ombre_core.bots.ladder import SACADA_RUNG
from ombre_core.bots.levels import EXPERT, SearchConfig
from ombre_core.bots.payoff import ombre_price
from ombre_core.bots.playout import quick_card
from ombre_core.bots.sampler import Sampler
from ombre_core.bots.search import (
    SearchPlayer,
    guarded_choice,
    last_chance_for_vole,
    near_threshold,
)
from ombre_core.rules import PRESETS, Rules, get_rules
from ombre_core.state import Deal, Phase
from ombre_core.views import View, view_of

TINY = SearchConfig(
    play_worlds=3,
    exact_from=3,
    budget=500,
    bid_worlds=2,
    decision_nodes=300,
    priced_auction=True,
    priced_exchange=True,
)
"""A cheap configuration: the same code paths as the levels, in a fraction of the time."""
GUARDED = replace(TINY, price_confidence=2.0)
"""The same, leaving the pamphlet's auction and exchange only when the worlds agree."""
TREE = replace(TINY, tree_tricks=10, tree_worlds=6)
"""The same, its cards by Information Set MCTS (``ombre_core.bots.ismcts``)."""


def positions(rules: Rules, seeds: range) -> list[Deal]:
    """Positions of rule-bot deals at every kind of decision: auction, exchange, each trick."""
    out = []
    bot = RulePlayer()
    for seed in seeds:
        deal = Deal.from_seed(rules, seed, seed % rules.seats)
        rng = random.Random(seed)
        while not deal.is_over:
            if len(deal.legal_actions()) > 1 and (len(deal.events) + seed) % 5 == 0:
                out.append(deal.copy())
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("config", [TINY, GUARDED, TREE], ids=["priced", "guarded", "ismcts"])
@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_a_search_player_decides_from_the_view_alone(rules: Rules, config: SearchConfig) -> None:
    """Change the hidden cards in a way the view allows: the decision stays the same."""
    assert same_decisions_in_other_worlds(rules, config, range(6)) > 20


def same_decisions_in_other_worlds(rules: Rules, config: SearchConfig, seeds: range) -> int:
    """At positions of the seeded deals, the player's decision in two other worlds its view allows
    is asserted the same as in the true one; returns how many worlds were checked."""
    player = SearchPlayer("tiny", config)
    checked = 0
    for deal in positions(rules, seeds):
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        for world in Sampler(view, None).worlds(2, random.Random(checked)):
            other = view_of(world, seat)
            assert other == view
            assert player.choose(other, random.Random(3)) == player.choose(view, random.Random(3))
            checked += 1
    return checked


@pytest.mark.parametrize("config", [TINY, GUARDED, TREE], ids=["priced", "guarded", "ismcts"])
@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_search_players_take_only_legal_actions(rules: Rules, config: SearchConfig) -> None:
    tiny = SearchPlayer("tiny", config)
    for seed in range(4):
        deal = Deal.from_seed(rules, 100 + seed, seed % 3)
        players: list[Player] = (
            [tiny, RulePlayer(), tiny] if seed % 2 else [RulePlayer(), tiny, tiny]
        )
        assert play_out(deal, players, random.Random(seed)).is_over


OTHER_TABLES = sorted(set(PRESETS) - {rules.id for rules in PRESET_LIST})
"""The tables beyond the two presets the tests above run at: two, five, Quadrille, Quadrille by
three and the encyclopaedia's three."""
DEALS_AT_EVERY_TABLE = 200
"""1,000 deals over those tables, some 45 s (the cheap configuration; the levels themselves play
thousands more in the duels, where ``apply`` would stop the duel on an illegal action)."""


@pytest.mark.breadth
@pytest.mark.parametrize("preset", OTHER_TABLES)
def test_search_players_take_only_legal_actions_at_every_table(preset: str) -> None:
    """Seeded deals at each table, the search player in every other seat beside the rule player:
    ``apply`` refuses an illegal action, so a bot's mistake stops the deal here."""
    rules = get_rules(preset)
    tiny = SearchPlayer("tiny", TINY)
    bot = RulePlayer()
    for seed in range(DEALS_AT_EVERY_TABLE):
        deal = Deal.from_seed(rules, 300 + seed, seed % rules.seats)
        players: list[Player] = [tiny if (s + seed) % 2 else bot for s in range(rules.seats)]
        assert play_out(deal, players, random.Random(seed)).is_over


@pytest.mark.parametrize("preset", OTHER_TABLES)
def test_a_search_player_decides_from_the_view_alone_at_every_table(preset: str) -> None:
    """As at the two presets: other hidden cards the view allows, the same decision."""
    assert same_decisions_in_other_worlds(get_rules(preset), TINY, range(3)) > 10


def test_each_level_plays_a_whole_deal() -> None:
    for level in ("standard", "expert"):
        deal = Deal.from_seed(PRESET_LIST[0], 11, 1)
        players = [make_player(level) for _ in range(3)]
        kinds = set()
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            kinds.add(deal.phase)
            deal.apply(players[seat].choose(view_of(deal, seat), random.Random(len(deal.events))))
        assert Phase.PLAY in kinds


def first_speakers(rules: Rules, seeds: range) -> Iterator[View]:
    """The view of the first to speak in the auction of each seeded deal."""
    for seed in seeds:
        deal = Deal.from_seed(rules, seed, seed % 3)
        seat = deal.to_move
        assert seat is not None
        yield view_of(deal, seat)


def test_the_guard_keeps_the_rule_unless_the_worlds_agree() -> None:
    even = [0.25] * 4
    noisy = {"rule": [0.0, 0.0, 0.0, 0.0], "other": [4.0, -3.0, 3.5, -3.0]}  # better on average
    assert guarded_choice("rule", noisy, even, 2.0) == "rule"
    assert guarded_choice("rule", noisy, even, 0.0) == "other"  # unguarded: the best priced
    steady = {"rule": [0.0, 1.0, 2.0, 3.0], "other": [0.5, 1.6, 2.4, 3.5]}  # better in each
    assert guarded_choice("rule", steady, even, 2.0) == "other"
    worse = {"rule": [1.0] * 4, "other": [0.0] * 4}
    assert guarded_choice("rule", worse, even, 2.0) == "rule"
    # one world carries all the weight: no spread to judge by, so the rule stays
    alone = {"rule": [0.0, 0.0], "other": [5.0, -9.0]}
    assert guarded_choice("rule", alone, [1.0, 0.0], 2.0) == "rule"
    # the rule's own choice missing from the priced ones: the best priced
    assert guarded_choice("rule", {"other": [1.0] * 4}, even, 2.0) == "other"


@pytest.mark.breadth
def test_the_priced_expert_keeps_the_pamphlets_bid_on_a_clear_hand() -> None:
    """Far from a threshold the pricing is not asked; near one, its choice is legal."""
    from ombre_core.bots.rulebot import ASK_THRESHOLD, best_trump

    near = 0
    for view in first_speakers(PRESET_LIST[0], range(60)):
        action = make_player("expert-priced").choose(view, random.Random(1))
        assert action in view.legal
        if abs(best_trump(view.hand)[1] - ASK_THRESHOLD) > 1.0 and best_trump(view.hand)[1] < 4:
            assert action == RulePlayer().choose(view, random.Random(1))
        else:
            near += 1
    assert near > 0


def test_the_priced_auction_alone_bids_as_the_priced_expert() -> None:
    """``expert-priced-auction`` is ``expert-priced`` in the auction and the pamphlet after."""
    for view in first_speakers(PRESET_LIST[0], range(20)):
        alone = make_player("expert-priced-auction").choose(view, random.Random(2))
        assert alone == make_player("expert-priced").choose(view, random.Random(2))
    discards = 0
    for deal in positions(PRESET_LIST[0], range(6)):
        seat = deal.to_move
        if deal.phase == Phase.DISCARD and seat == deal.ombre:
            view = view_of(deal, seat)
            alone = make_player("expert-priced-auction").choose(view, random.Random(2))
            assert alone == RulePlayer().choose(view, random.Random(2))
            discards += 1
    assert discards > 0


@pytest.mark.breadth
@pytest.mark.parametrize("preset", [*(r.id for r in PRESET_LIST), "five", "quadrille"])
def test_pricing_by_one_test_tells_won_from_lost_as_the_full_solve_does(preset: str) -> None:
    """``price_vole=False`` asks the solver one question (does the Ombre win?) where the full
    pricing finds the rung: the same answer, won or lost, at the start of every play; and where
    the two losses pay otherwise (by five, at Quadrille), a second question tells them apart as
    the full solve does."""
    from ombre_core.bots.playout import rung_by_playing_forward, won_or_lost
    from ombre_core.bots.search import _losses_differ
    from ombre_core.rules import get_rules

    rules = get_rules(preset)
    starts = told = 0
    for deal in positions(rules, range(40)):
        if deal.phase != Phase.PLAY or deal.tricks or deal.trick:
            continue
        full, _ = rung_by_playing_forward(deal.copy(), 11, 100_000)
        tell = _losses_differ(deal)
        fast = won_or_lost(deal.copy(), 11, 100_000, tell)
        assert (fast >= SACADA_RUNG) == (full >= SACADA_RUNG)
        if tell:
            assert fast == min(full, SACADA_RUNG)
            told += 1
        assert ombre_price(deal, fast) == ombre_price(deal, min(full, SACADA_RUNG))
        starts += 1
    assert starts >= 8
    assert (told > 0) == (rules.partnership == "called-king")


def test_quick_card_is_always_legal() -> None:
    bot = RulePlayer()
    for rules in PRESET_LIST:
        for seed in range(30):
            deal = Deal.from_seed(rules, seed, seed % 3)
            rng = random.Random(seed)
            while not deal.is_over:
                if deal.phase == Phase.PLAY:
                    assert deal.legal_cards() >> quick_card(deal) & 1
                deal.apply(bot.choose(view_of(deal, deal.to_move), rng))  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", ["1660", "five", "quadrille"])
def test_a_card_decision_keeps_within_its_node_budget(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solver nodes per card decision never pass ``decision_nodes`` (scaled for the table),
    however many cards and worlds (issue #6: at five and Quadrille the first worlds used to
    spend three times it)."""
    from ombre_core.bots import search
    from ombre_core.bots.solver import BudgetExceeded
    from ombre_core.rules import get_rules

    config = SearchConfig(
        play_worlds=6, exact_from=5, budget=3_000, bid_worlds=2, decision_nodes=2_000
    )
    spent = [0]
    solve = search.solve_values

    def counted(*args: object, **kwargs: object) -> object:
        try:
            solution = solve(*args, **kwargs)  # type: ignore[arg-type]
        except BudgetExceeded as exc:
            spent[0] += exc.budget
            raise
        spent[0] += solution[2]
        return solution

    monkeypatch.setattr(search, "solve_values", counted)
    player = SearchPlayer("bounded", config)
    rules = get_rules(preset)
    most = decisions = 0
    for deal in positions(rules, range(3)):
        if deal.phase != Phase.PLAY:
            continue
        spent[0] = 0
        player.analyse_play(view_of(deal, deal.to_move), random.Random(7))  # type: ignore[arg-type]
        most = max(most, spent[0])
        decisions += 1
    assert decisions >= 5
    assert 0 < most <= config.at_table(rules.seats).decision_nodes


def test_the_bold_variant_asks_leave_where_the_level_passes() -> None:
    """``-bold`` (a duel's diagnostic) goes in on a hand of 2.8 to 3.2 expected tricks, where the
    pamphlet's threshold passes; otherwise it is the same level (``expert-bold`` is the expert
    with the pamphlet's auction, whose thresholds it moves)."""
    from ombre_core.actions import Act
    from ombre_core.bots import BOLD_ASK_THRESHOLD, make_player
    from ombre_core.bots.rulebot import ASK_THRESHOLD, best_trump

    found = 0
    for view in first_speakers(PRESET_LIST[0], range(400)):
        strength = best_trump(view.hand)[1]
        if not BOLD_ASK_THRESHOLD <= strength < ASK_THRESHOLD or Act.PLAY not in view.legal:
            continue
        for level, bold in (("standard", "standard-bold"), ("expert-pamphlet", "expert-bold")):
            assert make_player(level).choose(view, random.Random(1)) == Act.PASS
            assert make_player(bold).choose(view, random.Random(1)) == Act.PLAY
        found += 1
    assert found >= 5


def near_a_threshold(seeds: range) -> list[View]:
    """The first speakers of these 1660 deals whose hands the priced auction prices
    (``search.near_threshold``)."""
    from ombre_core.bots import search

    return [v for v in first_speakers(PRESET_LIST[0], seeds) if search.near_threshold(v.hand)]


def test_settling_early_bids_as_solving_every_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """The priced auction stops solving worlds once the guard's choice is settled
    (``pricing.settled_choice``): it bids exactly as when every world is solved, for fewer
    solves."""
    from ombre_core.bots import search

    config = replace(GUARDED, bid_worlds=6, price_vole=False)
    solves = [0]
    price = search.SearchPlayer._price_start

    def counted(player: SearchPlayer, deal: Deal) -> float:
        solves[0] += 1
        return price(player, deal)

    monkeypatch.setattr(search.SearchPlayer, "_price_start", counted)
    views = near_a_threshold(range(80))
    assert len(views) >= 8
    early = [SearchPlayer("x", config).choose(v, random.Random(i)) for i, v in enumerate(views)]
    fewer = solves[0]
    monkeypatch.setattr(search, "settled_choice", lambda *a, **k: None)
    solves[0] = 0
    full = [SearchPlayer("x", config).choose(v, random.Random(i)) for i, v in enumerate(views)]
    assert early == full
    assert fewer < solves[0]


@pytest.mark.parametrize("price_vole", [False, True])
def test_every_price_found_was_among_the_open_prices(
    monkeypatch: pytest.MonkeyPatch, price_vole: bool
) -> None:
    """``settled_choice`` is exact only if each world's price, once solved, is one of the open
    prices it was told (``SearchPlayer._open_prices``): checked on every world the priced
    auction solves."""
    from ombre_core.bots import search

    config = replace(GUARDED, bid_worlds=4, price_vole=price_vole)
    price = search.SearchPlayer._price_start
    seen: list[tuple[float, tuple[float, ...]]] = []

    def checked(player: SearchPlayer, deal: Deal) -> float:
        got = price(player, deal)
        seen.append((got, player._open_prices(deal)))
        return got

    monkeypatch.setattr(search.SearchPlayer, "_price_start", checked)
    monkeypatch.setattr(search, "settled_choice", lambda *a, **k: None)
    for i, view in enumerate(near_a_threshold(range(40))):
        SearchPlayer("x", config).choose(view, random.Random(i))
    assert len(seen) >= 8
    assert all(got in open_ for got, open_ in seen)


def rule_played(rules_id: str, seed: int, moves: int) -> View:
    """The view of the seat on turn after ``moves`` actions of a deal the rule player plays."""
    rules = get_rules(rules_id)
    deal = Deal.from_seed(rules, seed, seed % rules.seats)
    bot, rng = RulePlayer(), random.Random(seed)
    for _ in range(moves):
        deal.apply(bot.choose(view_of(deal, deal.to_move), rng))  # type: ignore[arg-type]
    return view_of(deal, deal.to_move)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules_id", "seed", "moves"), [("1660", 40, 19), ("1660", 193, 19), ("classic", 233, 22)]
)
def test_the_vole_is_declared_at_its_last_chance_when_a_world_makes_it(
    rules_id: str, seed: int, moves: int
) -> None:
    """A declared vole that fails costs nothing (compendium §15 #24), so at the window's last
    moment the search declares it whenever a world makes it, where nine worlds in ten were asked
    before (``vole_last_chance=False``), and lost the vole's pay when it was made."""
    view = rule_played(rules_id, seed, moves)
    assert last_chance_for_vole(view)
    config = SearchConfig(
        play_worlds=8, exact_from=9, budget=3_000, bid_worlds=2, decision_nodes=6_000
    )
    assert SearchPlayer("now", config).choose(view, random.Random(1)) == Act.VOLE
    cautious = SearchPlayer("sure", replace(config, vole_last_chance=False))
    assert cautious.choose(view, random.Random(1)) != Act.VOLE


def test_the_vole_window_has_one_last_chance() -> None:
    """1660: declared before the fifth trick is led (RG), so the lead to the fifth is the last
    chance and the leads before it are not; classic: only at the lead to the sixth (CG)."""
    seen = []
    for moves in range(12, 20):  # 1660, seed 40: the Ombre leads tricks 2 to 5, winning each
        view = rule_played("1660", 40, moves)
        if Act.VOLE in view.legal:
            seen.append((len(view.tricks) + 1, last_chance_for_vole(view)))
    assert seen[-1] == (5, True) and seen[:-1] and not any(last for _, last in seen[:-1])
    classic = rule_played("classic", 233, 22)
    assert Act.VOLE in classic.legal and len(classic.tricks) == 5


@pytest.mark.parametrize("rules_id", sorted(PRESETS))
def test_the_vole_windows_last_chance_is_its_last_open_moment(rules_id: str) -> None:
    """The window and its last moment are stated once, on the rules: of the moments of the play
    (each trick's lead, then a card of it played), the last chance is the last one open."""
    rules = PRESETS[rules_id]
    moments = [(done, begun) for done in range(rules.tricks) for begun in (False, True)]
    open_ones = [m for m in moments if rules.vole_window_open(*m)]
    assert open_ones == moments[: len(open_ones)]  # a window from the first lead on
    assert [m for m in moments if rules.vole_last_chance(*m)] == [open_ones[-1]]
    assert open_ones[-1] == (rules.vole_declare_before_trick - 1, False)


def test_the_expert_prices_a_bid_over_sixteen_worlds_at_three_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a table of three the expert's priced bid reads 16 worlds, 1,500 nodes a solve (its
    standard error smaller by a factor of 1.4: docs/bots.md, "Sixteen worlds a priced bid at
    three"); at two, four and five seats, and at Quadrille by three, 8 worlds as before, with
    each table's budget."""
    got = {n: (EXPERT.at_table(n).bid_worlds, EXPERT.at_table(n).bid_budget) for n in (2, 3, 4, 5)}
    assert got == {2: (8, 3_000), 3: (16, 1_500), 4: (8, 3_000 * 3 // 8), 5: (8, 3_000 * 3 // 10)}
    asked: list[int] = []
    worlds_of = SearchPlayer._worlds

    def counted(self: SearchPlayer, view: View, n: int, rng: random.Random, *rest: int) -> Any:
        asked.append(n)
        return worlds_of(self, view, n, rng, *rest)

    monkeypatch.setattr(SearchPlayer, "_worlds", counted)
    assert EXPERT.for_rules(get_rules("quadrille-3")).bid_worlds == 8  # a king demanded
    for rules_id, worlds in (("1660", 16), ("classic", 16), ("quadrille-3", 8), ("quadrille", 8)):
        rules = get_rules(rules_id)
        priced = 0
        for seed in range(40):
            deal = Deal.from_seed(rules, seed, seed % rules.seats)
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            if len(view.legal) < 2 or not near_threshold(view.hand, rules=rules, gray_zone=1.0):
                continue
            asked.clear()
            SearchPlayer("expert", EXPERT).choose(view, random.Random(seed))
            assert asked == [worlds], (rules_id, seed, asked)
            priced += 1
            if priced == 2:
                break
        assert priced == 2, rules_id
