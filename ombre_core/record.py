"""Game records: ``ombre-record/1``, a JSON document a person can read (see ``docs/record.md``).

::

    {"format": "ombre-record/1", "rules": "1660", "dealer": 2,
     "hands": [["As", "2s", ...], [...], [...]], "stock": ["5d", "6d", ...],
     "actions": ["play", "pass", "pass", "discard 7c 7h", "trump s", ...]}

``"seed": N`` may stand in place of ``hands`` and ``stock``. ``pool`` (optional, default 0) is what
lay in the pool from earlier deals. Each action is made by whoever's turn it is; draws come off the
top of the stock in order, so the record fixes the whole deal.
"""

from __future__ import annotations

import json
from typing import Any

from . import jsontext
from .actions import format_action, parse_action
from .cards import cards_of, format_card, parse_card
from .errors import IllegalAction, InvalidNotation, InvalidRecord, OmbreError, not_json
from .i18n import tr
from .rules import PRESETS, Rules, get_rules
from .state import Deal
from .tables import DISPLAY_ORDER

FORMAT = "ombre-record/1"


_HAND_ORDER = {card: i for i, card in enumerate(DISPLAY_ORDER[None])}


def _sorted_cards(mask: int) -> list[str]:
    return [format_card(c) for c in sorted(cards_of(mask), key=_HAND_ORDER.__getitem__)]


def to_record(deal: Deal) -> dict[str, Any]:
    """The record of ``deal`` so far, with explicit hands and stock."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": deal.rules.id,
        "dealer": deal.dealer,
        "hands": [_sorted_cards(h) for h in deal.dealt],
        "stock": [format_card(c) for c in deal.stock],
        "actions": [format_action(a) for a in deal.history],
    }
    if deal.pool_in:
        record["pool"] = deal.pool_in
    return record


def dumps(deal: Deal) -> str:
    """The record as JSON text, one action list on a line."""
    return json.dumps(to_record(deal), ensure_ascii=False)


def _field(record: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in record:
        raise InvalidRecord(tr("error.record.missing", field=repr(name)))
    value = record[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InvalidRecord(tr("error.record.type", field=repr(name), value=jsontext.brief(value)))
    return value


def unknown_rules(rules_id: object) -> str:
    """Why a record or a saved game naming ``rules_id`` cannot be read: the presets known."""
    return tr("error.rules-unknown", value=jsontext.brief(rules_id), choices=", ".join(PRESETS))


def start_of(record: Any, rules: Rules | None = None) -> Deal:
    """The deal a record starts from, before any action, with its header checked."""
    if not isinstance(record, dict):
        raise InvalidRecord(tr("error.record.object"))
    if record.get("format") != FORMAT:
        raise InvalidRecord(
            tr("error.format", expected=repr(FORMAT), value=jsontext.brief(record.get("format")))
        )
    if rules is None:
        rules_id = _field(record, "rules", str)
        if rules_id not in PRESETS:
            raise InvalidRecord(unknown_rules(rules_id))
        rules = get_rules(rules_id)
    dealer = _field(record, "dealer", int)
    pool = record.get("pool", 0)
    if not isinstance(pool, int) or isinstance(pool, bool) or pool < 0:
        raise InvalidRecord(tr("error.record.pool", value=jsontext.brief(pool)))
    try:  # the deal itself refuses a dealer who is not at the table, and cards it cannot deal
        if "seed" in record:
            if "hands" in record or "stock" in record:
                raise InvalidRecord(tr("error.record.seed-and-hands"))
            return Deal.from_seed(rules, _field(record, "seed", int), dealer, pool)
        hands = _field(record, "hands", list)
        stock = _field(record, "stock", list)
        if not all(isinstance(h, list) for h in hands):
            raise InvalidRecord(tr("error.record.hands"))
        parsed = [[parse_card(c) for c in hand] for hand in hands]
        return Deal.from_cards(rules, dealer, parsed, [parse_card(c) for c in stock], pool)
    except InvalidRecord:
        raise
    except OmbreError as exc:
        raise InvalidRecord(str(exc)) from None


def replay(record: Any, rules: Rules | None = None) -> Deal:
    """Replay a record (a parsed JSON object) and return the deal after its last action.

    A bad record raises :class:`InvalidRecord` whose ``index`` is the failing action's position.
    """
    deal = start_of(record, rules)
    actions = _field(record, "actions", list)
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise InvalidRecord(tr("error.record.action-text", value=jsontext.brief(text)), index)
        try:
            deal.apply(parse_action(text))
        except (IllegalAction, InvalidNotation) as exc:
            raise InvalidRecord(str(exc), index) from None
    return deal


def loads(text: str) -> Deal:
    """Parse and replay a record given as JSON text."""
    try:
        record = jsontext.loads(text)
    except (ValueError, TypeError) as exc:
        raise InvalidRecord(not_json(exc)) from None
    return replay(record)
