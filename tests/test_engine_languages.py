"""The engine's words in every language (issue #8): whole seeded deals of every preset, told in
each language through the table's snapshot at every step, with the result, the review and the
hints, leave no field unfilled and no English sentence behind; the language can change between
two snapshots of one game."""

from __future__ import annotations

import io
import json
import random
import re
import string
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from ombre_core import actions as A
from ombre_core import bridge, hints, i18n, table
from ombre_core.bots import RulePlayer
from ombre_core.bots.review import review_deal
from ombre_core.narrate import Narrator, glossary
from ombre_core.rules import PRESETS, Rules, get_rules
from ombre_core.scoring import Transfer
from ombre_core.session import Session
from ombre_core.views import view_of

PRESET_LIST = tuple(PRESETS.values())
OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
OWNED = ("engine.", "card.", "glossary.", "number.", "level.", "error.")
"""The keys the engine's texts come from (the rules panel and the page have their own tests)."""
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def texts(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a snapshot with where it lies, but the preset's title and description
    (``rules.*`` keys, translated by the rules panel's catalogue entries)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if path == "/rules" and key in ("title", "description"):
                continue
            yield from texts(item, f"{path}/{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from texts(item, f"{path}/{i}")


@cache
def english_pieces(lang: str) -> tuple[str, ...]:
    """The English words of the engine's templates whose ``lang`` text differs: each literal
    stretch between two fields, long enough (12 characters) to tell English from a name or a
    number, and found in none of the ``lang`` catalogue's own texts (a title such as *The
    Court Gamester* is quoted in every language)."""
    english, other = i18n.catalogue("en"), i18n.catalogue(lang)
    own = "\n".join(other.values())
    pieces = set()
    for key, template in english.items():
        if not key.startswith(OWNED) or other[key] == template:
            continue
        for literal, *_ in string.Formatter().parse(template):
            literal = literal.strip(" :;,.")
            if len(literal) >= 12 and literal not in own:
                pieces.add(literal)
    return tuple(sorted(pieces))


def english_in(lang: str, text: str) -> str | None:
    """The first English stretch found in ``text``, if any."""
    return next((piece for piece in english_pieces(lang) if piece in text), None)


def play_through(rules: Rules, seed: int) -> tuple[Session, list[dict[str, Any]]]:
    """One whole seeded deal with the person at seat 0 (a computer player choosing for them):
    every snapshot, and the reasons a hint would give for each of the person's options."""
    session = Session(rules, seed, 0)
    player, rng = RulePlayer(), random.Random(seed)
    seen: list[dict[str, Any]] = []
    while True:
        seen.append(bridge._snapshot(session))
        if session.deal.is_over:
            return session, seen
        if session.deal.to_move == 0:
            view = view_of(session.deal, 0)
            seen.append({"reasons": [hints.reason(view, a) for a in view.legal]})
            session.apply(player.choose(view, rng), 0)
        else:
            session.bot_move()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.DEFAULT)


SEEDS = (1, 4)


@cache
def reviewed(rules: Rules) -> Any:
    """The review's decisions for the first seeded deal of ``rules``, found once (the solver's
    work does not depend on the language)."""
    session, _ = play_through(rules, SEEDS[0])
    return review_deal(session.deal, 0)


def snapshots_in(lang: str, rules: Rules) -> list[Any]:
    """Every text of two seeded deals of ``rules`` in ``lang``: each step's snapshot, the hints'
    reasons, the first deal's review, the ledger's titled history, the glossary, the levels."""
    with i18n.using(lang):
        seen: list[Any] = []
        for seed in SEEDS:
            session, steps = play_through(rules, seed)
            seen += steps
            if seed == SEEDS[0]:
                seen.append(table.review_snapshot(reviewed(rules), view_of(session.deal, 0)))
            session.next_deal()  # the ledger's history now holds a titled entry
            seen.append(bridge._snapshot(session))
        seen.append(glossary(rules))
        seen.append(dict(bridge.LEVEL_TITLES))
    return seen


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_every_step_of_every_preset_is_told_with_every_field_filled(
    lang: str, rules: Rules
) -> None:
    for where, text in texts(snapshots_in(lang, rules)):
        assert not UNFILLED.search(text), (lang, where, text)
        assert text == text.strip() or where.endswith("/sep"), (lang, where, text)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_no_english_sentence_is_left_in_another_language(lang: str, rules: Rules) -> None:
    spellings = {rules.names.spadille, rules.names.manille, rules.gano} - {
        i18n.catalogue(lang)["card.spadille"],
        i18n.catalogue(lang)["card.manille"],
        i18n.catalogue(lang)["card.gano"],
        None,
    }  # the preset's English spellings (Spadillio, Mallilio, Pipillo, Gagno)
    for where, text in dict(texts(snapshots_in(lang, rules))).items():
        assert english_in(lang, text) is None, (lang, where, text, english_in(lang, text))
        for word in spellings:
            assert word not in text, (lang, where, text)


def test_english_says_you_in_capitals_only_where_a_sentence_begins() -> None:
    """The person's pronoun stood capitalised mid-sentence in fifteen English lines ("Sir Plume
    pays You 1 counter", "dealt; You are eldest hand") (the other languages use their own
    pronoun forms there: te, vous, dir, dig)."""
    mid_sentence = re.compile(r'(?<![.:!?"“(]) You\b')
    for key, text in i18n.catalogue("en").items():
        assert not mid_sentence.search(text), (key, text)


def test_english_keeps_each_presets_spelling() -> None:
    by_preset = {r.id: r for r in PRESET_LIST}
    assert "Spadillio" in glossary(by_preset["1660"])["spadille"]
    assert "Pipillo" in glossary(by_preset["encyclopaedia"])["spadille"]
    with i18n.using("es"):
        assert glossary(by_preset["1660"])["spadille"].startswith("Espadilla:")
        assert glossary(by_preset["encyclopaedia"])["basto"].startswith("Basto:")
    with i18n.using("fr"):
        assert glossary(by_preset["1660"])["basto"].startswith("Baste :")
        assert glossary(by_preset["classic"])["punto"].startswith("Ponte :")


def test_the_language_changes_between_two_snapshots_of_one_game() -> None:
    try:
        bridge.new_session(json.dumps({"rules": "classic", "seed": 11}))
        before = json.loads(bridge.snapshot())
        after = json.loads(bridge.set_language('{"lang": "de"}'))["snapshot"]
        again = json.loads(bridge.snapshot())
        assert after == {k: v for k, v in again.items() if k != "ok"}
        assert before["log"][0].startswith("Deal 1.")
        assert after["log"][0].startswith("Spiel 1.")
        assert before["prompt"] != after["prompt"]
        assert {s["name"] for s in after["seats"]} >= {"Du", "Der Baron", "Sir Plume"}
        assert after["glossary"]["basto"].startswith("Basta:")
        titles = json.loads(bridge.presets())["levels"]
        assert titles[0]["title"].startswith("Anfänger")
        back = json.loads(bridge.set_language('{"lang": "en"}'))["snapshot"]
        assert back["log"] == before["log"] and back["prompt"] == before["prompt"]
    finally:
        i18n.set_language(i18n.DEFAULT)
        bridge._session = None


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_hint_is_given_in_the_language(lang: str) -> None:
    try:
        bridge.set_language(json.dumps({"lang": lang}))
        snap = json.loads(bridge.new_session(json.dumps({"rules": "classic", "seed": 3})))
        while not snap["human_to_move"]:
            snap = json.loads(bridge.bot_move())
        advice = json.loads(bridge.hint())
        assert advice["ok"] and advice["reason"], advice
        assert not UNFILLED.search(advice["reason"])
        if lang != "en":
            assert english_in(lang, advice["reason"]) is None, advice
    finally:
        i18n.set_language(i18n.DEFAULT)
        bridge._session = None


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_amounts_and_counts_have_singular_and_plural(lang: str) -> None:
    by_preset = {r.id: r for r in PRESET_LIST}
    with i18n.using(lang):
        narrator = Narrator(["You", "The Baron", "Sir Plume"], 0)
        one, two = narrator.tricks(1), narrator.tricks(2)
        assert one.startswith("1 ") and two.startswith("2 ")
        mixed = narrator.count(12 + 12 + 3, by_preset["1660"])
        assert mixed.startswith("2 ") and " 3 " in mixed
        assert i18n.number_word(3) != "3" and i18n.number_word(17) == "17"
        assert narrator.who(0) == i18n.tr("engine.you")
        assert narrator.names[1] == i18n.tr("engine.name.baron")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_refused_action_is_explained_in_the_language(lang: str) -> None:
    """What the table shows when the engine refuses something: an illegal card, a hint out of
    turn, the review during a deal, an undo with nothing to take back."""
    try:
        bridge.set_language(json.dumps({"lang": lang}))
        snap = json.loads(bridge.new_session(json.dumps({"rules": "classic", "seed": 5})))
        messages = []
        while not snap["human_to_move"]:
            messages.append(json.loads(bridge.hint())["error"]["message"])
            snap = json.loads(bridge.bot_move())
        messages.append(json.loads(bridge.review())["error"]["message"])
        messages.append(json.loads(bridge.undo())["error"]["message"])
        wrong = "pass" if snap["phase"] != "auction" else "trump s"
        messages.append(json.loads(bridge.apply(json.dumps({"action": wrong})))["error"]["message"])
        for message in messages:
            assert not UNFILLED.search(message), message
            if lang != "en":
                assert english_in(lang, message) is None, (message, english_in(lang, message))
        assert messages[-1].startswith(i18n.tr("error.illegal", action="", seat=0, reason="")[:8])
    finally:
        i18n.set_language(i18n.DEFAULT)
        bridge._session = None


@pytest.mark.parametrize("lang", OTHERS)
def test_the_terminal_game_speaks_the_language(lang: str) -> None:
    from ombre_core.__main__ import build_parser, cmd_play

    args = build_parser().parse_args(["play", "--rules", "classic", "--seed", "4", "--lang", lang])
    out = io.StringIO()
    assert cmd_play(args, out, lambda prompt: "quit") == 0
    printed = out.getvalue()
    assert i18n.language() == i18n.DEFAULT  # the language is the game's, not the process's
    with i18n.using(lang):
        assert i18n.tr("engine.cli.goodbye") in printed
        assert i18n.tr("engine.name.baron") in printed
    assert "Your hand" not in printed and "Goodbye" not in printed


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "calls the queen"), ("es", "llama la reina"), ("fr", "appelle la dame"),
     ("de", "ruft die"), ("da", "kalder")],
)  # fmt: skip
def test_a_called_queen_takes_her_own_article(lang: str, said: str) -> None:
    """HOY law 12: holding every king he could call, the caller may call a queen. The languages
    whose articles have a gender say la reina, la dame, die Dame, not el, le, den."""
    from ombre_core.cards import parse_card
    from ombre_core.rules import get_rules
    from ombre_core.state import Deal

    kings = [parse_card(x) for x in ("Ks", "Kc", "Kh", "Kd", "As", "2s", "Ac", "3h", "4h", "5h")]
    rest = [c for c in range(40) if c not in kings]
    hands = [kings, rest[:10], rest[10:20], rest[20:]]
    deal = Deal.from_cards(get_rules("quadrille"), 3, hands, [])
    for action in ("play", "pass", "pass", "pass", "trump s", "call Qh"):
        deal.apply(action)
    with i18n.using(lang):
        log = " ".join(Narrator(["A", "B", "C", "D"], 1).log(view_of(deal, 1)))
        snap = table.snapshot(view_of(deal, 1), Session(get_rules("quadrille"), 1).facts())
    assert said in log, log
    assert not re.search(r"\b(el|le|den) (reina|dame|Herz-Dame)", log, re.IGNORECASE), log
    assert not re.search(r"\{[a-z_]+\}", json.dumps(snap, ensure_ascii=False))


