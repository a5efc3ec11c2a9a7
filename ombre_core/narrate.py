"""The deal in words: card names in each preset's spelling, the log, and the result explained.

The browser and the command line both show these texts, so no rule or name is written twice.

Every word comes from the catalogue of the language set (:mod:`.i18n`), under keys that follow a
few conventions, so that each language writes whole sentences in its own grammar:

- ``<key>.you`` / ``<key>.other``: a sentence whose subject is a seat, as the reader's own
  (``You pass.``, ``Pasas.``) or another's with ``{who}`` (``{who} passes.``);
- ``<key>.one`` / ``<key>.other``: a sentence about a count ``{n}`` (:func:`.i18n.tr_n`);
- ``number.0`` ... ``number.16``: small numbers in words, as the period texts write them;
- ``card.<code>`` and ``card.<code>.lower``: each card's plain name, at the head of a label and
  inside a sentence (``Seven of Hearts``, ``seven of hearts``; ``Herz-Sieben`` in German);
- ``card.spadille`` ...: the named cards in a language other than English, which keeps each
  preset's own spelling (:func:`names_of`);
- ``engine.pay.<reason>``: a payment, per :class:`~.scoring.Transfer` reason and direction;
- ``engine.name.<name>``, ``.mid`` and ``.to``: the table's names at the head of a sentence, in
  its middle, and paid or asked (with the preposition, which Spanish and French contract: ``al
  Barón``, ``au Baron``; German declines: ``dem Baron``); ``engine.name.to`` for any other name;
- ``glossary.<term>`` and ``glossary.<term>.<table>``: the glossary, with its variants for the
  called king, the demanded king, Quadrille's forced Spadille and Ombre by two.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from . import i18n
from .actions import Act
from .cards import KING, QUEEN, SUIT_SYMBOLS, SUITS, Card, cards_of, format_card, make_card, rank_of
from .i18n import tr, tr_n
from .rules import CardNames, Rules
from .scoring import CODILLE, PASSED, POOL, SACADA, Settlement, Transfer, stakes_due
from .state import Event, Phase
from .tables import BASTO, MATADOR_MASK, SPADILLE, TRUMP_MASK, manille_of, punto_of
from .views import View

_GLOSSARY_TERMS = (
    "eldest", "play", "sans-prendre", "pass", "matador", "sacada", "codille", "repuesto",
    "passed", "trump", "pool", "remise", "taking in", "beast", "fish", "renounce", "gano",
)  # fmt: skip
"""The glossary's terms that read the same at every table, in the order the table lists them."""


def _glossary_key(term: str) -> str:
    return "glossary." + term.replace(" ", "-")


def number_word(n: int) -> str:
    """``n`` in words, as the period texts write small numbers (``13`` past sixteen)."""
    return i18n.number_word(n)


def _and(items: Sequence[str]) -> str:
    """``a, b and c`` in the current language."""
    if len(items) < 2:
        return "".join(items)
    return tr("engine.list.and", rest=tr("engine.list.sep").join(items[:-1]), last=items[-1])


def _packets(packets: tuple[int, ...]) -> str:
    """How the deal goes round: ``three at a time``, or ``by four, then three, then three``."""
    if len(set(packets)) == 1:
        return tr("engine.packets.same", n=number_word(packets[0]))
    rounds = tr("engine.packets.then").join(number_word(k) for k in packets)
    return tr("engine.packets.rounds", rounds=rounds)


def names_of(rules: Rules) -> CardNames:
    """The named cards as the current language spells them: in English, the preset's own
    spelling (the 1660 pamphlet's Spadillio, the encyclopaedia's Pipillo); in another language,
    that language's period term (Espadilla, Spadille; Basto, Baste, Basta), whatever the preset."""
    if i18n.language() == i18n.DEFAULT:
        return rules.names
    return CardNames(
        tr("card.spadille"), tr("card.manille"), tr("card.basto"), tr("card.punto"),
        tr("card.matadors"),
    )  # fmt: skip


