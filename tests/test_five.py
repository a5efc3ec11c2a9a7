"""Ombre by five (Quintille): the shape, the auction, the call, the hidden partner, every outcome
and its payments worked by hand, records, narration, sessions and the bridge at every seat.

Sources (``../shared/rules/variants.md`` §1): ENC, the encyclopaedia's "Ombre by five"; CG, *The
Court Gamester*, "Quintille, or Ombre by Five", pp. 50-51 ("the present New Method"). The numbers
below are counters; in the preset ``five`` each player lays down one at every deal (CG: "every one
lays down a Counter before him"), so a deal starting from an empty board has five in the pool.

Scripted deals: spades are trumps, seat 4 deals, so seat 0 is the eldest and, unless a test says
otherwise, the Ombre who asks leave (the others pass) and calls the king of hearts, held by seat 2.
Each trick is five cards of one suit (everyone follows) whose highest card goes to the seat meant
to win it, so the engine must score exactly the tricks the script says.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from ombre_helpers import act, hidden_from, names, play_bridge_deal, play_tricks, random_playout
from test_properties import (
    check_partner_in_view,
    play_sessions,
)

from ombre_core import bridge
from ombre_core.__main__ import build_parser, cmd_play, main
from ombre_core.actions import Act, format_action
from ombre_core.cards import FULL_PACK, parse_card
from ombre_core.errors import IllegalAction, OmbreError
from ombre_core.narrate import Narrator
from ombre_core.record import dumps, loads, replay, to_record
from ombre_core.rules import RULES_CLASSIC, RULES_FIVE, get_rules
from ombre_core.scoring import POOL, settle
from ombre_core.state import Deal, Phase
from ombre_core.table import TableFacts
from ombre_core.table import snapshot as present
from ombre_core.views import view_of

FIVE = RULES_FIVE
OMBRE, PARTNER = 0, 2

# Five-card tricks, highest card first (spades trumps). The last is the one trump left and four
# small clubs: whoever holds 3s wins it.
TRICKS = {
    "t1": "As Ks Js 6s 4s",
    "t2": "2s Qs 7s 5s 3s",
    "c": "Kc Qc Jc 7c 6c",
    "h1": "Kh Qh Jh Ah 2h",
    "h2": "3h 4h 5h 6h 7h",
    "d1": "Kd Qd Jd Ad 2d",
    "d2": "3d 4d 5d 6d 7d",
    "last": "Ac 5c 4c 3c 2c",
}


def script(winners: dict[str, int]) -> list[list[str]]:
    """The eight tricks as one card per seat, the top card to the trick's winner, the rest to the
    other seats in seat order. ``winners`` gives every trick of :data:`TRICKS`, in playing order
    (the first is led by the eldest, each next one by the last winner)."""
    assert sorted(winners) == sorted(TRICKS)
    out = []
    for name, winner in winners.items():
        top, *rest = TRICKS[name].split()
        trick = [""] * 5
        trick[winner] = top
        for seat, card in zip([s for s in range(5) if s != winner], rest, strict=True):
            trick[seat] = card
        out.append(trick)
    return out


def scripted_five(
    winners: dict[str, int],
    opening: Sequence[str] = ("play", "pass", "pass", "pass", "pass", "trump s", "call Kh"),
    pool_in: int = 0,
    vole_before: int | None = None,
) -> Deal:
    """A finished deal of five by :func:`script`; the Ombre declares the vole before that trick."""
    tricks = script(winners)
    hands = [" ".join(t[s] for t in tricks) for s in range(5)]
    deal = Deal.from_cards(
        FIVE, 4, [[parse_card(c) for c in h.split()] for h in hands], [], pool_in
    )
    act(deal, *opening)
    for n, trick in enumerate(tricks, start=1):
        if n == vole_before:
            assert deal.to_move == deal.ombre
            deal.apply("vole")
        play_tricks(deal, [trick])
    assert deal.is_over
    return deal


def order(*seats: int) -> dict[str, int]:
    return dict(zip(TRICKS, seats, strict=True))


# ---- the shape ---------------------------------------------------------------------------------


def test_five_players_eight_cards_each_no_stock() -> None:
    """ENC: "only eight cards a-piece are dealt"; CG: "8 Cards dealt him, and no more ... and by
    consequence no Discard to be made"."""
    assert (FIVE.seats, FIVE.hand_size, FIVE.stock_size, FIVE.tricks) == (5, 8, 0, 8)
    deal = Deal.from_seed(FIVE, 3, dealer=1)
    assert [h.bit_count() for h in deal.hands] == [8] * 5
    assert deal.stock == ()


