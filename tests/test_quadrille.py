"""Quadrille (Ombre by four): the shape, the auction, forced Spadille, the call (a king, or a queen
when the caller holds the kings), the hidden partner, every outcome and its payments worked by
hand, the vole, records, the command line, whole sessions, and the properties over random deals.

Sources (``../shared/rules/variants.md`` §3; sigla as in ``ombre_core/rules.py``): HOY, Hoyle's
Quadrille laws (numbered as in the childrensnursery.org.uk pages 0365, 0376) and the payment
paragraphs of p. 77 (Google Books ``JTQFAAAAYAAJ``); CG, *The Court Gamester*, pp. 46, 56, 63.
The numbers below are counters of the preset ``quadrille``: each player lays down one at every
deal (a deal from an empty board has four in the pool), the game and the consolation are one
counter each, sans prendre one, a matador one, a declared vole two.

Scripted deals: spades are trumps, seat 3 deals, so seat 0 is the eldest and, unless a test says
otherwise, the Ombre who asks leave (the others pass) and calls the king of hearts. Each trick's
top card goes to the seat meant to win it; the cards are laid out so that every card the script
plays is legal whoever leads (see :data:`TRICKS`), and the engine must score exactly the tricks
the script says.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import (
    HYPOTHESIS,
    act,
    hidden_from,
    max_actions,
    names,
    play_bridge_deal,
    play_tricks,
    random_playout,
    relabel,
    resample_map,
)
from test_properties import (
    check_conservation,
    check_legal_actions,
    check_partner_in_view,
    check_replay,
    check_resampled_world,
    check_views,
    play_sessions,
)

from ombre_core import bridge
from ombre_core.__main__ import build_parser, cmd_play, main
from ombre_core.actions import Act, called_card, format_action
from ombre_core.bots.rulebot import RulePlayer
from ombre_core.cards import FULL_PACK, parse_card
from ombre_core.errors import IllegalAction, OmbreError
from ombre_core.narrate import Narrator, glossary
from ombre_core.record import dumps, loads, replay, to_record
from ombre_core.rules import (
    RULES_CLASSIC,
    RULES_FIVE,
    RULES_QUADRILLE,
    RULES_QUADRILLE_3,
    get_rules,
)
from ombre_core.scoring import POOL, Ledger, settle
from ombre_core.session import Session
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of

QUAD = RULES_QUADRILLE
OMBRE = 0

# Four-card tricks, highest card first (spades trumps: As 2s Ac Ks Qs Js 7s 6s 5s 4s 3s). The
# ninth, "x", is led when every hand holds only its "x" and "last" cards: no hand then holds a
# second heart, and the one trump that might be kept back, Manille, need not follow a lower
# trump led (the matadors' privilege), so the script's card is legal whoever leads. Basto wins
# "x" and Manille "last": the three matadors go to the winners of "t1", "x" and "last".
TRICKS = {
    "t1": "As Ks Js 7s",
    "t2": "Qs 6s 5s 4s",
    "c1": "Kc Qc Jc 7c",
    "c2": "6c 5c 4c 3c",
    "h1": "Kh Qh Jh Ah",
    "h2": "2h 3h 4h 5h",
    "d1": "Kd Qd Jd Ad",
    "d2": "2d 3d 4d 5d",
    "x": "Ac 3s 6h 7h",
    "last": "2s 2c 6d 7d",
}


def script(winners: dict[str, int]) -> list[list[str]]:
    """The ten tricks as one card per seat, the top card to the trick's winner, the rest to the
    other seats in seat order."""
    assert list(winners) == list(TRICKS)
    out = []
    for name, winner in winners.items():
        top, *rest = TRICKS[name].split()
        trick = [""] * 4
        trick[winner] = top
        for seat, card in zip([s for s in range(4) if s != winner], rest, strict=True):
            trick[seat] = card
        out.append(trick)
    return out


CALL = ("play", "pass", "pass", "pass", "trump s", "call Kh")
SANS_PRENDRE = ("sans-prendre", "pass", "pass", "pass", "trump s")


def order(*seats: int) -> dict[str, int]:
    return dict(zip(TRICKS, seats, strict=True))


def dealt(winners: dict[str, int], pool_in: int = 0) -> tuple[Deal, list[list[str]]]:
    tricks = script(winners)
    hands = [[parse_card(t[s]) for t in tricks] for s in range(4)]
    return Deal.from_cards(QUAD, 3, hands, [], pool_in), tricks


def scripted(
    winners: dict[str, int],
    opening: Sequence[str] = CALL,
    pool_in: int = 0,
    vole_before: int | None = None,
) -> Deal:
    """A finished deal by :func:`script`; the side declares the vole before that trick."""
    deal, tricks = dealt(winners, pool_in)
    act(deal, *opening)
    for n, trick in enumerate(tricks, start=1):
        if n == vole_before:
            deal.apply("vole")
        play_tricks(deal, [trick])
    assert deal.is_over
    return deal


def payments(deal: Deal) -> tuple[list[int], int]:
    s = settle(deal)
    assert sum(s.payments) + s.pool_out - s.pool_in == 0  # no counter made or lost
    return list(s.payments), s.pool_out


# ---- the shape ---------------------------------------------------------------------------------


def test_four_players_ten_cards_each_by_threes_and_fours_no_stock() -> None:
    """HOY p. 362: "the deal is made by distributing the cards to each player, three at a time,
    for two rounds, and once four to each, beginning with the right-hand player"."""
    assert (QUAD.seats, QUAD.hand_size, QUAD.packets, QUAD.stock_size) == (4, 10, (3, 3, 4), 0)
    assert QUAD.pack == FULL_PACK and QUAD.gano is None  # CG p. 63: no speaking at all
    pack = list(range(40))
    deal = Deal.from_pack(QUAD, pack, dealer=3)
    assert deal.hands[0] & 0b111 == 0b111  # the eldest's first packet: the top three
    assert [h.bit_count() for h in deal.hands] == [10] * 4 and deal.stock == ()