def matadors_word(rules: Rules) -> str:
    """The matadors as a sentence names them inside (``matadores``; German keeps the capital)."""
    if i18n.language() == i18n.DEFAULT:
        return rules.names.matadors.lower()
    return tr("card.matadors.lower")


def gano_word(rules: Rules) -> str | None:
    """The defenders' one word in the play, in the preset's spelling in English (Gagno, Gano),
    else the language's (``None`` where no speech is allowed)."""
    if rules.gano is None or i18n.language() == i18n.DEFAULT:
        return rules.gano
    return tr("card.gano")


def plain_name(card: Card) -> str:
    """The card's plain name in the current language: ``Seven of Hearts``."""
    return tr("card." + format_card(card))


def plain_lower(card: Card) -> str:
    """The plain name inside a sentence: ``seven of hearts``, ``king of hearts``."""
    return tr("card." + format_card(card) + ".lower")


def suit_name(suit: int) -> str:
    """``Hearts``: a suit as a button names it."""
    return tr(f"card.suit.{SUITS[suit]}")


def suit_lower(suit: int) -> str:
    """``hearts``: a suit inside a sentence."""
    return tr(f"card.suit.{SUITS[suit]}.lower")


def _called_king_glossary(rules: Rules) -> dict[str, str]:
    """What changes in the glossary when the Ombre calls a king (Ombre by five: ENC, CG)."""
    win = number_word(rules.win_tricks or 0)
    remise = number_word(rules.remise_tricks or 0)
    alone = number_word(rules.seats - 1)
    return {
        "play": tr("glossary.play.called"),
        "sans-prendre": tr("glossary.sans-prendre.called", alone=alone),
        "ombre": tr("glossary.ombre.called"),
        "defender": tr("glossary.defender.called"),
        "call": tr("glossary.call"),
        "partner": tr("glossary.partner"),
        "sacada": tr("glossary.sacada.side", win=win),
        "repuesto": tr("glossary.repuesto.side", remise=remise),
        "remise": tr("glossary.remise.side", remise=remise),
        "codille": tr("glossary.codille.side", remise=remise),
        **_quadrille_glossary(rules),
    }


def _quadrille_glossary(rules: Rules) -> dict[str, str]:
    """What Quadrille's rules add (HOY; CG p. 46 for the demanded king at three)."""
    words: dict[str, str] = {}
    spadille = names_of(rules).spadille
    if rules.all_pass == "spadille-plays":
        call = call_word(rules)
        words["passed"] = tr(f"glossary.passed.forced.{call}", spadille=spadille)
        floor = ".floor" if rules.caller_floor else ""
        words["forced-spadille"] = tr(f"glossary.forced-spadille.{call}{floor}", spadille=spadille)
    if rules.queen_when_kings_held:
        words["call"] = tr("glossary.call.queen")
    if rules.caller_floor:
        floor = number_word(rules.caller_floor)
        words["beast"] = tr("glossary.beast.floor", n=floor)
        words["beasted-alone"] = tr("glossary.beasted-alone", n=floor)
    if rules.partnership == "demanded-king":
        alone = number_word(rules.seats - 1)
        win = number_word(rules.win_tricks or 0)
        words.update(
            {
                "play": tr("glossary.play.demand"),
                "sans-prendre": tr("glossary.sans-prendre.demand", alone=alone),
                "ombre": tr("glossary.ombre", others=alone),  # alone against the rest: no partner
                "call": tr("glossary.call.demand"),
                "partner": tr("glossary.partner.demand"),
                "demand": tr("glossary.demand"),
                "defender": tr("glossary.defender.demand", alone=alone),
                "sacada": tr("glossary.sacada.demand", win=win),
            }
        )
    return words


