"""The deal in words: card names in each preset's spelling, the log, and the result explained.

The browser and the command line both show these texts, so no rule or name is written twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .actions import Act
from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card, cards_of, format_card, plain_name
from .rules import Rules
from .scoring import CODILLE, PASSED, SACADA, Settlement
from .state import Event, Phase
from .tables import BASTO, MATADOR_MASK, SPADILLE, TRUMP_MASK, manille_of, punto_of
from .views import View

GLOSSARY: dict[str, str] = {
    "eldest": "The eldest hand: the player on the dealer's right, who speaks and leads first.",
    "play": "Ask leave to play: undertake the hand, exchanging cards with the stock first.",
    "sans-prendre": "Play without taking in: undertake the hand with the cards dealt, for a "
    "higher reward.",
    "pass": "Decline to undertake the hand.",
    "matador": "Spadille, Manille and Basto, the three highest trumps. When a lower trump is "
    "led, a matador need not be played unless a higher matador forces it.",
    "sacada": "The Ombre wins: more tricks than any defender; he takes the pool.",
    "codille": "A defender takes more tricks than the Ombre: he takes the pool and the Ombre "
    "makes it good.",
    "repuesto": "The Ombre ties for most tricks: he doubles the pool, which is played for at the "
    "next deal.",
    "passed": "Everyone passed: the pass counters stay in the pool and the next dealer deals.",
    "trump": "The suit the Ombre names; Spadille and Basto are always trumps besides.",
    "pool": "The counters staked on the game, which the winner takes up.",
    "remise": "The French name (Court Gamester, Hoyle) for repuesto: the Ombre ties for most "
    "tricks and doubles the pool.",
    "taking in": "Drawing from the stock as many cards as you discarded.",
    "beast": "To be beasted: to lose as Ombre and pay a forfeit into the pool.",
    "fish": "A bone or ivory counter worth ten small counters (Court Gamester).",
    "renounce": "Renounce: failing to follow suit when able, a fault.",
    "gano": "Gano (\u201cit's mine\u201d): a defender's call asking his partner not to overtake "
    "his card.",
}


NUMBER_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
)  # fmt: skip


def number_word(n: int) -> str:
    """``n`` in words, as the period texts write small numbers (``13`` past sixteen)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _packets(packets: tuple[int, ...]) -> str:
    """How the deal goes round: ``three at a time``, or ``by four, then three, then three``."""
    if len(set(packets)) == 1:
        return f"{number_word(packets[0])} at a time"
    return "by " + ", then ".join(number_word(k) for k in packets)


def glossary(rules: Rules) -> dict[str, str]:
    """The glossary for ``rules``: its table's numbers, its spelling of the card names."""
    n = rules.names
    others = number_word(rules.seats - 1)
    stock = (
        f"The {number_word(rules.stock_size)} undealt cards, from which the players take in "
        "after discarding."
        if rules.stock_size
        else "There is no stock at this table: every card is dealt."
    )
    return {
        **GLOSSARY,
        "ombre": f"The player who undertakes to win the hand against the other {others} "
        "(Spanish hombre, 'the man').",
        "defender": f"One of the {others} players against the Ombre.",
        "stock": stock,
        "vole": f"The Ombre takes all {number_word(rules.tricks)} tricks.",
        "dealer": f"Dealer: deals {number_word(rules.hand_size)} cards to each player, "
        f"{_packets(rules.packets)}, to the right; the deal then passes to the eldest.",
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

    def log(self, view: View, number: int = 1) -> list[str]:
        """The deal so far in sentences, as the view's seat saw it, read from its events."""
        rules = view.rules
        eldest = self._verb(view.eldest, "are", "is")
        speaks = "speak" if view.eldest == self.seat else "speaks"
        lines = [
            f"Deal {number}. {self.who(view.dealer)} dealt; "
            f"{eldest} eldest hand and {speaks} first."
        ]
        trump: int | None = None
        won = [0] * view.seats
        tricks = cards_in_trick = 0
        for e in view.events:
            if A.is_trump(e.action):
                trump = e.action - Act.TRUMP
            if A.is_card(e.action):
                name = card_name(e.action, trump, rules)
                cards_in_trick += 1
                if e.won >= 0:
                    won[e.won] += 1
                    tricks += 1
                    cards_in_trick = 0
                    lines.append(self._verb(e.seat, "play", "plays") + f" {name}.")
                    score = ", ".join(f"{self.who(s)} {won[s]}" for s in range(view.seats))
                    lines.append(f"{self._verb(e.won, 'win', 'wins')} trick {tricks} ({score}).")
                elif cards_in_trick == 1:
                    lead = self._verb(e.seat, "lead", "leads")
                    lines.append(f"Trick {tricks + 1}: {lead} {name}.")
                else:
                    lines.append(self._verb(e.seat, "play", "plays") + f" {name}.")
            else:
                lines.append(self._describe(e, trump, rules))
        if view.result is not None:
            lines.extend(self.result_lines(view.result, rules))
        return lines

    def _describe(self, e: Event, trump: int | None, rules: Rules) -> str:
        """An action of the auction or the exchange, or the vole, in words."""
        actor, action = e.seat, e.action
        if action == Act.PASS:
            if e.phase == Phase.REPLY:
                yields = self._verb(actor, "yield", "yields")
                return f"{yields} the game to the sans-prendre player."
            return self._verb(actor, "pass", "passes") + "."
        if action == Act.PLAY:
            return self._verb(actor, "ask", "asks") + " leave to play."
        if action == Act.SANS_PRENDRE:
            if e.phase == Phase.REPLY:
                return self._verb(actor, "keep", "keeps") + " the game, sans prendre."
            return self._verb(actor, "offer", "offers") + " to play sans prendre."
        if A.is_trump(action):
            line = self._verb(actor, "name", "names") + f" {SUIT_NAMES[trump or 0].lower()} trumps."
            if e.taken or e.discarded:
                line += " " + self._drawn(e, trump, rules)
            return line
        if A.is_discard(action):
            k = e.discarded
            if actor == self.seat:
                mask = A.discard_mask(action)
                shown = ", ".join(card_name(c, trump, rules) for c in cards_of(mask))
                text = f"You discard {k} ({shown})." if k else "You keep your cards."
            else:
                text = (
                    f"{self.who(actor)} discards {k}."
                    if k
                    else f"{self.who(actor)} keeps his cards."
                )
            if trump is None:  # the Ombre's discard: the trump comes before the draw
                return text
            return text + " " + self._drawn(e, trump, rules)
        assert action == Act.VOLE
        every = number_word(rules.tricks)
        return self._verb(actor, "declare", "declares") + f" the vole: all {every} tricks."

    def _drawn(self, e: Event, trump: int | None, rules: Rules) -> str:
        if e.seat == self.seat and e.taken:
            shown = ", ".join(card_name(c, trump, rules) for c in cards_of(e.drawn))
            return f"You take in {e.taken}: {shown}."
        return f"{self.who(e.seat)} {'take' if e.seat == self.seat else 'takes'} in {e.taken}."

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
