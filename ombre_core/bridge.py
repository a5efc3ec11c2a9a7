"""The JSON facade the browser calls (see ``docs/bridge.md``).

Every function takes and returns a JSON string, so only strings cross the JS/Python boundary. The
module holds one :class:`~ombre_core.session.Session`. Errors come back as
``{"ok": false, "error": {"type": ..., "message": ...}}`` and never change the session.
Everything the table shows, legal moves and texts included, is computed here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

from . import actions as A
from . import hints, i18n, jsontext, table, tutor
from .bots import LEVELS
from .bots.review import Decision, review_steps
from .errors import OmbreError, not_json, whole_number
from .narrate import glossary
from .record import to_record
from .replay import Replay
from .rules import PRESETS, get_rules, preset_description, preset_title
from .scenarios import SCENARIOS, scenario_title
from .session import MAX_SEED, Session
from .sources import compare, rule_lines
from .views import view_of

_session: Session | None = None


def _reply(fn: Callable[..., dict[str, Any]]) -> Callable[..., str]:
    @wraps(fn)
    def wrapper(*args: str) -> str:
        try:
            return json.dumps({"ok": True, **fn(*args)}, ensure_ascii=False)
        except OmbreError as exc:
            error = {"type": type(exc).__name__, "message": str(exc)}
            return json.dumps({"ok": False, "error": error}, ensure_ascii=False)

    return wrapper


def _parse(text: str | None, what: str) -> Any:
    if text is None or text == "":
        return {}
    try:
        return jsontext.loads(text)
    except (ValueError, TypeError) as exc:  # JSONDecodeError, or a number too long to read
        raise OmbreError(f"{what} is not valid JSON: {exc}") from None


def _level(opts: dict[str, Any]) -> str:
    """The computer players' level in ``opts`` (default novice); anything else is refused,
    a list or an object included (they cannot even be looked up)."""
    level = opts.get("level", "novice")
    if not isinstance(level, str) or level not in LEVELS:
        raise OmbreError(f"level must be one of {', '.join(LEVELS)}, not {jsontext.brief(level)}")
    return level


def _current() -> Session:
    if _session is None:
        raise OmbreError(i18n.tr("error.no-game"))
    return _session


def _snapshot(session: Session) -> dict[str, Any]:
    """The person's snapshot: their seat's view, presented (seat 0 when only bots play)."""
    seat = session.human if session.human is not None else 0
    return table.snapshot(view_of(session.deal, seat), session.facts())


# ---- the functions the worker calls ----------------------------------------------------------


@_reply
def new_session(options: str = "") -> dict[str, Any]:
    """Start a new session; options: rules, seed, human, names, level."""
    global _session
    opts = _parse(options, "options")
    if not isinstance(opts, dict):
        raise OmbreError("options must be a JSON object")
    unknown = set(opts) - {"rules", "seed", "human", "names", "level"}
    if unknown:
        raise OmbreError(f"unknown option(s): {', '.join(sorted(unknown))}")
    rules = get_rules(opts.get("rules", "1660"))
    seed = opts.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise OmbreError(whole_number("seed", 0, MAX_SEED, seed))
    human = opts.get("human", 0)
    if human is not None and type(human) is not int:  # null: computer players in every seat
        raise OmbreError(f"human must be a seat number or null, not {jsontext.brief(human)}")
    session = Session(rules, seed, human, opts.get("names"), _level(opts))
    _session = session
    return _snapshot(session)


@_reply
def snapshot(_: str = "") -> dict[str, Any]:
    return _snapshot(_current())


@_reply
def set_language(options: str = "") -> dict[str, Any]:
    """Make every text from now on in one language (``{"lang": "fr"}``, see :mod:`.i18n`).

    ``{"lang": "fr", "catalogue": "<the JSON text of locale/fr.json>"}`` hands the engine that
    catalogue first: the site's wheel carries English only, and the worker passes the file the
    page fetched. Answers the language and, when a game is in progress, its snapshot in that
    language. An unknown code, a catalogue not here or a bad one is refused, and the language
    stays as it was."""
    opts = _parse(options, "options")
    if not isinstance(opts, dict) or "lang" not in opts or set(opts) - {"lang", "catalogue"}:
        raise OmbreError('set_language options must be {"lang": "<code>", "catalogue"?: "<json>"}')
    try:
        if "catalogue" in opts:
            if not isinstance(opts["catalogue"], str):
                raise OmbreError("the catalogue must be the JSON text of a catalogue")
            i18n.install(opts["lang"], opts["catalogue"])
        i18n.set_language(opts["lang"])
    except (i18n.UnknownLanguage, i18n.MissingCatalogue, ValueError) as exc:
        raise OmbreError(str(exc)) from None
    reply: dict[str, Any] = {"lang": i18n.language()}
    if _session is not None:
        reply["snapshot"] = _snapshot(_session)
    return reply


@_reply
def apply(action: str) -> dict[str, Any]:
    """Apply the person's action, e.g. ``{"action": "discard 3c 4c"}``."""
    session = _current()
    data = _parse(action, "action")
    if not isinstance(data, dict) or not isinstance(data.get("action"), str):
        raise OmbreError('expected {"action": "<action>"}')
    seat = session.human if session.human is not None else session.deal.to_move
    session.apply(data["action"], seat)
    return _snapshot(session)