def test_a_queen_demanded_is_told_with_a_queens_article() -> None:
    """At Quadrille by three, the Ombre holding four kings demands a queen (HOY law 12; seed 6:
    the queen of clubs). Before, the languages whose articles have a gender told it with a
    king's ("fordert den Kreuz-Dame", "pide el reina") in the log, the label of the hint and the
    review, the button's help and the prompt of the queen's holder."""
    from ombre_core import actions as A
    from ombre_core.narrate import plain_lower, said
    from ombre_core.state import Deal, Phase

    rules = PRESETS["quadrille-3"]
    deal = Deal.from_seed(rules, 6, 6 % rules.seats)
    rng = random.Random(6)
    while deal.phase != Phase.GIVE:
        assert deal.to_move is not None
        view = view_of(deal, deal.to_move)
        action = RulePlayer().choose(view, rng)
        if A.is_call(action):
            demand, asking = action, view
        deal.apply(action)
    queen = A.called_card(demand)
    holder = deal.demanded_from
    assert holder is not None and queen == deal.called
    assert said(demand, asking) == f"demand the {plain_lower(queen)}"  # not "call": CG p. 46
    # the prompt offered "Demand a king you lack" when only queens could be demanded
    assert "demand a queen" in table._prompt(asking, Narrator(["A", "B", "C"], asking.seat))
    giver = table._prompt(view_of(deal, deal.ombre), Narrator(["A", "B", "C"], deal.ombre))
    with i18n.using("de"):
        giver_de = table._prompt(view_of(deal, deal.ombre), Narrator(["A", "B", "C"], deal.ombre))
    assert plain_lower(queen) in giver and "für die" in giver_de, giver_de
    article = {"de": "die", "es": "la", "fr": "la"}
    handed = {"de": "du gibst sie her", "es": "se la entregas", "fr": "vous la remettez"}
    for lang, the in article.items():
        with i18n.using(lang):
            name = f"{the} {plain_lower(queen)}"
            assert name in said(demand, asking), lang
            entry = table._action_entry(asking, demand)
            assert name.lower() in entry["hint"].lower(), (lang, entry)
            for seat in range(rules.seats):
                log = Narrator(["A", "B", "C"], seat).log(view_of(deal, seat))
                assert any(name in line for line in log), (lang, seat, log)
            prompt = table._prompt(view_of(deal, holder), Narrator(["A", "B", "C"], holder))
            assert handed[lang] in prompt, (lang, prompt)
            ombre = view_of(deal, deal.to_move)  # to give a card for it
            give = RulePlayer().choose(ombre, random.Random(0))
            assert name in hints.reason(ombre, give), (lang, hints.reason(ombre, give))


