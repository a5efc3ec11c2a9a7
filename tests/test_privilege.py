"""Following suit and the matadors' privilege, and the pamphlet's Tenaces.

Sources: compendium ``ombre-rules.md`` §3.1-§3.2 (the privilege, with RG1660, ENC, EB1911 and HOY),
§7 (following), §15 #17-#18; RG1660 "Of playing Trumps" and "Of the Tenaces" (seed 000).

Every position is reached from a real deal: seat 0 (eldest) plays sans prendre in spades with the
hands given, the defenders keep their cards, and the tricks are played through ``Deal.apply``.
"""

from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import HYPOTHESIS, act, names, play_tricks, sans_prendre_deal

from ombre_core.cards import ALL_SUITS, PACK_SIZE, mask_of
from ombre_core.errors import IllegalAction
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.state import Deal
from ombre_core.tricks import legal_cards, legal_reads

PRESETS = pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])

# Filler hands: clubs, hearts and diamonds only (no trumps with spades named).
OMBRE = "Ks Qs Js 7s Kc Qc Kh Qh Kd"  # leads a trump; holds ordinary trumps


def legal(deal: Deal) -> set[str]:
    return names(deal.legal_cards())


def position(rules: Rules, lead: str, second: str, third: str) -> Deal:
    """Seat 0 (the Ombre, holding ordinary trumps) leads ``lead``; seat 1 is to play."""
    deal = sans_prendre_deal(rules, [OMBRE, second, third], "s")
    deal.apply(lead)
    return deal


def opened(rules: Rules, hands: list[str], trump: str, lead: str) -> Deal:
    """Seat 0 plays sans prendre with ``hands`` as dealt, names ``trump`` and leads ``lead``."""
    deal = sans_prendre_deal(rules, hands, trump)
    deal.apply(lead)
    return deal


@PRESETS
def test_ordinary_trump_led_holder_of_only_matadors_may_play_anything(rules: Rules) -> None:
    """RG1660: "if any plays an ordinary Trump, and you have onely the three best Cards, or
    Matadors, singly, or conjointly in your hands, you may refuse to play them, without
    Renouncing" (compendium §3.1; §3.2 "all held matadors outrank the lead: free")."""
    second = "2s Jc 7c 6c Jh 7h 6h Jd 7d"  # Manille alone
    deal = position(rules, "Ks", second, "As Ac 5c 4c 5h 4h 3h 5d 4d")
    assert legal(deal) == set(second.split())
    deal.apply("Jc")  # refusing the Manille is no renounce
    # the third holds Spadille and Basto, no ordinary trump: free as well
    assert legal(deal) == {"As", "Ac", "5c", "4c", "5h", "4h", "3h", "5d", "4d"}
    deal.apply("5h")
    assert len(deal.tricks) == 1 and deal.tricks[0][2] == 0  # the Ks wins


@PRESETS
def test_holding_an_ordinary_trump_must_play_a_trump(rules: Rules) -> None:
    """RG1660: "for all the rest you are to follow Trump"; compendium §3.2: "an ordinary trump in
    hand: must play a trump (any trump)", a matador included."""
    second = "2s 5s Jc 7c 6c Jh 7h 6h Jd"
    deal = position(rules, "Ks", second, "As Ac 5c 4c 5h 4h 3h 5d 4d")
    assert legal(deal) == {"2s", "5s"}
    with pytest.raises(IllegalAction, match="trump was led"):
        deal.apply("Jc")
    deal.apply("2s")  # he may choose the matador


@PRESETS
def test_spadille_led_forces_an_unguarded_manille(rules: Rules) -> None:
    """RG1660: "the Spadillio forces the Mallilio"; HOY: "if spadille be led, and you hold
    manille or basto unguarded, you must play it" (compendium §3.1)."""
    deal = opened(
        rules,
        [
            "As Qs Js 7s Kc Qc Kh Qh Kd",
            "2s Jc 7c 6c Jh 7h 6h Jd 7d",
            "Ac 5c 4c 5h 4h 3h 5d 4d 3d",
        ],
        "s",
        "As",
    )
    assert legal(deal) == {"2s"}
    with pytest.raises(IllegalAction):
        deal.apply("Jc")
    deal.apply("2s")
    assert legal(deal) == {"Ac"}  # and the unguarded Basto too


@PRESETS
def test_spadille_led_with_manille_and_basto_must_play_one_of_them(rules: Rules) -> None:
    """Compendium §3.2: a lower matador held unguarded is forced; the holder picks the trump."""
    deal = opened(
        rules,
        [
            "As Qs Js 7s Kc Qc Kh Qh Kd",
            "2s Ac Jc 7c 6c Jh 7h 6h Jd",
            "5c 4c 3c 5h 4h 3h 5d 4d 3d",
        ],
        "s",
        "As",
    )
    assert legal(deal) == {"2s", "Ac"}
    deal.apply("Ac")
    assert legal(deal) == {"5c", "4c", "3c", "5h", "4h", "3h", "5d", "4d", "3d"}  # void in trumps


