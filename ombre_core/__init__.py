"""Ombre (L'Hombre): the Royal Game of Ombre as a pure-Python rules engine.

>>> from ombre_core import Deal, RULES_1660
>>> deal = Deal.from_seed(RULES_1660, seed=7)
>>> deal.legal_actions() == [PASS, PLAY, SANS_PRENDRE]
True
"""

from .actions import PASS, PLAY, SANS_PRENDRE, VOLE, Action, format_action, parse_action
from .cards import Card, CardSet, format_card, parse_card
from .errors import IllegalAction, InvalidNotation, InvalidRecord, InvalidSession, OmbreError
from .record import replay, to_record
from .rules import PRESETS, RULES_1660, RULES_CLASSIC, Rules, get_rules
from .scoring import Ledger, Settlement
from .session import Session
from .state import Deal
from .views import View

__version__ = "0.1.0"

__all__ = [
    "PASS",
    "PLAY",
    "PRESETS",
    "RULES_1660",
    "RULES_CLASSIC",
    "SANS_PRENDRE",
    "VOLE",
    "Action",
    "Card",
    "CardSet",
    "Deal",
    "IllegalAction",
    "InvalidNotation",
    "InvalidRecord",
    "InvalidSession",
    "Ledger",
    "OmbreError",
    "Rules",
    "Session",
    "Settlement",
    "View",
    "format_action",
    "format_card",
    "get_rules",
    "parse_action",
    "parse_card",
    "replay",
    "to_record",
]
