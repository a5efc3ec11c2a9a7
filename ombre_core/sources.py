"""Where each rule of a preset comes from: its lines for the rules panel, and how presets differ.

Every line is derived from the :class:`~ombre_core.rules.Rules` values, never from a preset's
name: a new preset gets its lines from its fields. A line states the rule in plain words (with the
preset's own counters and card names) and quotes its source briefly and verbatim. The quotations
come from the seed texts (``../shared/seeds``: RG1660 = seed 000, MOR = seed 001, ENC = seed 004);
where a source is not among the seeds (CG, EB1911, HOY) the quotation is the one the compendium
(``ombre-rules.md``, ``variants.md``) gives from the page it read, and a quotation marked
``reported`` is the compendium's own words about a page, not the source's: the panel says so.

:func:`compare` is the side-by-side table: a row for each :class:`Rules` field whose values
differ between the presets given, a column for each preset.

>>> from ombre_core.rules import RULES_ENCYCLOPAEDIA
>>> [line.key for line in rule_lines(RULES_ENCYCLOPAEDIA)][:3]
['table', 'counters', 'passing']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from .cards import ALL_SUITS, SUIT_NAMES, cards_of, make_card, mask_of
from .i18n import catalogue, language, tr
from .rules import CardNames, Rules, preset_title

SIGLA: dict[str, str] = {
    "RG": "The Royal Game of the Ombre (London, 1660)",
    "ENC": "the encyclopaedia entry \u201cOmbre\u201d",
    "MOR": "Henry Morley's note on Ombre (1891), after The Court Gamester",
    "CG": "The Court Gamester (1719)",
    "EB1911": "the Encyclopaedia Britannica, 11th edition (1911)",
    "HOY": "Hoyle's laws of Quadrille",
}
"""The sigla of the compendium's §0, and what each names."""

DOCUMENTS: dict[str, str] = {
    "seed-000": "000_5d044366ea0cd774.txt",
    "seed-001": "001_42752677a66a98d0.txt",
    "seed-004": "004_0faf70bcc78b07e8.txt",
    "compendium": "ombre-rules.md",
    "variants": "variants.md",
}
"""Where a quotation can be checked: the seeds, or the compendium that quotes pages it read."""

NOT_RULES = frozenset({"id", "title", "description", "sigla", "units"})
"""Fields of :class:`Rules` that name or describe a preset without being a rule of play (``units``
is the plural of ``unit``, which the table shows)."""


@dataclass(frozen=True, slots=True)
class Quote:
    """A short quotation: ``text`` occurs verbatim (up to whitespace) in ``document``. An
    ellipsis `` ... `` joins pieces that occur in that order."""

    siglum: str
    text: str
    document: str
    where: str = ""
    """A page or part of the source (``Addition 2``, ``p. 32``), if known."""
    reported: bool = False
    """The words are the compendium's report of the source, not the source's own."""

    @property
    def gloss_key(self) -> str:
        """The catalogue key of the quotation's translation (its English is the text itself)."""
        return gloss_key(self.text)

    def to_json(self) -> dict[str, object]:
        """The quotation, verbatim in the source's words; outside English, with a ``gloss``, its
        translation, beside it."""
        out: dict[str, object] = {
            "siglum": self.siglum,
            "source": _siglum(self.siglum),
            "text": self.text,
            "where": _where(self.where),
            "reported": self.reported,
        }
        if language() != "en":
            out["gloss"] = tr(self.gloss_key)
        return out


def gloss_key(text: str) -> str:
    """``rules.gloss.<the first words>``: the key of a quotation's translation."""
    words = "".join(ch if ch.isalnum() else " " for ch in text.lower()).split()
    return "rules.gloss." + "-".join(words[:8])


def _siglum(siglum: str) -> str:
    key = f"rules.siglum.{siglum}"
    return tr(key) if key in catalogue("en") else SIGLA[siglum]


def _where(where: str) -> str:
    """A page or part of a source in the current language (``p. 51``, ``Addition 2``, ``law 1``)."""
    for word in ("p.", "Addition", "law", "terms"):
        if where == word or where.startswith(word + " "):
            return tr(f"rules.where.{word.rstrip('.')}", n=where[len(word) :].strip())
    return where


@dataclass(frozen=True, slots=True)
class RuleLine:
    """One rule of a preset: a topic, the rule in plain words, and its sources quoted."""

    key: str
    topic: str
    statement: str
    quotes: tuple[Quote, ...]
    fields: tuple[str, ...]
    """The :class:`Rules` fields the statement is made from."""
    note: str = ""
    """Where the preset's own source is silent and another's rule is kept, says so."""

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "topic": self.topic,
            "statement": self.statement,
            "note": self.note,
            "quotes": [q.to_json() for q in self.quotes],
            "fields": list(self.fields),
        }


def _rg(text: str, where: str = "") -> Quote:
    return Quote("RG", text, "seed-000", where)


def _enc(text: str) -> Quote:
    return Quote("ENC", text, "seed-004")


def _mor(text: str) -> Quote:
    return Quote("MOR", text, "seed-001")