@PRESETS
def test_manille_led_forces_basto_but_not_spadille(rules: Rules) -> None:
    """RG1660: "the Mallilio [forces] the Basto"; a matador is forced only by a higher one, so
    Spadille under a Manille lead keeps its privilege (compendium §3.1)."""
    deal = opened(
        rules,
        [
            "2s Qs Js 7s Kc Qc Kh Qh Kd",
            "Ac Jc 7c 6c Jh 7h 6h Jd 7d",
            "As 5c 4c 3c 5h 4h 3h 5d 4d",
        ],
        "s",
        "2s",
    )
    assert legal(deal) == {"Ac"}
    deal.apply("Ac")
    assert legal(deal) == {"As", "5c", "4c", "3c", "5h", "4h", "3h", "5d", "4d"}


@PRESETS
def test_basto_led_forces_neither_spadille_nor_manille(rules: Rules) -> None:
    """Compendium §3.2: "all held matadors outrank the lead: free"."""
    deal = opened(
        rules,
        [
            "Ac Qs Js 7s Kc Qc Kh Qh Kd",
            "2s Jc 7c 6c Jh 7h 6h Jd 7d",
            "As 5c 4c 3c 5h 4h 3h 5d 4d",
        ],
        "s",
        "Ac",
    )
    assert legal(deal) == {"2s", "Jc", "7c", "6c", "Jh", "7h", "6h", "Jd", "7d"}
    deal.apply("7c")
    assert legal(deal) == {"As", "5c", "4c", "3c", "5h", "4h", "3h", "5d", "4d"}


@PRESETS
def test_guarded_manille_under_spadille_may_be_kept(rules: Rules) -> None:
    """A "guarded" matador (HOY): with an ordinary trump beside it, any trump follows."""
    deal = opened(
        rules,
        [
            "As Qs Js 7s Kc Qc Kh Qh Kd",
            "2s 5s Jc 7c 6c Jh 7h 6h Jd",
            "Ac 4s 5c 4c 5h 4h 3h 5d 4d",
        ],
        "s",
        "As",
    )
    assert legal(deal) == {"2s", "5s"}
    deal.apply("5s")
    assert legal(deal) == {"Ac", "4s"}


@PRESETS
def test_punto_and_false_matadors_have_no_privilege(rules: Rules) -> None:
    """Compendium §3.2: "Punto is not a matador and has no privilege"; §15 #18: a run below Basto
    ("false matadors", HOY) is not privileged."""
    deal = opened(
        rules,
        [
            "Kh Qh Jh 2h Kc Qc Kd Qd Jd",
            "Ah Jc 7c 6c Ks 7s 6s 5d 7d",
            "As 7h Ac 5c 4c 3c 4d 3d 2d",
        ],
        "h",
        "2h",
    )
    assert legal(deal) == {"Ah"}  # Punto must follow a trump lead
    deal.apply("Ah")
    assert legal(deal) == {"As", "7h", "Ac", "5c", "4c", "3c", "4d", "3d", "2d"}


@PRESETS
def test_the_privilege_only_concerns_trump_leads(rules: Rules) -> None:
    """Compendium §3.2: "a matador never 'follows' a plain suit"; §7: suit must be followed, with
    no duty to trump (MOR)."""
    deal = opened(
        rules,
        [
            "Kc Qs Js 7s Qc Jc Kh Qh Kd",
            "As 2s 7c Jh 7h 6h Jd 7d 6d",
            "Ac 6c 5h 4h 3h 5d 4d 3d 2d",
        ],
        "s",
        "Kc",
    )
    assert legal(deal) == {"7c"}  # must follow clubs; may not trump
    deal.apply("7c")
    assert legal(deal) == {"6c"}  # Basto is no club
    deal.apply("6c")
    assert legal(deal) == {
        "Qs",
        "Js",
        "7s",
        "Qc",
        "Jc",
        "Kh",
        "Qh",
        "Kd",
    }  # the winner leads anything


@PRESETS
def test_void_in_the_suit_led_may_play_anything(rules: Rules) -> None:
    """MOR: "a player who cannot follow suit is not obliged to play a trump unless he please"."""
    deal = opened(
        rules,
        [
            "Kc Qs Js 7s Qc Jc Kh Qh Kd",
            "As 2s 5s Jh 7h 6h Jd 7d 6d",
            "Ac 7c 6c 5h 4h 3h 5d 4d 3d",
        ],
        "s",
        "Kc",
    )
    assert legal(deal) == {"As", "2s", "5s", "Jh", "7h", "6h", "Jd", "7d", "6d"}


# ---- matador_forced_by: "led" (RG, HOY) or "played" (EB1911) -----------------------------------

HANDS_PLAYED = [
    "Ks Qs Js 7s Kc Qc Kh Qh Kd",
    "As 5s Jc 7c 6c Jh 7h 6h Jd",
    "2s 5c 4c 3c 5h 4h 3h 5d 4d",
]


