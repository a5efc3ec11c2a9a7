"""Ombre by two (preset ``two``), a modern reconstruction: the shape, the auction and the exchange
at two, every outcome and its payments worked by hand, records, the command line, whole sessions
by the rule player and the searching players, and the properties over random deals.

No period rules were found (``docs/rules.md``, "Ombre by two"): the preset is the ``classic``
three-handed game for two players, ten cards each by three, three and four, twenty to the stock;
the vole declared after the first six tricks; no *Gano*. The numbers below are counters of the
preset: each player stakes ten into an empty pool, a pass costs one, sans prendre three from the
opponent, a matador one, a declared vole half the pool (rounded up) from the opponent.

Scripted deals: spades are trumps, seat 1 deals, so seat 0 is the eldest and the Ombre. Each
trick is a pair of cards of one effective suit, the higher to the seat meant to win it, so every
card the script plays is legal whoever leads and the engine must score exactly the script's
tricks. An Ombre who asks leave is dealt 7d in place of his last pair's card, discards it and
takes that card in off the top of the stock; the defender keeps his cards.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import HYPOTHESIS, act, max_actions, names, play_tricks, random_playout
from test_properties import (
    check_conservation,
    check_legal_actions,
    check_replay,
    check_resampled_world,
    check_views,
    play_sessions,
)

from ombre_core import bridge, table
from ombre_core.__main__ import build_parser, cmd_play, main
from ombre_core.actions import Act, format_action
from ombre_core.bots import make_player
from ombre_core.cards import FULL_PACK, parse_card
from ombre_core.errors import IllegalAction
from ombre_core.narrate import Narrator, glossary
from ombre_core.record import dumps, loads, replay, to_record
from ombre_core.rules import RULES_CLASSIC, RULES_TWO, get_rules
from ombre_core.scoring import Ledger, settle
from ombre_core.session import Session
from ombre_core.state import Deal, Phase
from ombre_core.table import TableFacts
from ombre_core.views import view_of

TWO = RULES_TWO
OMBRE, DEFENDER = 0, 1

# Ten two-card tricks, higher card first (spades trumps: As 2s Ac Ks Qs Js 7s 6s 5s 4s 3s).
PAIRS = (
    ("As", "Ks"),
    ("2s", "Qs"),
    ("Ac", "Js"),
    ("7s", "6s"),
    ("5s", "4s"),
    ("Kc", "Qc"),
    ("Jc", "7c"),
    ("Kh", "Qh"),
    ("Jh", "Ah"),
    ("Kd", "Qd"),
)
FULL_NAMES = sorted(names(FULL_PACK))
JUNK = "7d"
"""Dealt to an Ombre who asks leave in place of his last card, and discarded."""


def script(winners: Sequence[int]) -> list[list[str]]:
    """The tricks, one card per seat, the higher of each pair to the seat that wins it."""
    assert len(winners) == len(PAIRS)
    tricks = []
    for (high, low), w in zip(PAIRS, winners, strict=True):
        tricks.append([high, low] if w == OMBRE else [low, high])
    return tricks


def opened(winners: Sequence[int], sans_prendre: bool = False, pool_in: int = 0) -> Deal:
    """Seat 0 asks leave (or plays sans prendre), spades trumps: the deal at the first lead."""
    tricks = script(winners)
    hands = [[parse_card(t[s]) for t in tricks] for s in (OMBRE, DEFENDER)]
    used = set(hands[0]) | set(hands[1])
    rest = [c for c in range(40) if c not in used and c != parse_card(JUNK)]
    stock: list[int] = []
    if not sans_prendre:
        last = hands[OMBRE].pop()
        hands[OMBRE].append(parse_card(JUNK))
        stock = [last]
    else:
        rest.append(parse_card(JUNK))
    stock += rest
    deal = Deal.from_cards(TWO, 1, hands, stock, pool_in)
    if sans_prendre:
        act(deal, "sans-prendre", "pass", "trump s", "discard")
    else:
        act(deal, "play", "pass", f"discard {JUNK}", "trump s", "discard")
    assert deal.phase == Phase.PLAY and deal.hands[OMBRE] == sum(
        1 << parse_card(t[OMBRE]) for t in tricks
    )
    return deal


def scripted(winners: Sequence[int], sans_prendre: bool = False, pool_in: int = 0) -> Deal:
    """The opened deal with the script's tricks played."""
    deal = play_tricks(opened(winners, sans_prendre, pool_in), script(winners))
    assert deal.is_over
    return deal