def _cg(text: str, where: str = "", document: str = "compendium", reported: bool = False) -> Quote:
    return Quote("CG", text, document, where, reported)


def _hoy(text: str, where: str = "", document: str = "variants", reported: bool = False) -> Quote:
    return Quote("HOY", text, document, where, reported)


DECISION = "A decision where the sources are silent (docs/rules.md): "
"""How a line's note begins when ``docs/rules.md`` records a choice of ours (``rules.decision``
in the catalogues)."""


def _decision(key: str, **fields: object) -> str:
    """A note recording a choice of ours: ``rules.decision`` and the note's own text."""
    return tr("rules.decision") + tr(key, **fields)


def _quintille_note(r: Rules, what: str) -> str:
    """The note for a rule quoted from CG's chapter on Ombre by five (p. 51) and kept at
    another table (``what``: the key of what CG gives)."""
    if r.seats == 5:
        return ""
    return _decision("rules.note.quintille", what=tr(what))


def _and(items: Sequence[str]) -> str:
    return tr("rules.and").join(items)


# ---- amounts and names in the preset's own words ---------------------------------------------


def amount(rules: Rules, n: int) -> str:
    """``n`` of the preset's smallest counters, in its words (``1 greater counter``), in the
    current language (``rules.unit.<unit>.one`` and ``.other``)."""
    big = rules.big_unit_value
    if big > 1 and n >= big and n % big == 0:
        k = n // big
        unit = rules.big_unit if k == 1 or rules.big_unit.endswith("fish") else rules.big_unit + "s"
        return _counted(rules.big_unit, k, f"{k} {unit}")
    return _counted(rules.unit, n, f"{n} {rules.unit if n == 1 else rules.units}")


def _unit_key(unit: str) -> str:
    return "rules.unit." + unit.replace(" ", "-")


def _counted(unit: str, n: int, english: str) -> str:
    """``n`` of ``unit`` in the current language; a unit no catalogue knows keeps its English."""
    key = f"{_unit_key(unit)}.{'one' if n == 1 else 'other'}"
    return tr(key, n=n) if key in catalogue("en") else english


def unit_word(unit: str, plural: bool = False) -> str:
    """A counter's name in the current language (the table's ``unit`` and ``units`` rows)."""
    key = f"{_unit_key(unit)}.{'names' if plural else 'name'}"
    return tr(key) if key in catalogue("en") else unit


def laid_aside(rules: Rules) -> list[str]:
    """The suits missing whole from the preset's pack (Quadrille by three: a red suit)."""
    return [
        SUIT_NAMES[s].lower()
        for s in ALL_SUITS
        if not rules.pack & mask_of(make_card(rank, s) for rank in range(10))
    ]


def _aside(rules: Rules) -> str:
    """The suits laid aside, in words of the current language (``diamonds``)."""
    return _and([tr(f"rules.suits.{name}") for name in laid_aside(rules)])


def _sided(r: Rules) -> str:
    """Which of two wordings a line takes: ``side`` when a called king's holder is the Ombre's
    partner, who wins or loses with him, else ``alone``."""
    return "side" if r.partnership == "called-king" else "alone"


def _ordinal(n: int) -> str:
    return tr(f"rules.ordinal.{n}") if 1 <= n <= 9 else tr("rules.ordinal.n", n=n)


# ---- the lines, topic by topic -----------------------------------------------------------------


def _table(r: Rules) -> RuleLine:
    packets = "-".join(str(k) for k in r.packets)
    stock = tr("rules.table.stock", n=r.stock_size) if r.stock_size else tr("rules.table.no-stock")
    aside = laid_aside(r)
    suits = _aside(r)
    n = r.pack.bit_count()
    pack = tr("rules.table.pack-aside", n=n, suits=suits) if aside else tr("rules.table.pack", n=n)
    statement = tr(
        "rules.table.statement",
        seats=r.seats,
        hand=r.hand_size,
        pack=pack,
        packets=packets,
        stock=stock,
    )
    quotes: list[Quote] = []  # a table no source here describes gets none: the tests say so
    note = ""
    if (r.seats, r.hand_size) == (3, 9):
        quotes = [
            _rg("There can onely three play at it, and they are dealt nine cards a piece"),
            _enc("When three play at this game, nine cards are dealt to each party"),
            _mor("The cards are dealt three times round"),
        ]
    elif (r.seats, r.hand_size) == (5, 8):
        quotes = [
            _enc("In ombre by five ... only eight cards a-piece are dealt"),
            _cg("and by consequence no Discard to be made", "p. 51", "variants"),
        ]
    if aside:
        quotes += [
            _cg(
                "when a Fourth to make a Match at the genuine Quadrille is wanting",
                "p. 46",
                "variants",
            ),
            _cg("30 cards: one whole red suit is laid aside", "p. 46", "variants", reported=True),
            _cg("the suit laid aside may not be named trump", "p. 46", "variants", reported=True),
        ]
        note = _decision("rules.table.note-aside", suits=suits)
    if set(r.packets) == {3, 4}:
        quotes.append(_hoy("by fours and threes, and in no other manner", "law 1"))
        if aside:
            note += " " + tr("rules.table.note-packets")
    return RuleLine(
        "table",
        tr("rules.topic.table"),
        statement,
        tuple(quotes),
        ("seats", "hand_size", "packets", "pack"),
        note,
    )