@pytest.mark.parametrize(
    "changes",
    [
        {"partnership": "called-king"},  # at three, with a stock of thirteen
        {"partnership": "partners"},
        {"all_pass": "forced-spadille"},
        {"win_tricks": 5},  # without remise_tricks
        {"win_tricks": 5, "remise_tricks": 5, "codille_take": 1, "stake_each_deal": True},
        {"win_tricks": 10, "remise_tricks": 4, "codille_take": 1, "stake_each_deal": True},
        {"win_tricks": 5, "remise_tricks": 4},  # codille with no single winner, no rule
        {"codille_take": 1},  # no stakes at every deal to take from
    ],
)
def test_sides_that_do_not_add_up_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(OmbreError, match="rules 'classic'"):
        dataclasses.replace(RULES_CLASSIC, **changes)


def test_codille_shares_must_be_covered_by_the_stakes() -> None:
    with pytest.raises(OmbreError, match="codille_take"):
        dataclasses.replace(FIVE, codille_take=2)  # 4 x 2 from a pool of 5


# ---- the auction and the call --------------------------------------------------------------------


def test_the_youngest_must_play_when_the_four_eldest_pass() -> None:
    """CG: "the four eldest Hands having passed, the fifth, let him have ever so bad a Game, is
    obliged to play, calling however a King to his Assistance"."""
    deal = Deal.from_seed(FIVE, 11, dealer=4)
    act(deal, "pass", "pass", "pass", "pass")
    assert deal.to_move == 4 == deal.dealer
    assert deal.legal_actions() == [Act.PLAY, Act.SANS_PRENDRE]
    with pytest.raises(IllegalAction, match="may only say play or sans-prendre"):
        deal.apply("pass")
    facts = TableFacts(("A", "B", "C", "D", "E"), 4, 1, (0,) * 5, 0, 0, ())
    snap = present(view_of(deal, 4), facts)
    assert "you must play" in snap["prompt"]
    assert [e["action"] for e in snap["legal"]] == ["play", "sans-prendre"]
    act(deal, "play")
    assert (deal.ombre, deal.phase) == (4, Phase.TRUMP_CHOICE)


def test_the_ombre_names_the_trump_then_calls_any_king_but_the_king_of_trumps() -> None:
    """CG: "he must name the Trump, after which, he may call to his Assistance any King, except
    that of Trumps". No exchange comes between the auction and the play."""
    deal = Deal.from_seed(FIVE, 5, dealer=4)
    act(deal, "pass", "play", "pass", "pass", "pass")
    assert deal.phase == Phase.TRUMP_CHOICE and deal.to_move == 1
    with pytest.raises(IllegalAction, match="name the trump"):
        deal.apply("call Kh")
    act(deal, "trump h")
    assert deal.phase == Phase.CALL and deal.phase_name == "exchange" and deal.to_move == 1
    assert [format_action(a) for a in deal.legal_actions()] == ["call Ks", "call Kc", "call Kd"]
    with pytest.raises(IllegalAction, match="any but the king of trumps"):
        deal.apply("call Kh")
    with pytest.raises(IllegalAction, match="call a king"):
        deal.apply("As")
    act(deal, "call Kd")
    holder = next(s for s in range(5) if deal.hands[s] >> parse_card("Kd") & 1)
    assert (deal.called, deal.partner) == (parse_card("Kd"), holder)
    assert deal.phase == Phase.PLAY and deal.to_move == deal.eldest == 0
    assert deal.taken == [0] * 5 and deal.discards == [0] * 5


def test_sans_prendre_is_alone_and_calls_no_king() -> None:
    """ENC: "If the ombre venture the game without calling in any King, this too is called playing
    sans prendre; in which case the other four are all against him"."""
    deal = Deal.from_seed(FIVE, 5, dealer=4)
    act(deal, "sans-prendre", "pass", "pass", "pass", "pass", "trump c")
    assert deal.phase == Phase.PLAY and deal.called is None and deal.partner is None


def test_an_overcalled_asker_may_keep_the_game_as_at_quadrille() -> None:
    """CG: "The Manner of speaking ... is the same as at Quadrille"; HOY: "He who asks leave, if
    elder hand, may play sans prendre, in preference to any of the other players"."""
    deal = Deal.from_seed(FIVE, 5, dealer=4)
    act(deal, "play", "pass", "sans-prendre", "pass", "pass")
    assert deal.phase == Phase.REPLY and deal.to_move == 0
    act(deal, "sans-prendre", "trump s")
    assert deal.ombre == 0 and deal.contract == Act.SANS_PRENDRE and deal.phase == Phase.PLAY


