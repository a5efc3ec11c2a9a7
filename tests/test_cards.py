"""Cards and actions: notation round trips, rejection of bad input, and the names each preset uses.

Sources: compendium ``ombre-rules.md`` §1 (notation and the names of the special cards by source).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import HYPOTHESIS

from ombre_core import actions as A
from ombre_core.actions import Act
from ombre_core.cards import (
    FULL_PACK,
    PACK_SIZE,
    QUEEN,
    cards_of,
    count,
    format_card,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    plain_name,
    rank_of,
    suit_of,
)
from ombre_core.errors import InvalidNotation, OmbreError
from ombre_core.narrate import card_label, card_name, historical_name
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.tables import BASTO, SPADILLE

PROFILE = settings(HYPOTHESIS, max_examples=200)
CARD_RE = re.compile(r"^[A234567JQK][schd]$")

cards_st = st.integers(min_value=0, max_value=PACK_SIZE - 1)


def test_the_pack_has_forty_cards_without_eights_nines_tens() -> None:
    """Compendium §1 / RG1660: 40 cards, "discarding the Eights, Nines, and Tens"."""
    notations = [format_card(c) for c in range(PACK_SIZE)]
    assert len(set(notations)) == 40
    assert all(CARD_RE.match(n) for n in notations)
    assert not any(n[0] in "89T" for n in notations)
    assert count(FULL_PACK) == 40
    assert sorted(cards_of(FULL_PACK)) == list(range(40))


def test_every_card_round_trips() -> None:
    """Compendium §1: rank then suit, ``As``, ``7h``, ``Jc``, ``Kd``."""
    for card in range(PACK_SIZE):
        text = format_card(card)
        assert parse_card(text) == card
        assert suit_of(card) == "schd".index(text[1])
        assert rank_of(card) == "A234567JQK".index(text[0])


@PROFILE
@given(st.lists(cards_st, unique=True, max_size=40))
def test_card_lists_round_trip(cards: list[int]) -> None:
    """Notation round-trips (STYLE habit 6): format then parse gives the cards back, in order."""
    text = format_cards(cards)
    assert parse_cards(text) == cards
    assert format_cards(parse_cards(text)) == text
    assert sorted(cards_of(mask_of(cards))) == sorted(cards)


@PROFILE
@given(st.text(max_size=4))
def test_any_string_either_parses_to_itself_or_is_rejected(text: str) -> None:
    """parse_card accepts exactly the 40 notations and nothing else, always with InvalidNotation."""
    try:
        card = parse_card(text)
    except InvalidNotation as exc:
        assert not CARD_RE.match(text)
        assert repr(text) in str(exc)
    else:
        assert format_card(card) == text


@pytest.mark.parametrize(
    "bad",
    ["", "A", "as", "AS", "aS", "8s", "9c", "10h", "Th", "1s", "Xd", "Ass", " As", "As ", "Ah!"],
)
def test_bad_cards_are_rejected_with_a_clear_message(bad: str) -> None:
    """Errors say what and where (STYLE habit 3): the message quotes the input and the notation."""
    with pytest.raises(InvalidNotation) as info:
        parse_card(bad)
    message = str(info.value)
    assert repr(bad) in message
    assert "A 2 3 4 5 6 7 J Q K" in message


@pytest.mark.parametrize("bad", [None, 1, 1.5, b"As", ["As"]])
def test_non_strings_are_rejected_as_notation_errors(bad: object) -> None:
    with pytest.raises(InvalidNotation):
        parse_card(bad)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    """One hierarchy under ValueError (STYLE habit 3)."""
    assert issubclass(InvalidNotation, OmbreError)
    assert issubclass(OmbreError, ValueError)


def test_a_card_named_twice_is_rejected() -> None:
    with pytest.raises(InvalidNotation, match="twice"):
        parse_cards("As 2s As")


@pytest.mark.parametrize("bad", ["", "S", "spades", "x", "ss"])
def test_bad_suits_are_rejected(bad: str) -> None:
    with pytest.raises(InvalidNotation, match="not a suit"):
        parse_suit(bad)


# ---- actions --------------------------------------------------------------------------------

actions_st = st.one_of(
    cards_st,
    st.sampled_from([Act.PASS, Act.PLAY, Act.SANS_PRENDRE, Act.VOLE]),
    st.integers(0, 3).map(A.trump_action),
    st.integers(0, 3).map(A.call_action),
    st.integers(0, FULL_PACK).map(A.discard_action),
)


@PROFILE
@given(actions_st)
def test_actions_round_trip(action: int) -> None:
    """Every action has one notation (compendium §5-§7 calls: pass, play, sans-prendre, trump,
    discard, a card, vole; variants.md §1: call a king) and parsing it gives the action back."""
    text = A.format_action(action)
    assert A.parse_action(text) == action
    assert A.format_action(A.parse_action(text)) == text


def test_action_notation_examples() -> None:
    assert A.parse_action("discard") == Act.DISCARD
    assert A.format_action(A.parse_action("discard 5h 3c")) == "discard 3c 5h"
    assert A.parse_action("trump h") == A.trump_action(2)
    assert A.parse_action("sans-prendre") == Act.SANS_PRENDRE
    assert A.parse_action("Kh") == parse_card("Kh")
    assert A.parse_action("call Kh") == A.call_action(2) == Act.CALL + 2
    assert A.format_action(Act.CALL) == "call Ks"
    assert A.parse_action("call Qh") == A.call_action(2, QUEEN) == Act.CALL_QUEEN + 2  # HOY law 12
    assert A.format_action(Act.CALL_QUEEN + 3) == "call Qd"


@pytest.mark.parametrize(
    "bad",
    [
        *("", "   ", "Pass", "trump", "trump x", "trump s h", "discard As As", "discard 9s"),
        *("play!", "call", "call Jh", "call h", "call Kh Kd", "call Zz", "Call Kh"),
    ],
)
def test_bad_actions_are_rejected(bad: str) -> None:
    with pytest.raises(InvalidNotation):
        A.parse_action(bad)


@pytest.mark.parametrize("bad", [-1, 54, 1 << 41 | 1 << 42 | Act.DISCARD * 2])
def test_ints_that_are_no_action_cannot_be_formatted(bad: int) -> None:
    with pytest.raises(InvalidNotation):
        A.format_action(bad)


# ---- names -----------------------------------------------------------------------------------

S, C, H, D = range(4)


def test_plain_names() -> None:
    assert plain_name(parse_card("7h")) == "Seven of Hearts"
    assert plain_name(parse_card("Jd")) == "Knave of Diamonds"
    assert plain_name(SPADILLE) == "Ace of Spades"


def test_names_in_the_1660_spelling() -> None:
    """Compendium §1, row RG1660/RG1665: Spadillio, Mallilio, Basto, Punto."""
    r = RULES_1660
    assert historical_name(SPADILLE, None, r) == "Spadillio"
    assert historical_name(BASTO, None, r) == "Basto"
    assert historical_name(parse_card("2s"), S, r) == "Mallilio"
    assert historical_name(parse_card("2c"), C, r) == "Mallilio"
    assert historical_name(parse_card("7h"), H, r) == "Mallilio"
    assert historical_name(parse_card("7d"), D, r) == "Mallilio"
    assert historical_name(parse_card("Ah"), H, r) == "Punto"
    assert historical_name(parse_card("Ad"), D, r) == "Punto"
    assert r.names.matadors == "Matadors"


def test_names_in_the_classic_spelling() -> None:
    """Compendium §1, rows MOR and CG: Spadille, Manille, Basto, Punto; "Matadores"."""
    r = RULES_CLASSIC
    assert historical_name(SPADILLE, H, r) == "Spadille"
    assert historical_name(parse_card("2s"), S, r) == "Manille"
    assert historical_name(parse_card("7d"), D, r) == "Manille"
    assert historical_name(BASTO, D, r) == "Basto"
    assert historical_name(parse_card("Ad"), D, r) == "Punto"
    assert card_name(SPADILLE, None, r) == "Spadille"
    assert card_label(SPADILLE, None, r) == "Spadille, ace of spades"
    assert r.names.matadors == "Matadores"


@pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])
def test_cards_have_special_names_only_when_the_trump_gives_them(rules: Rules) -> None:
    """Compendium §1: Manille is "otherwise an ordinary low card"; Punto only "when its own suit is
    trump"; MOR: "no addition to the value of the Ace of Diamonds when Hearts are trumps"."""
    assert historical_name(parse_card("2s"), None, rules) is None
    assert historical_name(parse_card("2s"), C, rules) is None
    assert historical_name(parse_card("7h"), S, rules) is None
    assert historical_name(parse_card("7h"), D, rules) is None
    assert historical_name(parse_card("Ad"), H, rules) is None
    assert historical_name(parse_card("Ah"), S, rules) is None
    assert card_name(parse_card("7h"), S, rules) == "Seven of Hearts"