def _counters(r: Rules) -> RuleLine:
    key = "rules.counters.every-deal" if r.stake_each_deal else "rules.counters.pool-empty"
    statement = tr(
        key,
        units=unit_word(r.unit, plural=True),
        big=r.big_unit_value,
        big_unit=unit_word(r.big_unit),
        stake=amount(r, r.game_stake),
    )
    note = ""
    if r.stake_each_deal:
        quotes = [_cg("every one lays down a Counter before him", "p. 51", "variants")]
        note = _quintille_note(r, "rules.note.quintille.stake")
    elif r.big_unit == "greater counter":
        quotes = [
            _rg("there are two sorts of Marks or Counters"),
            _rg("you stake each one one for the Game"),
            _enc("the last having the same proportion to the other as a penny to a shilling"),
            _enc("of the greater counters each man takes one for the game"),
        ]
    else:
        quotes = [
            _mor(
                "a fish is worth ten round counters, each player lays down a fish before the deal"
            ),
            _cg("every one is to stake a Fish"),
        ]
    return RuleLine(
        "counters",
        tr("rules.topic.counters"),
        statement,
        tuple(quotes),
        ("unit", "units", "big_unit", "big_unit_value", "game_stake", "stake_each_deal"),
        note,
    )


def _passing(r: Rules) -> RuleLine:
    fee = amount(r, r.pass_fee)
    note = ""
    if r.pass_fee and r.pass_fee_eldest_only:
        statement = tr("rules.passing.eldest-only", fee=fee)
        quotes = [_enc("one of the lesser for passing for the hand, when eldest")]
    elif r.pass_fee and r.eldest_ante:
        statement = tr("rules.passing.ante", ante=amount(r, r.eldest_ante), fee=fee)
        quotes = [_rg("the lesser for passing, for the hand, if you be eldest")]
    elif r.pass_fee:
        statement = tr("rules.passing.fee", fee=fee)
        quotes = [_mor("he says \u201cPass,\u201d and lays a counter down at his left")]
    else:
        statement = tr("rules.passing.free")
        quotes = [_cg("every one lays down a Counter before him", "p. 51", "variants")]
        note = _quintille_note(r, "rules.note.quintille.pass")
    return RuleLine(
        "passing",
        tr("rules.topic.passing"),
        statement,
        tuple(quotes),
        ("eldest_ante", "pass_fee", "pass_fee_eldest_only"),
        note,
    )


def _auction(r: Rules) -> RuleLine:
    if not r.overcall:
        statement = tr("rules.auction.first-plays")
        quotes = [
            _enc(
                "has his choice of playing the game, of naming the trump, and of taking in as "
                "many and as few cards as he pleases; and after him the second"
            ),
            _rg("the first hand having always the choice to play or pass, after him the second"),
        ]
    elif r.asker_may_keep:
        statement = tr("rules.auction.asker-keeps")
        quotes = [
            _mor(
                "he says \u201cDo you give me leave?\u201d or \u201cDo you play without taking "
                "in?\u201d"
            ),
            Quote(
                "HOY",
                "He who asks leave, if elder hand, may play sans prendre, in preference "
                "to any of the other players",
                "compendium",
                "law 22",
            ),
        ]
    else:
        statement = tr("rules.auction.asker-loses")
        quotes = [
            _rg("he is to ask if any one will play without taking in"),
            _rg("you oblige yourself to take in, though your Game be never so good", "Addition 1"),
        ]
    topic = tr("rules.topic.auction")
    return RuleLine("auction", topic, statement, tuple(quotes), ("overcall", "asker_may_keep"))


def _all_pass(r: Rules) -> RuleLine:
    note = ""
    if r.all_pass == "spadille-plays":
        spadille = card_word(r.names.spadille)
        how = {"called-king": "calling", "demanded-king": "demanding"}.get(r.partnership, "alone")
        if r.caller_floor:
            statement = tr(
                f"rules.all-pass.spadille.{how}.floor", spadille=spadille, n=r.caller_floor
            )
        else:
            statement = tr(f"rules.all-pass.spadille.{how}", spadille=spadille)
        quotes = [
            _hoy("the holder of ... must play, calling a king", "law 2", reported=True),
            _hoy(
                "Forced spadille is not obliged to make three tricks, nor is he allowed to play "
                "for the vole",
                "law 16",
            ),
        ]
        if r.partnership == "demanded-king":
            quotes.insert(
                0, _cg("the same applies to forced Spadille", "p. 46", "variants", reported=True)
            )
        note = _decision("rules.all-pass.note", spadille=spadille)
    elif r.all_pass == "youngest-plays":
        statement = tr("rules.all-pass.youngest")
        quotes = [_cg("the four eldest Hands having pass", "p. 51", "variants")]
    else:
        statement = tr("rules.all-pass.redeal")
        quotes = [
            _mor(
                "If all three players say \u201cPass,\u201d each laying a counter down, the "
                "cards are dealt again."
            ),
            _cg("every one is to lay down a single Counter, and the next Person deals"),
        ]
    topic = tr("rules.topic.all-pass")
    return RuleLine("all-pass", topic, statement, tuple(quotes), ("all_pass",), note)


