"""Actions as small ints, and their notation.

An action is an ``int`` so that search can generate and compare millions of them cheaply:

* ``0..39``: play that card;
* ``Act.PASS``, ``Act.PLAY`` (ask leave: play, taking in), ``Act.SANS_PRENDRE``, ``Act.VOLE``;
* ``Act.TRUMP + suit``: name the trump;
* ``Act.CALL + suit``: call the king of that suit (Ombre by five, Quadrille: its holder is the
  Ombre's secret partner); ``Act.CALL_QUEEN + suit``: call that queen (Quadrille, HOY law 12:
  a caller who holds the four kings);
* ``Act.GIVE + card``: the Ombre gives that card for the king he demanded (Quadrille by three,
  CG p. 46);
* ``Act.GANO``: a defender says *Gano* ('tis mine) before the card he plays with it;
* ``Act.DRAW``: the Ombre takes in before naming the trump (where the rules let another name it);
* ``Act.DISCARD | mask``: discard the cards of ``mask`` (possibly none) and draw as many.

The notation is the one game records use: ``pass``, ``play``, ``sans-prendre``, ``vole``,
``gano``, ``draw``, ``trump s``, ``call Kh`` (or ``call Qh``), ``give 3c``, ``discard 3c 4c 5h``
(or ``discard`` alone), and a card such as ``As``.

>>> format_action(parse_action("discard 5h 3c"))
'discard 3c 5h'
"""

from __future__ import annotations

import contextlib
from typing import Final, TypeAlias

from .cards import (
    KING,
    QUEEN,
    SUITS,
    Card,
    cards_of,
    format_card,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    rank_of,
    suit_of,
)
from .errors import InvalidNotation
from .i18n import tr
from .jsontext import brief

Action: TypeAlias = int


class Act:
    """The action codes, in a namespace of their own (a phase is a :class:`~ombre_core.state.Phase`,
    a suit of trumps is :data:`ombre_core.tables.TRUMP`: one name, one meaning)."""

    PASS: Final[Action] = 40
    PLAY: Final[Action] = 41
    """Ask leave to play, taking in."""
    SANS_PRENDRE: Final[Action] = 42
    VOLE: Final[Action] = 43
    TRUMP: Final[Action] = 44
    """``Act.TRUMP + suit`` names that suit."""
    CALL: Final[Action] = 48
    """``Act.CALL + suit`` calls the king of that suit (ENC, CG: Ombre by five)."""
    GANO: Final[Action] = 52
    """Say *Gano* ('tis mine), then play a card: ask the partner not to take this trick (RG)."""
    DRAW: Final[Action] = 53
    """Take in without having named the trump: then another may name it (ENC; RG Addition 2)."""
    CALL_QUEEN: Final[Action] = 56
    """``Act.CALL_QUEEN + suit`` calls the queen of that suit (HOY law 12, Quadrille: "If you
    have four kings, you may call a queen to one of your kings")."""
    GIVE: Final[Action] = 64
    """``Act.GIVE + card`` gives that card to the player whose king the Ombre demanded (CG p. 46,
    Quadrille by three: he must "take in exchange any card the Ombre gives him")."""
    DISCARD: Final[Action] = 1 << 40
    """``Act.DISCARD | mask`` discards the cards of ``mask``."""


_WORDS = {
    Act.PASS: "pass",
    Act.PLAY: "play",
    Act.SANS_PRENDRE: "sans-prendre",
    Act.VOLE: "vole",
    Act.GANO: "gano",
    Act.DRAW: "draw",
}
_BY_WORD = {word: action for action, word in _WORDS.items()}


def is_card(action: Action) -> bool:
    return 0 <= action < 40


def is_discard(action: Action) -> bool:
    return action >= Act.DISCARD


def is_trump(action: Action) -> bool:
    return Act.TRUMP <= action < Act.TRUMP + 4


def is_call(action: Action) -> bool:
    """A call of a king, or of a queen (HOY law 12)."""
    return Act.CALL <= action < Act.CALL + 4 or Act.CALL_QUEEN <= action < Act.CALL_QUEEN + 4


def is_give(action: Action) -> bool:
    return Act.GIVE <= action < Act.GIVE + 40


def give_action(card: Card) -> Action:
    """Give ``card`` for the demanded king."""
    return Act.GIVE + card


def call_action(suit: int, rank: int = KING) -> Action:
    """Call the king (or, with ``rank=QUEEN``, the queen) of ``suit``."""
    return (Act.CALL_QUEEN if rank == QUEEN else Act.CALL) + suit


def called_card(action: Action) -> Card:
    """The card a call names: ``called_card(parse_action("call Qh"))`` is the queen of hearts."""
    if Act.CALL_QUEEN <= action < Act.CALL_QUEEN + 4:
        return make_card(QUEEN, action - Act.CALL_QUEEN)
    return make_card(KING, action - Act.CALL)


def discard_mask(action: Action) -> int:
    return action ^ Act.DISCARD


def trump_action(suit: int) -> Action:
    return Act.TRUMP + suit


def discard_action(cards: int) -> Action:
    """The discard of the card set ``cards`` (a bitmask)."""
    return Act.DISCARD | cards


def format_action(action: Action) -> str:
    """The notation of ``action``; discarded cards are listed in ascending card order."""
    if 0 <= action < 40:
        return format_card(action)
    if action in _WORDS:
        return _WORDS[action]
    if Act.TRUMP <= action < Act.TRUMP + 4:
        return f"trump {SUITS[action - Act.TRUMP]}"
    if is_call(action):
        return f"call {format_card(called_card(action))}"
    if is_give(action):
        return f"give {format_card(action - Act.GIVE)}"
    if action >= Act.DISCARD and discard_mask(action) < 1 << 40:
        cards = " ".join(format_card(c) for c in cards_of(discard_mask(action)))
        return f"discard {cards}".rstrip()
    raise InvalidNotation(tr("error.notation.code", value=brief(action)))


def parse_action(text: str) -> Action:
    """Parse the notation of an action; anything else raises :class:`InvalidNotation`."""
    if not isinstance(text, str):
        raise InvalidNotation(tr("error.notation.type", kind=type(text).__name__))
    words = text.split()
    if not words:
        raise InvalidNotation(tr("error.notation.empty"))
    head = words[0]
    if len(words) == 1 and head in _BY_WORD:
        return _BY_WORD[head]
    if head == "trump":
        if len(words) != 2:
            raise InvalidNotation(tr("error.notation.trump", value=brief(text)))
        return Act.TRUMP + parse_suit(words[1])
    if head == "call":
        card = -1
        if len(words) == 2:
            with contextlib.suppress(InvalidNotation):
                card = parse_card(words[1])
        if card < 0 or rank_of(card) not in (KING, QUEEN):
            raise InvalidNotation(tr("error.notation.call", value=brief(text)))
        return call_action(suit_of(card), rank_of(card))
    if head == "give":
        if len(words) != 2:
            raise InvalidNotation(tr("error.notation.give", value=brief(text)))
        return Act.GIVE + parse_card(words[1])
    if head == "discard":
        return Act.DISCARD | mask_of(parse_cards(" ".join(words[1:])))
    if len(words) == 1:
        try:
            return parse_card(head)
        except InvalidNotation:
            pass
    raise InvalidNotation(tr("error.notation.action", value=brief(text)))
