"""One error hierarchy, under :class:`ValueError`, so callers can catch bad input in one place.

Every message names the input, the player where there is one, and the reason.
"""

from __future__ import annotations

from json import JSONDecodeError

from . import jsontext
from .i18n import tr


class OmbreError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidNotation(OmbreError):
    """A card, suit or action string that is not in the notation (``As``, ``trump s``...)."""


class IllegalAction(OmbreError):
    """An action that the rules do not allow in the current state.

    The state is left exactly as it was before the call.
    """

    def __init__(self, action: str, seat: int | None, reason: str) -> None:
        self.action = action
        self.seat = seat
        self.reason = reason
        if seat is None:
            message = tr("error.illegal.nobody", action=repr(action), reason=reason)
        else:
            message = tr("error.illegal", action=repr(action), seat=seat, reason=reason)
        super().__init__(message)

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, int | None, str]]:
        """Rebuilt from its three parts, not its message, so it survives a process pool."""
        return (type(self), (self.action, self.seat, self.reason))


class InvalidRecord(OmbreError):
    """A game record that cannot be read or replayed.

    ``index`` is the position of the failing action in ``actions`` (``None`` when the fault is in
    the record's header: format, rules, hands or stock).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.message = message
        self.index = index
        if index is None:
            super().__init__(tr("error.record", reason=message))
        else:
            super().__init__(tr("error.record.action", index=index, reason=message))

    def __reduce__(self) -> tuple[type[InvalidRecord], tuple[str, int | None]]:
        """Rebuilt from its parts: from its message alone it would say "invalid record" twice."""
        return (type(self), (self.message, self.index))


class InvalidSession(OmbreError):
    """A saved session (``ombre-session/1``) that cannot be read."""


class NothingToUndo(OmbreError):
    """An undo asked for when the person has made no decision in the current deal to take back.

    The session is left exactly as it was.
    """


def not_json(exc: ValueError | TypeError) -> str:
    """Why a text from outside could not be read by :func:`.jsontext.loads`, in the current
    language: where the parser stopped (not its English words), or that the text is nested too
    deeply, is not UTF-8, holds a number too long to read, or is no text at all."""
    if isinstance(exc, JSONDecodeError):
        return tr("error.json", line=exc.lineno, column=exc.colno)
    if isinstance(exc, jsontext.TooDeep):
        return tr("error.json.deep", found=exc.found, most=jsontext.MAX_DEPTH)
    if isinstance(exc, UnicodeDecodeError):
        return tr("error.json.utf8")
    if isinstance(exc, ValueError):  # Python's limit on the digits of a whole number
        return tr("error.json.number")
    return tr("error.json.text")


def whole_number(field: str, low: int, high: int, value: object) -> str:
    """Why ``value`` will not do as ``field`` (a seed, a deal's number...): the range it must
    lie in, and the value, cut short."""
    return tr("error.whole-number", field=field, low=low, high=high, value=jsontext.brief(value))
