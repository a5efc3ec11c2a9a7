"""The deal in words: card names in each preset's spelling, the log, and the result explained.

The browser and the command line both show these texts, so no rule or name is written twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .actions import Act
from .cards import (
    KING,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    cards_of,
    format_card,
    make_card,
    plain_name,
    suit_of,
)
from .rules import Rules
from .scoring import CODILLE, PASSED, POOL, SACADA, Settlement, Transfer, stakes_due
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


def _called_king_glossary(rules: Rules) -> dict[str, str]:
    """What changes in the glossary when the Ombre calls a king (Ombre by five: ENC, CG)."""
    win = number_word(rules.win_tricks or 0)
    remise = number_word(rules.remise_tricks or 0)
    alone = number_word(rules.seats - 1)
    return {
        "play": "Ask leave to play: name the trump and call a king; its holder becomes your "
        "secret partner.",
        "sans-prendre": f"Play alone, calling no king, against the other {alone}.",
        "ombre": "The player who undertakes the hand, with the partner he calls or alone "
        "(Spanish hombre, 'the man').",
        "defender": "One of the players against the Ombre and his partner.",
        "call": "The Ombre calls a king, any but the king of trumps; whoever holds it is his "
        "partner, without saying so, until the king is played.",
        "partner": "The holder of the called king: he shares the Ombre's fate, in secret until "
        "the king falls.",
        "sacada": f"The Ombre and his partner make {win} tricks or more between them and take up "
        "the pool, the Ombre the larger half.",
        "repuesto": f"Remise: the Ombre's side makes only {remise} tricks; they are beasted and "
        "put counters into the pool for the next deal.",
        "remise": f"The Ombre's side makes only {remise} tricks: beasted.",
        "codille": f"The Ombre's side makes fewer than {remise} tricks: each of the others "
        "takes up counters from the pool.",
    }


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
        **(_called_king_glossary(rules) if rules.partnership == "called-king" else {}),
        **({"gano": _gano_glossary(rules.gano)} if rules.gano else {}),
    }


def _gano_glossary(word: str) -> str:
    return (
        f"{word} (\u2019tis mine): said by a defender with his card, to ask his partner not to "
        "take the trick. The only word allowed in the play besides the vole; the Ombre may not "
        "say it."
    )


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


def king_of(suit: int) -> Card:
    """The king of ``suit``."""
    return make_card(KING, suit)


def _king(card: Card) -> str:
    """``king of hearts``: how the log names a called king."""
    return f"king of {SUIT_NAMES[suit_of(card)].lower()}"


def suit_info(suit: int) -> dict[str, str]:
    return {"suit": "schd"[suit], "name": SUIT_NAMES[suit], "symbol": SUIT_SYMBOLS[suit]}


_REASONS: dict[str, tuple[str, str, str]] = {
    "stake": ("stake", "stakes", "for the game"),
    "eldest": ("pay", "pays", "for the hand, being eldest"),
    "pass": ("pay", "pays", "for passing"),
    "take-in": ("pay", "pays", "for the cards taken in"),
    "pool": ("take", "takes", "from the pool"),
    "codille": ("make", "makes", "good the pool (codille)"),
    "repuesto": ("double", "doubles", "the pool (repuesto)"),
    "beast": ("put", "puts", "into the pool, beasted (remise)"),
    "sans-prendre": ("pay", "pays", "for the sans prendre"),
    "matadors": ("pay", "pays", "for {n} {matadors}"),
    "vole": ("pay", "pays", "for the vole"),
}
_PAID_IN = frozenset({"stake", "eldest", "pass", "take-in"})
"""What is paid into the pool during the deal, told in the log when it is paid."""



def _two_counters(rules: Rules) -> bool:
    """Whether the preset counts in greater and lesser counters (RG) rather than one kind."""
    return rules.big_unit_value != 1 and rules.unit != "counter"


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
        """An amount in words, in the preset's counters: "3 greater counters and 4 lesser
        counters" (1660), "14 counters" (classic)."""
        if n == 1:
            return f"1 {rules.unit}"
        big, small = divmod(n, rules.big_unit_value)
        if big and _two_counters(rules):
            parts = [f"{big} {rules.big_unit}{'s' if big > 1 else ''}"]
            if small:
                parts.append(f"{small} {rules.unit if small == 1 else rules.units}")
            return " and ".join(parts)
        return f"{n} {rules.units}"

    @staticmethod
    def short(n: int, rules: Rules) -> str:
        """An amount in the ledger's compact form, signed: ``+1g 2l`` in greater and lesser
        counters where the preset has both (RG: "greater and lesser Counters"), else ``+14``."""
        if n == 0:
            return "0"
        sign = "+" if n > 0 else "\u2212"
        if not _two_counters(rules):
            return f"{sign}{abs(n)}"
        big, small = divmod(abs(n), rules.big_unit_value)
        parts = ([f"{big}g"] if big else []) + ([f"{small}l"] if small else [])
        return sign + " ".join(parts)

    @staticmethod
    def counters_note(rules: Rules) -> str | None:
        """What the compact form means, said on the table and in the ledger (``None`` when the
        preset counts in one kind of counter)."""
        if not _two_counters(rules):
            return None
        return (
            f"Counters are {rules.big_unit}s (g) and {rules.units} (l): "
            f"1 {rules.big_unit} = {rules.big_unit_value} {rules.units}."
        )

    def log(self, view: View, number: int = 1) -> list[str]:
        """The deal so far in sentences, as the view's seat saw it, read from its events."""
        rules = view.rules
        eldest = self._verb(view.eldest, "are", "is")
        speaks = "speak" if view.eldest == self.seat else "speaks"
        lines = [
            f"Deal {number}. {self.who(view.dealer)} dealt; "
            f"{eldest} eldest hand and {speaks} first."
        ]
        # Stakes and fees are told when they are paid in (RG: "for passing, for the hand, if you
        # be eldest, and for taking in"), in the words of the result's account.
        if stakes_due(rules, view.pool_in) and rules.game_stake:
            lines.append(self.stakes_line(rules.game_stake, rules))
        if rules.eldest_ante:
            lines.append(
                self.transfer_line(Transfer(view.eldest, POOL, rules.eldest_ante, "eldest"), rules)
            )
        trump: int | None = None
        called: Card | None = None
        ombre: int | None = None
        won = [0] * view.seats
        tricks = cards_in_trick = 0
        gano = ""
        for e in view.events:
            if A.is_trump(e.action):
                trump = e.action - Act.TRUMP
                if e.phase != Phase.LATE_TRUMP:  # a trump named late may be another's
                    ombre = e.seat
            if A.is_call(e.action):
                called = king_of(e.action - Act.CALL)
                lines.append(self._verb(e.seat, "call", "calls") + f" the {_king(called)}.")
                if view.partner == view.seat != e.seat:  # only the holder knows, from the call
                    lines.append(self._partner_line(view, called))
                continue
            if e.action == Act.GANO:  # said with the card that follows: told on its line
                gano = f", saying \u201c{rules.gano}\u201d (\u2019tis mine)"
                continue
            if A.is_card(e.action):
                name = card_name(e.action, trump, rules) + gano
                gano = ""
                falls = self._falls(e.seat, ombre, called) if e.action == called else ""
                cards_in_trick += 1
                if e.won >= 0:
                    won[e.won] += 1
                    tricks += 1
                    cards_in_trick = 0
                    lines.append(self._verb(e.seat, "play", "plays") + f" {name}.{falls}")
                    score = ", ".join(f"{self.who(s)} {won[s]}" for s in range(view.seats))
                    lines.append(f"{self._verb(e.won, 'win', 'wins')} trick {tricks} ({score}).")
                elif cards_in_trick == 1:
                    lead = self._verb(e.seat, "lead", "leads")
                    lines.append(f"Trick {tricks + 1}: {lead} {name}.{falls}")
                else:
                    lines.append(self._verb(e.seat, "play", "plays") + f" {name}.{falls}")
            else:
                lines.append(self._describe(e, trump, rules))
                pass_fee = rules.pass_fee_of(e.seat, view.eldest)
                if e.action == Act.PASS and e.phase == Phase.AUCTION and pass_fee:
                    fee = Transfer(e.seat, POOL, pass_fee, "pass")
                    lines.append(self.transfer_line(fee, rules))
                if e.taken and rules.take_in_fee:
                    fee = Transfer(e.seat, POOL, e.taken * rules.take_in_fee, "take-in")
                    lines.append(self.transfer_line(fee, rules))
        if view.result is not None:
            lines.extend(self.result_lines(view.result, rules, paid_in=False))
        else:
            lines.append(f"The pool holds {self.count(view.pool, rules)}.")
        return lines

    def _partner_line(self, view: View, called: Card) -> str:
        """What the holder of the called king knows from the call: he is the partner."""
        if view.seat == self.seat:
            return f"You hold the {_king(called)}: you are the Ombre's partner, in secret."
        return f"{self.who(view.seat)} holds the {_king(called)}: the Ombre's partner, in secret."

    def _falls(self, seat: int, ombre: int | None, called: Card) -> str:
        """The called king is played: everyone now knows the partner."""
        if seat == ombre:
            return f" The {_king(called)} was the Ombre's own: he plays alone."
        partner = "are" if seat == self.seat else "is"
        return f" The {_king(called)} falls: {self.who(seat)} {partner} the Ombre's partner."

    def _describe(self, e: Event, trump: int | None, rules: Rules) -> str:
        """An action of the auction or the exchange, or the vole, in words."""
        actor, action = e.seat, e.action
        if action == Act.PASS:
            if e.phase == Phase.LATE_TRUMP:
                return self._verb(actor, "leave", "leaves") + " the trump to the next to name."
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
        if action == Act.DRAW:
            return (
                self._drawn(e, trump, rules)
                + " The trump was not named first: another may name it (ENC, RG)."
            )
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
            if s.codille_winner is None:
                return "Codille: the Ombre's side is beaten"
            return "Codille: " + self._verb(s.codille_winner, "win", "wins")
        return "Repuesto: the Ombre is beasted"

    def result_text(self, s: Settlement) -> str:
        if s.outcome == PASSED:
            return (
                "Nobody undertook the hand. The pass counters stay in the pool for the next deal."
            )
        assert s.ombre is not None
        ombre = s.ombre
        if s.partner is not None:
            return self._side_result_text(s)
        tricks = s.tricks[ombre]
        others = [str(t) for i, t in enumerate(s.tricks) if i != ombre]
        split = f"{self.tricks(tricks)} against {', '.join(others[:-1])} and {others[-1]}"
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

    def _side_result_text(self, s: Settlement) -> str:
        """The result of a called-king game: the side's tricks together (CG, by five)."""
        assert s.ombre is not None and s.partner is not None and s.called is not None
        side = s.side
        total = sum(s.tricks[x] for x in side)
        if len(side) == 1:
            whose = f"{self.who(s.ombre)} (the Ombre) called his own {_king(s.called)} and took"
        else:
            whose = (
                f"{self.who(s.ombre)} (the Ombre) and {self.who(s.partner)}, who held the "
                f"{_king(s.called)}, took"
            )
        text = f"{whose} {self.tricks(total)} of {sum(s.tricks)}"
        if s.outcome == SACADA:
            return f"{text}: enough to win."
        if s.outcome == CODILLE:
            return f"{text}: codille. The others take up their counters from the pool."
        return f"{text}: remise. They are beasted and put counters into the pool."

    def transfer_line(self, t: Transfer, rules: Rules, matadors: int = 0) -> str:
        """One payment in words: the same sentence in the log, the result and the ledger."""
        amount = self.count(t.amount, rules)
        you, other, why = _REASONS[t.reason]
        why = why.format(n=matadors, matadors=rules.names.matadors.lower())
        if t.payer is None:
            assert t.payee is not None
            return f"{self._verb(t.payee, you, other)} {amount} {why}."
        if t.payee is None:
            if t.reason in ("codille", "repuesto"):
                return f"{self._verb(t.payer, you, other)} {why}: {amount}."
            return f"{self._verb(t.payer, you, other)} {amount} {why}."
        return f"{self._verb(t.payer, 'pay', 'pays')} {self.who(t.payee)} {amount} {why}."

    def stakes_line(self, amount: int, rules: Rules) -> str:
        """Every player's stake for the game, paid into an empty pool (RG; CG at every deal)."""
        return f"Each player stakes {self.count(amount, rules)} for the game."

    def result_lines(self, s: Settlement, rules: Rules, paid_in: bool = True) -> list[str]:
        """Each payment, in words; without ``paid_in``, only those made at the end (the log has
        told the stakes and fees when they were paid)."""
        stakes = [t for t in s.transfers if t.reason == "stake"]
        lines = []
        if paid_in and stakes:
            lines.append(self.stakes_line(stakes[0].amount, rules))
        lines += [
            self.transfer_line(t, rules, s.matadors)
            for t in s.transfers
            if t.reason != "stake" and (paid_in or t.reason not in _PAID_IN)
        ]
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