def test_quadrille_by_three_names_its_contract_by_the_demand() -> None:
    """The table called the Ombre's game at Quadrille by three "Play, calling a king": there no
    king is called for a partner; one is demanded (CG p. 46)."""
    names = set()
    for seed in range(6):
        options = {"rules": "quadrille-3", "seed": seed, "human": None, "level": "novice"}
        snap = json.loads(bridge.new_session(json.dumps(options)))
        while snap["phase"] not in ("play", "over"):
            snap = json.loads(bridge.bot_move())
        if snap["contract"] and snap["contract"]["id"] == "play":
            names.add(snap["contract"]["name"])
    assert "Play, demanding a king" in names and not any("calling" in n for n in names), names


def test_the_prompt_offers_a_queen_to_an_ombre_holding_every_king() -> None:
    """At Quadrille (seed 14) the Ombre holds every king but the trump's: the prompt said only
    "Call a king, any but the king of trumps", while the table offered his own kings (to play
    alone) and the queens (HOY law 12)."""
    from ombre_core import actions as A
    from ombre_core.state import Deal, Phase

    rules = PRESETS["quadrille"]
    deal = Deal.from_seed(rules, 14, 14 % rules.seats)
    rng = random.Random(14)
    while deal.phase != Phase.CALL:
        assert deal.to_move is not None
        deal.apply(RulePlayer().choose(view_of(deal, deal.to_move), rng))
    assert deal.to_move is not None
    view = view_of(deal, deal.to_move)
    assert any(A.format_action(a).startswith("call Q") for a in view.legal)
    prompt = table._prompt(view, Narrator(["A", "B", "C", "D"], view.seat))
    assert "or a queen" in prompt and "play alone" in prompt, prompt