def _exchange(r: Rules) -> RuleLine:
    statement = tr("rules.exchange.statement", n=r.min_ombre_discard)
    if r.trump_named_late:
        statement += " " + tr("rules.exchange.late")
    else:
        statement += " " + tr("rules.exchange.asked")
    quotes = [
        _rg(
            "If you name not the Trump before you look on the Cards which you have taken in, "
            "any other may prevent you, and name what Trump they please.",
            "Addition 2",
        ),
        _enc(
            "But if he does not name the trump before he looks on the cards he has taken in, any "
            "other may prevent him, by naming what trump he pleases."
        ),
        _mor("he must name the trump suit"),
    ]
    return RuleLine(
        "exchange",
        tr("rules.topic.exchange"),
        statement,
        tuple(quotes),
        ("min_ombre_discard", "first_defender_leaves", "trump_named_late"),
    )


def _take_in_fee(r: Rules) -> RuleLine:
    if r.take_in_fee:
        statement = tr("rules.take-in-fee.fee", fee=amount(r, r.take_in_fee))
        quotes = [
            _rg("giving for each carded you take in, one Mark or Counter"),
            _enc("and for every card taken in"),
        ]
    else:
        statement = tr("rules.take-in-fee.free")
        quotes = [_mor("the Ombre begins by discarding from his hand two, three, or more cards")]
    topic = tr("rules.topic.take-in-fee")
    return RuleLine("take-in-fee", topic, statement, tuple(quotes), ("take_in_fee",))


def _stock_seen(r: Rules) -> RuleLine:
    if r.stock_seen_after_first_lead:
        statement = tr("rules.stock-seen.shown")
        quotes = [
            _rg("whether any may look on them or no, which the Table lead once, usually is done")
        ]
    else:
        statement = tr("rules.stock-seen.hidden")
        quotes = [_cg("remainder placed in the middle of the table", reported=True)]
    return RuleLine(
        "stock-seen",
        tr("rules.topic.stock-seen"),
        statement,
        tuple(quotes),
        ("stock_seen_after_first_lead",),
    )


def _tricks_seen(r: Rules) -> RuleLine:
    if r.tricks_seen == "any-time":
        statement = tr("rules.tricks-seen.any-time")
        quotes = [
            _rg(
                "whether any may look on the Tricks ... which ordinarily is resolved on the "
                "Affirmative"
            )
        ]
    else:
        statement = tr("rules.tricks-seen.own-turn")
        quotes = [
            _cg(
                "a player may look over past tricks only when it is his turn to play",
                "p. 63",
                reported=True,
            )
        ]
    topic = tr("rules.topic.tricks-seen")
    return RuleLine("tricks-seen", topic, statement, tuple(quotes), ("tricks_seen",))


def _privilege(r: Rules) -> RuleLine:
    statement = tr(f"rules.privilege.{'led' if r.matador_forced_by == 'led' else 'played'}")
    if r.matador_forced_by == "led":
        quotes = [
            _rg("the Spadillio forces the Mallilio, and the Mallilio the Basto"),
            _enc("not obliged to attend an inferior trump when it leads"),
            Quote(
                "HOY",
                "the superior forces the inferior, when led by the first player",
                "compendium",
            ),
        ]
    else:
        quotes = [Quote("EB1911", "except when a higher mat is played", "compendium")]
    topic = tr("rules.topic.privilege")
    return RuleLine("privilege", topic, statement, tuple(quotes), ("matador_forced_by",))


def _matadors(r: Rules) -> RuleLine:
    side = r.partnership == "called-king" and not r.matadors_sans_prendre_only
    who = "side" if side else "alone"
    value = amount(r, r.matador_value)
    if r.matador_base is not None:
        paid = tr(f"rules.matadors.base.{who}", base=amount(r, r.matador_base), value=value)
    else:
        paid = tr(f"rules.matadors.run.{who}", value=value)
    if r.matadors_counted is not None:
        paid += tr("rules.matadors.at-most", n=r.matadors_counted)
    when = tr(
        f"rules.matadors.{'win-or-pay' if r.matadors_paid_by_losing_ombre else 'always'}.{who}"
    )
    only = tr("rules.matadors.only") if r.matadors_sans_prendre_only else ""
    holder = tr(f"rules.matadors.holder.{who}")
    statement = tr("rules.matadors.statement", holder=holder, only=only, paid=paid, when=when)
    if r.matador_base is not None:
        quotes = [
            _enc("the others pay three of the greater counters a-piece"),
            _enc("for all which the others are to pay one counter a-piece"),
        ]
    elif r.matadors_counted is not None:
        quotes = [_cg("as much for each of the three Matadores", "p. 51", "variants")]
    elif r.matadors_paid_by_losing_ombre:
        quotes = [
            _mor("he takes for seven Matadores"),
            Quote("HOY", "a losing Ombre pays them", "compendium", reported=True),
        ]
    else:
        quotes = [
            _rg("the others pay three of the greater Marks or Counters the piece"),
            _rg(
                "the six Counters you are to receive for the Matadors, more then equivalets the "
                "four or five, you lose for the Game",
                "Addition 4",
            ),
        ]
    return RuleLine(
        "matadors",
        tr("rules.topic.matadors"),
        statement,
        tuple(quotes),
        (
            "matador_base",
            "matador_value",
            "matadors_counted",
            "matadors_sans_prendre_only",
            "matadors_paid_by_losing_ombre",
        ),
    )