@pytest.mark.parametrize(
    "changes",
    [
        {"all_pass": "forced"},
        {"queen_when_kings_held": True},  # at three, alone
        {"partner_shares": True},
        {"vole_by_side": True},
        {"codille_divides_pool": True},  # without a side judged on its total
        {"game_value": -1},
    ],
)
def test_rules_that_do_not_add_up_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(OmbreError, match="rules 'classic'"):
        dataclasses.replace(RULES_CLASSIC, **changes)


def test_quadrille_fields_are_checked_together() -> None:
    with pytest.raises(OmbreError, match="partner_shares"):
        dataclasses.replace(QUAD, partner_shares=False)  # the caller beasted alone needs it
    with pytest.raises(OmbreError, match="not both"):
        dataclasses.replace(QUAD, codille_take=1)
    with pytest.raises(OmbreError, match="Spadille in the pack"):
        dataclasses.replace(QUAD, pack=FULL_PACK & ~1, seats=3, hand_size=13, packets=(13,))


def test_get_rules_names_quadrille() -> None:
    assert get_rules("quadrille") is QUAD


# ---- the auction, forced Spadille, the call ------------------------------------------------------


def test_when_all_pass_the_holder_of_spadille_must_play_calling() -> None:
    """HOY law 2: "If all the players pass, he who holds spadille is obliged to play what is
    called forced spadille"; p. 77 §7: "obliged to play by calling a king"."""
    deal, _ = dealt(order(2, 0, 0, 0, 1, 0, 0, 0, 0, 0))  # seat 2 wins t1: holds As
    act(deal, "pass", "pass", "pass")
    assert deal.legal_actions() == [Act.PASS, Act.PLAY, Act.SANS_PRENDRE]  # the last may pass
    act(deal, "pass")
    assert (deal.ombre, deal.contract, deal.phase) == (2, Act.PLAY, Phase.TRUMP_CHOICE)
    assert deal.forced_spadille and deal.to_move == 2
    act(deal, "trump c")
    assert deal.phase == Phase.CALL
    act(deal, "call Kh")
    assert deal.partner == 1 and deal.phase == Phase.PLAY and deal.to_move == 0


def test_he_who_asks_names_the_trump_then_calls_a_king_not_of_trumps() -> None:
    deal, _ = dealt(order(0, 0, 0, 0, 1, 0, 0, 0, 0, 0))
    act(deal, "pass", "play", "pass", "pass", "trump h")
    assert deal.ombre == 1 and deal.phase == Phase.CALL and not deal.forced_spadille
    assert [format_action(a) for a in deal.legal_actions()] == ["call Ks", "call Kc", "call Kd"]
    with pytest.raises(IllegalAction, match="call a king"):
        deal.apply("call Kh")
    with pytest.raises(IllegalAction, match="call a king"):
        deal.apply("call Qs")  # a queen only for a caller who holds the kings


def test_a_caller_with_the_four_kings_may_call_a_queen_or_his_own_king() -> None:
    """HOY law 12: "If you have four kings dealt, you are at liberty either to call a queen to
    one of your kings, except the queen of trumps; or to call one of your own kings"."""
    kings = "Ks Kc Kh Kd As 2s Ac 3h 4h 5h"
    rest = [c for c in range(40) if c not in {parse_card(x) for x in kings.split()}]
    hands = [[parse_card(x) for x in kings.split()], rest[:10], rest[10:20], rest[20:]]
    deal = Deal.from_cards(QUAD, 3, hands, [])
    act(deal, "play", "pass", "pass", "pass", "trump s")
    assert [format_action(a) for a in deal.legal_actions()] == [
        *("call Kc", "call Kh", "call Kd", "call Qc", "call Qh", "call Qd")
    ]
    act(deal, "call Qd")
    holder = next(s for s in range(4) if deal.hands[s] >> parse_card("Qd") & 1)
    assert deal.called == parse_card("Qd") and deal.partner == holder != 0
    assert view_of(deal, 0).partner is None and view_of(deal, holder).partner == holder


