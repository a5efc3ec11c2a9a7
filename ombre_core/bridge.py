"""The JSON facade the browser calls (see ``docs/bridge.md``).

Every function takes and returns a JSON string, so only strings cross the JS/Python boundary. The
module holds one :class:`~ombre_core.session.Session`. Errors come back as
``{"ok": false, "error": {"type": ..., "message": ...}}`` and never change the session.
Everything the table shows, legal moves and texts included, is computed here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import wraps
from typing import Any

from . import actions as A
from .actions import Act
from .cards import cards_of
from .errors import OmbreError
from .narrate import GLOSSARY, Narrator, card_info, glossary, suit_info
from .record import to_record
from .rules import PRESETS, get_rules
from .scoring import pool_now, settle
from .session import DEFAULT_NAMES, Session
from .state import Phase
from .tables import DISPLAY_ORDER
from .views import view_of

_session: Session | None = None

MAX_SEED = 2**53 - 1  # what a JS number holds exactly


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
        return json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise OmbreError(f"{what} is not valid JSON: {exc}") from None


def _current() -> Session:
    if _session is None:
        raise OmbreError("no game in progress: start one with new_session")
    return _session


# ---- the snapshot ----------------------------------------------------------------------------

_LABELS = {
    Act.PASS: ("Pass", GLOSSARY["pass"]),
    Act.PLAY: ("Play (ask leave)", GLOSSARY["play"]),
    Act.SANS_PRENDRE: ("Sans prendre", GLOSSARY["sans-prendre"]),
    Act.VOLE: ("Declare the vole", "Undertake to win all nine tricks, for an extra reward."),
}


def _action_entry(session: Session, action: int) -> dict[str, str]:
    deal = session.deal
    if A.is_trump(action):
        suit = suit_info(action - Act.TRUMP)
        label = f"{suit['name']} {suit['symbol']}"
        return {
            "action": A.format_action(action),
            "label": label,
            "hint": f"Name {suit['name'].lower()} as trumps.",
        }
    if deal.phase == Phase.REPLY:
        if action == Act.SANS_PRENDRE:
            return {
                "action": "sans-prendre",
                "label": "Keep it: sans prendre",
                "hint": "Keep the game by playing without taking in.",
            }
        return {
            "action": "pass",
            "label": "Yield",
            "hint": "Let the other player play sans prendre.",
        }
    label, hint = _LABELS[action]
    return {"action": A.format_action(action), "label": label, "hint": hint}


def _prompt(session: Session) -> str:
    deal = session.deal
    names = Narrator(session.names, session.human)
    if deal.is_over:
        return "The deal is over."
    seat = deal.to_move
    assert seat is not None
    if seat != session.human:
        return f"{names.who(seat)} is thinking…"
    if deal.phase == Phase.REPLY:
        return "Another player offers sans prendre over your ask: keep the game or yield?"
    if deal.phase_name == "auction":
        return "Your turn to speak: pass, or play?"
    if deal.phase == Phase.TRUMP_CHOICE:
        return "Name the trump suit (before you see the cards you take in)."
    if deal.phase == Phase.DISCARD:
        low, high = deal.discard_bounds(seat)
        if seat == deal.ombre:
            return f"Choose {low} to {high} cards to discard, then take in as many from the stock."
        return f"Choose up to {high} cards to discard, then take in as many from the stock."
    return "Your lead." if not deal.trick else "Your turn to play."


def _history_title(narrator: Narrator, entry: dict[str, Any]) -> str:
    outcome = entry["outcome"]
    if outcome == "passed":
        return "All passed"
    if outcome == "codille":
        return "Codille: " + narrator.who(entry["codille_winner"])
    who = narrator.who(entry["ombre"])
    return f"{outcome.capitalize()}: {who} (Ombre)"


def _snapshot(session: Session) -> dict[str, Any]:
    deal = session.deal
    rules = session.rules
    human = session.human if session.human is not None else 0
    view = view_of(deal, human)
    trump = deal.trump
    narrator = Narrator(session.names, session.human)
    human_to_move = deal.to_move == human and not deal.is_over
    legal_cards = deal.legal_cards() if human_to_move and deal.phase_name == "play" else 0
    order = DISPLAY_ORDER[trump]
    hand = [
        {**card_info(c, trump, rules), "legal": bool(legal_cards >> c & 1)}
        for c in order
        if view.hand >> c & 1
    ]
    legal: list[dict[str, str]] = []
    discard = None
    if human_to_move:
        if deal.phase == Phase.DISCARD:
            low, high = deal.discard_bounds(human)
            discard = {"min": low, "max": high}
        else:
            legal = [_action_entry(session, a) for a in view.legal if not A.is_card(a)]
    seats = []
    for s in range(deal.seats):
        role = None
        if deal.ombre is not None:
            role = "ombre" if s == deal.ombre else "defender"
        bid = deal.bids[s]
        seats.append(
            {
                "seat": s,
                "name": narrator.who(s) if s == session.human else session.names[s],
                "is_human": s == session.human,
                "is_dealer": s == deal.dealer,
                "is_eldest": s == deal.eldest,
                "role": role,
                "bid": None if bid is None else A.format_action(bid),
                "cards": view.hand_counts[s],
                "tricks": deal.tricks_won[s],
                "taken": deal.taken[s],
                "balance": session.ledger.balances[s],
            }
        )

    def trick_cards(leader: int, cards: tuple[int, ...] | list[int]) -> list[dict[str, Any]]:
        return [
            {"seat": (leader + i) % deal.seats, "card": card_info(c, trump, rules)}
            for i, c in enumerate(cards)
        ]

    last_trick = None
    if deal.tricks:
        leader, cards, winner = deal.tricks[-1]
        last_trick = {"leader": leader, "cards": trick_cards(leader, cards), "winner": winner}
    result = None
    if deal.is_over:
        settled = settle(deal)
        result = {
            "outcome": settled.outcome,
            "title": narrator.result_title(settled),
            "text": narrator.result_text(settled),
            "ombre": settled.ombre,
            "codille_winner": settled.codille_winner,
            "vole": settled.vole,
            "vole_declared": settled.vole_declared,
            "matadors": settled.matadors,
            "tricks": list(settled.tricks),
            "payments": list(settled.payments),
            "lines": narrator.result_lines(settled, rules),
            "pool": settled.pool_out,
        }
    pool = pool_now(deal)
    contract = None
    if deal.contract is not None:
        word = A.format_action(deal.contract)
        contract = {
            "id": word,
            "name": "Sans prendre" if word == "sans-prendre" else "Play, taking in",
            "hint": GLOSSARY[word],
        }
    return {
        "rules": {
            "id": rules.id,
            "title": rules.title,
            "unit": rules.unit,
            "units": rules.units,
            "big_unit": rules.big_unit,
            "big_unit_value": rules.big_unit_value,
        },
        "deal_number": session.number,
        "seed": session.seed,
        "human": session.human,
        "phase": deal.phase_name,
        "to_move": deal.to_move,
        "human_to_move": human_to_move,
        "prompt": _prompt(session),
        "dealer": deal.dealer,
        "eldest": deal.eldest,
        "ombre": deal.ombre,
        "contract": contract,
        "trump": None if trump is None else suit_info(trump),
        "seats": seats,
        "hand": hand,
        "legal": legal,
        "discard": discard,
        "trick": {"leader": deal.leader, "cards": trick_cards(deal.leader, deal.trick)},
        "last_trick": last_trick,
        "stock": {
            "count": view.stock_count,
            "cards": None
            if view.stock_seen is None
            else [card_info(c, trump, rules) for c in view.stock_seen],
        },
        "discards": [card_info(c, trump, rules) for c in cards_of(view.discards)],
        "log": narrator.log(view, session.number),
        "result": result,
        "ledger": {
            **session.ledger.to_json(),
            "unit": rules.units,
            "pool_now": pool,
            "pool_text": narrator.count(pool, rules),
            "history": [
                {**entry, "title": _history_title(narrator, entry)} for entry in session.history
            ],
        },
        "vole_declared": deal.vole_declared,
        "glossary": glossary(rules),
    }


# ---- the functions the worker calls ----------------------------------------------------------


@_reply
def new_session(options: str = "") -> dict[str, Any]:
    """Start a new session; options: rules, seed, human, names."""
    global _session
    opts = _parse(options, "options")
    if not isinstance(opts, dict):
        raise OmbreError("options must be a JSON object")
    unknown = set(opts) - {"rules", "seed", "human", "names"}
    if unknown:
        raise OmbreError(f"unknown option(s): {', '.join(sorted(unknown))}")
    rules = get_rules(opts.get("rules", "1660"))
    seed = opts.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise OmbreError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    human = opts.get("human", 0)
    if type(human) is not int:
        raise OmbreError(f"human must be a seat number, not {human!r}")
    session = Session(rules, seed, human, opts.get("names", DEFAULT_NAMES))
    _session = session
    return _snapshot(session)


@_reply
def snapshot(_: str = "") -> dict[str, Any]:
    return _snapshot(_current())


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
        data = json.loads(saved)
    except (json.JSONDecodeError, TypeError) as exc:
        raise OmbreError(f"the saved game is not valid JSON: {exc}") from None
    session = Session.from_json(data)
    _session = session
    return _snapshot(session)


@_reply
def export_record(_: str = "") -> dict[str, Any]:
    return {"record": to_record(_current().deal)}


@_reply
def presets(_: str = "") -> dict[str, Any]:
    return {
        "presets": [
            {"id": r.id, "title": r.title, "description": r.description} for r in PRESETS.values()
        ]
    }