def _sans_prendre(r: Rules) -> RuleLine:
    bonus = amount(r, r.sans_prendre_bonus)
    statement = tr("rules.sans-prendre.statement", bonus=bonus)
    note = ""
    if r.game_value or r.consolation:
        alone = {"demanded-king": "no-demand", "alone": "no-stock"}.get(r.partnership, "no-call")
        statement = tr(f"rules.sans-prendre.{alone}", bonus=bonus)
        quotes = [_hoy("A solo, common suit: two from each", "p. 382")]
        note = _decision("rules.sans-prendre.note")
    elif r.sans_prendre_draws is not None:
        statement += " " + tr("rules.sans-prendre.draws", n=amount(r, r.sans_prendre_draws))
        quotes = [
            _cg(
                "two Counters paid him for the Sans-prendre, by each of the defendants",
                "p. 51",
                "variants",
            ),
            _cg("draws only two", "p. 51", "variants"),
        ]
    elif r.big_unit == "greater counter":
        quotes = [
            _rg("the others are to give him each of them one of the greater Marks or Counters")
        ]
    else:
        quotes = [
            _mor(
                "if he win, receives three counters from each of the other players, and "
                "pays three counters to each if he should lose the game"
            )
        ]
    return RuleLine(
        "sans-prendre",
        tr("rules.topic.sans-prendre"),
        statement,
        tuple(quotes),
        ("sans_prendre_bonus", "sans_prendre_draws"),
        note,
    )


def _vole(r: Rules) -> RuleLine:
    note = ""
    after = _ordinal(r.vole_declare_after_winning)
    before = _ordinal(r.vole_declare_before_trick)
    if r.vole_by_side:
        when = tr("rules.vole.when-side", after=after, before=before)
    elif r.vole_declare_after_winning:
        when = tr("rules.vole.when-won", n=r.vole_declare_after_winning, before=before)
    else:
        when = tr("rules.vole.when", before=before)
    pays = []
    if r.vole_bonus:
        pays.append(tr("rules.vole.bonus", bonus=amount(r, r.vole_bonus)))
    if r.vole_doubles_pool:
        pays.append(tr("rules.vole.sweeps"))
    if r.vole_by_side and r.partner_shares and pays:
        pays[-1] += tr("rules.vole.halved")
    statement = tr("rules.vole.statement", when=when, pays=_and(pays) or tr("rules.vole.nothing"))
    if r.vole_by_side:
        statement += " " + tr("rules.vole.failed")
        if r.game_value:
            statement += " " + tr("rules.vole.undeclared")
        quotes = [
            _hoy("is obliged to play for the vole", "law 11"),
            _hoy("the Ombre may know his called king before declaring", "law 19", reported=True),
            _hoy("a failed vole keeps the game's winnings", reported=True),
        ]
        note = _decision("rules.vole.note")
    elif r.vole_doubles_pool:
        quotes = [
            _cg("sweeps the Board, let there be ever so many Stakes upon", "p. 32"),
            _cg("gains double what lies upon the Table", "p. 32"),
        ]
    elif r.vole_declare_after_winning:
        quotes = [
            _cg(
                "a vole wins all that is down plus two counters from each player",
                "p. 51",
                "variants",
                reported=True,
            )
        ]
        note = _quintille_note(r, "rules.note.quintille.vole")
    else:
        quotes = [
            _rg(
                "they likewise are to give you one Mark or Counter the piece; but then you "
                "are to declare before the fifth Trick"
            )
        ]
    return RuleLine(
        "vole",
        tr("rules.topic.vole"),
        statement,
        tuple(quotes),
        (
            "vole_declare_before_trick",
            "vole_declare_after_winning",
            "vole_bonus",
            "vole_doubles_pool",
            "vole_by_side",
        ),
        note,
    )