# ---- the partner is hidden --------------------------------------------------------------------


def test_the_partner_is_known_to_himself_and_to_all_once_the_king_falls() -> None:
    """ENC: the holder of the called king, "without discovering himself, is to assist him"."""
    tricks = script(order(0, 0, 1, PARTNER, 3, 4, 0, 0))
    hands = [" ".join(t[s] for t in tricks) for s in range(5)]
    deal = Deal.from_cards(FIVE, 4, [[parse_card(c) for c in h.split()] for h in hands], [])
    act(deal, "play", "pass", "pass", "pass", "pass", "trump s", "call Kh")
    assert deal.partner == PARTNER
    for seat in range(5):
        view = view_of(deal, seat)
        assert view.called == parse_card("Kh")
        assert view.partner == (PARTNER if seat == PARTNER else None)
    play_tricks(deal, tricks[:3])
    assert view_of(deal, OMBRE).partner is None  # the Ombre himself does not know yet
    while not deal.played_cards() >> parse_card("Kh") & 1:
        deal.apply(tricks[3][deal.to_move or 0])
    for seat in range(5):
        assert view_of(deal, seat).partner == PARTNER


def test_an_ombre_who_calls_his_own_king_knows_he_is_alone() -> None:
    """Decision (sources silent at five; Quadrille lets the caller call his own king and play
    alone): the Ombre knows at once, the others when the king falls."""
    deal = scripted_five(
        order(0, 0, 1, OMBRE, 3, 4, 0, 0),
        opening=("play", "pass", "pass", "pass", "pass", "trump s", "call Kh"),
    )
    assert deal.partner == OMBRE
    s = settle(deal)
    assert s.side == (OMBRE,) and s.partner == OMBRE


@pytest.mark.parametrize("seed", range(12))
def test_views_name_the_partner_only_to_those_who_may_know(seed: int) -> None:
    deal = Deal.from_seed(FIVE, seed, dealer=seed % 5)
    rng = random.Random(seed)

    def each(position: Deal) -> None:
        for seat in range(5):
            check_partner_in_view(position, seat, view_of(position, seat))

    random_playout(deal, rng, each)


# ---- outcomes and payments, by hand --------------------------------------------------------------
#
# Called game, single stakes: the pool holds 5 (one from each).
#   win:     CG "the Ombre takes up two of the three Counters, and the Friend one": the Ombre takes
#            3 of the 5 (his own and two), the partner 2 (his own and one): +2, +1, -1 x 3.
#   remise:  CG "the first puts down two Counters, and the other one": -1-2, -1-1, -1 x 3; 8 stay.
#   codille: CG "the other three Players have a Right to take up each of them one Counter", "and
#            the remaining two are to be played for in the following Deal": -1, -1, 0 x 3; 2 stay.

CALLED = {  # trick winners; outcome; payments (Ombre, partner, each defender); pool left
    # five tricks between them (Ombre 4, partner 1)
    "win 5": (order(0, 0, 1, PARTNER, 0, 3, 4, 0), "sacada", (2, 1, -1), 0),
    # seven
    "win 7": (order(0, 0, 0, PARTNER, 0, 3, PARTNER, 0), "sacada", (2, 1, -1), 0),
    "remise": (order(0, 0, 1, PARTNER, 3, 4, 1, 0), "repuesto", (-3, -2, -1), 8),
    "codille 3": (order(0, 1, 1, PARTNER, 3, 4, 1, 0), "codille", (-1, -1, 0), 2),
    "codille 1": (order(1, 1, 1, PARTNER, 3, 4, 1, 3), "codille", (-1, -1, 0), 2),
}


@pytest.mark.parametrize("case", sorted(CALLED))
def test_called_games_pay_as_the_court_gamester_says(case: str) -> None:
    winners, outcome, (ombre, partner, defender), pool_out = CALLED[case]
    deal = scripted_five(winners)
    s = settle(deal)
    assert (s.outcome, s.side, s.partner, s.codille_winner) == (outcome, (0, 2), 2, None)
    assert list(s.payments) == [ombre, defender, partner, defender, defender]
    assert s.pool_out == pool_out
    assert sum(s.payments) + s.pool_out - s.pool_in == 0


