"""Who the hidden partner is, read from the cards played (Ombre by five, Quadrille).

Until the called king falls only its holder knows he is the Ombre's partner: he "without
discovering himself, is to assist him" (ENC), and the rules allow no speech (CG p. 63). Assisting
shows, though. The partner knows every seat's side; a defender knows only that the Ombre is his
foe. So the partner lets a trick the Ombre holds go by (above all when no foe is still to play)
and takes one a defender holds; a defender takes the Ombre's tricks (RG "General Rules": the
defenders win cheaply when the Ombre is winning) and lets a fellow's go by, not knowing which of
the others plays with the Ombre (RG: they "do not overtake each other needlessly"). On lead, the
pamphlet's partner leads trumps through the defenders for the Ombre, a defender his plain suits.
The Ombre's own plays say nothing of who his partner is: he does not know.

The sampler draws worlds in which the called king lies anywhere it may; in each, its holder is the
partner and every seat knows it (:mod:`ombre_core.bots.sampler`). Search on those worlds cannot
tell a likely partner from an unlikely one unless the worlds are weighed by the play. This module
gives that weight: for each card a player other than the Ombre and the viewer played while the
partner was hidden, where in that world's hand he had a card that would take the trick and one
that would not (by the rules' :func:`~ombre_core.tricks.legal_cards`), or on lead a trump and a
plain card, the probability of what he did as partner and as defender. The probabilities are
:class:`~ombre_core.bots.inference.ActionModel`'s ``partner_takes`` and the fields after it,
between what the rule player does (always the pamphlet's way) and what the expert does (its
search knows no secret to keep; ``bench/partner_read.py`` prints both), soft so that no world the
rules allow is ruled out.

Measured in ``bench/partner_read.py`` (docs/bots.md, "Reading the hidden partner").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, CardSet
from ..tables import TRUMP_MASK, trick_winner
from ..tricks import legal_cards

if TYPE_CHECKING:
    from ..views import View
    from .inference import ActionModel

__all__ = ["PartnerReading", "taking_cards"]


def taking_cards(trick: Sequence[Card], trump: int) -> CardSet:
    """The cards that would take ``trick`` (the cards so far, in order) if played to it now."""
    taking = 0
    for card in range(40):
        if trick_winner((*trick, card), trump) == len(trick):
            taking |= 1 << card
    return taking


@dataclass(frozen=True, slots=True)
class _Play:
    """One card a player other than the Ombre played while the partner was hidden."""

    seat: int
    prefix: tuple[Card, ...]
    """The trick's cards before it (none: a lead)."""
    choice: CardSet
    """The cards that would have done what his did: taken the trick (or not), led a trump (or
    not). He had a choice if his hand then held one of these and one not."""
    as_partner: float
    """The probability of what he did, were he the partner."""
    as_defender: float
    """The same, were he a defender."""
    later: CardSet
    """The cards ``seat`` played from this trick on: his hand then is his hand now and these."""


class PartnerReading:
    """The likelihood of the others' plays, given who the partner is, from one seat's view.

    ``active`` is false where there is nothing to read: no king called, the partner known to the
    viewer (he holds the king, or it has fallen), or no play yet that could tell.
    """

    def __init__(self, view: View, model: ActionModel) -> None:
        self._called = view.called
        self._ombre = view.ombre
        self._plays: list[_Play] = []
        trump = view.trump
        ombre = view.ombre
        if (
            trump is None
            or view.called is None
            or view.partner is not None
            or ombre is None
            or view.played >> view.called & 1
        ):
            return
        self._forced_by = view.rules.matador_forced_by
        self._trump = trump
        n = self._seats = view.seats
        later = [0] * n
        for leader, cards in reversed(view.all_tricks()):
            for i, card in enumerate(cards):
                later[(leader + i) % n] |= 1 << card
            for i, card in enumerate(cards):
                seat = (leader + i) % n
                if seat in (view.seat, ombre):
                    continue  # the viewer's own plays, and the Ombre's, who does not know
                self._plays.append(self._read(model, leader, cards[:i], card, seat, later[seat]))

    def _read(
        self,
        model: ActionModel,
        leader: int,
        prefix: tuple[Card, ...],
        card: Card,
        seat: int,
        later: CardSet,
    ) -> _Play:
        trump, ombre = self._trump, self._ombre
        if not prefix:
            choice = TRUMP_MASK[trump]
            partner, defender = model.partner_trump_lead, model.defender_trump_lead
        else:
            i = len(prefix)
            choice = taking_cards(prefix, trump)
            n = self._seats
            holder = (leader + trick_winner(prefix, trump)) % n
            if holder == ombre:
                after = {(leader + j) % n for j in range(i + 1, n)}
                foe_after = bool(after - {ombre})
                partner = (
                    model.partner_takes_ombre_foe_after if foe_after else model.partner_takes_ombre
                )
                defender = model.defender_takes_ombre
            else:
                partner, defender = model.partner_takes, model.defender_takes
        if not choice >> card & 1:
            partner, defender = 1.0 - partner, 1.0 - defender
        return _Play(seat, prefix, choice, partner, defender, later)

    @property
    def active(self) -> bool:
        return bool(self._plays)

    def likelihood(self, hands: list[CardSet]) -> float:
        """The probability of the plays read, in the world whose hands (every seat's, now) are
        ``hands``: its partner is the holder of the called king."""
        assert self._called is not None
        bit = 1 << self._called
        partner = next((s for s, hand in enumerate(hands) if hand & bit), self._ombre)
        trump, forced_by = self._trump, self._forced_by
        p = 1.0
        for play in self._plays:
            held = hands[play.seat] | play.later
            legal = legal_cards(held, play.prefix, trump, forced_by) if play.prefix else held
            if legal & play.choice and legal & ~play.choice:
                p *= play.as_partner if play.seat == partner else play.as_defender
        return p