def _outcomes(r: Rules) -> RuleLine:
    note = ""
    if r.codille_divides_pool:
        statement = tr(
            f"rules.outcomes.divide.{_sided(r)}",
            win=r.win_tricks,
            tricks=r.tricks,
            remise=r.remise_tricks,
        )
        quotes = [
            _hoy(
                "6 of 10 ... tricks for the Ombre (with friend, or alone); 5 = ... remise ... "
                "4 or fewer = ... codille",
                "p. 362",
                reported=True,
            ),
            _hoy("as many counters as are down", "terms", reported=True),
        ]
        if laid_aside(r):  # CG's Quadrille by three says the same
            quotes.insert(
                0,
                _cg(
                    "the Ombre must make 6 tricks; 5 = remise; 4 or fewer = codille",
                    "p. 46",
                    "variants",
                    reported=True,
                ),
            )
        note = _decision("rules.outcomes.note")
    elif r.win_tricks is not None:
        statement = tr(
            "rules.outcomes.side",
            win=r.win_tricks,
            remise=r.remise_tricks,
            take=amount(r, r.codille_take or 0),
        )
        quotes = [
            _enc("five tricks must be won, otherwise the ombre is beasted"),
            _cg("the first puts down two Counters, and the other one", "p. 51", "variants"),
            _cg(
                "the other three Players have a Right to take up each of them one Counter",
                "p. 51",
                "variants",
            ),
        ]
    else:
        statement = tr("rules.outcomes.most")
        quotes = [
            _rg("he who can win five tricks of the Nine, has a sure Game"),
            _rg("the Plaier doubles the Stake, without any ones winning it"),
            _rg("when this takes up the Stakes, and tother makes it good"),
            _enc("if another win more tricks than he, he is said to win co-dille"),
            _cg("robs the Board of the Stake"),
        ]
    return RuleLine(
        "outcomes",
        tr("rules.topic.outcomes"),
        statement,
        tuple(quotes),
        ("win_tricks", "remise_tricks", "remise_beast", "codille_take", "codille_divides_pool"),
        note,
    )


_QUEEN = _hoy(
    "the caller may call a queen (not the queen of trumps) to one of his kings, or call one of "
    "his own kings and play alone",
    "law 12",
    reported=True,
)


def _caller_floor(r: Rules) -> RuleLine | None:
    if not r.caller_floor:
        return None
    statement = tr(
        "rules.caller-floor.statement", n=r.caller_floor, spadille=card_word(r.names.spadille)
    )
    quotes = (
        _hoy(
            'a caller who does not make three tricks himself is "beasted alone"',
            "law 33",
            reported=True,
        ),
        _cg("to win his three Tricks to avoid being Beasted alone", "p. 63", "variants"),
    )
    topic = tr("rules.topic.caller-floor")
    return RuleLine("caller-floor", topic, statement, quotes, ("caller_floor",))


def _payments(r: Rules) -> RuleLine | None:
    if not (r.game_value or r.consolation or r.partner_shares):
        return None
    side = _sided(r)
    won = []
    if r.game_value:
        won.append(tr("rules.payments.game", n=amount(r, r.game_value)))
    if r.consolation:
        won.append(tr("rules.payments.consolation", n=amount(r, r.consolation)))
    statement = ""
    if won:
        statement = tr(f"rules.payments.won.{side}", won=_and(won))
        if r.consolation and r.game_value:
            lost = tr("rules.payments.lost-both")
        else:
            one = "consolation" if r.consolation else "game"
            lost = tr(f"rules.payments.lost-{one}")
        statement += " " + tr(f"rules.payments.lost.{side}", lost=lost)
    quotes = [_hoy("always paid by those who lose, whether by codille or remise", "terms")]
    note = ""
    if won:
        note = _decision("rules.payments.note", won=_and(won))
    if r.partner_shares:
        statement += " " + tr("rules.payments.shares")
        quotes.append(_hoy("losses shared equally by Ombre and friend", "p. 77", reported=True))
        note += " " + tr("rules.payments.note-shares")
    return RuleLine(
        "payments",
        tr("rules.topic.payments"),
        statement.strip(),
        tuple(quotes),
        ("game_value", "consolation", "partner_shares"),
        note.strip(),
    )


def _partner(r: Rules) -> RuleLine | None:
    if r.partnership == "demanded-king":
        return _demand(r)
    if r.partnership != "called-king":
        return None
    statement = tr("rules.partner.called")
    quotes = [
        _enc("calls a king to his assistance"),
        _cg("any King, except that of Trumps", "p. 51", "variants"),
        _hoy(
            'the holder becomes the "friend", unknown until the king appears',
            "terms",
            reported=True,
        ),
    ]
    names: tuple[str, ...] = ("partnership",)
    note = ""
    if r.queen_when_kings_held:
        statement += " " + tr("rules.partner.called-queen")
        quotes.append(_QUEEN)
        names += ("queen_when_kings_held",)
        note = _decision("rules.partner.called-note")
    topic = tr("rules.topic.partner.called")
    return RuleLine("partner", topic, statement, tuple(quotes), names, note)


def _demand(r: Rules) -> RuleLine:
    """The demanded king (CG p. 46, Quadrille by three): handed over, a card given back."""
    statement = tr("rules.partner.demanded")
    quotes = [
        _cg(
            "the opponent holding it must hand it over and take in exchange any card the Ombre "
            "gives him (the third player may look at it)",
            "p. 46",
            "variants",
            reported=True,
        )
    ]
    names: tuple[str, ...] = ("partnership",)
    note = "rules.partner.demanded-note"
    if r.queen_when_kings_held:
        statement += " " + tr("rules.partner.demanded-queen")
        quotes.append(_QUEEN)
        names += ("queen_when_kings_held",)
        note = "rules.partner.demanded-queen-note"
    topic = tr("rules.topic.partner.demanded")
    return RuleLine("partner", topic, statement, tuple(quotes), names, _decision(note))