def test_sans_prendre_alone_and_the_overcalled_asker_may_keep_it() -> None:
    """HOY: "He who asks leave, if elder hand, may play sans prendre, in preference to any of
    the other players"; sans prendre (sans appeller) calls no king."""
    deal, _ = dealt(order(0, 0, 0, 0, 1, 0, 0, 0, 0, 0))
    act(deal, "play", "sans-prendre", "pass", "pass")
    assert deal.phase == Phase.REPLY and deal.to_move == 0
    act(deal, "sans-prendre", "trump s")
    assert deal.phase == Phase.PLAY and deal.called is None and deal.ombre == 0


def test_no_speech_at_all() -> None:
    """CG p. 63: "It is not permitted at Quadrille to speak at all"."""
    deal, _ = dealt(order(0, 0, 0, 0, 1, 0, 0, 0, 0, 0))
    act(deal, *CALL)
    assert deal.phase == Phase.PLAY and Act.GANO not in deal.legal_actions()
    with pytest.raises(IllegalAction, match="no speech"):
        deal.apply("gano")


# ---- the partner is hidden ----------------------------------------------------------------------


def test_the_partner_is_known_to_himself_and_to_all_once_the_king_falls() -> None:
    deal, tricks = dealt(order(0, 0, 1, 2, 3, 0, 0, 0, 0, 0))  # seat 3 wins h1: holds Kh
    act(deal, *CALL)
    assert deal.partner == 3
    for seat in range(4):
        assert view_of(deal, seat).partner == (3 if seat == 3 else None)
    play_tricks(deal, tricks[:4])
    assert view_of(deal, OMBRE).partner is None
    play_tricks(deal, tricks[4:5])
    assert all(view_of(deal, seat).partner == 3 for seat in range(4))


@pytest.mark.parametrize("seed", range(10))
def test_views_name_the_partner_only_to_those_who_may_know(seed: int) -> None:
    deal = Deal.from_seed(QUAD, seed, dealer=seed % 4)

    def each(position: Deal) -> None:
        for seat in range(4):
            check_partner_in_view(position, seat, view_of(position, seat))

    random_playout(deal, random.Random(seed), each)


# ---- outcomes and payments, by hand -------------------------------------------------------------
#
# A called game from an empty board: four counters in the pool, one from each.
#   win (6+):  HOY p. 77 §5: "paid the game, the consolation, and the matadores ... and divide
#              what is upon the game": the pool, two each; each defender pays the game and the
#              consolation, 1 + 1, one to the Ombre and one to the partner (§6: "one half by him
#              who calls, and the other by him who is called"; CG p. 56: the odd counter the
#              Ombre's). Ombre -1 + 2 + 2 = +3, partner +3, each defender -1 - 2 = -3.
#   remise (5): §6: "they are basted, what goes upon the game, paying to the other players the
#              consolation": a beast of the four in the pool, two each, and one to each defender,
#              halved: Ombre -1 - 2 - 1 = -4, partner -4, each defender -1 + 1 = 0; 8 in the pool.
#   codille (4 or fewer): §6: they "pay their adversaries what they should have received if they
#              had won; namely, the game, consolation ... and are basted what is upon the game;
#              and if they win codille, divide the stakes": the defenders take two each from the
#              pool; the side puts four back (2 + 2) and pays each defender 1 + 1, halved:
#              Ombre -1 - 2 - 2 = -5, partner -5, each defender -1 + 2 + 2 = +3; 4 in the pool.
#   beasted alone: the same losses, all on the Ombre when he made fewer than three tricks
#              himself (§6: "he who is called is not only exempt from paying half the bast, but
#              also the game, consolation ... which in that case, the ombre pays alone").

PARTNER = 3  # wins h1, so holds the king of hearts
CALLED = {  # trick winners; payments (Ombre, seat 1, seat 2, partner); pool left
    "win 6": (order(0, 0, 1, 2, PARTNER, 0, 0, 1, 2, PARTNER), "sacada", [3, -3, -3, 3], 0),
    "win 9": (order(0, 0, 0, 0, PARTNER, 0, 0, 0, 0, 1), "sacada", [3, -3, -3, 3], 0),
    "remise": (order(0, 0, 1, 2, PARTNER, 0, 1, 1, 2, 0), "repuesto", [-4, 0, 0, -4], 8),
    "codille 4": (order(0, 0, 1, 2, PARTNER, 0, 1, 1, 2, 2), "codille", [-5, 3, 3, -5], 4),
    "remise, alone": (
        order(0, 0, PARTNER, PARTNER, PARTNER, 1, 1, 1, 2, 2),
        "repuesto",
        [-7, 0, 0, -1],
        8,
    ),
    "codille, alone": (order(0, 1, 1, 1, PARTNER, 2, 2, 2, 1, 1), "codille", [-9, 3, 3, -1], 4),
}


