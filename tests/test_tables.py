"""Card orders, trick winners and the matador run, against the compendium's tables written out.

Sources: compendium ``ombre-rules.md`` §2.1-§2.3 (RG1660's lists, MOR's parallel columns), §9.3
(the matador run), Morley's note (seed 001), RG1660 (seed 000).
"""

from __future__ import annotations

import itertools

import pytest
from ombre_helpers import m

from ombre_core.cards import ALL_SUITS, format_cards, parse_card, parse_cards
from ombre_core.tables import (
    DISPLAY_ORDER,
    EFFECTIVE_SUIT,
    MATADOR_MASK,
    PLAIN_ORDER,
    POWER,
    TRUMP,
    TRUMP_MASK,
    TRUMP_ORDER,
    is_trump,
    matador_run,
    trick_winner,
)

S, C, H, D = range(4)

# Compendium §2.2, "Trump order (highest first)", copied row by row.
TRUMP_TABLE = {
    S: "As 2s Ac Ks Qs Js 7s 6s 5s 4s 3s",
    C: "As 2c Ac Kc Qc Jc 7c 6c 5c 4c 3c",
    H: "As 7h Ac Ah Kh Qh Jh 2h 3h 4h 5h 6h",
    D: "As 7d Ac Ad Kd Qd Jd 2d 3d 4d 5d 6d",
}

# Compendium §2.3, "Plain-suit order (suits that are not trump; highest first)".
PLAIN_TABLE = {
    S: "Ks Qs Js 7s 6s 5s 4s 3s 2s",
    C: "Kc Qc Jc 7c 6c 5c 4c 3c 2c",
    H: "Kh Qh Jh Ah 2h 3h 4h 5h 6h 7h",
    D: "Kd Qd Jd Ad 2d 3d 4d 5d 6d 7d",
}


@pytest.mark.parametrize("trump", ALL_SUITS, ids="schd")
def test_trump_order_matches_the_table(trump: int) -> None:
    """Compendium §2.2 (RG1660 "Of the Black Suits" / "Of the read Suits"; MOR's columns)."""
    assert format_cards(TRUMP_ORDER[trump]) == TRUMP_TABLE[trump]


def test_black_suits_have_eleven_trumps_and_red_twelve() -> None:
    """RG1660: "of Black, there are but eleven Trumps, & of read twelve" (compendium §2.1)."""
    assert [len(TRUMP_ORDER[t]) for t in ALL_SUITS] == [11, 11, 12, 12]
    assert [TRUMP_MASK[t].bit_count() for t in ALL_SUITS] == [11, 11, 12, 12]


@pytest.mark.parametrize("suit", ALL_SUITS, ids="schd")
def test_plain_order_matches_the_table(suit: int) -> None:
    """Compendium §2.3 (RG1660: "the least small Cards of the read are always best, and the
    greatest of the Black"; the red ace "ranked after the Knave")."""
    assert format_cards(PLAIN_ORDER[suit]) == PLAIN_TABLE[suit]


@pytest.mark.parametrize("trump", ALL_SUITS, ids="schd")
def test_each_trump_splits_the_pack_into_forty(trump: int) -> None:
    """Compendium §2.3 check sums: black trump 11 + 9 + 10 + 10, red trump 12 + 9 + 9 + 10 = 40;
    the black aces never follow their printed suits (§2.1)."""
    by_suit: dict[int, list[int]] = {s: [] for s in (*ALL_SUITS, TRUMP)}
    for card in range(40):
        by_suit[EFFECTIVE_SUIT[trump][card]].append(card)
    assert by_suit[TRUMP] == sorted(TRUMP_ORDER[trump])
    assert len(by_suit[trump]) == 0
    for suit in ALL_SUITS:
        if suit != trump:
            assert sorted(by_suit[suit]) == sorted(parse_cards(PLAIN_TABLE[suit]))
    sizes = sorted(len(v) for v in by_suit.values() if v)
    assert sum(sizes) == 40
    assert sizes == ([9, 10, 10, 11] if trump in (S, C) else [9, 9, 10, 12])


@pytest.mark.parametrize("trump", ALL_SUITS, ids="schd")
def test_power_follows_the_tables(trump: int) -> None:
    """Within each effective suit, POWER falls in the order of the tables; every trump is above
    every plain card."""
    power = POWER[trump]
    order = TRUMP_ORDER[trump]
    assert all(power[a] > power[b] for a, b in itertools.pairwise(order))
    lowest_trump = min(power[c] for c in order)
    for suit in ALL_SUITS:
        if suit == trump:
            continue
        plain = [c for c in PLAIN_ORDER[suit] if EFFECTIVE_SUIT[trump][c] != TRUMP]
        assert all(power[a] > power[b] for a, b in itertools.pairwise(plain))
        assert all(power[c] < lowest_trump for c in plain)


def test_black_aces_are_always_trumps() -> None:
    """Compendium §2.1: "As and Ac are trumps in every deal"."""
    for trump in ALL_SUITS:
        assert is_trump(parse_card("As"), trump)
        assert is_trump(parse_card("Ac"), trump)
        assert TRUMP_ORDER[trump][0] == parse_card("As")
        assert TRUMP_ORDER[trump][2] == parse_card("Ac")
    assert not is_trump(parse_card("Ah"), S)
    assert not is_trump(parse_card("Kd"), H)


def test_matadors_are_spadille_manille_basto() -> None:
    """RG1660 "Of the Matadors": "the Spadillio, Mallilio, and Basto"; Punto is not one (§3.2)."""
    assert MATADOR_MASK[S] == m("As 2s Ac")
    assert MATADOR_MASK[C] == m("As 2c Ac")
    assert MATADOR_MASK[H] == m("As 7h Ac")
    assert MATADOR_MASK[D] == m("As 7d Ac")
    for trump in ALL_SUITS:
        assert MATADOR_MASK[trump] == m(format_cards(TRUMP_ORDER[trump][:3]))