def test_only_the_card_led_forces_by_default() -> None:
    """Compendium §15 #17: both presets force by the card led (RG "plays", HOY "led by the first
    player"): a Spadille played second does not force the third player's lone Manille."""
    for rules in (RULES_1660, RULES_CLASSIC):
        assert rules.matador_forced_by == "led"
        deal = sans_prendre_deal(rules, HANDS_PLAYED)
        act(deal, "Ks", "As")
        assert legal(deal) == {"2s", "5c", "4c", "3c", "5h", "4h", "3h", "5d", "4d"}


@settings(HYPOTHESIS, max_examples=300)
@given(
    st.lists(st.integers(0, PACK_SIZE - 1), min_size=2, max_size=12, unique=True),
    st.integers(1, 9),
    st.sampled_from(ALL_SUITS),
    st.sampled_from(["led", "played"]),
)
def test_legal_cards_read_only_what_legal_reads_says(
    cards: list[int], hand_size: int, trump: int, forced_by: Literal["led", "played"]
) -> None:
    """The solver remembers legal cards by as much of the trick as :func:`legal_reads` says the
    rules read (the card led, when only it forces): the answer must not depend on the rest."""
    hand_size = min(hand_size, len(cards) - 1)
    hand = mask_of(cards[:hand_size])
    trick = cards[hand_size : hand_size + 4]
    reads = legal_reads(forced_by)
    read = trick if reads is None else trick[:reads]
    assert legal_cards(hand, read, trump, forced_by) == legal_cards(hand, trick, trump, forced_by)
    assert legal_reads(RULES_1660.matador_forced_by) == 1  # the presets force by the card led


def test_played_variant_a_higher_matador_played_forces() -> None:
    """EB1911: "except when a higher mat is played, which forces a lower one if the hand contains no
    other trump" (compendium §3.1, variant ``matador_forced_by="played"``)."""
    deal = sans_prendre_deal(RULES_1660, HANDS_PLAYED, matador_forced_by="played")
    assert deal.rules.matador_forced_by == "played"
    act(deal, "Ks", "As")
    assert legal(deal) == {"2s"}
    with pytest.raises(IllegalAction):
        deal.apply("5c")


def test_played_variant_a_lower_matador_played_does_not_force() -> None:
    deal = sans_prendre_deal(
        RULES_CLASSIC,
        ["Ks Qs Js 7s Kc Qc Kh Qh Kd", "Ac 5s Jc 7c 6c Jh 7h 6h Jd", "2s 5c 4c 3c 5h 4h 3h 5d 4d"],
        matador_forced_by="played",
    )
    act(deal, "Ks", "Ac")  # Basto is below the Manille
    assert "5c" in legal(deal)


# ---- the Tenaces (RG1660) -----------------------------------------------------------------------


def tenaces_deal(x_leads: bool) -> Deal:
    """Seat 1 holds Spadillio and Basto; seat 0 (the Ombre) the Mallilio and another trump; seat 2
    no trump. Seven tricks of plain suits are played first; the seventh decides who leads."""
    kd, small = ("2d", "Kd") if x_leads else ("Kd", "2d")
    hands = [
        f"2s 5s Kc Qc Jc Kh Qh Jh {kd}",
        f"As Ac 7c 6c 5c Ah 2h 3h {small}",
        "4c 3c 2c 4h 5h 6h 3d 4d 5d",
    ]
    deal = sans_prendre_deal(RULES_1660, hands)
    play_tricks(
        deal,
        [
            ["Kc", "7c", "4c"],
            ["Qc", "6c", "3c"],
            ["Jc", "5c", "2c"],
            ["Kh", "Ah", "4h"],
            ["Qh", "2h", "5h"],
            ["Jh", "3h", "6h"],
            [kd, small, "3d"],
        ],
    )
    assert deal.to_move == (1 if x_leads else 0)
    return deal


def best_for_seat_1(deal: Deal) -> int:
    """Tricks seat 1 makes from here when it plays to win most and seat 0 to let it win least
    (seat 2 has no say: no trumps and only diamonds)."""
    if deal.is_over:
        return deal.tricks_won[1]
    results = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        results.append(best_for_seat_1(child))
    if deal.to_move == 1:
        return max(results)
    return min(results)


def test_tenaces_lose_one_if_you_lead() -> None:
    """RG1660 "Of the Tenaces": "if you have Spadillio and Basto in your hand, & he have the
    Mallilio & another Trump, if you led you lose one of them"."""
    deal = tenaces_deal(x_leads=True)
    assert names(deal.hands[1]) == {"As", "Ac"}
    assert names(deal.hands[0]) == {"2s", "5s"}
    assert best_for_seat_1(deal) - deal.tricks_won[1] == 1


def test_tenaces_win_both_if_he_leads() -> None:
    """RG1660: "whereas if he leads, he loses both; for if he led his Mallilio, you take it with
    your Spadillio, and with your Basto win the other Trump"."""
    deal = tenaces_deal(x_leads=False)
    assert best_for_seat_1(deal) - deal.tricks_won[1] == 2
    # and the pamphlet's line: he leads the Mallilio, Spadillio takes it, Basto the other trump
    line = deal.copy()
    act(line, "2s", "As", "4d", "Ac", "5d", "5s")
    assert line.tricks_won[1] == deal.tricks_won[1] + 2 and line.is_over
