"""The rules of trick play as pure functions: what may be played to a trick, and who wins it.

The deal (:mod:`ombre_core.state`) and the double-dummy solver both ask these, so the rules of
following suit and the matadors' privilege are written once.

Sources (compendium ``ombre-rules.md`` §3.2, §7): suit must be followed, with no duty to trump or
to win (MOR: a renounce is lawful when void); when a trump is led, a player whose only trumps are
matadors need not play one, unless a higher matador forces a lower one (RG: "the Spadillio forces
the Mallilio, and the Mallilio the Basto"). Which card forces is the preset's
:attr:`~ombre_core.rules.Rules.matador_forced_by`: the card led (RG, HOY) or any card played
(EB1911).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .cards import Card, CardSet
from .tables import EFFECTIVE_SUIT, MATADOR_MASK, POWER, SUIT_MASK, TRUMP, trick_winner

__all__ = ["legal_cards", "legal_reads", "trick_winner"]


def legal_cards(
    hand: CardSet,
    trick: Sequence[Card],
    trump: int,
    forced_by: Literal["led", "played"] = "led",
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far, in order).

    >>> from .cards import mask_of, parse_cards, format_cards, cards_of, SPADES
    >>> hand = mask_of(parse_cards("As 5h 6h"))
    >>> format_cards(cards_of(legal_cards(hand, parse_cards("Ks"), SPADES)))  # privileged
    'As 5h 6h'
    """
    if not trick:
        return hand
    led = EFFECTIVE_SUIT[trump][trick[0]]
    follow = hand & SUIT_MASK[trump][led]
    if not follow:
        return hand  # a renounce is lawful when void: no duty to trump (MOR)
    if led != TRUMP:
        return follow
    matadors = MATADOR_MASK[trump]
    if follow & ~matadors:
        return follow  # an ordinary trump in hand: must play a trump, any trump
    # Only matadors in hand: privileged unless a higher matador forces a lower one.
    power = POWER[trump]
    if forced_by == "led":
        top = power[trick[0]] if matadors >> trick[0] & 1 else 0
    else:
        top = max((power[c] for c in trick if matadors >> c & 1), default=0)
    if top:
        low = follow
        while low:
            bit = low & -low
            if power[bit.bit_length() - 1] < top:
                return follow
            low ^= bit
    return hand


def legal_reads(forced_by: Literal["led", "played"] = "led") -> int | None:
    """How many of a trick's first cards :func:`legal_cards` reads: 1 (the card led) when only
    the card led forces a matador, else None (every card played so far may force one).

    A caller that remembers legal cards (the solver) keys them on that much of the trick, so a
    third hand's answer is shared by every second card.
    """
    return 1 if forced_by == "led" else None
