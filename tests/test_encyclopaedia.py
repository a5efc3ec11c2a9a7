"""The encyclopaedia preset: ENC's own readings, each exercised, the payments worked by hand.

ENC (seed 004) condenses the 1660 pamphlet (RG) and reads three rules its own way, which the
preset ``encyclopaedia`` plays (``ombre_core/rules.py``):

* the first who chooses to play is the Ombre: "has his choice of playing the game ... and after him
  the second, &c." with no offer of sans prendre over him (``Rules.overcall``);
* "one of the lesser for passing for the hand, when eldest": only the eldest's pass costs a lesser
  counter, and there is no separate fee for the hand (``pass_fee_eldest_only``, reading R2);
* "the others pay three of the greater counters a-piece" for the three matadors, "and ... one
  counter a-piece" for each further trump of the run (``matador_base``, reading B);
* "if he does not name the trump before he looks on the cards he has taken in, any other may
  prevent him, by naming what trump he pleases" (``trump_named_late``; RG Addition 2 says the same,
  but the 1660 preset keeps asking for the trump first, as it always has).

Seats: dealer 2, so seat 0 is the eldest and speaks first. Amounts in lesser counters, 12 to a
greater; each player stakes 12 into an empty pool.
"""

from __future__ import annotations

import random

import pytest
from ombre_helpers import MAX_ACTIONS, act, scripted_deal

from ombre_core import actions as A
from ombre_core.actions import Act
from ombre_core.bots import make_player
from ombre_core.cards import cards_of, format_card
from ombre_core.errors import IllegalAction
from ombre_core.narrate import Narrator
from ombre_core.record import dumps, loads
from ombre_core.rules import PRESETS, RULES_1660, RULES_ENCYCLOPAEDIA, Rules
from ombre_core.scoring import entry_transfers, settle
from ombre_core.session import Session
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of

ENC = RULES_ENCYCLOPAEDIA


def new_deal(rules: Rules = ENC, seed: int = 5) -> Deal:
    return Deal.from_seed(rules, seed, dealer=2)


# ---- the auction: the first who chooses to play is the Ombre ----------------------------------


@pytest.mark.parametrize("contract", ["play", "sans-prendre"])
def test_the_eldest_who_plays_is_the_ombre_and_nobody_else_speaks(contract: str) -> None:
    deal = act(new_deal(), contract)
    assert deal.ombre == 0 and deal.contract == (
        Act.PLAY if contract == "play" else Act.SANS_PRENDRE
    )
    assert deal.phase_name == "exchange" and deal.to_move == 0
    assert deal.bids[1] is None and deal.bids[2] is None  # they never spoke
    assert Act.SANS_PRENDRE not in deal.legal_actions()


def test_after_the_eldest_passes_the_second_has_the_choice_and_the_third_no_say() -> None:
    """ENC "and after him the second, &c."; under RG the dealer could still offer sans prendre."""
    deal = act(new_deal(), "pass", "play")
    assert deal.ombre == 1 and deal.phase == Phase.DISCARD and deal.bids[2] is None
    rg = act(new_deal(RULES_1660), "pass", "play")
    assert rg.phase == Phase.AUCTION and rg.to_move == 2
    assert rg.legal_actions() == [Act.PASS, Act.SANS_PRENDRE]


def test_a_late_offer_of_sans_prendre_is_refused() -> None:
    deal = act(new_deal(), "play")
    with pytest.raises(IllegalAction):
        deal.apply("sans-prendre")


def test_the_third_hand_may_take_the_game_when_both_pass() -> None:
    deal = act(new_deal(), "pass", "pass", "sans-prendre")
    assert deal.ombre == 2 and deal.phase == Phase.TRUMP_CHOICE


# ---- passing: a lesser counter only when the eldest passes -------------------------------------


def test_all_pass_the_eldest_alone_pays_for_passing() -> None:
    """Stakes 12 each into the empty pool, and 1 lesser counter for the eldest's pass: no fee for
    the hand (R2), the two others pass for nothing. RG (1660 preset) takes 1 for the hand and 1
    for every pass: 36 + 1 + 3."""
    deal = act(new_deal(), "pass", "pass", "pass")
    result = settle(deal)
    assert result.outcome == "passed"
    assert result.payments == (-13, -12, -12) and result.pool_out == 37
    assert settle(act(new_deal(RULES_1660), "pass", "pass", "pass")).pool_out == 40