@pytest.mark.parametrize("case", list(CALLED))
def test_called_games_pay_as_hoyle_says(case: str) -> None:
    winners, outcome, expected, pool_out = CALLED[case]
    deal = scripted(winners)
    s = settle(deal)
    assert (s.outcome, s.side, s.partner, s.matadors) == (outcome, (0, PARTNER), PARTNER, 0)
    assert payments(deal) == (expected, pool_out)


def test_forced_spadille_is_not_beasted_alone() -> None:
    """HOY law 2: "though he should not make three tricks, he is not beasted"; p. 77 §7: "he who
    is called pays half of the losing". Seat 2 holds Spadille (wins t1) and makes one trick."""
    winners = order(2, 0, 1, 0, PARTNER, 0, 1, 1, 3, 0)
    deal = scripted(winners, opening=("pass", "pass", "pass", "pass", "trump s", "call Kh"))
    s = settle(deal)
    assert deal.forced_spadille and s.side == (2, PARTNER) and s.tricks[2] == 1
    assert s.outcome == "codille"  # the side: 1 + 2 = 3 tricks
    assert payments(deal) == ([3, 3, -5, -5], 4)


def test_even_pools_divide_equally_and_the_odd_counter_is_the_ombres() -> None:
    deal = scripted(CALLED["win 6"][0], pool_in=5)  # 5 + 4 = 9
    s = settle(deal)
    assert [t.amount for t in s.transfers if t.payer is POOL] == [5, 4]
    assert payments(deal) == ([6, -3, -3, 5], 0)


# Sans prendre (alone against three), from an empty board: the pool's four to the Ombre, and from
# each of the three the game, the consolation and the sans prendre, 1 + 1 + 1 (HOY p. 382, "A
# solo, common suit: two from each", the game and the sans prendre; the consolation besides).


def test_sans_prendre_won() -> None:
    deal = scripted(order(0, 1, 0, 0, 0, 0, 0, 2, 3, 1), opening=SANS_PRENDRE)
    s = settle(deal)
    assert (s.outcome, s.side, s.matadors) == ("sacada", (0,), 0)
    assert payments(deal) == ([-1 + 4 + 9, -4, -4, -4], 0)


def test_sans_prendre_with_the_matadors() -> None:
    """The Ombre holds As (t1), Ac (x) and 2s (last): the three matadors, one counter each from
    each of the three (HOY p. 77 §5: "paid ... the matadores"; counted as a run, as in
    ``classic``); Ks went to seat 1, so the run stops at three. Each pays 1 + 1 + 1 + 3."""
    deal = scripted(order(0, 1, 0, 0, 0, 0, 0, 2, 3, 1), opening=SANS_PRENDRE)
    assert settle(deal).matadors == 0  # Basto and Manille went elsewhere
    deal = scripted(order(0, 1, 0, 0, 0, 0, 2, 3, 0, 0), opening=SANS_PRENDRE)
    s = settle(deal)
    assert (s.outcome, s.matadors) == ("sacada", 3)
    assert payments(deal) == ([-1 + 4 + 3 * 6, -7, -7, -7], 0)


def test_sans_prendre_lost() -> None:
    """A remise: the Ombre alone is beasted the pool's four and pays each the consolation and
    the sans prendre (decision, as by three: MOR, "pays three counters to each if he should
    lose"). A codille: the three divide the pool (one each, one stays), the Ombre is beasted the
    four, and pays each the game, the consolation and the sans prendre."""
    remise = scripted(order(0, 1, 0, 0, 0, 0, 2, 3, 1, 1), opening=SANS_PRENDRE)
    assert settle(remise).outcome == "repuesto"
    assert payments(remise) == ([-1 - 4 - 3 * 2, 1, 1, 1], 8)
    codille = scripted(order(0, 1, 0, 0, 2, 2, 2, 3, 1, 1), opening=SANS_PRENDRE)
    assert settle(codille).outcome == "codille"
    assert payments(codille) == ([-1 - 4 - 3 * 3, -1 + 1 + 3, 3, 3], 4 - 3 + 4)


def test_matadors_count_on_the_side_and_are_shared() -> None:
    """CG p. 56: the matadores are paid "whether they are all in the Ombre's Hand, or whether
    divided" with the called king. The Ombre holds As (t1) and 2s (last), the partner Ac (x)."""
    winners = order(0, 0, 0, 1, PARTNER, 2, 1, 0, PARTNER, 0)
    deal = scripted(winners)
    s = settle(deal)
    assert (s.outcome, s.matadors) == ("sacada", 3)
    # each defender: game 1, consolation 1, matadors 3 = 5, halved: the Ombre takes the odd
    # counter of the first, the partner of the second
    assert payments(deal) == ([-1 + 2 + 5, -1 - 5, -1 - 5, -1 + 2 + 5], 0)