def test_even_counters_are_divided_equally_and_the_odd_one_is_the_ombres() -> None:
    """CG: "When the Counters happen to be even, they equally divide them"; with beasts on the
    board, "the Ombre and the auxiliary King equally divide the Spoil; and if the Number is odd
    ... the odd one belongs to the Ombre". Three lie from a remise: 3 + 5 = 8, four each."""
    deal = scripted_five(order(0, 0, 1, PARTNER, 0, 3, 4, 0), pool_in=3)
    s = settle(deal)
    assert [t.amount for t in s.transfers if t.payer is POOL] == [4, 4]
    assert list(s.payments) == [3, -1, 3, -1, -1] and s.pool_out == 0
    odd = settle(scripted_five(order(0, 0, 1, PARTNER, 0, 3, 4, 0), pool_in=4))
    assert [t.amount for t in odd.transfers if t.payer is POOL] == [5, 4]


VOLE = {"t1": 0, "t2": 0, "c": 0, "h2": 0, "d1": 0, "h1": PARTNER, "d2": 0, "last": 0}
"""The Ombre wins the first five tricks, leads to the sixth and his partner's king wins it."""


def test_a_declared_vole_with_a_partner() -> None:
    """CG: "If the Ombre, having called a King, happens to win the Vole, he receives two Counters
    from each of the Defendants". The Ombre declares it after his fifth trick (decision, as at
    Quadrille: having won the game's tricks, before leading to the next); the side takes all
    eight. Ombre: -1 + 3 + 3 x 2 = +8; partner -1 + 2 = +1; each defender -1 - 2 = -3."""
    deal = scripted_five(VOLE, vole_before=6)
    s = settle(deal)
    assert s.vole and s.vole_declared and s.outcome == "sacada"
    assert list(s.payments) == [8, -3, 1, -3, -3] and s.pool_out == 0


def test_a_vole_not_declared_pays_only_the_game() -> None:
    s = settle(scripted_five(VOLE))
    assert s.vole and not s.vole_declared
    assert list(s.payments) == [2, -1, 1, -1, -1]


# Sans prendre, single stakes. CG: "If he wins, he has two Counters paid him for the
# Sans-prendre, by each of the defendants, and as much for each of the three Matadores, if he had
# them"; "of the five Counters that are down, besides his Due for the Sans-prendre, draws only two
# of the Counters, and by consequence there remain three".

SANS_PRENDRE = ("sans-prendre", "pass", "pass", "pass", "pass", "trump s")


def test_sans_prendre_won_draws_two_and_is_paid_two_by_each() -> None:
    # the Ombre wins t1 (As), c, h1, d1, d2: five alone; no three matadors (2s elsewhere)
    deal = scripted_five(order(0, 1, 0, 0, 3, 0, 0, 4), opening=SANS_PRENDRE)
    s = settle(deal)
    assert (s.outcome, s.side, s.matadors) == ("sacada", (0,), 0)
    # -1 stake + 2 drawn + 4 x 2 = +9; each other -1 - 2 = -3; three stay in the pool
    assert list(s.payments) == [9, -3, -3, -3, -3] and s.pool_out == 3


def test_sans_prendre_with_the_matadors_and_no_more_for_a_longer_run() -> None:
    """The three matadors pay two each from each defender: 4 x 6 = 24 more. Punto and kings below
    them would add nothing (CG: "should all his eight Cards have been Sequents of Matadores, he
    must expect no more")."""
    # the Ombre holds As (t1), 2s (t2) and Ac (last): wins t1, t2, c, h1, last
    deal = scripted_five(order(0, 0, 0, 0, 1, 3, 4, 0), opening=SANS_PRENDRE)
    s = settle(deal)
    assert s.matadors == 3
    assert list(s.payments) == [9 + 24, -9, -9, -9, -9] and s.pool_out == 3


def test_sans_prendre_lost_pays_each_and_beasts_or_gives_codille() -> None:
    """Decisions (CG silent on a lost sans prendre at five): he pays each the two counters he would
    have had, as by three (CG, MOR); a remise puts down the side's whole beast, 2 + 1; at codille
    each of the four takes up one."""
    remise = settle(scripted_five(order(0, 1, 0, 0, 3, 0, 4, 1), opening=SANS_PRENDRE))
    assert remise.outcome == "repuesto"
    assert list(remise.payments) == [-1 - 3 - 8, 1, 1, 1, 1] and remise.pool_out == 8
    codille = settle(scripted_five(order(0, 1, 0, 2, 3, 4, 1, 2), opening=SANS_PRENDRE))
    assert codille.outcome == "codille"
    assert list(codille.payments) == [-1 - 8, 2, 2, 2, 2] and codille.pool_out == 1


def test_matadors_are_not_paid_in_a_called_game() -> None:
    """Decision: CG names the matadors' payment only with sans prendre."""
    deal = scripted_five(order(0, 0, 1, PARTNER, 0, 3, 4, 0))
    assert settle(deal).matadors == 0