def _names(r: Rules) -> RuleLine:
    n: CardNames = r.names
    statement = tr(
        "rules.names.statement",
        **{f.name: card_word(getattr(n, f.name)) for f in fields(CardNames)},
    )
    if n.spadille == "Spadillio":
        quotes = [_rg("The Spadillio, or Ace of Spades"), _rg("The Mallilio, or black Deuces")]
    elif n.spadille == "Pipillo":
        quotes = [
            _enc("the ace of spades, called pipillo, is always the highest trump"),
            _enc("The three principal cards are called matadores"),
        ]
    else:
        quotes = [
            _mor("The three chief trumps, Spadille, Manille, and Basto, are called Matadores")
        ]
    topic = tr("rules.topic.names")
    return RuleLine("names", topic, statement, tuple(quotes), ("names",))


def _speech(r: Rules) -> RuleLine:
    if r.gano is None:
        statement = tr("rules.speech.none")
        quotes = [
            _cg(
                'no speaking at all, not even "That is the King"',
                "p. 63",
                "variants",
                reported=True,
            ),
            _cg("He, who says a Word to make him [his partner] desist, must be beasted", "p. 63"),
        ]
    else:
        statement = tr("rules.speech.gano", gano=r.gano)
        quotes = [
            _rg("You are to say nothing but onely I pass, or play, or Gagno, that is, 'tis mine")
        ]
    topic = tr("rules.topic.speech")
    return RuleLine("speech", topic, statement, tuple(quotes), ("gano",))


_TOPICS = (
    _table, _counters, _passing, _auction, _all_pass, _exchange, _take_in_fee, _stock_seen,
    _tricks_seen, _partner, _privilege, _outcomes, _caller_floor, _payments, _sans_prendre,
    _matadors, _vole, _names, _speech,
)  # fmt: skip


def rule_lines(rules: Rules) -> list[RuleLine]:
    """The preset's rules, each with its sources quoted: those the preset follows
    (:attr:`Rules.sigla`) first, and a note where they are silent and another source's rule is
    kept."""
    out = []
    for topic in _TOPICS:
        if topic in (_exchange, _take_in_fee, _stock_seen) and not rules.stock_size:
            continue  # no stock, no exchange
        line = topic(rules)
        if line is None:
            continue
        out.append(_prefer(line, rules.sigla))
    return out


def _prefer(line: RuleLine, sigla: Sequence[str]) -> RuleLine:
    """Keep the quotations of the preset's own sources (in its order of preference), or, where
    none of them speaks, the line's first source; a note says when the preset's first source is
    silent and whose rule is kept."""
    if not sigla or not line.quotes:
        return line
    rank = {s: i for i, s in enumerate(sigla)}
    kept = sorted((q for q in line.quotes if q.siglum in rank), key=lambda q: rank[q.siglum])
    if not kept:
        kept = [q for q in line.quotes if q.siglum == line.quotes[0].siglum]
    note = ""
    if kept[0].siglum != sigla[0]:
        note = tr("rules.note.not-in", siglum=sigla[0], kept=kept[0].siglum)
    note = " ".join(n for n in (note, line.note) if n)  # and the topic's own (a decision)
    return RuleLine(line.key, line.topic, line.statement, tuple(kept), line.fields, note)


# ---- the side-by-side table ----------------------------------------------------------------

FIELD_LABELS: dict[str, str] = {
    "names": "Names of the matadors",
    "seats": "Players",
    "hand_size": "Cards each",
    "packets": "Dealt by",
    "pack": "Cards in the pack",
    "gano": "The word a defender may say",
    "partnership": "Partner",
    "win_tricks": "Tricks the Ombre's side must make",
    "remise_tricks": "Tricks for a remise",
    "all_pass": "When all pass",
    "asker_may_keep": "An asker overcalled may keep the game sans prendre",
    "min_ombre_discard": "Fewest cards the Ombre lays out",
    "first_defender_leaves": "Cards the first defender must leave",
    "matador_forced_by": "A lower matador is forced by a higher one",
    "stock_seen_after_first_lead": "The rest of the stock shown once play begins",
    "tricks_seen": "Past tricks may be looked at",
    "vole_declare_before_trick": "The vole declared before trick",
    "vole_declare_after_winning": "The vole declared after winning",
    "unit": "Smallest counter",
    "units": "Smallest counters (plural)",
    "big_unit": "Larger counter",
    "big_unit_value": "Smallest counters to a larger",
    "game_stake": "Each player's stake",
    "stake_each_deal": "Stake at every deal",
    "eldest_ante": "Eldest's fee for the hand",
    "pass_fee": "A pass costs",
    "take_in_fee": "Each card taken in costs",
    "sans_prendre_bonus": "Sans prendre, from each opponent",
    "sans_prendre_draws": "A sans-prendre winner draws from the pool",
    "remise_beast": "Beast at a remise (Ombre, partner)",
    "codille_take": "At codille each opponent takes",
    "matador_value": "Matadors: each card of the run (after the three, if paid apart)",
    "matadors_counted": "Matadors counted at most",
    "matadors_sans_prendre_only": "Matadors paid only sans prendre",
    "matadors_paid_by_losing_ombre": "A losing Ombre pays the matadors",
    "vole_bonus": "The vole, from each opponent",
    "vole_doubles_pool": "The vole sweeps the pool and doubles it",
    "overcall": "A later player may claim the game by offering sans prendre",
    "pass_fee_eldest_only": "Only the eldest pays for passing",
    "matador_base": "Matadors: the three, from each opponent",
    "trump_named_late": "A trump not named before the draw may be named by another",
    "queen_when_kings_held": "A caller who holds the kings may call a queen",
    "partner_shares": "The partner pays and takes half of everything",
    "caller_floor": "A caller is beasted alone with fewer tricks than",
    "game_value": "The game, from each",
    "consolation": "The consolation, from each",
    "codille_divides_pool": "At codille the others divide the pool",
    "vole_by_side": "The vole declared by either of the side",
}
"""What each :class:`Rules` field means, in a few words, for the table's row headers."""

