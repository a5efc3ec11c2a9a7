"""A first game's tutor: what each step of a deal is, as it comes, for someone new to Ombre.

Where :mod:`.hints` says what the expert would do, the tutor says what the step *is* and what it
costs, from the person's view alone, in the preset's own words and amounts: why one may pass and
what passing costs, what asking leave undertakes, what taking in costs, why the trump is named
before looking at the cards taken in (1660), why a king may be as good as a trump, what the
matadors' privilege allows, what the tricks so far mean for the outcome. Sources as in
``docs/rules.md``: RG (the 1660 pamphlet), CG (*The Court Gamester*), the compendium.
"""

from __future__ import annotations

from .actions import Act
from .cards import KING, cards_of, rank_of
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
        lines = [
            "The auction: each player in turn says pass or play, once. To play is to become "
            f"the Ombre, alone against the other {number_word(view.seats - 1)}: you name the "
            "trumps and must take more tricks than each of them.",
        ]
        fee = rules.pass_fee_of(view.seat, view.eldest)
        if fee:
            lines.append(f"Passing costs {money(fee, rules)}, paid into the pool.")
        if Act.PLAY in view.legal and rules.stock_size:
            lines.append(
                "Ask leave (play) when your hand should take three or four tricks with the trumps "
                "you would name: matadors and long trumps count most, then kings."
            )
        if Act.SANS_PRENDRE in view.legal:
            lines.append(
                "Sans prendre is playing without taking in from the stock: it outranks a plain ask "
                "and pays more, but the hand must be strong as dealt."
            )
        return lines + _hand_note(view)
    if step == Phase.REPLY:
        return [
            "Another player offers to play sans prendre over your ask. Keep the game by playing "
            "sans prendre yourself, or yield it to him."
        ]
    if step == Phase.TRUMP_CHOICE:
        lines = [
            "Name the trump suit. Spadille (ace of spades) and Basto (ace of clubs) are trumps "
            "whatever you name; the second trump, Manille, is the two of a black suit or the seven "
            "of a red one, and a red suit's ace (Punto) comes fourth."
        ]
        if Act.DRAW in view.legal:
            lines.append(
                "Name it now, before you look at the cards you take in: if you take them in "
                "first, another player may name it for you."
            )
        elif rules.stock_size and view.taken[view.seat] == 0 and rules.stock_seen_after_first_lead:
            lines.append(
                "The 1660 rules have you name it now, before you look at the cards you take in."
            )
        return lines
    if step == Phase.LATE_TRUMP:
        if view.seat == view.ombre:
            return ["Nobody else named the trump, so you name it now, knowing your new cards."]
        return [
            "The Ombre looked at the cards he took in before naming the trump, so you may name "
            "it for him (the encyclopaedia: \u201cany other may prevent him, by naming what trump "
            "he pleases\u201d). Name the suit that suits his hand least: often the one you are "
            "strongest in. Or let it pass."
        ]
    if step == Phase.CALL:
        return [
            "Call a king (not the king of trumps): whoever holds it plays on your side, in secret, "
            "until the king is played."
        ]
    if step == Phase.DISCARD:
        low, high = view.discard_bounds or (0, 0)
        lines = []
        if view.seat == view.ombre:
            lines.append(
                f"Taking in: lay out from {number_word(low)} to {number_word(high)} cards and draw "
                "as many from the stock. Keep trumps and kings; low cards of short plain suits go."
            )
        else:
            lines.append(
                f"Taking in: you may lay out up to {number_word(high)} cards and draw as many from "
                "what the Ombre left in the stock, or keep your hand."
            )
        if rules.take_in_fee:
            lines.append(f"Each card taken in costs {money(rules.take_in_fee, rules)}.")
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
        parts.append(f"You hold {', '.join(n for n in named)}, trumps whatever is named")
    if kings:
        parts.append(f"{number_word(kings)} king{'s' if kings != 1 else ''}")
    return [("In your hand: " + "; ".join(parts) + ".")] if parts else []


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
        lines.append(
            "Your lead: any card. Whoever plays the highest trump, or else the highest card of "
            "the suit led, takes the trick and leads the next."
        )
        unseen = view.unseen()
        for card in cards_of(view.hand):
            if rank_of(card) != KING or eff[card] == TRUMP:
                continue
            suit = unseen & SUIT_MASK[trump][eff[card]]
            if not any(power[c] > power[card] for c in cards_of(suit)):
                lines.append(
                    f"Your {card_name(card, trump, rules)} is the highest of its suit: it takes "
                    "the trick unless someone has none of the suit and trumps it, which is why a "
                    "king may be as good as a trump."
                )
                break
    else:
        led = eff[view.trick[0]]
        follow = view.hand & SUIT_MASK[trump][led]
        if not follow:
            lines.append(
                "You have none of the suit led: play any card. There is no duty to trump or to win "
                "the trick."
            )
        elif led == TRUMP and legal != follow and follow & MATADOR_MASK[trump] == follow:
            lines.append(
                "A trump was led and your only trumps are matadors: the matadors' privilege lets "
                "you keep them and play another card, unless a higher matador was led."
            )
        else:
            lines.append("You must follow the suit led with one of the cards shown.")
    ombre = view.ombre
    if ombre is not None:
        won = view.tricks_won
        others = [won[s] for s in range(view.seats) if s != ombre]
        if ombre == view.seat:
            best = number_word(max(others))
            lines.append(
                f"You have {number_word(won[ombre])} trick{'s' if won[ombre] != 1 else ''}; you "
                f"need more than either other player (the best of them has {best})."
            )
        else:
            n = won[ombre]
            lines.append(
                f"The Ombre has {number_word(n)} trick{'s' if n != 1 else ''}. He loses if either "
                "defender takes more than he does (codille, won by that defender); a tie for the "
                "most is a repuesto."
            )
    if Act.GANO in view.legal:
        lines.append(
            f"As a defender you may say \u201c{rules.gano}\u201d (\u2019tis mine) with your "
            "card, to ask your partner not to take the trick."
        )
    return lines


__all__ = ["explain"]
