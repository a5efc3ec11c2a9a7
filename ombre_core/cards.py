"""Cards, suits and sets of cards, and their notation.

The pack has 40 cards: a French pack without the 8s, 9s and 10s (RG1660: "the Eights, Nines and
Tens being cast out"; MOR; CG). A card is a plain ``int`` from 0 to 39, ``suit * 10 + rank``, with
ranks in the order ``A 2 3 4 5 6 7 J Q K`` and suits ``s c h d``. A set of cards is an ``int``
bitmask (bit ``card``), so hands, tricks and the stock are cheap to copy and compare.

Notation (records, command line, tests, the browser bridge): rank then suit, e.g. ``As`` for
Spadille, ``Ac`` for Basto, ``7h``, ``Jd``.

>>> parse_card("Jd")
37
>>> format_card(parse_card("7h"))
'7h'
>>> format_cards(parse_cards("As 2s Ac"))
'As 2s Ac'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

from .errors import InvalidNotation
from .i18n import tr
from .jsontext import brief

Card: TypeAlias = int
Suit: TypeAlias = int
CardSet: TypeAlias = int

SUITS = "schd"
RANKS = "A234567JQK"
SPADES, CLUBS, HEARTS, DIAMONDS = range(4)
ALL_SUITS: tuple[Suit, ...] = (SPADES, CLUBS, HEARTS, DIAMONDS)
BLACK: frozenset[Suit] = frozenset({SPADES, CLUBS})
RED: frozenset[Suit] = frozenset({HEARTS, DIAMONDS})

ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, KNAVE, QUEEN, KING = range(10)

PACK_SIZE = 40
FULL_PACK: CardSet = (1 << PACK_SIZE) - 1

SUIT_NAMES = ("Spades", "Clubs", "Hearts", "Diamonds")
SUIT_SYMBOLS = ("♠", "♣", "♥", "♦")
RANK_NAMES = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Knave", "Queen", "King")


def make_card(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (0 = ace ... 9 = king) in ``suit``."""
    return suit * 10 + rank


def suit_of(card: Card) -> Suit:
    """The printed suit of ``card`` (Spadille is printed a spade even though it is always trump)."""
    return card // 10


def rank_of(card: Card) -> int:
    """The printed rank of ``card``: 0 = ace, 1..6 = two..seven, 7 = knave, 8 = queen, 9 = king."""
    return card % 10


def parse_suit(text: str) -> Suit:
    """Parse ``s``, ``c``, ``h`` or ``d``."""
    if len(text) == 1 and text in SUITS:
        return SUITS.index(text)
    raise InvalidNotation(tr("error.notation.suit", value=brief(text)))


def parse_card(text: str) -> Card:
    """Parse a card such as ``As`` or ``7h``; anything else raises :class:`InvalidNotation`."""
    if isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS:
        return SUITS.index(text[1]) * 10 + RANKS.index(text[0])
    raise InvalidNotation(tr("error.notation.card", value=brief(text)))


def format_card(card: Card) -> str:
    """The notation of ``card``."""
    return RANKS[card % 10] + SUITS[card // 10]


def parse_cards(text: str) -> list[Card]:
    """Parse space-separated cards, rejecting repeats."""
    cards = [parse_card(word) for word in text.split()]
    if len(set(cards)) != len(cards):
        raise InvalidNotation(tr("error.notation.twice", value=brief(text)))
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Space-separated notation of ``cards`` in the order given."""
    return " ".join(format_card(c) for c in cards)


def plain_name(card: Card) -> str:
    """The plain English name, e.g. ``Seven of Hearts``."""
    return f"{RANK_NAMES[card % 10]} of {SUIT_NAMES[card // 10]}"


# ---- sets of cards as bitmasks -------------------------------------------------------------


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: CardSet) -> Iterator[Card]:
    """The cards of ``mask`` in ascending card number."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CardSet) -> int:
    """How many cards ``mask`` holds."""
    return mask.bit_count()
