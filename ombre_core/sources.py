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

from .cards import cards_of
from .rules import CardNames, Rules

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

    def to_json(self) -> dict[str, object]:
        return {
            "siglum": self.siglum,
            "source": SIGLA[self.siglum],
            "text": self.text,
            "where": self.where,
            "reported": self.reported,
        }


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


# ---- amounts and names in the preset's own words ---------------------------------------------


def amount(rules: Rules, n: int) -> str:
    """``n`` of the preset's smallest counters, in its words (``1 greater counter``)."""
    big = rules.big_unit_value
    if big > 1 and n >= big and n % big == 0:
        k = n // big
        unit = rules.big_unit if k == 1 or rules.big_unit.endswith("fish") else rules.big_unit + "s"
        return f"{k} {unit}"
    return f"{n} {rules.unit if n == 1 else rules.units}"


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(
        n, f"{n}th"
    )


# ---- the lines, topic by topic -----------------------------------------------------------------


def _table(r: Rules) -> RuleLine:
    packets = "-".join(str(k) for k in r.packets)
    stock = f"{r.stock_size} cards to the stock" if r.stock_size else "no stock"
    statement = (
        f"{r.seats} players, {r.hand_size} cards each from a pack of {r.pack.bit_count()}, "
        f"dealt {packets} to the right; {stock}."
    )
    quotes: list[Quote] = []  # a table no source here describes gets none: the tests say so
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
    return RuleLine(
        "table",
        "Players and deal",
        statement,
        tuple(quotes),
        ("seats", "hand_size", "packets", "pack"),
    )


def _counters(r: Rules) -> RuleLine:
    when = "at every deal" if r.stake_each_deal else "whenever the pool is empty"
    statement = (
        f"Stakes in {r.units}, {r.big_unit_value} to a {r.big_unit}; each player stakes "
        f"{amount(r, r.game_stake)} {when}."
    )
    if r.stake_each_deal:
        quotes = [_cg("every one lays down a Counter before him", "p. 51", "variants")]
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
        "Counters and the stake",
        statement,
        tuple(quotes),
        ("unit", "units", "big_unit", "big_unit_value", "game_stake", "stake_each_deal"),
    )


def _passing(r: Rules) -> RuleLine:
    fee = amount(r, r.pass_fee)
    if r.pass_fee and r.pass_fee_eldest_only:
        statement = f"The eldest hand pays {fee} when he passes; the others pass for nothing."
        quotes = [_enc("one of the lesser for passing for the hand, when eldest")]
    elif r.pass_fee and r.eldest_ante:
        statement = (
            f"The eldest hand pays {amount(r, r.eldest_ante)} \u201cfor the hand\u201d each "
            f"deal, and every pass costs {fee}."
        )
        quotes = [_rg("the lesser for passing, for the hand, if you be eldest")]
    elif r.pass_fee:
        statement = f"Every pass costs {fee}, paid into the pool."
        quotes = [_mor("he says \u201cPass,\u201d and lays a counter down at his left")]
    else:
        statement = "Passing costs nothing: the counter each lays down at the deal is the stake."
        quotes = [_cg("every one lays down a Counter before him", "p. 51", "variants")]
    return RuleLine(
        "passing",
        "Passing",
        statement,
        tuple(quotes),
        ("eldest_ante", "pass_fee", "pass_fee_eldest_only"),
    )


def _auction(r: Rules) -> RuleLine:
    if not r.overcall:
        statement = (
            "Eldest first, each in turn may pass or play: the first who chooses to play, taking "
            "in or sans prendre, is the Ombre, and nobody after him may claim the game."
        )
        quotes = [
            _enc(
                "has his choice of playing the game, of naming the trump, and of taking in as "
                "many and as few cards as he pleases; and after him the second"
            ),
            _rg("the first hand having always the choice to play or pass, after him the second"),
        ]
    elif r.asker_may_keep:
        statement = (
            "Each speaks once, eldest first. A later player may claim the game from one who asked "
            "leave by offering sans prendre; the asker may keep it by playing sans prendre himself."
        )
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
        statement = (
            "Each speaks once, eldest first. A later player may claim the game from one who asked "
            "leave by offering sans prendre, and the asker, bound to take in, loses it."
        )
        quotes = [
            _rg("he is to ask if any one will play without taking in"),
            _rg("you oblige yourself to take in, though your Game be never so good", "Addition 1"),
        ]
    return RuleLine(
        "auction", "The auction", statement, tuple(quotes), ("overcall", "asker_may_keep")
    )