def glossary(rules: Rules) -> dict[str, str]:
    """The glossary for ``rules``: its table's numbers, its spelling of the card names."""
    n = names_of(rules)
    others = number_word(rules.seats - 1)
    stock = (
        tr("glossary.stock", n=number_word(rules.stock_size))
        if rules.stock_size
        else tr("glossary.stock.none")
    )
    words = {
        # the matador's and Gano's entries, placed here in the list, are filled in below
        **{
            term: "" if term in ("matador", "gano") else tr(_glossary_key(term))
            for term in _GLOSSARY_TERMS
        },
        "ombre": tr("glossary.ombre", others=others),
        "defender": tr("glossary.defender", others=others),
        "stock": stock,
        "vole": tr("glossary.vole", n=number_word(rules.tricks)),
        "dealer": tr(
            "glossary.dealer", cards=number_word(rules.hand_size), packets=_packets(rules.packets)
        ),
        "spadille": tr("glossary.spadille", spadille=n.spadille),
        "manille": tr("glossary.manille", manille=n.manille),
        "basto": tr("glossary.basto", basto=n.basto),
        "punto": tr("glossary.punto", punto=n.punto),
        "matador": tr(
            "glossary.matador",
            matadors=n.matadors,
            spadille=n.spadille,
            manille=n.manille,
            basto=n.basto,
        ),
        **(_called_king_glossary(rules) if rules.partnership != "alone" else {}),
        **({"gano": tr("glossary.gano.word", word=gano_word(rules))} if rules.gano else {}),
    }
    if rules.gano is None:  # CG p. 63, Quadrille: no speaking at all
        words.pop("gano")
    if rules.seats == 2:  # Ombre by two: one opponent, no partner
        words.update(_two_glossary(rules))
    return words


def _two_glossary(rules: Rules) -> dict[str, str]:
    """What changes in the words when the Ombre has one opponent (Ombre by two, a modern
    reconstruction: ``docs/rules.md``)."""
    terms = ("passed", "ombre", "defender", "sacada", "codille", "repuesto", "remise")
    return {term: tr(f"glossary.{term}.two") for term in terms}


def beasted_alone(s: Settlement) -> bool:
    """Whether a caller who lost paid his side's losses alone (HOY p. 77 §6: fewer than three
    tricks himself): he paid, and his partner nothing but his stake. Read from the payments
    made, not worked out again (at five a codille may cost the side nothing but the pool)."""
    if s.outcome == SACADA or len(s.side) != 2:
        return False

    def paid(seat: int | None) -> bool:
        return any(t.payer == seat and t.reason != "stake" for t in s.transfers)

    return paid(s.ombre) and not paid(s.partner)


def forced_spadille(view: View) -> bool:
    """Whether the view's Ombre plays because all passed and he holds Spadille (HOY law 2): his
    own word in the auction was a pass. Public: everyone heard the passes."""
    ombre = view.ombre
    if view.rules.all_pass != "spadille-plays" or ombre is None:
        return False
    return view.bids[ombre] == Act.PASS


def historical_name(card: Card, trump: int | None, rules: Rules) -> str | None:
    """Spadille, Manille, Basto or Punto (in the preset's spelling) if ``card`` is one now."""
    names = names_of(rules)
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
    return tr("card.label", name=special, plain=plain_lower(card)) if special else plain_name(card)


def said(action: int, view: View) -> str:
    """A decision in words, as the review and the hint name it ("pass", "Spadille", "name clubs
    trumps", "discard 3: ..."): never an action code, which a visitor cannot read."""
    rules, trump = view.rules, view.trump
    if A.is_card(action):
        return card_name(action, trump, rules)
    if A.is_discard(action):
        cards = list(cards_of(A.discard_mask(action)))
        if not cards:
            return tr("engine.said.keep")
        shown = tr("engine.list.sep").join(card_name(c, trump, rules) for c in cards)
        return tr_n("engine.said.discard", len(cards), cards=shown)
    if A.is_trump(action):
        return tr("engine.said.trump", suit=suit_lower(action - Act.TRUMP))
    if A.is_call(action):
        card = A.called_card(action)
        return tr(called_key(f"engine.said.{call_word(rules)}", card), king=plain_lower(card))
    if A.is_give(action):
        return tr("engine.said.give", card=card_name(action - Act.GIVE, trump, rules))
    if action == Act.GANO:
        return tr("engine.said.gano", word=gano_word(rules) or "Gano")
    return tr(f"engine.said.{_SAID_KEYS[action]}")