# The vole: HOY law 11, "if the person who won the sixth trick play the seventh card, he is
# obliged to play for the vole"; law 19, "The ombre is entitled to know his king called, before
# he declares". HOY p. 382: "from the adversaries two a-piece". A side that takes every trick
# holds the three matadors here (the winners of t1, x and last): each defender pays the vole 2,
# the game 1, the consolation 1 and the matadors 3, halved: Ombre and partner -1 + 2 + 7 = +8.

VOLE = order(0, 0, PARTNER, PARTNER, PARTNER, 0, 0, 0, 0, PARTNER)


def test_a_declared_vole_is_paid_and_the_partner_may_declare_it() -> None:
    deal, tricks = dealt(VOLE)
    act(deal, *CALL)
    play_tricks(deal, tricks[:5])
    assert Act.VOLE not in deal.legal_actions()  # before the sixth trick is won
    play_tricks(deal, tricks[5:6])
    assert deal.to_move == 0 and Act.VOLE in deal.legal_actions()
    deal = scripted(VOLE, vole_before=7)
    s = settle(deal)
    assert s.vole and s.vole_declared and s.matadors == 3
    assert payments(deal) == ([8, -8, -8, 8], 0)
    assert payments(scripted(VOLE)) == ([6, -6, -6, 6], 0)  # not declared: no vole money
    by_partner = order(0, 0, 0, 0, PARTNER, PARTNER, 0, 0, 0, PARTNER)
    deal, tricks = dealt(by_partner)
    act(deal, *CALL)
    play_tricks(deal, tricks[:6])
    assert deal.to_move == PARTNER and Act.VOLE in deal.legal_actions()
    deal.apply("vole")
    play_tricks(deal, tricks[6:])
    assert payments(deal) == ([8, -8, -8, 8], 0)


def test_no_vole_before_the_king_falls_nor_for_forced_spadille() -> None:
    # the partner's king of hearts is still in his hand after six tricks won by the Ombre
    late = order(0, 0, 0, 0, PARTNER, 0, 0, 0, 0, 0)
    tricks = script(late)
    tricks = [tricks[i] for i in (0, 1, 2, 3, 5, 6, 4, 7, 8, 9)]  # h1 (Kh) as the seventh
    hands = [[parse_card(t[s]) for t in tricks] for s in range(4)]
    deal = Deal.from_cards(QUAD, 3, hands, [])
    act(deal, *CALL)
    play_tricks(deal, tricks[:6])
    assert deal.tricks_won[0] == 6 and deal.to_move == 0
    assert Act.VOLE not in deal.legal_actions()
    with pytest.raises(IllegalAction, match="called card"):
        deal.apply("vole")
    forced = dealt(VOLE)[0]
    act(forced, "pass", "pass", "pass", "pass", "trump s", "call Kh")
    play_tricks(forced, dealt(VOLE)[1][:6])
    assert forced.forced_spadille and Act.VOLE not in forced.legal_actions()


# ---- records, narration, the command line -------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_records_round_trip(seed: int) -> None:
    deal = Deal.from_seed(QUAD, seed, dealer=seed % 4)
    random_playout(deal, random.Random(seed))
    record = to_record(deal)
    assert record["rules"] == "quadrille" and record["stock"] == [] and len(record["hands"]) == 4
    actions = record["actions"]
    if deal.contract == Act.PLAY:
        at = next(i for i, a in enumerate(actions) if a.startswith("trump"))
        assert actions[at + 1].startswith("call ")  # right after the trump
    again = replay(json.loads(json.dumps(record)))
    assert to_record(again) == record and settle(again) == settle(deal)
    assert to_record(loads(dumps(deal))) == record


def test_a_forced_spadille_record_round_trips() -> None:
    deal = scripted(
        order(2, 0, 1, 0, PARTNER, 0, 1, 1, 3, 0),
        opening=("pass", "pass", "pass", "pass", "trump s", "call Kh"),
    )
    record = to_record(deal)
    assert record["actions"][:6] == ["pass"] * 4 + ["trump s", "call Kh"]
    assert settle(replay(record)) == settle(deal)


def test_the_log_and_the_result_in_words() -> None:
    deal = scripted(CALLED["codille 4"][0])
    names = ["Ann", "Ben", "Cat", "Dan"]
    s = settle(deal)
    result = Narrator(names, 1).result_text(s)
    assert "held the king of hearts" in result and "4 tricks of 10" in result
    text = " ".join(Narrator(names, 1).result_lines(s, QUAD))
    assert "Ann pays Cat 1 counter for the game." in text
    assert "Dan pays Cat 1 counter the consolation." in text
    log = Narrator(names, 1).log(view_of(deal, 1))
    assert "Ann calls the king of hearts." in log


