"""Naming the trump and the exchange ("taking in"), what the stock shows, and the vole window.

Sources: compendium ``ombre-rules.md`` §6.1-§6.2, §15 #8, #11-#14, #24; RG1660 ("Of taking in",
Addition 2: name the trump "before you look on the Cards which you have taken in"; the leftover
stock "which the Table lead once, usually is done"), CG ("Ombre first, then the player on his
right, then the third").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import (
    act,
    deal_from,
    m,
    names,
    play_tricks,
    scripted_deal,
    scripted_tricks,
    snapshot,
)

from ombre_core import actions as A
from ombre_core.actions import Act
from ombre_core.cards import mask_of, parse_cards
from ombre_core.errors import IllegalAction
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.state import Deal
from ombre_core.views import view_of

PRESETS = pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])

HANDS = [
    "As 2s Ac Ks Kc Kh Qh 7c 7h",
    "Qs Js 7s 6s Kd Qd 2c 3c 7d",
    "5s 3s 4c Jc Jh 6h 5h 2d 3d",
]
STOCK = ["5d 6d 4s Jd Ah 4h 3h Qc 6c 5c 2h Ad 4d"]  # top first


def belinda_start(rules: Rules, dealer: int = 2) -> Deal:
    return deal_from(rules, HANDS, STOCK, dealer=dealer)


@PRESETS
@pytest.mark.parametrize("ombre", [0, 1, 2])
def test_exchange_order_ombre_then_his_right_then_the_other(rules: Rules, ombre: int) -> None:
    """CG: "Ombre first, then the player on his right, then the third"; RG "after him the second"
    (compendium §6.2 step 2, §15 #11). Seats are numbered to the right."""
    deal = belinda_start(rules)
    for seat in range(3):
        deal.apply("play" if seat == ombre else "pass")
    order = [deal.to_move]
    hand = deal.hands[ombre]
    deal.apply(A.discard_action(hand & -hand))  # any one card of his
    deal.apply("trump s")
    while deal.phase_name == "exchange":
        order.append(deal.to_move)
        deal.apply("discard")
    assert order == [ombre, (ombre + 1) % 3, (ombre + 2) % 3]
    assert deal.phase_name == "play"


@PRESETS
def test_the_trump_is_named_before_the_draw(rules: Rules) -> None:
    """RG1660 Addition 2: name the trump "before you look on the Cards which you have taken in";
    MOR: "before he deals to himself from the pack ... he must name the trump suit"."""
    deal = act(belinda_start(rules), "play", "pass", "pass", "discard 7c 7h")
    assert deal.phase_name == "exchange" and deal.to_move == 0
    assert deal.legal_actions() == [A.trump_action(s) for s in range(4)]
    view = view_of(deal, 0)
    assert view.hand == m("As 2s Ac Ks Kc Kh Qh")  # seven cards: nothing drawn yet
    assert view.hand_counts == (7, 9, 9)
    assert view.stock_count == 13
    with pytest.raises(IllegalAction, match="name the trump"):
        deal.apply("discard 7c")
    deal.apply("trump s")
    assert deal.hands[0] == m("As 2s Ac Ks Kc Kh Qh 5d 6d")
    assert deal.trump == 0


@PRESETS
def test_an_asking_ombre_must_discard_at_least_one(rules: Rules) -> None:
    """Compendium §15 #8: an asking Ombre takes in at least one card (RG "as many or as few")."""
    deal = act(belinda_start(rules), "play", "pass", "pass")
    assert deal.discard_bounds(0) == (1, 9)
    assert Act.DISCARD not in deal.legal_actions()
    before = snapshot(deal)
    with pytest.raises(IllegalAction, match="at least 1"):
        deal.apply("discard")
    assert snapshot(deal) == before
    sizes = {A.discard_mask(a).bit_count() for a in deal.legal_actions()}
    assert sizes == set(range(1, 10))
    assert len(deal.legal_actions()) == 2**9 - 1  # every non-empty subset of nine cards


@PRESETS
def test_defenders_may_take_none_or_up_to_what_is_left(rules: Rules) -> None:
    """Compendium §6.2 step 2 and §15 #12: ``0 <= k <= min(9, stock_left)``."""
    deal = act(belinda_start(rules), "play", "pass", "pass", "discard 7c 7h Kc Kh Qh", "trump s")
    assert len(deal.stock_left) == 8
    assert deal.discard_bounds(1) == (0, 8)
    with pytest.raises(IllegalAction, match="at most 8"):
        deal.apply(A.discard_action(deal.hands[1]))  # all nine
    deal.apply("discard Qs Js 7s 6s Kd Qd 2c 3c")
    assert deal.stock_left == ()
    assert deal.discard_bounds(2) == (0, 0)
    assert deal.legal_actions() == [Act.DISCARD]


@PRESETS
def test_draws_come_off_the_top_of_the_stock_in_order(rules: Rules) -> None:
    """rape-of-the-lock.md §3.2: stock top first 5d 6d 4s Jd Ah 4h 3h ...; Belinda draws 5d 6d,
    the Baron 4s Jd Ah, the third 4h 3h (compendium §6.2 step 2: "the top k cards")."""
    deal = act(
        belinda_start(rules),
        "play", "pass", "pass", "discard 7c 7h", "trump s", "discard 2c 3c 7d", "discard 2d 3d",
    )  # fmt: skip
    assert names(deal.hands[0]) == {"As", "2s", "Ac", "Ks", "Kc", "Kh", "Qh", "5d", "6d"}
    assert names(deal.hands[1]) == {"Qs", "Js", "7s", "6s", "4s", "Kd", "Qd", "Jd", "Ah"}
    assert names(deal.hands[2]) == {"5s", "3s", "4c", "Jc", "Jh", "6h", "5h", "4h", "3h"}
    assert deal.stock_left == tuple(parse_cards("Qc 6c 5c 2h Ad 4d"))
    assert deal.taken == [2, 3, 2]
    assert deal.discards == [m("7c 7h"), m("2c 3c 7d"), m("2d 3d")]
    assert deal.phase_name == "play" and deal.to_move == 0  # the eldest leads (§15 #16)
    # each seat's view says which cards it took in, and no other seat's
    assert [view_of(deal, s).drawn for s in range(3)] == [m("5d 6d"), m("4s Jd Ah"), m("4h 3h")]


@PRESETS
def test_a_sans_prendre_ombre_names_the_trump_then_the_defenders_exchange(rules: Rules) -> None:
    """CG: "if sans prendre, discarding starts with the player on the Ombre's right" (§6.1)."""
    deal = act(belinda_start(rules), "pass", "sans-prendre", "pass")
    assert deal.to_move == 1 and deal.legal_actions() == [A.trump_action(s) for s in range(4)]
    deal.apply("trump d")
    assert deal.to_move == 2  # his right
    assert deal.discard_bounds(2) == (0, 9)  # the first defender may change all nine (MOR)
    deal.apply(A.discard_action(deal.hands[2]))
    assert deal.to_move == 0
    assert deal.discard_bounds(0) == (0, 4)
    deal.apply("discard 7c 7h")
    assert deal.phase_name == "play" and deal.to_move == 0
    assert deal.taken == [2, 0, 9]


@PRESETS
def test_the_ombre_sees_only_his_own_discard(rules: Rules) -> None:
    """Compendium §15 #14: "own discard only"; others' discards show as a count."""
    deal = act(
        belinda_start(rules),
        "play", "pass", "pass", "discard 7c 7h", "trump s", "discard 2c 3c 7d", "discard 2d 3d",
    )  # fmt: skip
    view = view_of(deal, 0)
    assert view.discards == m("7c 7h")
    assert (1, "discard #3") in view.history and (2, "discard #2") in view.history
    assert (0, "discard 7c 7h") in view.history
    assert view_of(deal, 1).discards == m("2c 3c 7d")


def test_1660_the_stock_is_seen_after_the_first_lead() -> None:
    """RG1660: whether any may look on the cards left in the stock, "which the Table lead once,
    usually is done" (compendium §15 #13: visible to all after the first lead)."""
    deal = act(
        belinda_start(RULES_1660),
        "play", "pass", "pass", "discard 7c 7h", "trump s", "discard 2c 3c 7d", "discard 2d 3d",
    )  # fmt: skip
    assert all(view_of(deal, s).stock_seen is None for s in range(3))
    deal.apply("As")
    left = tuple(parse_cards("Qc 6c 5c 2h Ad 4d"))
    assert all(view_of(deal, s).stock_seen == left for s in range(3))
    assert view_of(deal, 1).unseen() & mask_of(left) == 0


def test_classic_the_stock_stays_face_down() -> None:
    """CG: the remainder is placed in the middle (compendium §15 #13 classic: "face down, not
    viewable")."""
    deal = act(
        belinda_start(RULES_CLASSIC),
        "play", "pass", "pass", "discard 7c 7h", "trump s", "discard 2c 3c 7d", "discard 2d 3d",
        "As", "4s", "3s",
    )  # fmt: skip
    for seat in range(3):
        view = view_of(deal, seat)
        assert view.stock_seen is None
        assert view.stock_count == 6
        assert view.unseen() & m("Qc 6c 5c 2h Ad 4d") == m("Qc 6c 5c 2h Ad 4d")


# ---- the vole window ---------------------------------------------------------------------------

ALL_OMBRE = [0] * 9


def test_1660_vole_declared_before_the_fifth_trick() -> None:
    """RG1660 "Of the Voll": "you are to declare before the fifth Trick" (compendium §15 #24:
    "must declare before trick 5 is led")."""
    deal = scripted_deal(RULES_1660, ALL_OMBRE, finish=False)
    assert Act.VOLE in deal.legal_actions()  # at the first lead
    tricks = scripted_tricks(ALL_OMBRE)
    play_tricks(deal, tricks[:4])
    assert deal.to_move == 0 and not deal.trick
    assert Act.VOLE in deal.legal_actions()  # still before the fifth trick is led
    deal.apply(tricks[4][0])
    assert Act.VOLE not in deal.legal_actions()  # the fifth trick is under way
    play_tricks(deal, [tricks[4]])
    assert Act.VOLE not in deal.legal_actions()
    with pytest.raises(IllegalAction, match="vole"):
        deal.apply("vole")


def test_1660_no_vole_once_a_trick_is_lost() -> None:
    """The vole is all nine tricks: once the Ombre has lost one it cannot be declared."""
    deal = scripted_deal(RULES_1660, [1, 0, 0, 0, 0, 0, 0, 0, 0], finish=False)
    play_tricks(deal, scripted_tricks([1, 0, 0, 0, 0, 0, 0, 0, 0])[:1])
    assert deal.tricks_won == [0, 1, 0]
    assert Act.VOLE not in deal.legal_actions()


def test_1660_only_the_ombre_declares() -> None:
    winners = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    deal = scripted_deal(RULES_1660, winners, finish=False)
    deal.apply(scripted_tricks(winners)[0][0])
    assert deal.to_move == 1
    assert Act.VOLE not in deal.legal_actions()


def test_classic_vole_declared_after_winning_five() -> None:
    """HOY (Quadrille), compendium §15 #24 classic: "declare when the Ombre has won 5 tricks and
    leads again"."""
    deal = scripted_deal(RULES_CLASSIC, ALL_OMBRE, finish=False)
    tricks = scripted_tricks(ALL_OMBRE)
    for n in range(5):
        assert Act.VOLE not in deal.legal_actions(), f"before trick {n + 1}"
        play_tricks(deal, [tricks[n]])
    assert deal.tricks_won[0] == 5 and deal.to_move == 0
    assert Act.VOLE in deal.legal_actions()
    deal.apply(tricks[5][0])
    assert Act.VOLE not in deal.legal_actions()


@given(
    st.sets(st.integers(0, 39), max_size=12),
    st.integers(0, 12),
    st.integers(0, 12),
)
@settings(max_examples=300, deadline=None)
def test_the_discards_listed_are_every_subset_in_bounds_largest_first(
    cards: set[int], low: int, span: int
) -> None:
    """state._discards (a cached table of positions) lists exactly what walking every subset of
    the hand lists, in the same order: the order bots and records rely on."""
    from ombre_core.state import _discards

    hand = sum(1 << c for c in cards)
    high = min(low + span, len(cards))
    walked = []
    sub = hand
    while True:
        if low <= sub.bit_count() <= high:
            walked.append(Act.DISCARD | sub)
        if sub == 0:
            break
        sub = (sub - 1) & hand
    assert _discards(hand, low, high) == walked