def test_only_the_eldest_pass_is_in_the_entry() -> None:
    deal = act(new_deal(), "pass", "pass", "play")
    fees = [(t.payer, t.amount) for t in entry_transfers(deal) if t.reason == "pass"]
    assert fees == [(0, 1)]
    assert not [t for t in entry_transfers(deal) if t.reason == "eldest"]


# ---- the matadors: three greater counters for the three, a lesser one for each trump after ----


def test_three_matadors_sacada_worked_by_hand() -> None:
    """Seat 0 asks (the auction ends there), takes in one card, holds As 2s Ac (spades trump, no
    Ks) and wins 5-2-2. Pool: 36 stakes + 1 for the card taken in = 37, no pass paid. Matadors:
    36 from each. Ombre: -12 - 1 + 37 + 72 = +96; each defender: -12 - 36 = -48."""
    deal = scripted_deal(ENC, [0, 0, 1, 1, 2, 2], ombre_trumps=3)
    result = settle(deal)
    assert result.outcome == "sacada" and result.matadors == 3
    assert result.payments == (96, -48, -48) and result.pool_out == 0
    paid = [(t.payer, t.amount) for t in result.transfers if t.reason == "matadors"]
    assert paid == [(1, 36), (2, 36)]


def test_four_matadors_one_lesser_counter_for_the_fourth() -> None:
    """As 2s Ac Ks: 36 + 1 = 37 from each (the 1660 preset: 4 greater, 48). Ombre: -13 + 37 +
    74 = +98; defenders -12 - 37 = -49."""
    deal = scripted_deal(ENC, [0, 1, 1, 1, 2], ombre_trumps=4)
    result = settle(deal)
    assert result.matadors == 4
    assert result.payments == (98, -49, -49)
    assert ENC.matador_payment(4) == 37 and RULES_1660.matador_payment(4) == 48


def test_matadors_are_received_even_at_codille() -> None:
    """ENC: "the others pay", whatever the game (RG Addition 4 likewise). Codille to seat 1
    (3-4-2): he takes the pool of 37 and the Ombre makes it good. Ombre: -12 - 1 - 37 + 72 = +22;
    seat 1: -12 + 37 - 36 = -11; seat 2: -12 - 36 = -48; 37 stays in the pool."""
    deal = scripted_deal(ENC, [1, 1, 1, 1, 2, 2], ombre_trumps=3)
    result = settle(deal)
    assert result.outcome == "codille" and result.codille_winner == 1
    assert result.payments == (22, -11, -48) and result.pool_out == 37


def test_sans_prendre_keeps_the_pamphlets_greater_counter() -> None:
    """ENC names sans prendre but not its price: RG's one greater counter from each. Pool 36 (no
    card taken in, no pass). Ombre: -12 + 36 + 2 * 12 + 2 * 36 = +120; defenders -12 - 12 - 36."""
    deal = scripted_deal(ENC, [0, 0, 1, 1, 2, 2], ombre_trumps=3, contract="sans-prendre")
    assert settle(deal).payments == (120, -60, -60)


# ---- the preset as a whole ------------------------------------------------------------------


def test_the_other_presets_keep_the_pamphlets_readings() -> None:
    for rules in PRESETS.values():
        if rules is ENC:
            continue
        assert rules.overcall and not rules.pass_fee_eldest_only and rules.matador_base is None


def test_random_deals_end_and_balance() -> None:
    rng = random.Random(4)
    for seed in range(300):
        deal = Deal.from_seed(ENC, seed, seed % 3, pool_in=seed % 4 * 5)
        steps = 0
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
            steps += 1
            assert steps <= MAX_ACTIONS
        result = settle(deal)
        assert sum(result.payments) + result.pool_out == result.pool_in


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_the_computer_players_play_whole_deals(level: str) -> None:
    players = [make_player(level) for _ in range(3)]
    session = Session(ENC, 8, human=None)
    for _ in range(4):
        rng = random.Random(session.number)
        deal = session.deal
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            session.apply(players[seat].choose(view_of(deal, seat), rng))
        session.next_deal()
    assert sum(session.ledger.balances) + session.ledger.pool == 0


# ---- a trump not named before looking may be named by another -----------------------------------


def _asked_and_discarded(rules: Rules = ENC, seed: int = 5) -> Deal:
    """Seat 0 (eldest) asks and lays out his two lowest cards: the trump is still to be named."""
    deal = act(new_deal(rules, seed), "play")
    while deal.phase_name == "auction":  # under RG the others speak too
        deal.apply("pass")
    low = list(cards_of(deal.hands[0]))[-2:]
    return act(deal, "discard " + " ".join(format_card(c) for c in low))