def _record(**changes: Any) -> str:
    """A record of a seeded 1660 deal, two actions in, with ``changes`` made to it (a value of
    None takes the field away)."""
    record: dict[str, Any] = {
        "format": "ombre-record/1",
        "rules": "1660",
        "dealer": 0,
        "seed": 7,
        "actions": ["pass", "pass"],
    }
    record.update(changes)
    return json.dumps({k: v for k, v in record.items() if v is not None})


_DEALT = {
    "seed": None,
    "hands": [["As"] * 9, ["Ac"] * 9, ["Kc"] * 9],
    "stock": ["2c"] * 13,
}
BAD_RECORDS = {
    "not JSON": "{nope",
    "nested too deeply": "[" * 200 + "]" * 200,
    "a number too long": '{"format": "ombre-record/1", "seed": ' + "7" * 5000 + "}",
    "not an object": "[]",
    "format": _record(format="ombre-record/9"),
    "rules": _record(rules="whist"),
    "missing field": _record(dealer=None),
    "wrong type": _record(dealer="north"),
    "dealer": _record(dealer=5),
    "pool": _record(pool=-3),
    "seed and hands": _record(hands=[], stock=[]),
    "hands not lists": _record(seed=None, hands=["As"], stock=[]),
    "not a card": _record(**{**_DEALT, "hands": [["Zz"] * 9] * 3}),
    "dealt twice": _record(**_DEALT),
    "action not text": _record(actions=[5]),
    "not an action": _record(actions=["hurrah"]),
    "trump": _record(actions=["trump"]),
    "call": _record(actions=["call 3c"]),
    "give": _record(actions=["give"]),
    "empty action": _record(actions=[""]),
    "a card named twice": _record(actions=["discard 3c 3c"]),
    "not a suit": _record(actions=["trump x"]),
    "illegal": _record(actions=["As"]),
    "names": _record(names=[1, 2, 3]),
    "too long": "x" * 1_000_001,
    "empty": " ",
}