@_reply
def bot_move(_: str = "") -> dict[str, Any]:
    session = _current()
    session.bot_move()
    return _snapshot(session)


@_reply
def hint(_: str = "") -> dict[str, Any]:
    """The expert's choice for the person's turn, with a reason and, in the play, the chance
    the deal goes their way: ``{"action": "As", "label": ..., "reason": ..., "chance": 0.8,
    "cards": ["As"], "text": ...}`` (:func:`.hints.advice_for`, which the terminal game gives
    too; ``text``: all of it in words). Drawn as the review's expert column draws for the same
    decision (:func:`.review.advice_rng`), so the review after the deal agrees with it."""
    session = _current()
    deal = session.deal
    seat = session.human
    if seat is None or deal.is_over or deal.to_move != seat:
        raise OmbreError(i18n.tr("error.hint-turn"))
    return hints.advice_for(deal, seat)


@_reply
def undo(_: str = "") -> dict[str, Any]:
    """Take back the person's last decision in this deal and what the computer players did
    after it (practice); the deal is then marked as one in which undo was used. With nothing to
    take back: ``NothingToUndo``, and nothing changes."""
    session = _current()
    session.undo()
    return _snapshot(session)


@_reply
def explain(_: str = "") -> dict[str, Any]:
    """The tutor's words on the person's step now (``tutor.explain``): ``{"lines": [...]}``, empty
    when it is not their turn. Changes nothing."""
    session = _current()
    seat = session.human
    if seat is None or session.deal.is_over or session.deal.to_move != seat:
        return {"lines": []}
    return {"lines": tutor.explain(view_of(session.deal, seat))}


@_reply
def next_deal(_: str = "") -> dict[str, Any]:
    session = _current()
    session.next_deal()
    return _snapshot(session)


def save(_: str = "") -> str:
    """The session as an ``ombre-session/1`` document (a JSON string to store as it is)."""
    if _session is None:
        return json.dumps(
            {"ok": False, "error": {"type": "OmbreError", "message": "no game in progress"}}
        )
    return json.dumps(_session.to_json(), ensure_ascii=False)


@_reply
def load(saved: str) -> dict[str, Any]:
    """Resume a saved session; a bad one is rejected and the current session kept."""
    global _session
    try:
        data = jsontext.loads(saved)
    except (ValueError, TypeError) as exc:  # JSONDecodeError, or a number too long to read
        raise OmbreError(i18n.tr("error.session.not-json", reason=not_json(exc))) from None
    session = Session.from_json(data)
    _session = session
    return _snapshot(session)


@_reply
def export_record(_: str = "") -> dict[str, Any]:
    """The finished deal's record. During a deal it is refused: it holds every hand. It names
    the players as the table does, the person "You": watched again, the deal is theirs."""
    session = _current()
    deal = session.deal
    if not deal.is_over:
        raise OmbreError(i18n.tr("error.record-over"))
    return {"record": {**to_record(deal), "names": list(session.names)}}