_SAID_KEYS = {
    Act.PASS: "pass",
    Act.PLAY: "play",
    Act.SANS_PRENDRE: "sans-prendre",
    Act.VOLE: "vole",
    Act.DRAW: "draw",
}
"""The catalogue keys (``engine.said.<key>``) of the actions :func:`said` names by a word."""


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
    """``king of hearts``: how the log names a called king (or queen, HOY law 12)."""
    return plain_lower(card)


def call_word(rules: Rules) -> str:
    """``"demand"`` where the Ombre demands a king he then holds (Quadrille by three, CG p. 46),
    else ``"call"``: the word in the catalogue keys of calling (``engine.said.call``...)."""
    return "demand" if rules.partnership == "demanded-king" else "call"


def called_key(key: str, card: Card) -> str:
    """``key``, or its ``-queen`` form when the called card is a queen (HOY law 12): the
    languages whose articles have a gender say *la* reina, *die* Dame, not *el*, *den*."""
    return f"{key}-queen" if rank_of(card) == QUEEN else key


def suit_info(suit: int) -> dict[str, str]:
    return {"suit": "schd"[suit], "name": suit_name(suit), "symbol": SUIT_SYMBOLS[suit]}


_REASONS = (
    "stake", "eldest", "pass", "take-in", "pool", "codille", "repuesto", "beast",
    "sans-prendre", "matadors", "vole", "game", "consolation",
)  # fmt: skip
"""Why counters change hands (:class:`~ombre_core.scoring.Transfer`), each told by the
``engine.pay.<reason>`` sentences."""
_PAID_IN = frozenset({"stake", "eldest", "pass", "take-in"})
"""What is paid into the pool during the deal, told in the log when it is paid."""

_UNITS = {"counter": "counter", "fish": "fish", "lesser counter": "lesser",
          "greater counter": "greater"}  # fmt: skip
"""The presets' counters (in their English names) and their keys, ``engine.unit.<key>``."""


def unit_word(rules: Rules, n: int, big: bool = False) -> str:
    """The name of the preset's counter (``big``: its greater one) for ``n`` of them, in the
    current language; a counter no catalogue knows keeps the preset's English name."""
    english = rules.big_unit if big else rules.unit
    key = _UNITS.get(english)
    if key is None:
        if n == 1:
            return english
        return english + "s" if big else rules.units
    return tr(f"engine.unit.{key}.{'one' if n == 1 else 'other'}")


def _two_counters(rules: Rules) -> bool:
    """Whether the preset counts in greater and lesser counters (RG) rather than one kind."""
    return rules.big_unit_value != 1 and rules.unit != "counter"


_TABLE_NAMES = {
    "You": "engine.you",
    "The Baron": "engine.name.baron",
    "Sir Plume": "engine.name.plume",
    "Thalestris": "engine.name.thalestris",
    "Clarissa": "engine.name.clarissa",
    "Belinda": "engine.name.belinda",
    "The Knight": "engine.name.knight",
}
"""The default names of the table (``session.default_names``, from *The Rape of the Lock*), and
the Knight of Belinda's game (a table played on from it keeps him), as saved in English, and their
keys: each language calls the Baron in its own words."""


_ARTICLED = frozenset({"The Baron", "The Knight"})
"""The table's names that carry an article, which each language declines mid-sentence."""


def table_name(name: str, form: str = "") -> str:
    """A seat's name as the table shows it: a default name in the current language, any other
    name as it was given. ``form`` "mid" is the name in the middle of a sentence ("the Baron",
    "der Baron"); "to" the name paid or asked, with the preposition the language puts there
    and contracts ("al Barón", "au Baron", "dem Baron"; "a Sir Plume")."""
    key = _TABLE_NAMES.get(name)
    if form and name in _ARTICLED:  # each of them has a key, and its forms beside it
        return tr(f"{key}.{form}")
    shown = name if key is None else tr(key)
    return tr("engine.name.to", name=shown) if form == "to" else shown