# ---- records, narration, the command line -------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_records_round_trip(seed: int) -> None:
    deal = Deal.from_seed(FIVE, seed, dealer=seed % 5)
    random_playout(deal, random.Random(seed))
    record = to_record(deal)
    assert record["rules"] == "five" and record["stock"] == [] and len(record["hands"]) == 5
    actions = record["actions"]
    if "trump" in " ".join(actions) and deal.contract == Act.PLAY:
        at = next(i for i, a in enumerate(actions) if a.startswith("trump"))
        assert actions[at + 1].startswith("call K")  # right after the trump
    again = replay(json.loads(json.dumps(record)))
    assert to_record(again) == record and settle(again) == settle(deal)
    assert to_record(loads(dumps(deal))) == record


def test_the_log_tells_the_call_and_the_fall_of_the_king() -> None:
    deal = scripted_five(order(0, 0, 1, PARTNER, 0, 3, 4, 0))
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    log = Narrator(names, 1).log(view_of(deal, 1))
    assert f"{names[0]} calls the king of hearts." in log
    assert any(f"The king of hearts falls: {names[2]} is the Ombre's partner." in x for x in log)
    text = " ".join(Narrator(names, 2).log(view_of(deal, 2)))
    assert "You hold the king of hearts: you are the Ombre's partner, in secret." in text
    assert "you are the Ombre's partner" not in " ".join(log)
    result = Narrator(names, 1).result_text(settle(deal))
    assert "held the king of hearts" in result and "5 tricks of 8" in result


def test_the_command_line_plays_and_simulates_five() -> None:
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--rules", "five", "--seed", "3"])
    assert cmd_play(args, out, lambda prompt: "n" if prompt.startswith("Next") else "0") == 0
    assert "Ombre by five" in out.getvalue() and "Ledger:" in out.getvalue()
    printed = io.StringIO()
    assert main(["simulate", "--rules", "five", "--games", "20"], printed) == 0
    report = json.loads(printed.getvalue())
    assert report["rules"] == "five" and sum(report["outcomes"].values()) == 20


# ---- whole deals by the rule players: sessions and the bridge -----------------------------------


def test_whole_sessions_of_five_by_the_rule_players() -> None:
    session = play_sessions(FIVE, {"sacada", "repuesto", "codille"}, 80)
    assert session.names == ["Belinda", "The Baron", "Sir Plume", "Thalestris", "Clarissa"]


@pytest.fixture
def fresh_bridge() -> Iterator[None]:
    bridge._session = None
    yield
    bridge._session = None


def snapshot_cards(snap: dict[str, Any]) -> set[str]:
    codes = {card["code"] for card in snap["hand"]}
    codes |= {entry["card"]["code"] for entry in snap["trick"]["cards"]}
    if snap["last_trick"]:
        codes |= {entry["card"]["code"] for entry in snap["last_trick"]["cards"]}
    return codes


@pytest.mark.usefixtures("fresh_bridge")
@pytest.mark.parametrize("human", range(5))
def test_a_whole_deal_of_five_through_the_bridge(human: int) -> None:
    """The person takes the first legal option; no snapshot shows a hidden card, nor names the
    partner (as role or in the partnership) before the person may know him."""
    snap = json.loads(
        bridge.new_session(json.dumps({"rules": "five", "seed": 40 + human, "human": human}))
    )
    assert snap["ok"] and snap["rules"]["seats"] == 5 and len(snap["seats"]) == 5

    def each(snap: dict[str, Any]) -> None:
        session = bridge._session
        assert session is not None
        deal = session.deal
        assert not snapshot_cards(snap) & names(hidden_from(deal, human))
        knows = deal.partner is not None and (
            human == deal.partner or bool(deal.played_cards() >> (deal.called or 0) & 1)
        )
        roles = [s["role"] for s in snap["seats"]]
        if deal.called is not None:
            assert snap["partnership"]["called"]["code"] == format_action(deal.called)
            assert snap["partnership"]["partner"] == (deal.partner if knows else None)
            if not knows:
                assert "partner" not in roles
                assert roles.count(None) == (3 if human != deal.ombre else 4)
            elif deal.partner != deal.ombre:
                assert roles[deal.partner or 0] == "partner"

    snap = play_bridge_deal(snap, each=each, most=300)
    assert snap["result"]["outcome"] in {"sacada", "codille", "repuesto"}
    assert bridge._session is not None
    assert snap["result"]["partner"] == bridge._session.deal.partner
    record = json.loads(bridge.export_record())["record"]
    assert len(record["actions"]) >= 5 + 1 + 40


def test_get_rules_names_five() -> None:
    assert get_rules("five") is FIVE
    assert FIVE.pack == FULL_PACK