def paid(deal: Deal) -> tuple[list[int], int]:
    s = settle(deal)
    assert sum(s.payments) + s.pool_out - s.pool_in == 0  # no counter made or lost
    return list(s.payments), s.pool_out


# ---- the shape and the label --------------------------------------------------------------------


def test_two_players_ten_cards_each_by_threes_and_fours_twenty_to_the_stock() -> None:
    assert get_rules("two") is TWO
    assert (TWO.seats, TWO.hand_size, TWO.packets, TWO.stock_size, TWO.tricks) == (
        2,
        10,
        (3, 3, 4),
        20,
        10,
    )
    assert TWO.pack == FULL_PACK and TWO.partnership == "alone" and TWO.win_tricks is None
    deal = Deal.from_seed(TWO, 7, dealer=1)
    assert [h.bit_count() for h in deal.hands] == [10, 10] and len(deal.stock) == 20
    assert deal.eldest == 0 and deal.to_move == 0
    # dealt to the eldest first: three, three, then four (the seed's pack, top card first)
    pack = list(range(40))
    random.Random(7).shuffle(pack)
    first = set(pack[0:3]) | set(pack[6:9]) | set(pack[12:16])
    assert deal.hands[0] == sum(1 << c for c in first)


def test_it_says_it_is_a_modern_reconstruction() -> None:
    """The rules panel shows the preset's title and description: both say so (issue #7)."""
    assert "modern reconstruction" in TWO.title
    assert "modern reconstruction" in TWO.description.lower()
    assert "not found" in TWO.description


def test_the_rest_is_the_classic_game() -> None:
    """Only the shape, the vole's window and Gano differ from ``classic``."""
    differ = {
        f.name
        for f in dataclasses.fields(TWO)
        if getattr(TWO, f.name) != getattr(RULES_CLASSIC, f.name)
    }
    assert differ == {
        "id",
        "title",
        "description",
        "seats",
        "hand_size",
        "packets",
        "gano",
        "vole_declare_before_trick",
        "vole_declare_after_winning",
    }


def test_the_browser_lists_it() -> None:
    """The table lays out two seats (issue #7 item 5): the New game dialog offers it."""
    listed = json.loads(bridge.presets())["presets"]
    assert ("two", 2) in {(p["id"], p["seats"]) for p in listed}
    every = json.loads(bridge.presets(json.dumps({"seats": "all"})))["presets"]
    assert ("two", 2) in {(p["id"], p["seats"]) for p in every}


# ---- the auction and the exchange at two --------------------------------------------------------


def test_each_speaks_once_and_all_pass_redeals() -> None:
    deal = Deal.from_seed(TWO, 1, dealer=1)
    assert [format_action(a) for a in deal.legal_actions()] == ["pass", "play", "sans-prendre"]
    act(deal, "pass")
    assert deal.to_move == 1
    act(deal, "pass")
    assert deal.is_over and settle(deal).outcome == "passed"
    assert paid(deal) == ([-11, -11], 22)  # the stakes and a pass each stay in the pool


def test_an_overcalled_asker_may_keep_the_game_sans_prendre_or_yield() -> None:
    deal = act(Deal.from_seed(TWO, 2, dealer=1), "play")
    assert [format_action(a) for a in deal.legal_actions()] == ["pass", "sans-prendre"]
    keep = act(deal.copy(), "sans-prendre")
    assert keep.phase == Phase.REPLY and keep.to_move == 0
    act(keep, "sans-prendre")
    assert keep.ombre == 0 and keep.contract == Act.SANS_PRENDRE
    yielded = act(deal.copy(), "sans-prendre", "pass")
    assert yielded.ombre == 1 and yielded.contract == Act.SANS_PRENDRE


def test_the_table_says_your_opponent_overcalled_you() -> None:
    """With one opponent the prompt names him as such, not "another player"."""
    keep = act(Deal.from_seed(TWO, 2, dealer=1), "play", "sans-prendre")
    facts = TableFacts(("You", "The Baron"), 0, 1, balances=(0, 0), pool=0, deals=0, history=())
    prompt = table.snapshot(view_of(keep, 0), facts)["prompt"]
    assert prompt == "Your opponent offers sans prendre over your ask: keep the game or yield?"