def _refusal(lang: str, fn: Any, text: str) -> str:
    with i18n.using(lang):
        reply = json.loads(fn(text))
    assert reply["ok"] is False, reply
    return str(reply["error"]["message"])


def assert_refused_in(lang: str, fn: Any, cases: dict[str, str]) -> None:
    """Each case given to the bridge's ``fn`` is refused in ``lang`` otherwise than in English,
    every field filled, no English stretch left."""
    for what, text in cases.items():
        english, message = _refusal("en", fn, text), _refusal(lang, fn, text)
        assert message != english, (what, message)
        assert not UNFILLED.search(message), (what, message)
        assert english_in(lang, message) is None, (what, message, english_in(lang, message))


@pytest.mark.parametrize("lang", OTHERS)
def test_a_record_that_cannot_be_watched_is_refused_in_the_language(lang: str) -> None:
    """A visitor who opens a damaged record file reads why in the page's language, not in
    English around it (the page adds its own words before the engine's)."""
    assert_refused_in(lang, bridge.replay_open, BAD_RECORDS)


@pytest.mark.parametrize(
    ("lang", "grouped"),
    [("en", "1,000,001"), ("es", "1.000.001"), ("fr", "1\u202f000\u202f001"), ("de", "1.000.001")],
)
def test_a_record_too_long_is_counted_as_the_language_writes_figures(
    lang: str, grouped: str
) -> None:
    """The length of a file too long to be a record is grouped by thousands as the page's own
    notice of a file too large groups its bytes (``toLocaleString``), not with English commas."""
    message = _refusal(lang, bridge.replay_open, BAD_RECORDS["too long"])
    assert f"({grouped} " in message, message


def _saved(**changes: Any) -> str:
    """A saved game of a seeded 1660 deal, with ``changes`` made to it (None takes a field
    away)."""
    session = Session(get_rules("1660"), 2, 0)
    saved = {**session.to_json(), **changes}
    return json.dumps({k: v for k, v in saved.items() if v is not None})


@pytest.mark.parametrize("lang", OTHERS)
def test_a_saved_game_that_cannot_be_read_is_refused_in_the_language(lang: str) -> None:
    """What the page's own checks of a saved game let through, the engine refuses in the
    language too: a seat of 1.5, names that are not names, a broken deal in progress..."""
    good = json.loads(_saved())
    damaged = {
        "not JSON": "{nope",
        "not an object": "[]",
        "format": _saved(format="ombre-session/0"),
        "rules": _saved(rules="whist"),
        "seed": _saved(seed=-1),
        "deal number": _saved(deal_number=0),
        "human": _saved(human=1.5),
        "names": _saved(names=["", "", ""]),
        "ledger": _saved(ledger=[]),
        "balances": _saved(ledger={**good["ledger"], "balances": [0]}),
        "pool": _saved(ledger={**good["ledger"], "pool": -1}),
        "deal": _saved(deal=None),
        "deal's pool": _saved(deal={**good["deal"], "pool": 4}),
        "history": _saved(history={}),
        "history entry": _saved(history=[{"deal": 1}]),
        "undos": _saved(undos=-1),
        "deal replayed": _saved(deal={**good["deal"], "actions": ["Zz"]}),
    }
    before = bridge.new_session(json.dumps({"rules": "classic", "seed": 3}))
    try:
        assert_refused_in(lang, bridge.load, damaged)
        assert bridge.snapshot() == before  # every refusal kept the game in progress
    finally:
        bridge._session = None


