"""The deal in words: card names in each preset's spelling, the log, and the result explained.

The browser and the command line both show these texts, so no rule or name is written twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .actions import Act
from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card, cards_of, format_card, plain_name
from .rules import Rules
from .scoring import CODILLE, PASSED, SACADA, Settlement, settle
from .state import Deal, Phase
from .tables import BASTO, MATADOR_MASK, SPADILLE, TRUMP_MASK, manille_of, punto_of

GLOSSARY: dict[str, str] = {
    "ombre": "The player who undertakes to win the hand against the other two (Spanish hombre, "
    "'the man').",
    "defender": "One of the two players against the Ombre.",
    "eldest": "The eldest hand: the player on the dealer's right, who speaks and leads first.",
    "play": "Ask leave to play: undertake the hand, exchanging cards with the stock first.",
    "sans-prendre": "Play without taking in: undertake the hand with the cards dealt, for a "
    "higher reward.",
    "pass": "Decline to undertake the hand.",
    "stock": "The thirteen undealt cards, from which the players take in after discarding.",
    "matador": "Spadille, Manille and Basto, the three highest trumps. When a lower trump is "
    "led, a matador need not be played unless a higher matador forces it.",
    "sacada": "The Ombre wins: more tricks than either defender; he takes the pool.",
    "codille": "A defender takes more tricks than the Ombre: he takes the pool and the Ombre "
    "makes it good.",
    "repuesto": "The Ombre ties for most tricks (4-4-1, 3-3-3): he doubles the pool, which is "
    "played for at the next deal.",
    "vole": "The Ombre takes all nine tricks.",
    "passed": "Everyone passed: the pass counters stay in the pool and the next dealer deals.",
    "trump": "The suit the Ombre names; Spadille and Basto are always trumps besides.",
    "pool": "The counters staked on the game, which the winner takes up.",
    "remise": "The French name (Court Gamester, Hoyle) for repuesto: the Ombre ties for most "
    "tricks and doubles the pool.",
    "taking in": "Drawing from the stock as many cards as you discarded.",
    "beast": "To be beasted: to lose as Ombre and pay a forfeit into the pool.",
    "fish": "A bone or ivory counter worth ten small counters (Court Gamester).",
}


def glossary(rules: Rules) -> dict[str, str]:
    """The glossary with the card names spelled as ``rules`` spells them."""
    n = rules.names
    return {
        **GLOSSARY,
        "spadille": f"{n.spadille}: the ace of spades, always the highest trump.",
        "manille": f"{n.manille}: the second trump, the two of a black trump suit or the seven "
        "of a red one.",
        "basto": f"{n.basto}: the ace of clubs, always the third trump.",
        "punto": f"{n.punto}: the ace of a red trump suit, the fourth trump.",
        "matador": f"{n.matadors}: {n.spadille}, {n.manille} and {n.basto}, the three highest "
        "trumps. When a lower trump is led, a matador need not be played unless a higher "
        "matador forces it.",
    }


def historical_name(card: Card, trump: int | None, rules: Rules) -> str | None:
    """Spadille, Manille, Basto or Punto (in the preset's spelling) if ``card`` is one now."""
    names = rules.names
    if card == SPADILLE:
        return names.spadille
    if card == BASTO:
        return names.basto
    if trump is not None:
        if card == manille_of(trump):
            return names.manille
        if card == punto_of(trump):
            return names.punto
    return None


def card_name(card: Card, trump: int | None, rules: Rules) -> str:
    """The name to show: the historical one when the card has one, else the plain one."""
    return historical_name(card, trump, rules) or plain_name(card)


def card_label(card: Card, trump: int | None, rules: Rules) -> str:
    """An accessible name such as ``Spadille, ace of spades`` or ``Seven of Hearts``."""
    special = historical_name(card, trump, rules)
    plain = plain_name(card)
    return f"{special}, {plain.lower()}" if special else plain


def card_info(card: Card, trump: int | None, rules: Rules) -> dict[str, object]:
    """Everything the table shows of a card."""
    suit = card // 10
    return {
        "code": format_card(card),
        "name": card_name(card, trump, rules),
        "plain": plain_name(card),
        "label": card_label(card, trump, rules),
        "suit": "schd"[suit],
        "rank": "A234567JQK"[card % 10],
        "symbol": SUIT_SYMBOLS[suit],
        "red": suit >= 2,
        "trump": card in (SPADILLE, BASTO)
        or (trump is not None and bool(TRUMP_MASK[trump] >> card & 1)),
        "matador": trump is not None and bool(MATADOR_MASK[trump] >> card & 1),
    }


def suit_info(suit: int) -> dict[str, str]:
    return {"suit": "schd"[suit], "name": SUIT_NAMES[suit], "symbol": SUIT_SYMBOLS[suit]}


class Narrator:
    """Writes the deal for one reader (``seat``), naming seats by ``names``."""

    def __init__(self, names: Sequence[str], seat: int | None) -> None:
        self.names = list(names)
        self.seat = seat

    def who(self, seat: int) -> str:
        return "You" if seat == self.seat else self.names[seat]

    def _verb(self, seat: int, you: str, other: str) -> str:
        return f"{self.who(seat)} {you if seat == self.seat else other}"

    @staticmethod
    def tricks(n: int) -> str:
        return "1 trick" if n == 1 else f"{n} tricks"

    def count(self, n: int, rules: Rules) -> str:
        if n == 1:
            return f"1 {rules.unit}"
        big, small = divmod(n, rules.big_unit_value)
        if big and rules.big_unit_value != 1 and rules.unit != "counter":
            parts = [f"{big} {rules.big_unit}{'s' if big > 1 else ''}"]
            if small:
                parts.append(f"{small} {rules.unit if small == 1 else rules.units}")
            return " and ".join(parts)
        return f"{n} {rules.units}"

    def log(self, deal: Deal, number: int = 1) -> list[str]:
        """The deal so far in sentences, as this reader saw it."""
        rules = deal.rules
        eldest = self._verb(deal.eldest, "are", "is")
        speaks = "speak" if deal.eldest == self.seat else "speaks"
        lines = [
            f"Deal {number}. {self.who(deal.dealer)} dealt; "
            f"{eldest} eldest hand and {speaks} first."
        ]
        replay = Deal(rules, deal.dealer, list(deal.dealt), deal.stock, deal.pool_in)
        for actor, action in zip(deal.actors, deal.history, strict=True):
            before_tricks = len(replay.tricks)
            hand_before = replay.hands[actor]
            replay.apply_unchecked(action)
            lines.extend(self._describe(replay, actor, action, before_tricks, hand_before))
        if deal.is_over:
            lines.extend(self.result_lines(settle(deal), rules))
        return lines

    def _describe(
        self, deal: Deal, actor: int, action: A.Action, before_tricks: int, hand_before: int
    ) -> list[str]:
        rules = deal.rules
        if action == Act.PASS:
            if (
                deal.phase != Phase.AUCTION
                and deal.ombre is not None
                and actor == deal.asker
                and (deal.contract == Act.SANS_PRENDRE and deal.ombre != actor)
            ):
                return [
                    self._verb(actor, "yield", "yields") + " the game to the sans-prendre player."
                ]
            return [self._verb(actor, "pass", "passes") + "."]
        if action == Act.PLAY:
            return [self._verb(actor, "ask", "asks") + " leave to play."]
        if action == Act.SANS_PRENDRE:
            return [self._verb(actor, "offer", "offers") + " to play sans prendre."]
        if A.is_trump(action):
            suit = action - Act.TRUMP
            line = self._verb(actor, "name", "names") + f" {SUIT_NAMES[suit].lower()} trumps."
            if deal.contract == Act.PLAY and actor == deal.ombre:
                line += " " + self._drawn(deal, actor, hand_before)
            return [line]
        if A.is_discard(action):
            mask = A.discard_mask(action)
            k = mask.bit_count()
            if actor == self.seat:
                shown = ", ".join(card_name(c, deal.trump, rules) for c in cards_of(mask))
                text = f"You discard {k} ({shown})." if k else "You keep your cards."
            else:
                text = (
                    f"{self.who(actor)} discards {k}."
                    if k
                    else f"{self.who(actor)} keeps his cards."
                )
            if deal.trump is None:  # the Ombre's discard: the trump comes before the draw
                return [text]
            return [text + " " + self._drawn(deal, actor, hand_before & ~mask)]
        if action == Act.VOLE:
            return [self._verb(actor, "declare", "declares") + " the vole: all nine tricks."]
        # a card
        name = card_name(action, deal.trump, rules)
        if len(deal.tricks) > before_tricks:
            winner = deal.tricks[-1][2]
            lines = [self._verb(actor, "play", "plays") + f" {name}."]
            lines.append(
                f"{self._verb(winner, 'win', 'wins')} trick {len(deal.tricks)}"
                f" ({self._score(deal)})."
            )
            return lines
        if len(deal.trick) == 1:
            return [
                f"Trick {len(deal.tricks) + 1}: " + self._verb(actor, "lead", "leads") + f" {name}."
            ]
        return [self._verb(actor, "play", "plays") + f" {name}."]

    def _drawn(self, deal: Deal, seat: int, kept: int) -> str:
        new = deal.hands[seat] & ~kept
        k = new.bit_count()
        if seat == self.seat and k:
            shown = ", ".join(card_name(c, deal.trump, deal.rules) for c in cards_of(new))
            return f"You take in {k}: {shown}."
        return f"{self.who(seat)} {'take' if seat == self.seat else 'takes'} in {k}."

    def _score(self, deal: Deal) -> str:
        return ", ".join(f"{self.who(s)} {deal.tricks_won[s]}" for s in range(deal.seats))

    def result_title(self, s: Settlement) -> str:
        if s.outcome == PASSED:
            return "All passed"
        assert s.ombre is not None
        if s.outcome == SACADA:
            if s.vole:
                return "Vole! " + self._verb(s.ombre, "take", "takes") + " every trick"
            return "Sacada: " + self._verb(s.ombre, "win", "wins")
        if s.outcome == CODILLE:
            assert s.codille_winner is not None
            return "Codille: " + self._verb(s.codille_winner, "win", "wins")
        return "Repuesto: the Ombre is beasted"

    def result_text(self, s: Settlement) -> str:
        if s.outcome == PASSED:
            return (
                "Nobody undertook the hand. The pass counters stay in the pool for the next deal."
            )
        assert s.ombre is not None
        ombre = s.ombre
        tricks = s.tricks[ombre]
        others = [t for i, t in enumerate(s.tricks) if i != ombre]
        split = f"{self.tricks(tricks)} against {others[0]} and {others[1]}"
        who = self.who(ombre)
        if s.outcome == SACADA:
            return f"{who} (the Ombre) took {split}: more than either defender, so the Ombre wins."
        if s.outcome == CODILLE:
            assert s.codille_winner is not None
            return (
                f"{who} (the Ombre) took only {split}. {self.who(s.codille_winner)} took more "
                "tricks than the Ombre: codille."
            )
        return (
            f"{who} (the Ombre) took {split}: no more than another player, so it is repuesto. "
            "The Ombre doubles the pool, which is played for at the next deal."
        )

    def result_lines(self, s: Settlement, rules: Rules) -> list[str]:
        """Each payment, in words."""
        reasons = {
            "stake": ("stake", "stakes", "for the game"),
            "eldest": ("pay", "pays", "for the hand, being eldest"),
            "pass": ("pay", "pays", "for passing"),
            "take-in": ("pay", "pays", "for the cards taken in"),
            "pool": ("take", "takes", "from the pool"),
            "codille": ("make", "makes", "good the pool (codille)"),
            "repuesto": ("double", "doubles", "the pool (repuesto)"),
            "sans-prendre": ("pay", "pays", "for the sans prendre"),
            "matadors": ("pay", "pays", f"for {s.matadors} {rules.names.matadors.lower()}"),
            "vole": ("pay", "pays", "for the vole"),
        }
        lines = []
        for t in s.transfers:
            amount = self.count(t.amount, rules)
            you, other, why = reasons[t.reason]
            if t.payer is None:
                assert t.payee is not None
                lines.append(f"{self._verb(t.payee, you, other)} {amount} {why}.")
            elif t.payee is None:
                if t.reason in ("codille", "repuesto"):
                    lines.append(f"{self._verb(t.payer, you, other)} {why}: {amount}.")
                else:
                    lines.append(f"{self._verb(t.payer, you, other)} {amount} {why}.")
            else:
                lines.append(
                    f"{self._verb(t.payer, 'pay', 'pays')} {self.who(t.payee)} {amount} {why}."
                )
        lines.append(f"The pool now holds {self.count(s.pool_out, rules)}.")
        return lines


__all__ = [
    "GLOSSARY",
    "Narrator",
    "card_info",
    "card_label",
    "card_name",
    "glossary",
    "historical_name",
    "suit_info",
]