def test_the_ombre_exchanges_first_then_his_opponent_from_twenty() -> None:
    deal = act(Deal.from_seed(TWO, 3, dealer=1), "play", "pass")
    assert deal.discard_bounds(0) == (1, 10)
    with pytest.raises(IllegalAction):
        deal.apply("discard")  # he asked to take in: at least one card
    hand = sorted(names(deal.hands[0]))
    act(deal, "discard " + " ".join(hand[:8]), "trump h")
    assert deal.taken == [8, 0] and deal.to_move == 1
    assert deal.discard_bounds(1) == (0, 10)  # the lone defender may change his whole hand
    act(deal, "discard " + " ".join(sorted(names(deal.hands[1]))))
    assert deal.taken == [8, 10] and len(deal.stock_left) == 2
    assert deal.phase == Phase.PLAY and deal.to_move == 0  # the eldest leads


def test_no_gano_at_two() -> None:
    """Gano asks a partner not to take the trick (RG: "to hinder the third"): none at two."""
    deal = scripted([1, 0, 0, 0, 0, 0, 0, 1, 1, 1])
    assert TWO.gano is None and "gano" not in glossary(TWO)
    deal = act(Deal.from_seed(TWO, 4, dealer=1), "sans-prendre", "pass", "trump c", "discard")
    assert Act.GANO not in deal.legal_actions()
    assert deal.why_illegal(Act.GANO) == "these rules allow no speech in the play"


# ---- every outcome and its payments, by hand ----------------------------------------------------
#
# From an empty pool: stakes 10 + 10, and the defender's pass 1: the pool holds 21 when play
# begins (the Ombre who asks or offers pays nothing for it).


def test_sacada_six_tricks_of_ten_takes_the_pool() -> None:
    deal = scripted([1, 0, 0, 0, 0, 0, 0, 1, 1, 1])
    s = settle(deal)
    assert (s.outcome, s.tricks, s.matadors) == ("sacada", (6, 4), 0)  # no Spadille: no run
    assert paid(deal) == ([-10 + 21, -10 - 1], 0)


def test_repuesto_five_each_the_ombre_doubles_the_pool() -> None:
    deal = scripted([1, 0, 0, 0, 0, 0, 1, 1, 1, 1])
    s = settle(deal)
    assert (s.outcome, s.tricks) == ("repuesto", (5, 5))
    assert paid(deal) == ([-10 - 21, -10 - 1], 42)
    assert "no more than his opponent" in Narrator(["Ann", "Ben"], 1).result_text(s)


def test_codille_the_defender_takes_the_pool_and_the_ombre_makes_it_good() -> None:
    deal = scripted([1, 0, 0, 0, 0, 1, 1, 1, 1, 1])
    s = settle(deal)
    assert (s.outcome, s.tricks, s.codille_winner) == ("codille", (4, 6), DEFENDER)
    assert paid(deal) == ([-10 - 21, -10 - 1 + 21], 21)
    text = Narrator(["Ann", "Ben"], 1).result_text(s)
    assert text == (
        "Ann (the Ombre) took only 4 tricks against 6. You took more tricks than the Ombre: "
        "codille."
    )


def test_sacada_with_the_matadors_paid_by_the_opponent() -> None:
    # the Ombre keeps Spadille, Manille and Basto (pairs 0-2) and wins 6 of 10; Ks is the
    # defender's, so the run is three
    deal = scripted([0, 0, 0, 1, 1, 1, 1, 0, 0, 0])
    s = settle(deal)
    assert (s.outcome, s.tricks, s.matadors) == ("sacada", (6, 4), 3)
    assert paid(deal) == ([-10 + 21 + 3, -10 - 1 - 3], 0)


def test_sans_prendre_won_with_three_matadors() -> None:
    deal = scripted([0, 0, 0, 1, 1, 0, 0, 0, 1, 1], sans_prendre=True)
    s = settle(deal)
    assert (s.outcome, s.contract, s.tricks, s.matadors) == ("sacada", "sans-prendre", (6, 4), 3)
    # the pool, three for sans prendre and three for the matadors, all from the opponent
    assert paid(deal) == ([-10 + 21 + 3 + 3, -10 - 1 - 3 - 3], 0)


