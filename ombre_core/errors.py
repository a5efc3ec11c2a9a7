"""One error hierarchy, under :class:`ValueError`, so callers can catch bad input in one place.

Every message names the input, the player where there is one, and the reason.
"""

from __future__ import annotations

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
        where = f"action {index}: " if index is not None else ""
        super().__init__(f"invalid record: {where}{message}")

    def __reduce__(self) -> tuple[type[InvalidRecord], tuple[str, int | None]]:
        """Rebuilt from its parts: from its message alone it would say "invalid record" twice."""
        return (type(self), (self.message, self.index))


class InvalidSession(OmbreError):
    """A saved session (``ombre-session/1``) that cannot be read."""


class NothingToUndo(OmbreError):
    """An undo asked for when the person has made no decision in the current deal to take back.

    The session is left exactly as it was.
    """
