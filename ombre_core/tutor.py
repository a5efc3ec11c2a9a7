"""A first game's tutor: what each step of a deal is, as it comes, for someone new to Ombre.

Where :mod:`.hints` says what the expert would do, the tutor says what the step *is* and what it
costs, from the person's view alone, in the preset's own words and amounts: why one may pass and
what passing costs, what asking leave undertakes, what taking in costs, why the trump is named
before looking at the cards taken in (1660), why a king may be as good as a trump, what the
matadors' privilege allows, what the tricks so far mean for the outcome. Sources as in
``docs/rules.md``: RG (the 1660 pamphlet), CG (*The Court Gamester*), the compendium.

Every sentence is a template of the catalogues (``tutor.*``), in the current language.
"""

from __future__ import annotations

from .actions import Act
from .cards import KING, cards_of, rank_of
from .i18n import tr
from .narrate import Narrator, card_name, historical_name, number_word
from .state import Phase
from .tables import EFFECTIVE_SUIT, MATADOR_MASK, POWER, SUIT_MASK, TRUMP
from .views import View


def explain(view: View) -> list[str]:
    """A few sentences on the step the person (``view``'s seat) is to take now; [] otherwise."""
    if view.is_over or not view.my_turn:
        return []
    rules = view.rules
    money = Narrator([], view.seat).count
    step = view.step
    if step == Phase.AUCTION:
        lines = [tr("tutor.auction", others=number_word(view.seats - 1))]
        fee = rules.pass_fee_of(view.seat, view.eldest)
        if fee:
            lines.append(tr("tutor.auction.fee", fee=money(fee, rules)))
        if Act.PLAY in view.legal and rules.stock_size:
            lines.append(tr("tutor.auction.ask"))
        if Act.SANS_PRENDRE in view.legal:
            lines.append(tr("tutor.auction.sans-prendre"))
        return lines + _hand_note(view)
    if step == Phase.REPLY:
        return [tr("tutor.reply")]
    if step == Phase.TRUMP_CHOICE:
        lines = [tr("tutor.trump")]
        if Act.DRAW in view.legal:
            lines.append(tr("tutor.trump.before-draw"))
        elif rules.stock_size and view.taken[view.seat] == 0 and rules.stock_seen_after_first_lead:
            lines.append(tr("tutor.trump.1660"))
        return lines
    if step == Phase.LATE_TRUMP:
        if view.seat == view.ombre:
            return [tr("tutor.late-trump.ombre")]
        return [tr("tutor.late-trump.defender")]
    if step == Phase.CALL:
        return [tr("tutor.call")]
    if step == Phase.DISCARD:
        low, high = view.discard_bounds or (0, 0)
        lines = []
        if view.seat == view.ombre:
            lines.append(tr("tutor.discard.ombre", low=number_word(low), high=number_word(high)))
        else:
            lines.append(tr("tutor.discard.defender", high=number_word(high)))
        if rules.take_in_fee:
            lines.append(tr("tutor.discard.fee", fee=money(rules.take_in_fee, rules)))
        return lines
    if step == Phase.PLAY:
        return _play_notes(view)
    return []


def _hand_note(view: View) -> list[str]:
    """What the person holds that counts in the auction: matadors and kings."""
    rules = view.rules
    always = [c for c in cards_of(view.hand) if all(MATADOR_MASK[t] >> c & 1 for t in range(4))]
    named = [historical_name(c, None, rules) or card_name(c, None, rules) for c in always]
    kings = sum(1 for c in cards_of(view.hand) if rank_of(c) == KING)
    parts = []
    if named:
        parts.append(tr("tutor.hand.matadors", names=", ".join(named)))
    if kings:
        parts.append(tr(f"tutor.hand.kings.{_plural(kings)}", n=number_word(kings)))
    return [tr("tutor.hand", parts="; ".join(parts))] if parts else []


def _plural(n: int) -> str:
    """Which of a template's two forms ``n`` takes (``one``, ``other``)."""
    return "one" if n == 1 else "other"


def _play_notes(view: View) -> list[str]:
    """The trick play: following suit, the privilege, kings, and where the tricks stand."""
    trump = view.trump
    assert trump is not None
    rules = view.rules
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    lines = []
    legal = view.legal_cards
    if not view.trick:
        lines.append(tr("tutor.play.lead"))
        unseen = view.unseen()
        for card in cards_of(view.hand):
            if rank_of(card) != KING or eff[card] == TRUMP:
                continue
            suit = unseen & SUIT_MASK[trump][eff[card]]
            if not any(power[c] > power[card] for c in cards_of(suit)):
                lines.append(tr("tutor.play.king", card=card_name(card, trump, rules)))
                break
    else:
        led = eff[view.trick[0]]
        follow = view.hand & SUIT_MASK[trump][led]
        if not follow:
            lines.append(tr("tutor.play.void"))
        elif led == TRUMP and legal != follow and follow & MATADOR_MASK[trump] == follow:
            lines.append(tr("tutor.play.privilege"))
        else:
            lines.append(tr("tutor.play.follow"))
    ombre = view.ombre
    if ombre is not None:
        won = view.tricks_won
        others = [won[s] for s in range(view.seats) if s != ombre]
        if ombre == view.seat:
            best = number_word(max(others))
            n = won[ombre]
            lines.append(tr(f"tutor.play.ombre.{_plural(n)}", n=number_word(n), best=best))
        else:
            n = won[ombre]
            lines.append(tr(f"tutor.play.defender.{_plural(n)}", n=number_word(n)))
    if Act.GANO in view.legal:
        lines.append(tr("tutor.play.gano", gano=rules.gano))
    return lines


__all__ = ["explain"]