def test_display_order_shows_trumps_first() -> None:
    assert format_cards(DISPLAY_ORDER[H][:12]) == TRUMP_TABLE[H]
    assert len(DISPLAY_ORDER[None]) == 40 and len(set(DISPLAY_ORDER[None])) == 40
    assert format_cards(DISPLAY_ORDER[None][:2]) == "As Ac"


# ---- trick winners ----------------------------------------------------------------------------


def winner(cards: str, trump: int) -> str:
    played = parse_cards(cards)
    return cards.split()[trick_winner(played, trump)]


@pytest.mark.parametrize(
    ("cards", "trump", "expected", "why"),
    [
        ("Kh 3s Qh", S, "3s", "the smallest trump beats a plain King (MOR: trumping)"),
        ("Kh Qh 2d", S, "Kh", "an off-suit card never wins"),
        ("2d Kh Kc", S, "2d", "off-suit Kings cannot beat the suit led"),
        ("Jh Ah Qh", S, "Qh", "red ace below the Knave in a plain suit (RG: after the Knave)"),
        ("Ah Jh 2h", S, "Jh", "Knave above the red ace"),
        ("Ah 6h Kh", S, "Kh", "Belinda's last trick: Kh falls on the prostrate Ah (l. 95-98)"),
        ("2h 3h 7h", S, "2h", "RG: the least small cards of the red are best"),
        ("2c 3c 7c", S, "7c", "RG: and the greatest of the black"),
        ("Ah Kh Jh", H, "Ah", "Punto above the King when hearts are trumps"),
        ("Ad Kd Jd", H, "Kd", "no Punto in diamonds when hearts are trumps (MOR)"),
        ("7h Ac Ah", H, "7h", "Manille above Basto above Punto"),
        ("3s As Ks", H, "As", "Spadille is always the first trump"),
        ("Ks 3s 2s", H, "Ks", "spades plain: 2s is the lowest spade when not trump"),
        ("Kc Ac 2c", S, "Ac", "Basto is a trump, it does not follow clubs"),
        ("Ks As Qs", C, "As", "Spadille trumps a spade lead"),
        ("4c 7c 2c", C, "2c", "Manille of clubs"),
        ("6d 7d 2d", D, "7d", "Manille of diamonds"),
        ("6d 5d 2d", D, "2d", "red trumps: small cards from the deuce up"),
        ("Qs Js 7s", S, "Qs", "black trumps: the seven is the best small trump"),
    ],
)
def test_trick_winner(cards: str, trump: int, expected: str, why: str) -> None:
    """Compendium §2.4: the highest trump played, else the highest card of the suit led."""
    assert winner(cards, trump) == expected, why


def test_the_belinda_tricks() -> None:
    """rape-of-the-lock.md §3.3: the winners of the nine tricks, spades trumps, in playing order."""
    tricks = [
        ("As 4s 3s", 0),
        ("2s 6s 5s", 0),
        ("Ac 7s 4c", 0),
        ("Ks Js Jc", 0),
        ("Kc Qs 3h", 1),
        ("Kd 4h 6d", 0),
        ("Qd 5h 5d", 0),
        ("Jd Jh Qh", 0),
        ("Ah 6h Kh", 2),
    ]
    for cards, index in tricks:
        assert trick_winner(parse_cards(cards), S) == index, cards


# ---- the matador run ---------------------------------------------------------------------------


def test_morley_seven_matadors_in_red() -> None:
    """MOR (seed 001): "if the Ombre can show also in his hand, say, in the red suit, Punto, King,
    Queen, Knave, he takes for seven Matadores"."""
    assert matador_run(m("As 7d Ac Ad Kd Qd Jd 3c 4c"), D) == 7
    assert matador_run(m("As 7h Ac Ah Kh Qh Jh 3c 4c"), H) == 7


def test_morley_nine_in_sequence() -> None:
    """MOR: "if there should be joined to these the two and three ... he would be paid for nine"."""
    assert matador_run(m("As 7h Ac Ah Kh Qh Jh 2h 3h"), H) == 9
    assert matador_run(m("As 2c Ac Kc Qc Jc 7c 6c 5c"), C) == 9


def test_belinda_four_matadors() -> None:
    """rape-of-the-lock.md §4: Spadille, Manille, Basto and the King of spades: four (MOR)."""
    assert matador_run(m("As 2s Ac Ks Kc Kh Qh 5d 6d"), S) == 4


def test_a_broken_run_stops_at_the_gap() -> None:
    """RG1660: "as many as you have Cards in an [un]interrupted series of Trumps" (§9.3)."""
    assert matador_run(m("As 2s Ac Qs Js 7s 6s 5s 4s"), S) == 3  # no King
    assert matador_run(m("As 7h Ac Kh Qh Jh 2h 3h 4h"), H) == 3  # no Punto
    assert matador_run(m("As 7h Ac Ah Kh Jh 2h 3h 4h"), H) == 5  # no Queen


def test_no_run_without_all_three() -> None:
    """RG1660: "when they are all in a hand (else not)"; "there be no counting Matadors without
    these three"."""
    assert matador_run(m("As Ac Ks Qs Js 7s 6s 5s 4s"), S) == 0  # no Manille
    assert matador_run(m("2s Ac Ks Qs Js 7s 6s 5s 4s"), S) == 0  # no Spadille
    assert matador_run(m("As 2s Ks Qs Js 7s 6s 5s 4s"), S) == 0  # no Basto
    assert matador_run(m("As 2s Ac Ks Qs Js 7s 6s 5s"), C) == 0  # 2s is no Manille in clubs