def test_the_command_line_plays_and_simulates_quadrille() -> None:
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--rules", "quadrille", "--seed", "3"])
    assert cmd_play(args, out, lambda prompt: "n" if prompt.startswith("Next") else "0") == 0
    assert "Quadrille" in out.getvalue() and "Ledger:" in out.getvalue()
    printed = io.StringIO()
    assert main(["simulate", "--rules", "quadrille", "--games", "20"], printed) == 0
    report = json.loads(printed.getvalue())
    assert report["rules"] == "quadrille" and sum(report["outcomes"].values()) == 20


# ---- the rule player ----------------------------------------------------------------------------


@pytest.mark.breadth
def test_whole_sessions_by_the_rule_players() -> None:
    """Every outcome comes up, every move is legal, the ledger balances, sessions save."""
    play_sessions(QUAD, {"sacada", "repuesto", "codille"}, 150, forced=True)


def test_the_rule_player_calls_a_king_it_lacks_and_a_queen_with_the_kings() -> None:
    bot = RulePlayer()
    deal, _ = dealt(order(0, 0, 1, 2, 3, 0, 0, 1, 2, 1))
    act(deal, "play", "pass", "pass", "pass", "trump s")
    call = bot.choose(view_of(deal, 0), random.Random(0))
    assert not deal.hands[0] >> called_card(call) & 1  # a king he does not hold
    kings = "Ks Kc Kh Kd As 2s Ac 3h 4h 5h"
    rest = [c for c in range(40) if c not in {parse_card(x) for x in kings.split()}]
    hands = [[parse_card(x) for x in kings.split()], rest[:10], rest[10:20], rest[20:]]
    deal = Deal.from_cards(QUAD, 3, hands, [])
    act(deal, "play", "pass", "pass", "pass", "trump s")
    assert format_action(bot.choose(view_of(deal, 0), random.Random(0))).startswith("call Q")


def test_the_partner_decides_from_his_view_only() -> None:
    """The rule player's choice depends on the view: two deals that give the partner the same
    view (the others' cards swapped) get the same move at every step of his."""
    rng = random.Random(5)
    for seed in range(6):
        deal = Deal.from_seed(QUAD, 100 + seed)
        bot = RulePlayer()
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = view_of(deal, seat)
            move = bot.choose(view, random.Random(seed))
            if deal.partner is not None and seat == deal.partner:
                world = relabel(deal, resample_map(deal, seat, rng))
                assert bot.choose(view_of(world, seat), random.Random(seed)) == move
            deal.apply(move)


def test_five_is_unchanged_by_the_new_fields() -> None:
    assert not RULES_FIVE.partner_shares and RULES_FIVE.caller_floor == 0
    assert RULES_FIVE.all_pass == "youngest-plays" and not RULES_FIVE.vole_by_side


# ---- properties over random deals ---------------------------------------------------------------

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PROFILE = settings(HYPOTHESIS, max_examples=40)


@PROFILE
@given(seeds, st.integers(0, 3), seeds)
def test_random_playouts_keep_every_invariant(seed: int, dealer: int, play_seed: int) -> None:
    deal = Deal.from_seed(QUAD, seed, dealer)
    rng = random.Random(play_seed)

    def each(position: Deal) -> None:
        check_conservation(position)
        check_views(position)
        if not position.is_over:
            check_legal_actions(position, rng)

    random_playout(deal, rng, each)
    assert deal.is_over and len(deal.history) <= max_actions(QUAD)
    check_replay(deal)
    ledger = Ledger(4)
    ledger.record(settle(deal))


@PROFILE
@given(seeds, st.integers(0, 3), seeds, st.booleans())
def test_resampled_worlds_keep_the_view(
    seed: int, dealer: int, play_seed: int, all_pass: bool
) -> None:
    """OpenSpiel's test, partner included: a world resampled for a seat gives the same view,
    and where the seat knows the partner, the world has the same partner. ``all_pass`` plays
    forced Spadille, whose holder is then public."""
    deal = Deal.from_seed(QUAD, seed, dealer)
    rng = random.Random(play_seed)
    if all_pass:
        act(deal, "pass", "pass", "pass", "pass")
    stops = {rng.randrange(4, max_actions(QUAD)) for _ in range(3)} | {5, 7}

    def each(position: Deal) -> None:
        if len(position.history) in stops or position.is_over:
            check_resampled_world(position, rng)
            check_replay(position)

    random_playout(deal, rng, each)