def test_the_ombre_may_take_in_before_naming_only_where_the_rules_say() -> None:
    assert Act.DRAW in _asked_and_discarded().legal_actions()
    assert Act.DRAW not in _asked_and_discarded(RULES_1660).legal_actions()
    sans_prendre = act(new_deal(), "sans-prendre")  # nothing to take in: nothing to look at
    assert sans_prendre.phase == Phase.TRUMP_CHOICE and Act.DRAW not in sans_prendre.legal_actions()


def test_a_wrong_word_while_the_trump_waits_says_what_may_be_said() -> None:
    """Where the Ombre may take in first, a wrong word names both his choices; after his draw, a
    defender's wrong word says the trump is to be named or passed. Nothing changes either time."""
    deal = _asked_and_discarded()
    with pytest.raises(IllegalAction, match=r"or takes in first \('draw'\)"):
        deal.apply("pass")
    assert deal.phase == Phase.TRUMP_CHOICE and deal.to_move == 0
    deal.apply("draw")
    with pytest.raises(IllegalAction, match="took in without naming the trump"):
        deal.apply("sans-prendre")
    assert deal.phase == Phase.LATE_TRUMP and deal.to_move == 1 and deal.trump is None


def test_after_the_draw_the_defenders_may_name_the_trump_from_his_right() -> None:
    deal = _asked_and_discarded()
    top = set(deal.stock_left[:2])
    event = deal.apply("draw")
    assert event.taken == 2 and {c for c in cards_of(event.drawn)} == top
    assert top <= set(cards_of(deal.hands[0]))  # he has looked at them
    assert deal.phase == Phase.LATE_TRUMP and deal.trump is None and deal.to_move == 1
    assert deal.legal_actions() == [
        Act.TRUMP,
        Act.TRUMP + 1,
        Act.TRUMP + 2,
        Act.TRUMP + 3,
        Act.PASS,
    ]
    assert view_of(deal, 1).events[-1].drawn == 0  # the others do not see what he drew
    deal.apply("trump h")  # the defender on his right names hearts
    assert deal.trump == 2 and deal.ombre == 0
    assert deal.phase == Phase.DISCARD and deal.to_move == 1  # the exchange goes on
    log = Narrator(["Ann", "Bob", "Cy"], None).log(view_of(deal, 2))
    assert any("Bob names hearts trumps." in line for line in log)
    assert any("Ann takes in 2. The trump was not named first" in line for line in log)


def test_if_both_defenders_let_it_pass_the_ombre_names_it() -> None:
    deal = act(_asked_and_discarded(), "draw", "pass")
    assert deal.to_move == 2 and Act.PASS in deal.legal_actions()
    deal.apply("pass")
    assert deal.to_move == 0 and deal.legal_actions() == [Act.TRUMP + s for s in range(4)]
    with pytest.raises(IllegalAction, match="must name it now"):
        deal.apply("pass")
    deal.apply("trump c")
    assert deal.trump == 1 and deal.to_move == 1 and deal.phase == Phase.DISCARD


def test_the_second_defender_may_name_it_when_the_first_passes() -> None:
    deal = act(_asked_and_discarded(), "draw", "pass", "trump d")
    assert deal.trump == 3 and deal.phase == Phase.DISCARD and deal.to_move == 1


def test_a_deal_with_a_late_trump_records_and_replays() -> None:
    rng = random.Random(2)
    deal = act(_asked_and_discarded(), "draw", "trump s")
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    text = dumps(deal)
    assert '"draw"' in text
    again = loads(text)
    assert settle(again) == settle(deal)
    assert A.parse_action("draw") == Act.DRAW and A.format_action(Act.DRAW) == "draw"


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_the_computer_players_name_first_and_answer_a_late_trump(level: str) -> None:
    """No computer Ombre takes in before naming; computer defenders name a suit for one who
    did, and the deal plays to its end."""
    player = make_player(level)
    deal = _asked_and_discarded()
    view = view_of(deal, 0)
    assert A.is_trump(player.choose(view, random.Random(1)))
    deal.apply("draw")
    choice = player.choose(view_of(deal, 1), random.Random(1))
    assert A.is_trump(choice)
    deal.apply(choice)
    rng = random.Random(3)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(player.choose(view_of(deal, seat), rng))
    assert settle(deal).ombre == 0