@dataclass(slots=True)
class _ReviewState:
    """The review being made or last made: its decisions so far and the steps that work out the
    rest, so that asking twice costs nothing the second time."""

    key: tuple[int, int, int, int, tuple[A.Action, ...]]
    """The session (its id and seed), the deal's number, the seat and the deal's actions: a deal
    taken back (undo) and played otherwise is another deal."""
    steps: Iterator[Decision]
    """What works out the decisions not yet made, one at a time."""
    decisions: list[Decision] = field(default_factory=list)
    """The decisions worked out so far, in the order of the deal."""
    done: bool = False
    """Whether ``steps`` has met its end: every decision is in ``decisions``."""


_review: _ReviewState | None = None
"""The review being made or last made, if any (:func:`review`)."""


@_reply
def review(options: str = "") -> dict[str, Any]:
    """The review of the finished deal for the person's seat (``table.review_snapshot``): each
    decision beside the solver's best on the true cards and the expert's choice from the same
    view. During a deal it is refused (the solver sees every hand).

    With no options, the whole review. With ``{"rows": n}``, at most ``n`` more decisions are
    worked out and the rows so far returned, ``done`` telling whether that was all (known when
    a call meets the end, so the last call may bring no new row; the summary comes with it).
    The table shows the rows as they come, and between two calls the worker is free for the
    next deal (a row of the first tricks at four or five seats takes seconds). Either way a
    decision is worked out once for the deal."""
    global _review
    opts = _parse(options, "options")
    if not isinstance(opts, dict):
        raise OmbreError("the review's options are not a JSON object")
    rows = opts.get("rows")
    if rows is not None and (type(rows) is not int or rows < 1):
        raise OmbreError(
            f"the review's rows must be a whole number from 1, not {jsontext.brief(rows)}"
        )
    session = _current()
    deal = session.deal
    if not deal.is_over:
        raise OmbreError(i18n.tr("error.review-over"))
    seat = session.human if session.human is not None else 0
    # the history too: a deal taken back (undo) and played otherwise is another deal
    key = (id(session), session.seed, session.number, seat, tuple(deal.history))
    if _review is None or _review.key != key:
        _review = _ReviewState(key, review_steps(deal, seat))
    state = _review
    budget = rows if rows is not None else -1
    while not state.done and budget != 0:
        decision = next(state.steps, None)
        if decision is None:
            state.done = True
        else:
            state.decisions.append(decision)
            budget -= 1
    shown = table.review_snapshot(state.decisions, view_of(deal, seat))
    if not state.done:
        shown["summary"] = ""
    return {**shown, "done": state.done}


_replay: Replay | None = None
"""The record being watched, if any; the session in progress is kept meanwhile."""


def _watching() -> Replay:
    if _replay is None:
        raise OmbreError("no record is open: open one with replay_open")
    return _replay


@_reply
def replay_open(text: str = "") -> dict[str, Any]:
    """Open a record (its JSON text, as read from a file) to watch it from its first step; the
    game in progress is kept. A malformed record is refused with the failing action's index."""
    global _replay
    if not isinstance(text, str) or not text.strip():
        raise OmbreError(i18n.tr("error.record.empty"))
    replay = Replay.from_text(text)
    _replay = replay
    return replay.snapshot()


@_reply
def scenario_open(options: str = "") -> dict[str, Any]:
    """Open a scenario (``{"id": "belinda"}``) to be told step by step, like a record; the game in
    progress is kept."""
    global _replay
    opts = _parse(options, "options")
    if not isinstance(opts, dict) or not isinstance(opts.get("id"), str):
        raise OmbreError('expected {"id": "<scenario>"}, e.g. {"id": "belinda"}')
    replay = Replay.of_scenario(opts["id"])
    _replay = replay
    return replay.snapshot()


@_reply
def replay_step(options: str = "") -> dict[str, Any]:
    """Show the open record after ``{"step": n}`` actions (0 to the number of actions)."""
    replay = _watching()
    opts = _parse(options, "options")
    if not isinstance(opts, dict) or "step" not in opts:
        raise OmbreError('expected {"step": <number of actions>}')
    replay.go(opts["step"])
    return replay.snapshot()