WORDS: dict[str, str] = {
    "any-time": "at any time",
    "own-turn": "on one's own turn",
    "redeal": "the next dealer deals",
    "youngest-plays": "the youngest must play",
    "alone": "none: alone",
    "called-king": "the holder of a called king",
    "demanded-king": "none: a king demanded, a card given back",
    "led": "led",
    "played": "played",
}
"""Words for the values of the fields that take a word (``tricks_seen``, ``all_pass``...)."""

AMOUNTS = frozenset({
    "game_stake", "eldest_ante", "pass_fee", "take_in_fee", "sans_prendre_bonus",
    "sans_prendre_draws", "codille_take", "matador_value", "vole_bonus", "matador_base",
    "game_value", "consolation",
})  # fmt: skip
"""Fields counted in the preset's smallest counter: shown in its own words."""


def format_value(rules: Rules, name: str) -> str:
    """A field's value in words, amounts in the preset's own counters, in the current language
    (``rules.value.*``; :data:`WORDS` in English)."""
    value = getattr(rules, name)
    if name == "gano" and value is None:
        return tr("rules.value.no-speech")
    if value is None:
        return "\u2014"
    if isinstance(value, bool):
        return tr("rules.value.yes" if value else "rules.value.no")
    if name in AMOUNTS and isinstance(value, int):
        return tr("rules.value.nothing") if value == 0 else amount(rules, value)
    if isinstance(value, CardNames):
        return ", ".join(card_word(getattr(value, f.name)) for f in fields(CardNames))
    if name == "pack":
        size = str(len(list(cards_of(value))))
        aside = laid_aside(rules)
        return tr("rules.value.pack-aside", n=size, suits=_aside(rules)) if aside else size
    if name == "caller_floor":
        return tr("rules.value.tricks", n=value) if value else tr("rules.value.none")
    if name == "all_pass" and value == "spadille-plays":
        return tr("rules.value.spadille-plays", spadille=card_word(rules.names.spadille))
    if name == "packets":
        return "-".join(str(k) for k in value)
    if name == "remise_beast":
        return _and([amount(rules, k) for k in value])
    if name in ("unit", "big_unit") and isinstance(value, str):
        return unit_word(value)
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str) and value in WORDS:
        return tr(f"rules.value.{value}")
    return str(value)


def field_label(name: str) -> str:
    """A :class:`Rules` field's row header in the current language (:data:`FIELD_LABELS`)."""
    key = f"rules.field.{name}"
    return tr(key) if key in catalogue("en") else name.replace("_", " ")


def card_word(name: str) -> str:
    """A preset's name for a card (``Spadille``, ``Basto``) in the current language's period
    spelling (``Espadilla``, ``Baste``); the 1660 pamphlet's and the encyclopaedia's own spellings
    (``Spadillio``, ``Pipillo``) are kept as they are."""
    key = f"rules.cardname.{name}"
    return tr(key) if key in catalogue("en") else name


def differing_fields(presets: Sequence[Rules]) -> list[str]:
    """The rule fields whose values are not the same in every preset given, in field order."""
    names = [f.name for f in fields(Rules) if f.name not in NOT_RULES]
    return [n for n in names if len({repr(getattr(r, n)) for r in presets}) > 1]


def compare(presets: Sequence[Rules]) -> dict[str, object]:
    """The side-by-side table: a column per preset, a row per field that differs."""
    return {
        "presets": [{"id": r.id, "title": preset_title(r)} for r in presets],
        "rows": [
            {
                "field": name,
                "label": field_label(name),
                "values": [format_value(r, name) for r in presets],
            }
            for name in differing_fields(presets)
        ],
    }


__all__ = [
    "AMOUNTS",
    "DOCUMENTS",
    "FIELD_LABELS",
    "NOT_RULES",
    "SIGLA",
    "WORDS",
    "Quote",
    "RuleLine",
    "amount",
    "card_word",
    "compare",
    "differing_fields",
    "field_label",
    "format_value",
    "gloss_key",
    "laid_aside",
    "rule_lines",
    "unit_word",
]