def _all_pass(r: Rules) -> RuleLine:
    if r.all_pass == "youngest-plays":
        statement = "If all the others pass, the youngest hand must play."
        quotes = [_cg("the four eldest Hands having pass", "p. 51", "variants")]
    else:
        statement = "If all pass, the pass counters stay in the pool and the next dealer deals."
        quotes = [
            _mor(
                "If all three players say \u201cPass,\u201d each laying a counter down, the "
                "cards are dealt again."
            ),
            _cg("every one is to lay down a single Counter, and the next Person deals"),
        ]
    return RuleLine("all-pass", "When all pass", statement, tuple(quotes), ("all_pass",))


def _exchange(r: Rules) -> RuleLine:
    statement = (
        f"The Ombre who takes in lays out as many cards as he likes (at least "
        f"{r.min_ombre_discard}) and names the trump before he looks at the cards he takes in; "
        "then each defender in turn may take in from what is left."
    )
    if r.trump_named_late:
        statement += (
            " If he takes them in first, each defender in turn may name the trump instead, and "
            "if neither does, he names it."
        )
    else:
        statement += (
            " (The sources let another name the trump if he forgets, but these rules ask him "
            "for it first, so it never arises.)"
        )
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
        "Taking in and the trump",
        statement,
        tuple(quotes),
        ("min_ombre_discard", "first_defender_leaves", "trump_named_late"),
    )


def _take_in_fee(r: Rules) -> RuleLine:
    if r.take_in_fee:
        statement = f"Each card taken in costs {amount(r, r.take_in_fee)}, whoever takes it."
        quotes = [
            _rg("giving for each carded you take in, one Mark or Counter"),
            _enc("and for every card taken in"),
        ]
    else:
        statement = "Taking in costs nothing (the exchange is told with no fee for it)."
        quotes = [_mor("the Ombre begins by discarding from his hand two, three, or more cards")]
    return RuleLine(
        "take-in-fee", "What taking in costs", statement, tuple(quotes), ("take_in_fee",)
    )


def _stock_seen(r: Rules) -> RuleLine:
    if r.stock_seen_after_first_lead:
        statement = "Once the first card is led, anyone may look at what is left of the stock."
        quotes = [
            _rg("whether any may look on them or no, which the Table lead once, usually is done")
        ]
    else:
        statement = (
            "What is left of the stock stays face down (CG puts it in the middle of the table "
            "and says nothing of looking at it)."
        )
        quotes = [_cg("remainder placed in the middle of the table", reported=True)]
    return RuleLine(
        "stock-seen",
        "The rest of the stock",
        statement,
        tuple(quotes),
        ("stock_seen_after_first_lead",),
    )


def _tricks_seen(r: Rules) -> RuleLine:
    if r.tricks_seen == "any-time":
        statement = "Anyone may look over the tricks already played, at any time."
        quotes = [
            _rg(
                "whether any may look on the Tricks ... which ordinarily is resolved on the "
                "Affirmative"
            )
        ]
    else:
        statement = "A player may look over the tricks already played only on his turn to play."
        quotes = [
            _cg(
                "a player may look over past tricks only when it is his turn to play",
                "p. 63",
                reported=True,
            )
        ]
    return RuleLine(
        "tricks-seen", "Looking at the tricks", statement, tuple(quotes), ("tricks_seen",)
    )