@_reply
def replay_play_on(options: str = "") -> dict[str, Any]:
    """Play on from the step shown: a new session (``{"level": ...}``, default novice) in which
    the person takes the watching seat; the record is closed."""
    global _session, _replay
    replay = _watching()
    opts = _parse(options, "options")
    if not isinstance(opts, dict):
        raise OmbreError("options must be a JSON object")
    session = replay.play_on(random.SystemRandom().randrange(2**31), _level(opts))
    _session, _replay = session, None
    return _snapshot(session)


@_reply
def replay_close(_: str = "") -> dict[str, Any]:
    """Close the record; the game in progress comes back as it was."""
    global _replay
    _replay = None
    return _snapshot(_current())


TABLE_SEATS = (2, 3, 4, 5)
"""The table sizes the browser lays out (two: Ombre by two, a modern reconstruction):
:func:`presets` lists only these unless asked."""
TABLE_PARTNERSHIPS = ("alone", "called-king", "demanded-king")
"""The partnerships the browser shows: the Ombre alone, a called king (by five, Quadrille) and
Quadrille by three's demanded king (the king handed over and the card given back shown on the
table). A partnership the table cannot show would be left out unless asked for every preset."""


@_reply
def presets(options: str = "") -> dict[str, Any]:
    """The presets, each with its number of seats. Options: ``{"seats": [3, 5]}`` lists those
    table sizes (default: :data:`TABLE_SEATS`, what the browser lays out), ``{"seats": "all"}``
    every preset. ``new_session`` takes any preset whichever are listed."""
    opts = _parse(options, "options")
    if not isinstance(opts, dict) or set(opts) - {"seats"}:
        raise OmbreError('presets options must be {"seats": [3, 5]} or {"seats": "all"}')
    seats = opts.get("seats", list(TABLE_SEATS))
    if seats != "all" and not (isinstance(seats, list) and all(type(n) is int for n in seats)):
        raise OmbreError(
            f'seats must be a list of table sizes or "all", not {jsontext.brief(seats)}'
        )
    return {
        "presets": [
            {
                "id": r.id,
                "title": preset_title(r),
                "description": preset_description(r),
                "seats": r.seats,
            }
            for r in PRESETS.values()
            if seats == "all" or (r.seats in seats and r.partnership in TABLE_PARTNERSHIPS)
        ],
        "levels": [{"id": name, "title": LEVEL_TITLES[name]} for name in LEVELS],
        "scenarios": [{"id": sid, "title": scenario_title(sid)} for sid in SCENARIOS],
    }


class _LevelTitles(Mapping[str, str]):
    """Each computer level's title in the current language (``level.<id>``)."""

    def __getitem__(self, level: str) -> str:
        if level not in LEVELS:
            raise KeyError(level)
        return i18n.tr(f"level.{level}")

    def __iter__(self) -> Iterator[str]:
        return iter(LEVELS)

    def __len__(self) -> int:
        return len(LEVELS)


LEVEL_TITLES: Mapping[str, str] = _LevelTitles()
"""The levels' titles, read in the language set when they are read."""


@_reply
def rules_panel(options: str = "") -> dict[str, Any]:
    """The rules panel: the rules of one preset (``{"rules": "1660"}``), each stated with its
    source quoted (:func:`ombre_core.sources.rule_lines`), and the side-by-side table of how the
    presets the browser lays out differ (:func:`ombre_core.sources.compare`), and the preset's
    glossary (its spelling of the names) for the words explained
    on hover. Nothing in it is written in JavaScript."""
    opts = _parse(options, "options")
    if not isinstance(opts, dict) or set(opts) - {"rules"}:
        raise OmbreError('rules_panel options must be {"rules": "<preset id>"}')
    rules = get_rules(opts.get("rules", "1660"))
    shown = [
        r
        for r in PRESETS.values()
        if (r.seats in TABLE_SEATS and r.partnership in TABLE_PARTNERSHIPS) or r.id == rules.id
    ]
    return {
        "preset": {
            "id": rules.id,
            "title": preset_title(rules),
            "description": preset_description(rules),
        },
        "lines": [line.to_json() for line in rule_lines(rules)],
        "compare": compare(shown),
        "glossary": glossary(rules),
    }