# ---- Quadrille by three -------------------------------------------------------------------------
#
# CG p. 46 (variants.md §3.2): thirty cards, "one whole red Suit" laid aside (the diamonds, our
# choice); six tricks win, five is a remise, four or fewer codille; calling a king means demanding
# it: its holder hands it over and takes any card the Ombre gives him. The payments are
# Quadrille's with the Ombre alone against two: three counters in the pool from an empty board.

QUAD3 = RULES_QUADRILLE_3

# Three-card tricks, spades trumps, no diamonds. "last" (two trumps and a heart) is played when
# each hand holds one card, so it is legal whoever leads; Basto wins it.
TRICKS3 = {
    "t1": "As Ks Js",
    "t2": "2s Qs 7s",
    "t3": "6s 5s 4s",
    "c1": "Kc Qc Jc",
    "c2": "7c 6c 5c",
    "c3": "4c 3c 2c",
    "h1": "Kh Qh Jh",
    "h2": "Ah 2h 3h",
    "h3": "4h 5h 6h",
    "last": "Ac 3s 7h",
}
DEMAND = ("play", "pass", "pass", "trump s", "call Kh")


def scripted3(
    winners: Sequence[int], holder: int = 1, opening: Sequence[str] = DEMAND, play: bool = True
) -> Deal:
    """Seat 0 (eldest, seat 2 deals) asks leave, names spades and demands the king of hearts,
    which he then holds for "h1" (he must win it); ``holder`` was dealt it, and takes back the
    card the script gives him for "c3". The tricks are as played, after the exchange."""
    assert winners[list(TRICKS3).index("h1")] == 0
    tricks = []
    for name, winner in zip(TRICKS3, winners, strict=True):
        top, *rest = TRICKS3[name].split()
        trick = [""] * 3
        trick[winner] = top
        for seat, card in zip([s for s in range(3) if s != winner], rest, strict=True):
            trick[seat] = card
        tricks.append(trick)
    played = [[t[s] for t in tricks] for s in range(3)]
    given = tricks[list(TRICKS3).index("c3")][holder]
    dealt_hands = [h[:] for h in played]
    dealt_hands[0][dealt_hands[0].index("Kh")] = given
    dealt_hands[holder][dealt_hands[holder].index(given)] = "Kh"
    deal = Deal.from_cards(QUAD3, 2, [[parse_card(c) for c in h] for h in dealt_hands], [])
    if not play:
        return deal
    act(deal, *opening)
    if deal.phase == Phase.GIVE:
        act(deal, f"give {given}")
    play_tricks(deal, tricks)
    assert deal.is_over
    return deal


def test_thirty_cards_a_red_suit_laid_aside_and_never_trumps() -> None:
    """CG p. 46: "you must lay aside one whole red Suit"; the suit laid aside may not be named."""
    assert (QUAD3.seats, QUAD3.hand_size, QUAD3.pack.bit_count(), QUAD3.stock_size) == (
        3,
        10,
        30,
        0,
    )
    assert not QUAD3.pack & 1 << parse_card("Kd")
    deal = Deal.from_seed(QUAD3, 4)
    act(deal, "play", "pass", "pass")
    assert [format_action(a) for a in deal.legal_actions()] == ["trump s", "trump c", "trump h"]
    with pytest.raises(IllegalAction):
        deal.apply("trump d")


def test_the_demanded_king_is_handed_over_and_a_card_given_back() -> None:
    """CG p. 46: the player who holds the called king "must give it to the Ombre, and take in
    exchange any Card the Ombre gives him"; the third may look at it: all of it is public."""
    winners = (0, 0, 0, 0, 0, 2, 0, 2, 1, 2)  # seat 1 plays 2c to "c3"
    deal = scripted3(winners, play=False)
    act(deal, "play", "pass", "pass", "trump s")
    assert deal.phase == Phase.CALL
    assert [format_action(a) for a in deal.legal_actions()] == ["call Kh"]  # Kc is his
    act(deal, "call Kh")
    assert deal.phase == Phase.GIVE and deal.demanded_from == 1 and deal.partner is None
    assert deal.hands[0] >> parse_card("Kh") & 1 and deal.hands[0].bit_count() == 11
    with pytest.raises(IllegalAction, match="give a card"):
        deal.apply("pass")
    assert "give Kh" not in [format_action(a) for a in deal.legal_actions()]
    act(deal, "give 2c")
    assert deal.hands[1] >> parse_card("2c") & 1 and deal.phase == Phase.PLAY
    for seat in range(3):
        view = view_of(deal, seat)
        assert view.demanded_from == 1 and view.partner is None
        assert "give 2c" in [a for _, a in view.history]
    log = Narrator(["Ann", "Ben", "Cat"], 2).log(view_of(deal, 2))
    assert "Ann demands the king of hearts from Ben." in log
    assert any("gives" in line and "for the demanded card" in line for line in log)