def _privilege(r: Rules) -> RuleLine:
    by = "led" if r.matador_forced_by == "led" else "played to the trick"
    statement = (
        "When a trump is led, a player whose only trumps are matadors need not play one, unless "
        f"a higher matador {by} forces a lower one."
    )
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
    return RuleLine(
        "privilege", "The matadors' privilege", statement, tuple(quotes), ("matador_forced_by",)
    )


def _matadors(r: Rules) -> RuleLine:
    if r.matador_base is not None:
        paid = (
            f"each opponent pays him {amount(r, r.matador_base)} for the three, and "
            f"{amount(r, r.matador_value)} for each trump that follows them unbroken in his hand"
        )
    else:
        paid = (
            f"each opponent pays him {amount(r, r.matador_value)} for each card of the run: the "
            "three and the trumps that follow them unbroken in his hand"
        )
    if r.matadors_counted is not None:
        paid += f", {r.matadors_counted} cards at most"
    when = (
        "if he wins, and he pays the same to each if he loses"
        if r.matadors_paid_by_losing_ombre
        else "whether he wins or loses"
    )
    only = " in a game sans prendre" if r.matadors_sans_prendre_only else ""
    statement = f"An Ombre holding all three matadors{only}: {paid}, {when}."
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
        "Paying the matadors",
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
    statement = (
        f"Playing sans prendre (without taking in): each opponent pays the Ombre "
        f"{amount(r, r.sans_prendre_bonus)} if he wins; he pays each as much if he loses."
    )
    if r.sans_prendre_draws is not None:
        statement += f" A winner draws only {amount(r, r.sans_prendre_draws)} from the pool."
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
        "Sans prendre",
        statement,
        tuple(quotes),
        ("sans_prendre_bonus", "sans_prendre_draws"),
    )


def _vole(r: Rules) -> RuleLine:
    if r.vole_declare_after_winning:
        when = (
            f"declared once he has won the first {r.vole_declare_after_winning} tricks, before "
            f"the {_ordinal(r.vole_declare_before_trick)} is led"
        )
    else:
        when = f"declared before the {_ordinal(r.vole_declare_before_trick)} trick is led"
    pays = []
    if r.vole_bonus:
        pays.append(f"each opponent pays {amount(r, r.vole_bonus)}")
    if r.vole_doubles_pool:
        pays.append("he sweeps the pool and each opponent pays half of it again")
    statement = f"The vole, all the tricks, {when}: {' and '.join(pays) or 'nothing more'}."
    if r.vole_doubles_pool:
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
    else:
        quotes = [
            _rg(
                "they likewise are to give you one Mark or Counter the piece; but then you "
                "are to declare before the fifth Trick"
            )
        ]
    return RuleLine(
        "vole",
        "The vole",
        statement,
        tuple(quotes),
        (
            "vole_declare_before_trick",
            "vole_declare_after_winning",
            "vole_bonus",
            "vole_doubles_pool",
        ),
    )


