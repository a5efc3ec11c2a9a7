"""A game record watched step by step, and a game played on from any step (issue #8).

A :class:`Replay` holds a checked ``ombre-record/1`` (``docs/record.md``): the deal after any number
of its actions is rebuilt from the start, and shown as one seat saw it, through the same presenter
as the table (:func:`ombre_core.table.snapshot`), so a replay can show nothing that seat could not
see; once the deal is over every hand is shown, as players lay their cards down at the end. From
any step before the end, :meth:`Replay.play_on` makes a new session whose deal is the record's deal
at that step, the person in the watching seat and computer players in the others.

A malformed record is refused whole, before anything is shown: :class:`InvalidRecord` names the
failing action's index (``docs/record.md``).
"""

from __future__ import annotations

from typing import Any

from . import jsontext
from .cards import format_card
from .errors import InvalidRecord, OmbreError, not_json
from .i18n import figure, tr
from .narrate import card_info, table_name
from .record import replay, start_of
from .scenarios import caption_at, mark_words, scenario, scenario_title
from .session import YOU, Session, default_names, names_playing_on
from .state import Deal
from .table import TableFacts, snapshot
from .tables import DISPLAY_ORDER
from .views import view_of

MAX_RECORD_CHARS = 1_000_000
"""A record longer than this is refused unread (a deal's record is a few kilobytes)."""


class Replay:
    """A checked record, and the step shown (0: before the first action)."""

    captions: tuple[tuple[int, str, str, str], ...] = ()
    """A scenario's captions (:mod:`ombre_core.scenarios`), else none."""
    marks: dict[str, str] | None = None
    """A scenario's certainty of each card (``certain``, ``probable``; others ``inferred``)."""
    scenario_id: str | None = None
    title: str | None = None
    cite: str = "{}"

    def __init__(self, record: Any, seat: int | None = None) -> None:
        start = start_of(record)
        parsed = replay(record).history  # checked whole: InvalidRecord names the failing action
        names = record.get("names")
        if names is not None and not (
            isinstance(names, list)
            and len(names) == start.seats
            and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
        ):
            raise InvalidRecord(tr("error.record.names", n=start.seats))
        self.names = tuple(names) if names else default_names(start.seats, None)
        if seat is None:  # the person's own deal is watched from their seat, else from the first
            seat = self.names.index(YOU) if YOU in self.names else 0
        if not 0 <= seat < start.seats:
            raise OmbreError(f"no seat {seat} at a table of {start.seats}")
        self.start = start
        self.actions = parsed
        self.seat = seat
        self.step = 0

    @classmethod
    def from_text(cls, text: str, seat: int | None = None) -> Replay:
        """Read a record from JSON text, with the reason when it cannot be read."""
        if len(text) > MAX_RECORD_CHARS:
            raise InvalidRecord(tr("error.record.too-long", n=figure(len(text))))
        try:
            record = jsontext.loads(text)
        except (ValueError, TypeError) as exc:
            raise InvalidRecord(not_json(exc)) from None
        return cls(record, seat)

    @classmethod
    def of_scenario(cls, scenario_id: str) -> Replay:
        """A scenario told step by step: its record, captions and the certainty of its cards."""
        told = scenario(scenario_id)
        replay = cls(told["record"], told["seat"])
        replay.captions = told["captions"]
        replay.marks = told["marks"]
        replay.scenario_id = told["id"]
        replay.title = told["title"]
        replay.cite = told["cite"]
        return replay

    @property
    def steps(self) -> int:
        return len(self.actions)

    def go(self, step: int) -> None:
        """Show the deal after ``step`` actions (0 to :attr:`steps`)."""
        if type(step) is not int or not 0 <= step <= self.steps:
            raise OmbreError(
                f"step must be a whole number from 0 to {self.steps}, not {jsontext.brief(step)}"
            )
        self.step = step

    def deal_at(self, step: int | None = None) -> Deal:
        """The deal after ``step`` actions (default: the step shown)."""
        deal = self.start.copy()
        for action in self.actions[: self.step if step is None else step]:
            deal.apply_unchecked(action)
        return deal

    def snapshot(self) -> dict[str, Any]:
        """The table's snapshot of the step shown, as the watching seat saw it, with nothing to do,
        and a ``replay`` block: the step, the steps, the last action, and every hand at the end."""
        deal = self.deal_at()
        n = deal.seats
        sid = self.scenario_id
        # The person's own deal is told to them ("You play ..."); any other record to nobody. The
        # names are as recorded: the narrator names the table's own in the language shown.
        reader = self.seat if sid is None and self.names[self.seat] == YOU else None
        facts = TableFacts(self.names, reader, 1, (0,) * n, self.start.pool_in, 0, ())
        snap = snapshot(view_of(deal, self.seat), facts)
        snap["human_to_move"] = False
        if not deal.is_over and deal.to_move is not None:  # whose step comes next; nothing to do
            if deal.to_move == reader:
                snap["prompt"] = tr("scenario.replay.next-you")
            else:
                name = table_name(self.names[deal.to_move])
                snap["prompt"] = tr("scenario.replay.next", name=name)
        snap["legal"] = []
        snap["discard"] = None
        snap["forced"] = None  # nothing is played for anyone in a replay
        snap["undo"] = {"available": False, "used": 0}
        for card in snap["hand"]:
            card["legal"] = False
        last = None
        if self.step:
            actor = deal.events[-1].seat
            shown = view_of(deal, self.seat).history[-1][1]
            last = {"seat": actor, "action": shown}
        hands = None
        if deal.is_over:  # the cards are laid down: every hand as it was dealt and taken in
            order = DISPLAY_ORDER[deal.trump]
            hands = [
                [card_info(c, deal.trump, deal.rules) for c in order if held >> c & 1]
                for held in _final_hands(deal)
            ]
        snap["replay"] = {
            "step": self.step,
            "steps": self.steps,
            "seat": self.seat,
            "last": last,
            "hands": hands,
            "can_play_on": not deal.is_over,
            "scenario": sid,
            "title": self.title if sid is None else scenario_title(sid),
            "caption": (
                caption_at(self.captions, self.step, self.cite, sid) if self.captions else None
            ),
            "marks": None if self.marks is None else _marks(self.marks),
        }
        if self.marks is not None:
            snap["replay"]["mark_words"] = mark_words()
        return snap

    def play_on(self, seed: int, level: str) -> Session:
        """A new session from the step shown: the person in the watching seat, computer players of
        ``level`` in the others under the record's names, the pool as the record had it."""
        deal = self.deal_at()
        if deal.is_over:
            raise OmbreError(tr("error.replay.over"))
        names = names_playing_on(self.names, self.seat)
        return Session.playing_on(deal, self.seat, level, seed, names)


def _marks(known: dict[str, str]) -> dict[str, str]:
    """Every card's certainty: those listed, and ``inferred`` for the rest."""
    return {format_card(c): known.get(format_card(c), "inferred") for c in range(40)}


def _final_hands(deal: Deal) -> list[int]:
    """What each seat held for the play: its cards left and those it played."""
    hands = list(deal.hands)
    for leader, cards, _ in deal.tricks:
        for i, card in enumerate(cards):
            hands[(leader + i) % deal.seats] |= 1 << card
    for i, card in enumerate(deal.trick):
        hands[(deal.leader + i) % deal.seats] |= 1 << card
    return hands


__all__ = ["MAX_RECORD_CHARS", "Replay"]
