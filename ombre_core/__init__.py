"""Ombre (L'Hombre): the Royal Game of Ombre as a pure-Python rules engine.

>>> from ombre_core import Deal, RULES_1660
>>> deal = Deal.from_seed(RULES_1660, seed=7)
>>> deal.legal_actions() == [Act.PASS, Act.PLAY, Act.SANS_PRENDRE]
True
"""

from .actions import Act, Action, format_action, parse_action
from .cards import Card, CardSet, format_card, parse_card
from .errors import IllegalAction, InvalidNotation, InvalidRecord, InvalidSession, OmbreError
from .record import replay, to_record
from .rules import PRESETS, RULES_1660, RULES_CLASSIC, Rules, get_rules
from .scoring import Ledger, Settlement, settle
from .session import Session
from .state import Deal, Phase
from .views import View, view_of

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "RULES_1660",
    "RULES_CLASSIC",
    "Act",
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
    "Phase",
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
    "settle",
    "to_record",
    "view_of",
]
