"""The order of the 40 cards for each trump suit, built once at import from one table.

Everything that depends on the trump (which cards are trumps, the matadors, the order of a trick,
the order a hand is shown in) is read from the tables here; nothing else in the engine tests suits.

Sources (compendium ``ombre-rules.md`` §2): RG1660 lists the trump orders ("of Black, there are but
eleven Trumps, & of read twelve"); the plain-suit rule, "the least small Cards of the Red are always
best, and the greatest of the Black", with the red ace "after the Knave" when not trump (RG);
MOR and EB1911 list the same orders. Spadille (``As``) and Basto (``Ac``) are trumps whatever the
trump suit and never follow their printed suits.

>>> from .cards import format_cards, HEARTS
>>> format_cards(TRUMP_ORDER[HEARTS])
'As 7h Ac Ah Kh Qh Jh 2h 3h 4h 5h 6h'
"""

from __future__ import annotations

from .cards import (
    ACE,
    ALL_SUITS,
    BLACK,
    CLUBS,
    FIVE,
    FOUR,
    KING,
    KNAVE,
    QUEEN,
    RED,
    SEVEN,
    SIX,
    SPADES,
    THREE,
    TWO,
    Card,
    CardSet,
    Suit,
    make_card,
    mask_of,
)

TRUMP = 4
"""The effective suit of every trump (a fifth suit for following purposes)."""

SPADILLE: Card = make_card(ACE, SPADES)
BASTO: Card = make_card(ACE, CLUBS)

# Rank orders, highest first: the one table every other table is built from.
_TRUMP_RANKS = {
    "black": (KING, QUEEN, KNAVE, SEVEN, SIX, FIVE, FOUR, THREE),  # after As, 2x, Ac
    "red": (ACE, KING, QUEEN, KNAVE, TWO, THREE, FOUR, FIVE, SIX),  # after As, 7x, Ac; ACE = Punto
}
_PLAIN_RANKS = {
    "black": (KING, QUEEN, KNAVE, SEVEN, SIX, FIVE, FOUR, THREE, TWO),
    "red": (KING, QUEEN, KNAVE, ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN),
}


def _colour(suit: Suit) -> str:
    return "black" if suit in BLACK else "red"


def manille_of(trump: Suit) -> Card:
    """Manille, the second trump: the two of a black trump suit, the seven of a red one."""
    return make_card(TWO if trump in BLACK else SEVEN, trump)


def punto_of(trump: Suit) -> Card | None:
    """Punto, the fourth trump: the ace of a red trump suit (black suits have none)."""
    return make_card(ACE, trump) if trump in RED else None


def _trump_order(trump: Suit) -> tuple[Card, ...]:
    rest = tuple(make_card(r, trump) for r in _TRUMP_RANKS[_colour(trump)])
    return (SPADILLE, manille_of(trump), BASTO, *rest)


def _plain_order(suit: Suit) -> tuple[Card, ...]:
    return tuple(make_card(r, suit) for r in _PLAIN_RANKS[_colour(suit)])


TRUMP_ORDER: tuple[tuple[Card, ...], ...] = tuple(_trump_order(t) for t in ALL_SUITS)
"""``TRUMP_ORDER[t]``: the trumps when ``t`` is trump, highest first (11 black, 12 red)."""

PLAIN_ORDER: tuple[tuple[Card, ...], ...] = tuple(_plain_order(s) for s in ALL_SUITS)
"""``PLAIN_ORDER[s]``: suit ``s`` when it is not trump, highest first (the black aces excluded)."""

TRUMP_MASK: tuple[CardSet, ...] = tuple(mask_of(o) for o in TRUMP_ORDER)
MATADOR_MASK: tuple[CardSet, ...] = tuple(mask_of(o[:3]) for o in TRUMP_ORDER)
"""Spadille, Manille and Basto for each trump: the only privileged trumps (RG; HOY)."""


def _build() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[CardSet, ...], ...]
]:
    power, eff, suit_masks = [], [], []
    for t in ALL_SUITS:
        p = [0] * 40
        e = [0] * 40
        masks = [0] * 5
        for i, card in enumerate(reversed(TRUMP_ORDER[t])):
            p[card] = 100 + i
            e[card] = TRUMP
            masks[TRUMP] |= 1 << card
        for s in ALL_SUITS:
            if s == t:
                continue
            for i, card in enumerate(reversed(PLAIN_ORDER[s])):
                if card in (SPADILLE, BASTO):
                    continue
                p[card] = 1 + i
                e[card] = s
                masks[s] |= 1 << card
        power.append(tuple(p))
        eff.append(tuple(e))
        suit_masks.append(tuple(masks))
    return tuple(power), tuple(eff), tuple(suit_masks)


POWER, EFFECTIVE_SUIT, SUIT_MASK = _build()
"""``POWER[t][card]``: higher beats lower within a suit; every trump is above every plain card.
``EFFECTIVE_SUIT[t][card]``: the suit ``card`` follows (``TRUMP`` for trumps).
``SUIT_MASK[t][s]``: the cards that follow suit ``s`` (``s`` may be ``TRUMP``)."""


def is_trump(card: Card, trump: Suit) -> bool:
    """Whether ``card`` is a trump when ``trump`` is named."""
    return EFFECTIVE_SUIT[trump][card] == TRUMP


def trick_winner(cards: list[Card] | tuple[Card, ...], trump: Suit) -> int:
    """The index in ``cards`` (in playing order) of the card that wins the trick.

    The highest trump wins; with no trump, the highest card of the suit led (MOR: "the lead ... is
    with the winner of the trick"; no card of another plain suit can win).
    """
    power = POWER[trump]
    eff = EFFECTIVE_SUIT[trump]
    led = eff[cards[0]]
    best, best_power = 0, power[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        s = eff[c]
        if s in (TRUMP, led) and power[c] > best_power:
            best, best_power = i, power[c]
    return best


def matador_run(hand: CardSet, trump: Suit) -> int:
    """The count of matadors paid for, or 0 if the hand lacks any of the three.

    RG: only if Spadille, Manille and Basto "are all in a hand (else not)"; then "as many as you
    have Cards in an [un]interrupted series of Trumps", down from Spadille (MOR: Spadille, Manille,
    Basto, Punto, King, Queen, Knave in red = "seven Matadores").
    """
    if hand & MATADOR_MASK[trump] != MATADOR_MASK[trump]:
        return 0
    run = 0
    for card in TRUMP_ORDER[trump]:
        if not hand >> card & 1:
            break
        run += 1
    return run


def display_order(trump: Suit | None) -> tuple[Card, ...]:
    """All 40 cards in the order a hand is shown: trumps first, then each plain suit, high first.

    Before the trump is named, Spadille and Basto lead (they are trumps whatever is named) and the
    suits follow in their plain order.
    """
    if trump is None:
        rest = [c for s in ALL_SUITS for c in PLAIN_ORDER[s]]
        return (SPADILLE, BASTO, *rest)
    suits = [s for s in ALL_SUITS if s != trump]
    return TRUMP_ORDER[trump] + tuple(c for s in suits for c in PLAIN_ORDER[s])


DISPLAY_ORDER: dict[Suit | None, tuple[Card, ...]] = {
    t: display_order(t) for t in (None, *ALL_SUITS)
}