def _outcomes(r: Rules) -> RuleLine:
    if r.win_tricks is not None:
        statement = (
            f"The Ombre's side must make {r.win_tricks} tricks; with {r.remise_tricks} it is "
            "beasted (remise) and pays into the pool; with fewer it is codille and each opponent "
            f"takes {amount(r, r.codille_take or 0)} from the pool."
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
        statement = (
            "The Ombre wins with more tricks than each defender and takes the pool. A tie for "
            "most is a repuesto: he pays into the pool as much as it holds. If a defender has "
            "most, it is codille: he takes the pool and the Ombre makes it good."
        )
        quotes = [
            _rg("he who can win five tricks of the Nine, has a sure Game"),
            _rg("the Plaier doubles the Stake, without any ones winning it"),
            _rg("when this takes up the Stakes, and tother makes it good"),
            _enc("if another win more tricks than he, he is said to win co-dille"),
            _cg("robs the Board of the Stake"),
        ]
    return RuleLine(
        "outcomes",
        "Winning and losing",
        statement,
        tuple(quotes),
        ("win_tricks", "remise_tricks", "remise_beast", "codille_take"),
    )


def _partner(r: Rules) -> RuleLine | None:
    if r.partnership != "called-king":
        return None
    statement = (
        "The Ombre who asked leave names the trump and calls a king, any but the king of trumps; "
        "its holder is his secret partner. Sans prendre, he plays alone."
    )
    quotes = (
        _enc("calls a king to his assistance"),
        _cg("any King, except that of Trumps", "p. 51", "variants"),
    )
    return RuleLine("partner", "The called king", statement, quotes, ("partnership",))


def _names(r: Rules) -> RuleLine:
    n: CardNames = r.names
    statement = (
        f"The three matadors are called {n.spadille} (ace of spades), {n.manille} (the second "
        f"trump) and {n.basto} (ace of clubs); a red trump ace is {n.punto}; together, "
        f"{n.matadors}."
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
    return RuleLine("names", "The names of the cards", statement, tuple(quotes), ("names",))


def _speech(r: Rules) -> RuleLine:
    if r.gano is None:
        statement = "Nothing may be said in the play."
        quotes = [_cg("He, who says a Word to make him desist, must be beasted", "p. 63")]
    else:
        statement = (
            f"Nothing may be said in the play but \u201c{r.gano}\u201d (\u2019tis mine), by a "
            "defender with his card, asking his partner not to take the trick."
        )
        quotes = [
            _rg("You are to say nothing but onely I pass, or play, or Gagno, that is, 'tis mine")
        ]
    return RuleLine("speech", "What may be said", statement, tuple(quotes), ("gano",))


_TOPICS = (
    _table, _counters, _passing, _auction, _all_pass, _exchange, _take_in_fee, _stock_seen,
    _tricks_seen, _partner, _privilege, _outcomes, _sans_prendre, _matadors, _vole, _names,
    _speech,
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
        note = f"Not in {sigla[0]} (as far as read): the rule is {kept[0].siglum}'s."
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
}
"""What each :class:`Rules` field means, in a few words, for the table's row headers."""

WORDS: dict[str, str] = {
    "any-time": "at any time",
    "own-turn": "on one's own turn",
    "redeal": "the next dealer deals",
    "youngest-plays": "the youngest must play",
    "alone": "none: alone",
    "called-king": "the holder of a called king",
    "led": "led",
    "played": "played",
}
"""Words for the values of the fields that take a word (``tricks_seen``, ``all_pass``...)."""

AMOUNTS = frozenset({
    "game_stake", "eldest_ante", "pass_fee", "take_in_fee", "sans_prendre_bonus",
    "sans_prendre_draws", "codille_take", "matador_value", "vole_bonus", "matador_base",
})  # fmt: skip
"""Fields counted in the preset's smallest counter: shown in its own words."""


def format_value(rules: Rules, name: str) -> str:
    """A field's value in words, amounts in the preset's own counters."""
    value = getattr(rules, name)
    if value is None:
        return "\u2014"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name in AMOUNTS and isinstance(value, int):
        return "nothing" if value == 0 else amount(rules, value)
    if isinstance(value, CardNames):
        return ", ".join(getattr(value, f.name) for f in fields(CardNames))
    if name == "pack":
        return str(len(list(cards_of(value))))
    if name == "packets":
        return "-".join(str(k) for k in value)
    if name == "remise_beast":
        return " and ".join(amount(rules, k) for k in value)
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return WORDS.get(value, str(value)) if isinstance(value, str) else str(value)


def differing_fields(presets: Sequence[Rules]) -> list[str]:
    """The rule fields whose values are not the same in every preset given, in field order."""
    names = [f.name for f in fields(Rules) if f.name not in NOT_RULES]
    return [n for n in names if len({repr(getattr(r, n)) for r in presets}) > 1]


def compare(presets: Sequence[Rules]) -> dict[str, object]:
    """The side-by-side table: a column per preset, a row per field that differs."""
    return {
        "presets": [{"id": r.id, "title": r.title} for r in presets],
        "rows": [
            {
                "field": name,
                "label": FIELD_LABELS.get(name, name.replace("_", " ")),
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
    "compare",
    "differing_fields",
    "format_value",
    "rule_lines",
]