class Narrator:
    """Writes the deal for one reader (``seat``), naming seats by ``names``.

    A sentence whose subject is a seat has two templates: ``<key>.you`` when the reader is that
    seat (the verb agrees with "you" in every language) and ``<key>.other`` with ``{who}``.
    """

    def __init__(self, names: Sequence[str], seat: int | None) -> None:
        self.given = tuple(names)
        self.names = [table_name(name) for name in names]
        self.seat = seat

    def who(self, seat: int) -> str:
        return tr("engine.you") if seat == self.seat else self.names[seat]

    def mid(self, seat: int) -> str:
        """Another seat's name in the middle of a sentence (the Baron, le Baron, baronen)."""
        return table_name(self.given[seat], "mid")

    def listed(self, seat: int, value: object) -> str:
        """One seat and its figure in a list, named mid-sentence: the tricks after each trick
        ("the Baron 4"), the terminal's ledger ("you −1g 2l")."""
        if seat == self.seat:
            return tr("engine.log.score.you", n=value)
        return tr("engine.log.score.other", who=self.mid(seat), n=value)

    def whom(self, seat: int) -> str:
        """Another seat's name as the one paid or asked (the Baron, dem Baron, al Barón)."""
        return table_name(self.given[seat], "to")

    def trick_title(self, number: int, leader: int, winner: int) -> str:
        """A trick played, as the Tricks played dialog titles it: who led it, who won it, named
        mid-sentence ("won by the Baron"); the reader's own share has its own words."""
        key = "other"
        if self.seat in (leader, winner):
            mine = "led" if leader == self.seat else "won"
            key = "you-both" if leader == winner else f"you-{mine}"
        fields: dict[str, object] = {"n": number}
        for role, seat in (("leader", leader), ("winner", winner)):
            if seat != self.seat:
                fields[role] = self.mid(seat)
        return tr(f"engine.tricks.heading.{key}", **fields)

    def _say(self, key: str, seat: int, **fields: object) -> str:
        """The sentence ``key`` with ``seat`` as its subject."""
        if seat == self.seat:
            return tr(key + ".you", **fields)
        return tr(key + ".other", who=self.names[seat], **fields)

    @staticmethod
    def tricks(n: int) -> str:
        return tr_n("engine.tricks", n)

    @staticmethod
    def count(n: int, rules: Rules) -> str:
        """An amount in words, in the preset's counters: "3 greater counters and 4 lesser
        counters" (1660), "14 counters" (classic)."""
        if n == 1:
            return tr("engine.amount", n=1, unit=unit_word(rules, 1))
        big, small = divmod(n, rules.big_unit_value)
        if big and _two_counters(rules):
            greater = tr("engine.amount", n=big, unit=unit_word(rules, big, big=True))
            if not small:
                return greater
            lesser = tr("engine.amount", n=small, unit=unit_word(rules, small))
            return tr("engine.amount.both", big=greater, small=lesser)
        return tr("engine.amount", n=n, unit=unit_word(rules, n))

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
        parts = [tr("engine.short.big", n=big)] if big else []
        parts += [tr("engine.short.small", n=small)] if small else []
        return sign + " ".join(parts)

    @staticmethod
    def counters_note(rules: Rules) -> str | None:
        """What the compact form means, said on the table and in the ledger (``None`` when the
        preset counts in one kind of counter)."""
        if not _two_counters(rules):
            return None
        return tr(
            "engine.ledger.note",
            big=unit_word(rules, 1, big=True),
            bigs=unit_word(rules, 2, big=True),
            smalls=unit_word(rules, 2),
            value=rules.big_unit_value,
        )

    def log(self, view: View, number: int = 1) -> list[str]:
        """The deal so far in sentences, as the view's seat saw it, read from its events."""
        rules = view.rules
        dealer = self.who(view.dealer)
        if view.eldest == self.seat:
            first = tr("engine.log.deal.you", number=number, dealer=dealer)
        elif view.dealer == self.seat:
            first = tr("engine.log.deal.dealer", number=number, who=self.who(view.eldest))
        else:
            first = tr("engine.log.deal.other", number=number, dealer=dealer,
                       who=self.who(view.eldest))  # fmt: skip
        lines = [first]
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
        forced = forced_spadille(view)  # all passed: Spadille's holder plays (HOY law 2)
        for e in view.events:
            if forced and e.phase != Phase.AUCTION:
                lines.append(self._forced_line(view.ombre, rules))
                forced = False
            if A.is_trump(e.action):
                trump = e.action - Act.TRUMP
                if e.phase != Phase.LATE_TRUMP:  # a trump named late may be another's
                    ombre = e.seat
            if A.is_call(e.action):
                called = A.called_card(e.action)
                if view.demanded_from is not None:  # Quadrille by three: handed over (CG)
                    king = _king(called)
                    whom = self.whom(view.demanded_from)
                    if e.seat == self.seat:
                        line = tr(called_key("engine.log.demand.you", called), king=king, whom=whom)
                    elif view.demanded_from == self.seat:
                        key = called_key("engine.log.demand.from_you", called)
                        line = tr(key, who=self.who(e.seat), king=king)
                    else:
                        key = called_key("engine.log.demand.other", called)
                        line = tr(key, who=self.who(e.seat), king=king, whom=whom)
                    lines.append(line)
                    called = None  # its fall shows no partner
                    continue
                key = called_key("engine.log.call", called)
                lines.append(self._say(key, e.seat, king=_king(called)))
                if view.partner == view.seat != e.seat:  # only the holder knows, from the call
                    lines.append(self._partner_line(view, called))
                continue
            if e.action == Act.GANO:  # said with the card that follows: told on its line
                gano = ".gano"
                continue
            if A.is_card(e.action):
                name = card_name(e.action, trump, rules)
                word = gano_word(rules)
                falls = self._falls(e.seat, ombre, called) if e.action == called else ""
                cards_in_trick += 1
                if e.won >= 0:
                    won[e.won] += 1
                    tricks += 1
                    cards_in_trick = 0
                    played = self._say("engine.log.play" + gano, e.seat, card=name, word=word)
                    lines.append(played + falls)
                    score = tr("engine.list.sep").join(
                        self.listed(s, won[s]) for s in range(view.seats)
                    )
                    lines.append(self._say("engine.log.win", e.won, n=tricks, score=score))
                elif cards_in_trick == 1:
                    led = self._say("engine.log.lead" + gano, e.seat, n=tricks + 1, card=name,
                                    word=word)  # fmt: skip
                    lines.append(led + falls)
                else:
                    played = self._say("engine.log.play" + gano, e.seat, card=name, word=word)
                    lines.append(played + falls)
                gano = ""
            else:
                lines.append(self._describe(e, trump, rules))
                pass_fee = rules.pass_fee_of(e.seat, view.eldest)
                if e.action == Act.PASS and e.phase == Phase.AUCTION and pass_fee:
                    fee = Transfer(e.seat, POOL, pass_fee, "pass")
                    lines.append(self.transfer_line(fee, rules))
                if e.taken and rules.take_in_fee:
                    fee = Transfer(e.seat, POOL, e.taken * rules.take_in_fee, "take-in")
                    lines.append(self.transfer_line(fee, rules))
        if forced:  # the auction has just closed
            lines.append(self._forced_line(view.ombre, rules))
        if view.result is not None:
            lines.extend(self.result_lines(view.result, rules, paid_in=False))
        else:
            lines.append(tr("engine.log.pool", amount=self.count(view.pool, rules)))
        return lines

    def _forced_line(self, seat: int | None, rules: Rules) -> str:
        """All passed: the holder of Spadille must play (HOY law 2), which shows he holds it."""
        assert seat is not None
        return self._say("engine.log.forced", seat, spadille=names_of(rules).spadille)

    def _partner_line(self, view: View, called: Card) -> str:
        """What the holder of the called king knows from the call: he is the partner."""
        return self._say(called_key("engine.log.partner", called), view.seat, king=_king(called))

    def _falls(self, seat: int, ombre: int | None, called: Card) -> str:
        """The called king is played: everyone now knows the partner (a sentence of its own,
        after the card's)."""
        if seat == ombre:
            return " " + tr(called_key("engine.log.falls.own", called), king=_king(called))
        return " " + self._say(called_key("engine.log.falls", called), seat, king=_king(called))

    def _describe(self, e: Event, trump: int | None, rules: Rules) -> str:
        """An action of the auction or the exchange, or the vole, in words."""
        actor, action = e.seat, e.action
        if action == Act.PASS:
            if e.phase == Phase.LATE_TRUMP:
                return self._say("engine.log.leave-trump", actor)
            if e.phase == Phase.REPLY:
                return self._say("engine.log.yield", actor)
            return self._say("engine.log.pass", actor)
        if action == Act.PLAY:
            return self._say("engine.log.ask", actor)
        if action == Act.SANS_PRENDRE:
            if e.phase == Phase.REPLY:
                return self._say("engine.log.keep-sans-prendre", actor)
            return self._say("engine.log.offer-sans-prendre", actor)
        if action == Act.DRAW:
            return self._drawn(e, trump, rules) + " " + tr("engine.log.draw-first")
        if A.is_trump(action):
            line = self._say("engine.log.trump", actor, suit=suit_lower(trump or 0))
            if e.taken or e.discarded:
                line += " " + self._drawn(e, trump, rules)
            return line
        if A.is_discard(action):
            k = e.discarded
            if actor == self.seat:
                mask = A.discard_mask(action)
                shown = tr("engine.list.sep").join(
                    card_name(c, trump, rules) for c in cards_of(mask)
                )
                text = (
                    tr_n("engine.log.discard.you", k, cards=shown)
                    if k
                    else tr("engine.log.keep.you")
                )
            else:
                who = self.who(actor)
                text = (
                    tr_n("engine.log.discard.other", k, who=who)
                    if k
                    else tr("engine.log.keep.other", who=who)
                )
            if trump is None:  # the Ombre's discard: the trump comes before the draw
                return text
            return text + " " + self._drawn(e, trump, rules)
        if A.is_give(action):
            card = card_name(action - Act.GIVE, trump, rules)
            return self._say("engine.log.give", actor, card=card)
        assert action == Act.VOLE
        return self._say("engine.log.vole", actor, n=number_word(rules.tricks))

    def _drawn(self, e: Event, trump: int | None, rules: Rules) -> str:
        if e.seat == self.seat and e.taken:
            shown = tr("engine.list.sep").join(
                card_name(c, trump, rules) for c in cards_of(e.drawn)
            )
            return tr_n("engine.log.take-in.shown", e.taken, cards=shown)
        if e.seat == self.seat:
            return tr_n("engine.log.take-in.you", e.taken)
        return tr_n("engine.log.take-in.other", e.taken, who=self.who(e.seat))

    def result_title(self, s: Settlement) -> str:
        if s.outcome == PASSED:
            return tr("engine.result.title.passed")
        assert s.ombre is not None
        if s.outcome == SACADA:
            if s.vole:
                return self._say("engine.result.title.vole", s.ombre)
            return self._say("engine.result.title.sacada", s.ombre)
        if s.outcome == CODILLE:
            if s.codille_winner is None:
                return tr("engine.result.title.codille-side")
            return self._say("engine.result.title.codille", s.codille_winner)
        return tr("engine.result.title.repuesto")

    def result_text(self, s: Settlement) -> str:
        if s.outcome == PASSED:
            return tr("engine.result.passed")
        assert s.ombre is not None
        ombre = s.ombre
        if s.partner is not None or s.target is not None:
            return self._side_result_text(s)
        tricks = self.tricks(s.tricks[ombre])
        others = [str(t) for i, t in enumerate(s.tricks) if i != ombre]
        if len(others) == 1:  # Ombre by two: one opponent
            return self._duel_result_text(s)
        split = {"tricks": tricks, "others": _and(others)}
        if s.outcome == SACADA:
            return self._say("engine.result.sacada", ombre, **split)
        if s.outcome == CODILLE:
            winner = s.codille_winner
            assert winner is not None
            if winner == self.seat:
                return tr("engine.result.codille.winner-you", who=self.who(ombre), **split)
            return self._say("engine.result.codille", ombre, winner=self.who(winner), **split)
        return self._say("engine.result.repuesto", ombre, **split)

    def _duel_result_text(self, s: Settlement) -> str:
        """The result when the Ombre has one opponent (Ombre by two)."""
        assert s.ombre is not None
        rival = 1 - s.ombre
        split = {"tricks": self.tricks(s.tricks[s.ombre]), "other": s.tricks[rival]}
        if s.outcome == SACADA:
            return self._say("engine.result.duel.sacada", s.ombre, **split)
        if s.outcome == CODILLE:
            if rival == self.seat:
                return tr("engine.result.duel.codille.rival-you", who=self.who(s.ombre), **split)
            return self._say("engine.result.duel.codille", s.ombre, rival=self.who(rival), **split)
        return self._say("engine.result.duel.repuesto", s.ombre, **split)

    def _side_result_text(self, s: Settlement) -> str:
        """The result of a game judged on the side's tricks together (CG, by five; Quadrille)."""
        assert s.ombre is not None
        side = s.side
        took = {"tricks": self.tricks(sum(s.tricks[x] for x in side)), "total": sum(s.tricks)}
        if s.called is None or s.partner is None:  # sans prendre, or a demanded king: alone
            clause = self._say("engine.result.side.alone", s.ombre, **took)
        elif len(side) == 1:
            clause = self._say(called_key("engine.result.side.own", s.called), s.ombre,
                               king=_king(s.called), **took)  # fmt: skip
        elif s.partner == self.seat:
            key = called_key("engine.result.side.pair.partner-you", s.called)
            clause = tr(key, who=self.who(s.ombre), king=_king(s.called), **took)
        else:
            clause = self._say(called_key("engine.result.side.pair", s.called), s.ombre,
                               partner=self.mid(s.partner),
                               king=_king(s.called), **took)  # fmt: skip
        if s.outcome == SACADA:
            return tr("engine.result.side.win", clause=clause)
        if beasted_alone(s):
            verdict = "codille" if s.outcome == CODILLE else "remise"
            return tr(f"engine.result.side.beasted-alone.{verdict}", clause=clause)
        if s.outcome == CODILLE:
            return tr("engine.result.side.codille", clause=clause)
        if len(side) == 1:
            return tr("engine.result.side.remise-alone", clause=clause)
        return tr("engine.result.side.remise", clause=clause)

    def transfer_line(self, t: Transfer, rules: Rules, matadors: int = 0) -> str:
        """One payment in words: the same sentence in the log, the result and the ledger."""
        fields = {
            "amount": self.count(t.amount, rules),
            "n": matadors,
            "matadors": matadors_word(rules),
        }
        key = f"engine.pay.{t.reason}"
        if t.payer is None or t.payee is None:
            seat = t.payee if t.payer is None else t.payer
            assert seat is not None
            return self._say(key, seat, **fields)
        if t.payee == self.seat:
            return tr(key + ".to.to-you", who=self.who(t.payer), **fields)
        return self._say(key + ".to", t.payer, payee=self.whom(t.payee), **fields)

    def stakes_line(self, amount: int, rules: Rules) -> str:
        """Every player's stake for the game, paid into an empty pool (RG; CG at every deal)."""
        return tr("engine.pay.stakes", amount=self.count(amount, rules))

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
        lines.append(tr("engine.pay.pool-now", amount=self.count(s.pool_out, rules)))
        return lines


__all__ = [
    "Narrator",
    "beasted_alone",
    "called_key",
    "card_info",
    "card_label",
    "card_name",
    "forced_spadille",
    "gano_word",
    "glossary",
    "historical_name",
    "matadors_word",
    "names_of",
    "number_word",
    "plain_lower",
    "plain_name",
    "suit_info",
    "suit_lower",
    "suit_name",
    "table_name",
    "unit_word",
]