PAID_TO = {  # Sir Plume pays the Baron, then the Baron pays Sir Plume: how each language says it
    "en": ("Sir Plume pays the Baron 1 counter for the game.", "pays Sir Plume"),
    "es": ("Sir Plume paga al Barón 1 ficha por el juego.", "paga a Sir Plume"),
    "fr": ("Sir Plume paie 1 jeton au Baron pour le jeu.", "à Sir Plume"),
    "de": ("Sir Plume zahlt dem Baron 1 Marke für das Spiel.", "zahlt Sir Plume"),
    "da": ("Sir Plume betaler baronen 1 jeton for spillet.", "betaler Sir Plume"),
}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_player_named_with_an_article_is_paid_as_the_language_says_it(lang: str) -> None:
    """The Baron and the Knight carry an article: paid, demanded from or named mid-sentence, the
    language declines it ("zahlt dem Baron", "paga al Barón", "paie ... au Baron", "pays the
    Baron"); before, every language wrote the name as at the head of a sentence ("Du zahlst
    Der Baron", "You pay The Baron")."""
    rules = get_rules("classic")
    with i18n.using(lang):
        narrator = Narrator(("You", "The Baron", "Sir Plume"), 0)
        to_baron = narrator.transfer_line(Transfer(2, 1, 1, "game"), rules)
        to_plume = narrator.transfer_line(Transfer(1, 2, 1, "game"), rules)
        mid = narrator.mid(1)
        head = narrator.who(1)
    expected, plume = PAID_TO[lang]
    assert to_baron == expected
    assert plume in to_plume
    assert mid[0].islower() and mid != head  # "the Baron", "der Baron", "baronen" ...
    # The Ombre of Quadrille by three gives the Baron a card for the king he demanded.
    from ombre_core.state import Deal, Phase

    rules = get_rules("quadrille-3")
    for seed in range(1, 200):
        deal = Deal.from_seed(rules, seed, seed % rules.seats)
        rng = random.Random(seed)
        while deal.phase not in (Phase.GIVE, Phase.PLAY) and not deal.is_over:
            assert deal.to_move is not None
            deal.apply(RulePlayer().choose(view_of(deal, deal.to_move), rng))
        if deal.phase == Phase.GIVE and deal.demanded_from == 1 and deal.ombre != 1:
            break
    else:
        raise AssertionError("no deal in which the Baron's king is demanded")
    assert deal.ombre is not None
    with i18n.using(lang):
        names = Narrator(("You", "The Baron", "Sir Plume"), deal.ombre)
        give = table._prompt(view_of(deal, deal.ombre), names)
        paid, head = names.whom(1), names.who(1)
    assert paid in give and head not in give, give


TRICK_TITLES = {  # the Baron led and Sir Plume won; then the reader led and won
    "en": ("Trick 1: led by the Baron, won by Sir Plume", "Trick 1: led and won by you"),
    "es": ("Baza 1: salió el Barón, la ganó Sir Plume", "Baza 1: saliste tú y la ganaste"),
    "fr": (
        "Levée 1 : entamée par le Baron, gagnée par Sir Plume",
        "Levée 1 : entamée et gagnée par vous",
    ),
    "de": (
        "Stich 1: ausgespielt hat der Baron, gewonnen hat Sir Plume",
        "Stich 1: ausgespielt und gewonnen hast du",
    ),
    "da": (
        "Stik 1: spillet ud af baronen, vundet af Sir Plume",
        "Stik 1: spillet ud og vundet af dig",
    ),
}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_each_trick_played_is_titled_by_the_engine_in_the_language(lang: str) -> None:
    """The Tricks played dialog titled each trick from the seats' names ("gewonnen von Der
    Baron", "salió Tú"): the engine titles them now, with the names' forms and the reader's own
    words."""
    with i18n.using(lang):
        names = Narrator(("You", "The Baron", "Sir Plume"), 0)
        theirs = names.trick_title(1, 1, 2)
        mine = names.trick_title(1, 0, 0)
    assert (theirs, mine) == TRICK_TITLES[lang]
    session = Session(get_rules("1660"), 3, human=0)
    deal = session.deal
    rng = random.Random(3)
    while len(deal.tricks) < 2 and not deal.is_over:
        assert deal.to_move is not None
        session.apply(RulePlayer().choose(view_of(deal, deal.to_move), rng))
    with i18n.using(lang):
        played = bridge._snapshot(session)["tricks_played"]
        titles = [
            names.trick_title(n, leader, winner)
            for n, (leader, _, winner) in enumerate(deal.tricks, 1)
        ]
    assert len(titles) == 2 and played["shown"]  # 1660 lets anyone look at the tricks
    assert [t["title"] for t in played["tricks"]] == titles