def test_sans_prendre_lost_pays_the_opponent_and_gives_codille() -> None:
    deal = scripted([0, 0, 0, 1, 1, 1, 1, 1, 1, 0], sans_prendre=True)
    s = settle(deal)
    assert (s.outcome, s.tricks, s.matadors) == ("codille", (4, 6), 3)
    # the defender takes the pool, the Ombre makes it good, and pays three for sans prendre and
    # three for the matadors he held (classic: a losing Ombre pays them)
    assert paid(deal) == ([-10 - 21 - 3 - 3, -10 - 1 + 21 + 3 + 3], 21)


def test_a_declared_vole_sweeps_the_pool_and_half_as_much_again() -> None:
    tricks = script([0] * 10)
    deal = opened([0] * 10)
    play_tricks(deal, tricks[:5])
    assert Act.VOLE not in deal.legal_actions()  # not before six tricks won
    play_tricks(deal, tricks[5:6])
    assert Act.VOLE in deal.legal_actions() and deal.to_move == OMBRE
    act(deal, "vole")
    play_tricks(deal, tricks[6:])
    s = settle(deal)
    assert (s.outcome, s.vole, s.vole_declared, s.matadors) == ("sacada", True, True, 3)
    # the pool of 21, half of it again rounded up (11), three matadors: all from the opponent
    assert paid(deal) == ([-10 + 21 + 11 + 3, -10 - 1 - 11 - 3], 0)
    assert Narrator(["Ann", "Ben"], 0).result_title(s) == "Vole! You take every trick"


def test_a_vole_not_declared_pays_only_the_game() -> None:
    deal = scripted([0] * 10)
    s = settle(deal)
    assert (s.vole, s.vole_declared) == (True, False)
    assert paid(deal) == ([-10 + 21 + 3, -10 - 1 - 3], 0)


def test_a_pool_carried_over_is_played_for() -> None:
    deal = scripted([1, 0, 0, 0, 0, 0, 0, 1, 1, 1], pool_in=42)
    assert paid(deal) == ([42 + 1, -1], 0)  # no stakes into a full pool; the winner takes it


# ---- records, words, the command line -----------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_records_round_trip(seed: int) -> None:
    deal = Deal.from_seed(TWO, seed, dealer=seed % 2)
    random_playout(deal, random.Random(seed))
    record = to_record(deal)
    assert record["rules"] == "two" and len(record["hands"]) == 2 and len(record["stock"]) == 20
    again = replay(json.loads(json.dumps(record)))
    assert to_record(again) == record and settle(again) == settle(deal)
    assert to_record(loads(dumps(deal))) == record


def test_the_result_and_the_glossary_speak_of_one_opponent() -> None:
    s = settle(scripted([1, 0, 0, 0, 0, 0, 0, 1, 1, 1]))
    narrator = Narrator(["Ann", "Ben"], 1)
    assert narrator.result_text(s) == (
        "Ann (the Ombre) took 6 tricks against 4: more than his opponent, so the Ombre wins."
    )
    # the reader as the Ombre: "your opponent", not "You ... than his opponent"
    assert Narrator(["Ann", "Ben"], 0).result_text(s) == (
        "You (the Ombre) took 6 tricks against 4: more than your opponent, so the Ombre wins."
    )
    words = glossary(TWO)
    assert words["defender"] == "The player against the Ombre."
    assert words["passed"].startswith("Both passed:")
    assert "20 undealt cards" in words["stock"]
    assert "ten cards to each player" in words["dealer"]
    assert glossary(RULES_CLASSIC)["defender"] == "One of the two players against the Ombre."


def test_the_command_line_plays_and_simulates_two() -> None:
    out = io.StringIO()

    def read(prompt: str) -> str:
        if prompt.startswith("Next"):
            return "n"
        return "discard" if "Discard 0 to" in out.getvalue()[-300:] else "0"

    args = build_parser().parse_args(["play", "--rules", "two", "--seed", "3"])
    assert cmd_play(args, out, read) == 0
    text = out.getvalue()
    assert "Ombre by two (a modern reconstruction)" in text and "Ledger:" in text
    printed = io.StringIO()
    assert main(["simulate", "--rules", "two", "--games", "30"], printed) == 0
    report = json.loads(printed.getvalue())
    assert report["rules"] == "two" and sum(report["outcomes"].values()) == 30
    assert sum(report["balances"]) + report["pool"] == 0
    assert report["unit"] == "counters"  # what the balances count, as a duel names it


