"""*Gano* ('tis mine): when a computer player says it, and how it heeds a partner's.

The 1660 pamphlet allows one word in the play: "Gagno, that is, 'tis mine, simply, when you play
your Card, to hinder the third from taking it" (RG, "General Rules"). Morley: the defender who
plays over the Ombre's card and wants the lead says *Gano*, and his partner lets him win "if he
can", following suit still binding (compendium ``ombre-rules.md`` §11). The engine records the
word (:data:`~ombre_core.actions.Act.GANO`); it never changes what is legal.
"""

from __future__ import annotations

from ..actions import Act
from ..cards import Card, CardSet, cards_of
from ..tables import EFFECTIVE_SUIT, POWER, SUIT_MASK, TRUMP, TRUMP_MASK
from ..tricks import trick_winner
from ..views import View


def _winner_seat(view: View, trick: tuple[Card, ...]) -> int:
    assert view.trump is not None
    return (view.leader + trick_winner(trick, view.trump)) % view.seats


def heed(view: View) -> CardSet:
    """The legal cards that leave the trick to a friend who said *Gano* and holds it now.

    0 when there is nothing to heed: no *Gano* in this trick, not a friend's, the friend no longer
    winning (the Ombre has beaten his card), or every legal card would take the trick (following
    suit binds, MOR).
    """
    sayer = view.gano
    if sayer is None or sayer == view.seat or sayer not in view.friends or not view.trick:
        return 0
    if _winner_seat(view, view.trick) != sayer:
        return 0
    keep_off = 0
    for card in cards_of(view.legal_cards):
        if _winner_seat(view, (*view.trick, card)) == sayer:
            keep_off |= 1 << card
    return keep_off


def worth_saying(view: View, card: Card) -> bool:
    """Whether to say *Gano* with ``card``: it holds the trick as it stands, a friend plays after
    it (the one who might take it), and no foe still to play can beat it: every foe has played
    to this trick, or ``card`` is a master (no unseen card of its suit above it, and, for a plain
    card, no unseen trump). Then the word costs nothing and spares the friend's high card.
    In the last trick the friend has one card left and nothing to spare: the word is not said.
    """
    if Act.GANO not in view.legal or view.trump is None or view.hand.bit_count() < 2:
        return False
    trick = (*view.trick, card)
    if _winner_seat(view, trick) != view.seat:
        return False
    after = [(view.seat + i) % view.seats for i in range(1, view.seats - len(view.trick))]
    friends = view.friends
    if not any(s in friends for s in after):
        return False
    if all(s in friends for s in after):
        return True
    trump = view.trump
    unseen = view.unseen()
    suit = EFFECTIVE_SUIT[trump][card]
    power = POWER[trump]
    if any(power[c] > power[card] for c in cards_of(unseen & SUIT_MASK[trump][suit])):
        return False
    return suit == TRUMP or not unseen & TRUMP_MASK[trump]


__all__ = ["heed", "worth_saying"]