SCORES = {  # the list of tricks won after each trick, named mid-sentence
    "en": "(you {}, the Baron {}, Sir Plume {})",
    "es": "(tú {}, el Barón {}, Sir Plume {})",
    "fr": "(vous {}, le Baron {}, Sir Plume {})",
    "de": "(du {}, der Baron {}, Sir Plume {})",
    "da": "(du {}, baronen {}, Sir Plume {})",
}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_tricks_won_are_listed_with_the_names_mid_sentence(lang: str) -> None:
    """The log's list after each trick wrote the names as at a sentence's head ("Sir Plume
    gewinnt Stich 1 (Du 0, Der Baron 0, Sir Plume 1)")."""
    session = Session(get_rules("1660"), 3, human=0)
    deal = session.deal
    rng = random.Random(3)
    while len(deal.tricks) < 1:
        assert deal.to_move is not None
        session.apply(RulePlayer().choose(view_of(deal, deal.to_move), rng))
    won = [0, 0, 0]
    won[deal.tricks[0][2]] = 1
    with i18n.using(lang):
        log = bridge._snapshot(session)["log"]
    assert any(SCORES[lang].format(*won) in line for line in log), log[-3:]


LOST_ONE = {  # the review's summary: one card cost a trick, one the game, one choice counters
    "en": ("1 cost a trick or more", "1 cost the game", "2 choices", "1 cost counters"),
    "es": ("1 costó una baza o más", "1 costó el juego", "2 elecciones", "1 costó fichas"),
    "fr": ("1 a coûté une levée ou plus", "1 a coûté la partie", "2 choix", "1 a coûté des"),
    "de": ("1 kostete einen Stich oder mehr", "1 kostete das Spiel", "2 Entsch", "kostete 1 "),
    "da": ("1 kostede et stik eller mere", "1 kostede spillet", "2 valg", "kostede 1 "),
}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_reviews_summary_agrees_with_one_card_lost(lang: str) -> None:
    """The summary's counts of cards that cost a trick or the game, and of choices before the
    play that cost counters, had the verb of another count: "1 costaron el juego", "1 kosteten
    das Spiel", "Von deinen 2 Entscheidungen ... kosteten 1", "1 ont coûté la partie"."""
    from ombre_core.bots.review import Decision
    from ombre_core.state import Phase

    session = Session(get_rules("1660"), 3, human=0)
    deal = session.deal
    rng = random.Random(3)
    while deal.phase != Phase.PLAY:
        assert deal.to_move is not None
        session.apply(RulePlayer().choose(view_of(deal, deal.to_move), rng))
    view = view_of(deal, 0)
    card = next(c for c in range(64) if deal.hands[0] >> c & 1)
    row = {
        "index": 0,
        "seat": 0,
        "step": Phase.PLAY,
        "action": card,
        "expert": card,
        "ombre_side": True,
    }
    decisions = [
        Decision(**row, trick=1, best=(card,), rung=1, best_rung=1, tricks=4, best_tricks=5),
        Decision(**row, trick=2, best=(card,), rung=0, best_rung=1, tricks=3, best_tricks=4),
        Decision(**row, trick=3, best=(card,), rung=1, best_rung=1, tricks=4, best_tricks=4),
    ]
    bid = {"index": 0, "seat": 0, "step": Phase.AUCTION, "action": A.Act.PASS}
    decisions += [  # two bids unlike the expert's, one of them dearer on these cards
        Decision(**bid, expert=A.Act.PLAY, counters=-5, expert_counters=3),
        Decision(**bid, expert=A.Act.PLAY, counters=-5, expert_counters=-9),
    ]
    with i18n.using(lang):
        summary = table.review_snapshot(decisions, view)["summary"]
    tricks, game, choices, costly = LOST_ONE[lang]
    assert tricks in summary and game in summary, summary
    assert choices in summary and costly in summary, summary
