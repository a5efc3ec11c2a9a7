"""A session: deal after deal at one table, with the ledger of counters carried between them.

The first dealer is the player who receives the first black ace when cards are dealt round one by
one (EB1911, compendium §15 #1); then the deal passes to the right, so the eldest of one deal deals
the next (MOR, CG). Each deal's shuffle comes from the session seed and the deal's number, so a
session replays exactly from its seed and its actions.

A session saves as an ``ombre-session/1`` JSON document (see ``docs/record.md``): the ledger as it
stood when the current deal began, and that deal as an ``ombre-record/1``. Loading replays the deal
and checks every field, so a broken save is rejected with a reason instead of half-loaded.

In practice the person may take back a decision (:meth:`Session.undo`): the deal is rebuilt from
its record without that decision and what the computer players did after it. A deal in which
undo was used says how many times (``undos``) in the ledger's history and in the saved session,
so a practised deal is never mistaken for one played straight.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Act, Action
from .bots import Player, make_player
from .cards import cards_of
from .errors import (
    IllegalAction,
    InvalidRecord,
    InvalidSession,
    NothingToUndo,
    OmbreError,
    whole_number,
)
from .i18n import tr
from .jsontext import brief
from .record import replay, to_record, unknown_rules
from .rules import PRESETS, Rules, get_rules
from .scoring import OUTCOMES, Ledger, settle
from .state import Deal, nth_deal_seed
from .table import TableFacts
from .tables import BASTO, SPADILLE
from .views import view_of

FORMAT = "ombre-session/1"
MAX_SEED = 2**53 - 1
"""The largest seed or deal number: what a JavaScript number holds exactly (the table shows it)."""


DEFAULT_NAMES = ("You", "The Baron", "Sir Plume")
"""The names at a table of three (Belinda's opponents in *The Rape of the Lock*)."""
_MORE_NAMES = ("Thalestris", "Clarissa")
"""Two more from the poem for a table of five."""
YOU = DEFAULT_NAMES[0]
"""The person's name at the table: a record saved from it marks their seat with it."""
_HEROINE = "Belinda"
"""Who sits in the person's place when computer players fill every seat."""


def default_names(seats: int, human: int | None = 0) -> tuple[str, ...]:
    """The names a table of ``seats`` gets unless told others: "You" in the person's seat (Belinda
    when nobody plays), the poem's players in the others."""
    others = [*DEFAULT_NAMES[1:], *_MORE_NAMES]
    others += [f"Player {i + 1}" for i in range(len(others), seats)]
    you = _HEROINE if human is None else YOU
    place = 0 if human is None else human
    return tuple([*others[:place], you, *others[place:]][:seats])


def names_playing_on(names: Sequence[str], human: int) -> tuple[str, ...]:
    """The names of a table played on from a record: the person ("You") in ``human``'s seat, the
    record's players in theirs (the Baron and the Knight go on playing Belinda's game). A player
    the record itself called "You" (the person's own record, watched from another seat) takes the
    first of the table's names the record does not use."""
    spare = [n for n in (*DEFAULT_NAMES[1:], *_MORE_NAMES, _HEROINE) if n not in names]
    return tuple(
        YOU if seat == human else spare.pop(0) if name == YOU and spare else name
        for seat, name in enumerate(names)
    )


def first_dealer(seed: int, rules: Rules) -> int:
    """Deal cards round one at a time from seat 0; the receiver of the first black ace deals."""
    pack = list(cards_of(rules.pack))
    random.Random(seed).shuffle(pack)
    for i, card in enumerate(pack):
        if card in (SPADILLE, BASTO):
            return i % rules.seats
    raise AssertionError("the pack has two black aces")


def _checked_history(history: Any, seats: int) -> list[dict[str, Any]]:
    if not isinstance(history, list):
        raise InvalidSession(tr("error.session.history"))
    for i, entry in enumerate(history):
        payments = entry.get("payments") if isinstance(entry, dict) else None
        undos = entry.get("undos", 0) if isinstance(entry, dict) else None
        if not (
            type(undos) is int
            and 0 <= undos <= MAX_SEED
            and isinstance(payments, list)
            and len(payments) == seats
            and all(type(p) is int for p in payments)
            and type(entry.get("deal")) is int
            and entry.get("outcome") in OUTCOMES
        ):
            raise InvalidSession(tr("error.session.history-entry", i=i, value=brief(entry)))
    return list(history)


class Session:
    """Deals in turn at one table, with the ledger; one seat may be a person, the rest bots."""

    def __init__(
        self,
        rules: Rules,
        seed: int,
        human: int | None = 0,
        names: Sequence[str] | None = None,
        bot: str = "rules",
    ) -> None:
        if human is not None and (type(human) is not int or not 0 <= human < rules.seats):
            raise OmbreError(tr("error.session.human", last=rules.seats - 1, value=brief(human)))
        if names is None:
            names = default_names(rules.seats, human)
        if (
            not isinstance(names, (list, tuple))
            or len(names) != rules.seats
            or not all(isinstance(n, str) and n for n in names)
        ):
            raise OmbreError(tr("error.session.names", n=rules.seats, value=brief(names)))
        self.rules = rules
        self.seed = seed
        self.human = human
        self.names = list(names)
        self.bot_name = bot
        self.players: dict[int, Player] = {
            seat: make_player(bot) for seat in range(rules.seats) if seat != human
        }
        """Each computer seat's own player object."""
        self.first_dealer = first_dealer(seed, rules)
        self.ledger = Ledger(rules.seats)
        self.ledger_before = self.ledger.to_json()
        self.number = 1
        self.history: list[dict[str, Any]] = []
        """One entry per finished deal: number, outcome, ombre, codille winner, tricks, payments,
        and how many times undo was used in it."""
        self.undos = 0
        """How many times undo was used in the current deal."""
        self.decisions: list[int] = []
        """Where the person's decisions stand in the current deal's history (the index of each
        action they chose, a forced one left out): what :meth:`undo` takes back."""
        self.deal = self._new_deal(self.first_dealer)

    @classmethod
    def playing_on(
        cls, deal: Deal, human: int, bot: str, seed: int, names: Sequence[str] | None = None
    ) -> Session:
        """A session whose first deal is ``deal``, taken up where it stands (a replay's "play on
        from here", :mod:`ombre_core.replay`), its seats named ``names`` (else the table's
        defaults). The pool it began with counts as paid in by the seats alike, so that the
        ledger's balances and pool still sum to zero."""
        session = cls(deal.rules, seed, human, names, bot)
        n = deal.seats
        share, rest = divmod(deal.pool_in, n)
        balances = [-(share + (1 if s < rest else 0)) for s in range(n)]
        session.ledger = Ledger(n, balances, deal.pool_in, 0)
        session.ledger_before = session.ledger.to_json()
        session.first_dealer = deal.dealer
        session.deal = deal
        return session

    def _deal_seed(self, number: int) -> int:
        return nth_deal_seed(self.seed, number)

    def _new_deal(self, dealer: int) -> Deal:
        self.ledger_before = self.ledger.to_json()
        self.undos = 0
        self.decisions = []
        return Deal.from_seed(self.rules, self._deal_seed(self.number), dealer, self.ledger.pool)

    # ---- play --------------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply a checked action; with ``seat``, also check that it is that seat's turn."""
        if self.deal.is_over:
            text = action if isinstance(action, str) else str(action)
            raise IllegalAction(text, seat, tr("error.deal-over.next"))
        if seat is not None and self.deal.to_move != seat:
            text = action if isinstance(action, str) else str(action)
            raise IllegalAction(text, seat, tr("error.not-your-turn", seat=seat))
        index = len(self.deal.history)
        decided = self._is_decision(self.deal)
        self.deal.apply(action)
        if decided:
            self.decisions.append(index)
        if self.deal.is_over:
            self._record_result()

    def _is_decision(self, deal: Deal) -> bool:
        """Whether the person is to move in ``deal`` with more than one action to choose from.

        A forced action (one card left that may be played, the table plays it for the person) is
        not a decision: taking it back would only have it played again.
        """
        if self.human is None or deal.to_move != self.human:
            return False
        return sum(1 for a in deal.legal_actions() if a != Act.GANO) > 1  # Gano: a word

    def _decisions_of(self, deal: Deal) -> list[int]:
        """The person's decisions in ``deal``, found by replaying its record (after a load)."""
        record = to_record(deal)
        actions = record["actions"]
        again = replay({**record, "actions": []}, self.rules)
        found = []
        for index, text in enumerate(actions):
            if self._is_decision(again):
                found.append(index)
            again.apply(text)
        return found

    @property
    def can_undo(self) -> bool:
        """Whether the person has a decision in the current deal to take back."""
        return bool(self.decisions)

    def undo(self) -> None:
        """Take back the person's last decision in this deal and all that came after it.

        The deal is rebuilt from its record cut just before that decision (the computer players'
        moves after it go with it), so it is the person's turn again, as it was. A finished deal
        may be taken back too, before the next deal: its result leaves the ledger. Raises
        :class:`NothingToUndo` (and changes nothing) when there is no decision to take back.
        """
        if self.human is None:
            raise NothingToUndo("nothing to undo: no person plays at this table")
        if not self.decisions:
            raise NothingToUndo(tr("error.nothing-to-undo", number=self.number))
        cut = self.decisions[-1]
        record = to_record(self.deal)
        deal = replay({**record, "actions": record["actions"][:cut]}, self.rules)
        if deal.to_move != self.human:  # a record cut at the person's decision: their turn
            raise AssertionError("undo would not give the turn back to the person")
        ledger = self.ledger
        if self.deal.is_over:  # its result leaves the ledger: back to where the deal began
            before = self.ledger_before
            balances, pool, deals = before["balances"], before["pool"], before["deals"]
            assert isinstance(balances, list) and type(pool) is int and type(deals) is int
            ledger = Ledger(self.rules.seats, balances, pool, deals)
        # Everything is built: now change the session, all at once.
        self.history = [h for h in self.history if h["deal"] != self.number]
        self.ledger = ledger
        self.deal = deal
        self.decisions.pop()
        self.undos += 1

    def _record_result(self) -> None:
        result = settle(self.deal)
        assert result is not None
        self.ledger.record(result)
        self.history.append(
            {
                "deal": self.number,
                "outcome": result.outcome,
                "ombre": result.ombre,
                "codille_winner": result.codille_winner,
                "partner": result.partner,
                "tricks": list(result.tricks),
                "payments": list(result.payments),
                "undos": self.undos,
            }
        )

    def bot_move(self) -> Action:
        """Let the computer player whose turn it is act once; returns its action."""
        deal = self.deal
        seat = deal.to_move
        if seat is None:
            raise IllegalAction("bot", None, "the deal is over")
        if seat == self.human:
            raise IllegalAction("bot", seat, "it is the person's turn, not a computer player's")
        rng = random.Random(self._deal_seed(self.number) * 1009 + len(deal.history))
        action = self.players[seat].choose(view_of(deal, seat), rng)
        self.apply(action)
        return action

    def next_deal(self) -> None:
        """Deal the next hand; the deal passes to the right (the last eldest deals)."""
        if not self.deal.is_over:
            raise IllegalAction("next deal", self.deal.to_move, tr("error.deal-not-over"))
        self.number += 1
        self.deal = self._new_deal(self.deal.eldest)

    def facts(self) -> TableFacts:
        """What everyone at the table knows beyond the deal, for the presenter."""
        return TableFacts(
            names=tuple(self.names),
            human=self.human,
            deal_number=self.number,
            balances=tuple(self.ledger.balances),
            pool=self.ledger.pool,
            deals=self.ledger.deals,
            history=tuple(self.history),
            level="novice" if self.bot_name == "rules" else self.bot_name,
            can_undo=self.can_undo,
            undos=self.undos,
        )

    # ---- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.id,
            "seed": self.seed,
            "human": self.human,
            "names": self.names,
            "bot": self.bot_name,
            "deal_number": self.number,
            "undos": self.undos,
            "ledger": self.ledger_before,
            "history": self.history[:-1] if self.deal.is_over else self.history,
            "deal": to_record(self.deal),
        }

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """Rebuild a saved session; anything wrong raises :class:`InvalidSession`."""
        if not isinstance(data, dict):
            raise InvalidSession(tr("error.session.object"))
        if data.get("format") != FORMAT:
            raise InvalidSession(
                tr("error.format", expected=repr(FORMAT), value=brief(data.get("format")))
            )
        rules_id = data.get("rules")
        if not isinstance(rules_id, str) or rules_id not in PRESETS:
            raise InvalidSession(unknown_rules(rules_id))
        rules = get_rules(rules_id)
        seed, number = data.get("seed"), data.get("deal_number")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise InvalidSession(whole_number("seed", 0, MAX_SEED, seed))
        if type(number) is not int or not 1 <= number <= MAX_SEED:
            raise InvalidSession(whole_number("deal_number", 1, MAX_SEED, number))
        try:
            session = cls(
                rules,
                seed,
                data.get("human"),
                data.get("names"),
                data.get("bot", "rules"),
            )
            ledger = data.get("ledger")
            if not isinstance(ledger, dict):
                raise InvalidSession(tr("error.session.ledger"))
            balances = ledger.get("balances")
            if not (
                isinstance(balances, list)
                and all(type(b) is int for b in balances)
                and len(balances) == rules.seats
            ):
                raise InvalidSession(tr("error.session.balances", n=rules.seats))
            pool, deals = ledger.get("pool"), ledger.get("deals")
            if type(pool) is not int or type(deals) is not int or pool < 0 or deals < 0:
                raise InvalidSession(tr("error.session.pool"))
            session.ledger = Ledger(rules.seats, balances, pool, deals)
            session.ledger_before = session.ledger.to_json()
            session.number = number
            record = data.get("deal")
            if not isinstance(record, dict) or record.get("rules") != rules.id:
                raise InvalidSession(tr("error.session.deal"))
            if record.get("pool", 0) != pool:
                raise InvalidSession(
                    tr("error.session.deal-pool", deal=brief(record.get("pool", 0)), ledger=pool)
                )
            session.history = _checked_history(data.get("history", []), rules.seats)
            undos = data.get("undos", 0)  # absent before undo existed (release 0.1)
            if type(undos) is not int or not 0 <= undos <= MAX_SEED:
                raise InvalidSession(whole_number("undos", 0, MAX_SEED, undos))
            session.undos = undos
            session.deal = replay(record, rules)
            session.decisions = session._decisions_of(session.deal)
            if session.deal.is_over:
                session._record_result()
        except InvalidRecord as exc:
            raise InvalidSession(tr("error.session.replay", reason=exc)) from None
        except InvalidSession:
            raise
        except (OmbreError, ValueError, TypeError) as exc:
            raise InvalidSession(str(exc)) from None
        return session