# ---- the players --------------------------------------------------------------------------------


def test_whole_sessions_by_the_rule_players() -> None:
    """Every outcome comes up, every move is legal, the ledger balances, sessions save."""
    play_sessions(TWO, {"sacada", "repuesto", "codille", "passed"}, 80)


def test_the_rule_player_bids_on_strength_and_usually_wins() -> None:
    """Over many deals the rule player undertakes most hands and wins most of those it plays
    (about two in three, as at three)."""
    counts = {"sacada": 0, "repuesto": 0, "codille": 0, "passed": 0}
    bot = make_player("novice")
    for seed in range(120):
        deal = Deal.from_seed(TWO, seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not deal.is_over:
            assert deal.to_move is not None
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
        counts[settle(deal).outcome] += 1
    played = 120 - counts["passed"]
    assert played >= 60 and counts["sacada"] >= played // 2


def test_the_lone_defender_takes_in_what_he_needs() -> None:
    """CG's advice to leave five cards is for the first of two defenders: at two, where no one
    takes in after him, the rule player changes a worthless hand whole, even when the Ombre has
    left only ten cards in the stock."""
    junk = "2h 3h 4h 5h 6h 7h 2d 3d 4d 5d"  # no trump, no king, no queen when spades are trumps
    ombre = "As 2s Ac Ks Qs Js Kc Kh Kd Qd"
    used = set(junk.split()) | set(ombre.split())
    stock = [parse_card(c) for c in FULL_NAMES if c not in used]
    deal = Deal.from_cards(
        TWO,
        1,
        [[parse_card(c) for c in ombre.split()], [parse_card(c) for c in junk.split()]],
        stock,
    )
    act(deal, "play", "pass", "discard " + ombre, "trump s")
    assert deal.to_move == DEFENDER and len(deal.stock_left) == 10
    move = make_player("novice").choose(view_of(deal, DEFENDER), random.Random(0))
    assert names(move ^ Act.DISCARD) == set(junk.split())


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_the_searching_players_play_legally(level: str) -> None:
    session = Session(TWO, 5, human=None, bot=level)
    for _ in range(2):
        rng = random.Random(session.number)
        while not session.deal.is_over:
            check_legal_actions(session.deal, rng)
            session.bot_move()
        assert sum(session.ledger.balances) + session.ledger.pool == 0
        session.next_deal()


# ---- properties over random deals ---------------------------------------------------------------

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PROFILE = settings(HYPOTHESIS, max_examples=40)


@PROFILE
@given(seeds, st.integers(0, 1), seeds)
def test_random_playouts_keep_every_invariant(seed: int, dealer: int, play_seed: int) -> None:
    deal = Deal.from_seed(TWO, seed, dealer)
    rng = random.Random(play_seed)

    def each(position: Deal) -> None:
        check_conservation(position)
        check_views(position)
        if rng.random() < 0.3:
            check_legal_actions(position, rng)

    random_playout(deal, rng, each)
    assert deal.is_over and len(deal.history) <= max_actions(TWO)
    check_replay(deal)
    ledger = Ledger(2)
    ledger.record(settle(deal))


@PROFILE
@given(seeds, st.integers(0, 1), seeds)
def test_resampled_worlds_keep_the_view(seed: int, dealer: int, play_seed: int) -> None:
    """OpenSpiel's test: a world resampled for a seat (the other hand, the other's discards and
    the stock left shuffled, consistently with the play) gives that seat the same view."""
    deal = Deal.from_seed(TWO, seed, dealer)
    rng = random.Random(play_seed)
    stops = {rng.randrange(2, max_actions(TWO)) for _ in range(3)} | {3, 5}

    def each(position: Deal) -> None:
        if len(position.history) in stops or position.is_over:
            check_resampled_world(position, rng)
            check_replay(position)

    random_playout(deal, rng, each)