Q3_CASES = {  # trick winners; outcome; payments (Ombre, seat 1, seat 2); pool left
    # win: the pool's 3, and 1 + 1 from each: -1 + 3 + 4
    "win": ((0, 0, 0, 1, 0, 1, 0, 2, 0, 2), "sacada", [6, -3, -3], 0),
    # remise: beasted the pool's 3, the consolation to each: -1 - 3 - 2
    "remise": ((0, 0, 1, 1, 0, 1, 0, 2, 0, 2), "repuesto", [-6, 0, 0], 6),
    # codille: the two take one each, one stays; beasted 3; the game and consolation to each
    "codille": ((0, 1, 1, 1, 0, 1, 0, 2, 0, 2), "codille", [-8, 2, 2], 4),
}


@pytest.mark.parametrize("case", list(Q3_CASES))
def test_quadrille_by_three_pays_as_quadrille_with_the_ombre_alone(case: str) -> None:
    winners, outcome, expected, pool_out = Q3_CASES[case]
    deal = scripted3(winners)
    s = settle(deal)
    assert (s.outcome, s.side, s.partner, s.called) == (outcome, (0,), None, parse_card("Kh"))
    assert payments(deal) == (expected, pool_out)
    assert settle(replay(to_record(deal))) == s


def test_forced_spadille_demands_too() -> None:
    """CG p. 46 (variants.md §3.2): "the same applies to forced Spadille"."""
    winners = (0, 0, 0, 1, 0, 1, 0, 2, 0, 2)
    deal = scripted3(winners, opening=("pass", "pass", "pass", "trump s", "call Kh"))
    assert deal.forced_spadille and deal.ombre == 0 and deal.demanded_from == 1


def test_quadrille_by_three_on_the_command_line_and_by_the_rule_players() -> None:
    printed = io.StringIO()
    assert main(["simulate", "--rules", "quadrille-3", "--games", "30"], printed) == 0
    assert sum(json.loads(printed.getvalue())["outcomes"].values()) == 30
    session = Session(QUAD3, 5, human=None)
    demanded = 0
    while session.number < 40:
        rng = random.Random(session.number)
        while not session.deal.is_over:
            check_conservation(session.deal)
            check_views(session.deal)
            check_legal_actions(session.deal, rng)
            session.bot_move()
        demanded += session.deal.demanded_from is not None
        session.next_deal()
    assert demanded and sum(session.ledger.balances) + session.ledger.pool == 0


@settings(HYPOTHESIS, max_examples=25)
@given(seeds, st.integers(0, 2), seeds, st.booleans())
def test_quadrille_by_three_playouts_and_resampled_worlds(
    seed: int, dealer: int, play_seed: int, all_pass: bool
) -> None:
    deal = Deal.from_seed(QUAD3, seed, dealer)
    rng = random.Random(play_seed)
    if all_pass:
        act(deal, "pass", "pass", "pass")
    stops = {rng.randrange(3, max_actions(QUAD3)) for _ in range(3)} | {4, 5, 6}

    def each(position: Deal) -> None:
        check_conservation(position)
        check_views(position)
        if not position.is_over:
            check_legal_actions(position, rng)
        if len(position.history) in stops or position.is_over:
            check_resampled_world(position, rng)
            check_replay(position)

    random_playout(deal, rng, each)
    record = to_record(deal)
    assert to_record(replay(json.loads(json.dumps(record)))) == record


def test_the_glossary_speaks_of_forced_spadille_and_no_gano() -> None:
    words = glossary(QUAD)
    assert "gano" not in words and "forced Spadille" in words["passed"]
    assert "queen" in words["call"] and "beasted alone" in words["beast"]
    assert "demand" in glossary(QUAD3)["call"] and "gano" in glossary(RULES_FIVE)


@pytest.mark.parametrize("human", range(4))
def test_a_whole_deal_through_the_bridge_keeps_the_secrets(human: int) -> None:
    """The bridge plays Quadrille at any seat (the browser does not lay out four seats yet): no
    snapshot shows a hidden card, nor names the partner before the person may know him."""
    bridge._session = None
    try:
        options = {"rules": "quadrille", "seed": 60 + human, "human": human}
        snap = json.loads(bridge.new_session(json.dumps(options)))

        def each(snap: dict[str, Any]) -> None:
            session = bridge._session
            assert session is not None
            deal = session.deal
            shown = {card["code"] for card in snap["hand"]}
            shown |= {entry["card"]["code"] for entry in snap["trick"]["cards"]}
            assert not shown & names(hidden_from(deal, human))
            if deal.called is not None:
                knows = human == deal.partner or bool(deal.played_cards() >> deal.called & 1)
                assert snap["partnership"]["partner"] == (deal.partner if knows else None)
                if not knows:
                    assert "partner" not in [s["role"] for s in snap["seats"]]

        play_bridge_deal(snap, each=each, most=300)
    finally:
        bridge._session = None
