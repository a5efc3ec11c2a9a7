"""Hints: the expert's choice for the person's turn, with a short reason in words and, in the
trick play, the estimated chance that the deal goes the person's way.

The choice is the ``expert`` level's own (:mod:`ombre_core.bots.search`), made from the person's
view alone, so a hint never tells what the person may not know. The reason is worded from the
view: what the card does in the trick, how many trumps are still out (RG, "General Rules": draw
trumps with the best ones; count what is out), or, in the auction, what the hand is worth.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .actions import Act
from .bots.rulebot import best_trump
from .bots.search import expert
from .cards import SUIT_NAMES, cards_of
from .narrate import card_name, number_word
from .state import Phase
from .tables import EFFECTIVE_SUIT, POWER, SUIT_MASK, TRUMP, TRUMP_MASK, trick_winner
from .views import View


def hint(view: View, rng: random.Random) -> dict[str, Any]:
    """The expert's action for ``view``'s seat (whose turn it must be), and why."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    player = expert()
    chance: float | None = None
    if view.step == Phase.PLAY and len(view.legal) > 1:
        choice = player.analyse_play(view, rng)
        action, chance = choice.action, choice.chance
    else:
        action = player.choose(view, rng)
    return {
        "action": A.format_action(action),
        "reason": reason(view, action),
        "chance": None if chance is None else round(chance, 2),
    }


def reason(view: View, action: A.Action) -> str:
    """A sentence saying why ``action`` is a good choice, from what ``view`` shows."""
    if action == Act.VOLE:
        return "Declare the vole: every card you hold is master, so all the tricks are yours."
    if A.is_card(action):
        return _card_reason(view, action)
    if A.is_trump(action):
        suit = action - Act.TRUMP
        return f"Name {SUIT_NAMES[suit].lower()}: your hand is strongest with them as trumps."
    if A.is_discard(action):
        k = A.discard_mask(action).bit_count()
        if view.seat == view.ombre:
            return (
                f"Discard {number_word(k)} and keep your trumps and kings: the rest seldom "
                "takes a trick."
            )
        if k == 0:
            return "Keep your cards: they are worth more than what the stock may hold."
        return f"Discard {number_word(k)} weak cards and take in as many, hoping for trumps."
    best, strength = best_trump(view.hand)
    tricks = number_word(round(strength))
    named = SUIT_NAMES[best].lower()
    if action == Act.PASS:
        return (
            f"Pass: with {named} as trumps your hand is worth about {tricks} tricks, too few to "
            "play for the pool (the pamphlet asks for three sure ones)."
        )
    if action == Act.SANS_PRENDRE:
        return (
            f"Play sans prendre: with {named} as trumps your hand is worth about {tricks} tricks "
            "without taking in."
        )
    return (
        f"Ask leave to play: with {named} as trumps your hand is worth about {tricks} tricks "
        "(the pamphlet asks for three sure ones)."
    )


def _card_reason(view: View, card: int) -> str:
    assert view.trump is not None
    trump = view.trump
    rules = view.rules
    name = card_name(card, trump, rules)
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    unseen = view.unseen()
    trumps_out = (unseen & TRUMP_MASK[trump]).bit_count()
    out = f"{number_word(trumps_out)} trump{'s are' if trumps_out != 1 else ' is'} still out"
    if not view.trick:
        if eff[card] == TRUMP and view.seat == view.ombre:
            return f"Lead {name} to draw trumps: {out}."
        same_suit = unseen & SUIT_MASK[trump][eff[card]]
        if not any(power[c] > power[card] for c in cards_of(same_suit)):
            return f"Lead {name}: it is the best card left in its suit ({out})."
        return f"Lead {name}, a low card, and keep your strength for later ({out})."
    trick = (*view.trick, card)
    winner = (view.leader + trick_winner(trick, trump)) % view.seats
    best_so_far = (view.leader + trick_winner(view.trick, trump)) % view.seats
    if winner == view.seat:
        if eff[card] == TRUMP and eff[view.trick[0]] != TRUMP:
            return f"Trump it with {name}: the trick is yours."
        return f"Take the trick with {name}."
    same_side = (best_so_far == view.ombre) == (view.seat == view.ombre)
    if same_side:
        return f"Your side is winning this trick: throw {name} and keep your strength."
    return f"You cannot take this trick with profit: throw {name}, your least useful card."
