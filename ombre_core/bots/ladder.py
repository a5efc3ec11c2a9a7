"""The outcome ladder of the double-dummy solver, and what each count of tricks can still reach.

The solver does not score deals itself: an injected *judge* maps the tricks won per seat at the end
of the deal to a rung of the ladder, vole > sacada > repuesto > codille (compendium §8: the Ombre
wins "sacada" with more tricks than each defender, loses "codille" when a defender takes more,
"repuesto" otherwise; the vole is every trick). The ombre's side seeks the highest rung, the other
side the lowest. :func:`ladder_of` builds the judge of today's three-handed deal from
:func:`ombre_core.scoring.judge`; it is the one place that knows how the engine scores.

From the judge, :class:`Reach` tabulates, for every count of tricks won so far, the lowest and the
highest rung the rest of the deal can still bring, and which counts leave the same rung for every
way the remaining tricks may fall (so the transposition table can share them).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol, TypeAlias

from ..rules import Rules
from ..scoring import CODILLE, REPUESTO, SACADA, judge, judge_side


class Table(Protocol):
    """What :func:`ladder_of` reads: a :class:`~ombre_core.state.Deal` or a player's
    :class:`~ombre_core.views.View` (so a sampling bot builds the judge from what it sees)."""

    @property
    def ombre(self) -> int | None: ...

    @property
    def partner(self) -> int | None: ...

    @property
    def seats(self) -> int: ...

    @property
    def rules(self) -> Rules: ...


Judge: TypeAlias = Callable[[tuple[int, ...]], int]
Counts: TypeAlias = "dict[int, int] | list[int]"
"""A table indexed by packed tricks won."""
"""Final tricks won per seat -> rung (0 = codille ... 3 = vole)."""

CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG, VOLE_RUNG = range(4)
RUNG_NAMES = ("codille", "repuesto", "sacada", "vole")
"""The ladder, lowest rung first: ``RUNG_NAMES[rung]``."""

_RUNG_OF_OUTCOME = {CODILLE: CODILLE_RUNG, REPUESTO: REPUESTO_RUNG, SACADA: SACADA_RUNG}

WON_BITS = 5
"""Tricks won per seat are packed into one int, ``WON_BITS`` bits a seat (at most 31 tricks)."""


def ladder_of(deal: Table) -> Judge:
    """The judge of a deal (or of a view) whose Ombre is known: the rung from the final tricks.

    Vole when the Ombre's side took every trick; otherwise the outcome the rules give
    (:func:`ombre_core.scoring.judge`: more tricks than each other player, at three;
    :func:`ombre_core.scoring.judge_side`: the side's total against the rules' thresholds, at
    five). The side is the Ombre and the partner he called, once the deal (or the view) knows him.
    """
    if deal.ombre is None:
        raise ValueError("the deal has no Ombre yet: nothing to judge")
    partner = deal.partner
    side = (deal.ombre,) if partner is None or partner == deal.ombre else (deal.ombre, partner)
    rules = deal.rules
    return _judge_of(side, deal.seats, rules.tricks, rules.win_tricks, rules.remise_tricks)


def margin_of(deal: Table, for_side: bool) -> Judge:
    """The judge of the same deal with one trick less to spare: the rung the final tricks would
    reach if one trick of the side judged (the Ombre's if ``for_side``, else the other side's)
    had gone to whichever seat across the table it would help most (and never a better rung
    than the tricks as they fell).

    Two cards that reach the same rung in every sampled world are told apart by it: the one
    that still reaches it a trick short wins with a trick in hand, and so holds in the worlds
    the samples missed (the many ties of a win-or-lose ladder are a known weakness of sampling
    players; GIB counts tricks instead, ``shared/notes/bots-anchors.md``)."""
    if deal.ombre is None:
        raise ValueError("the deal has no Ombre yet: nothing to judge")
    partner = deal.partner
    side = (deal.ombre,) if partner is None or partner == deal.ombre else (deal.ombre, partner)
    rules = deal.rules
    base = _judge_of(side, deal.seats, rules.tricks, rules.win_tricks, rules.remise_tricks)
    return _margin_judge(base, side, deal.seats, for_side)


@functools.cache
def _margin_judge(base: Judge, side: tuple[int, ...], seats: int, for_side: bool) -> Judge:
    givers = side if for_side else tuple(s for s in range(seats) if s not in side)
    takers = tuple(s for s in range(seats) if s not in givers)

    def rung(won: tuple[int, ...]) -> int:
        # Never better than the tricks as they fell: at three, a defender's trick given away
        # can break the defenders' tie for most, and a repuesto become a codille.
        worst = base(won)
        for giver in givers:
            if not won[giver]:
                continue
            for taker in takers:
                moved = list(won)
                moved[giver] -= 1
                moved[taker] += 1
                r = base(tuple(moved))
                if r < worst if for_side else r > worst:
                    worst = r
        return worst

    return rung


def codille_for(deal: Table, seat: int) -> Judge | None:
    """The ladder with a codille told apart by who wins it, for the defender at ``seat``: 0 a
    codille ``seat`` wins, 1 a codille another defender wins, then repuesto, sacada and vole a
    rung up each. None where one codille is not one defender's: the side judged on its total
    (by five, at Quadrille: the defenders win it together) or a single defender (by two).

    At three each defender plays for himself once the Ombre is beaten: the codille pays the pool
    to the one who took the most tricks (RG; compendium §8), so of two cards that beat the Ombre
    alike, the one that leaves the codille to himself is his. The search tells tied cards apart by
    it (:meth:`.search.SearchPlayer.analyse_play`), never a card that beats the Ombre less often:
    the defenders combine against him first, as the 1660 General Rules teach."""
    found = _defender_at_three(deal, seat)
    return None if found is None else _codille_judge(*found, seat)


CODILLE_FOR_LADDER = (CODILLE_RUNG, CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG, VOLE_RUNG)
"""The deal's rung of each rung of :func:`codille_for`."""


def _defender_at_three(deal: Table, seat: int) -> tuple[Judge, tuple[int, ...]] | None:
    """The deal's judge and the defenders, where ``seat`` is one of two or more defenders each
    judged on his own tricks (none by five or at Quadrille, where the side's total is judged)."""
    if deal.ombre is None:
        raise ValueError("the deal has no Ombre yet: nothing to judge")
    partner = deal.partner
    side = (deal.ombre,) if partner is None or partner == deal.ombre else (deal.ombre, partner)
    rules = deal.rules
    others = tuple(s for s in range(deal.seats) if s not in side)
    if rules.win_tricks is not None or len(others) < 2 or seat not in others:
        return None
    return _judge_of(side, deal.seats, rules.tricks, rules.win_tricks, rules.remise_tricks), others


def own_codille(deal: Table, seat: int) -> Judge | None:
    """The ladder of the defender at ``seat`` at three, its rungs in the order of what each pays
    him: 0 a codille he wins, 1 a repuesto, 2 a codille another defender wins, 3 sacada, 4 the
    vole (:data:`OWN_CODILLE_LADDER` maps them back to the deal's ladder). None where
    :func:`codille_for` is.

    At three the codille pays the whole pool to the defender with the most tricks (RG; compendium
    §8), and the other defender loses his stake as he would to a sacada; a repuesto doubles the
    pool for the next deal, where each seat may win it. So a defender who can beat the Ombre
    plays to take the codille himself, and, where he cannot, to leave a repuesto rather than
    his fellow's codille."""
    found = _defender_at_three(deal, seat)
    return None if found is None else _own_codille_judge(*found, seat)


OWN_CODILLE_LADDER = (CODILLE_RUNG, REPUESTO_RUNG, CODILLE_RUNG, SACADA_RUNG, VOLE_RUNG)
"""The deal's rung of each rung of :func:`own_codille`."""


@functools.cache
def _own_codille_judge(base: Judge, others: tuple[int, ...], seat: int) -> Judge:
    def rung(won: tuple[int, ...]) -> int:
        r = base(won)
        if r == CODILLE_RUNG:
            return 0 if won[seat] > max(won[s] for s in others if s != seat) else 2
        return 1 if r == REPUESTO_RUNG else r + 1

    return rung


@functools.cache
def _codille_judge(base: Judge, others: tuple[int, ...], seat: int) -> Judge:
    def rung(won: tuple[int, ...]) -> int:
        r = base(won)
        if r != CODILLE_RUNG:
            return r + 1
        return 0 if won[seat] > max(won[s] for s in others if s != seat) else 1

    return rung


@functools.cache
def _judge_of(
    side: tuple[int, ...], seats: int, tricks: int, win: int | None, remise: int | None
) -> Judge:
    others = tuple(s for s in range(seats) if s not in side)

    def rung(won: tuple[int, ...]) -> int:
        ours = sum(won[s] for s in side)
        if ours == tricks:
            return VOLE_RUNG
        if win is not None and remise is not None:
            return _RUNG_OF_OUTCOME[judge_side(ours, win, remise)]
        outcome, _ = judge(ours, [won[s] for s in others])
        return _RUNG_OF_OUTCOME[outcome]

    return rung


@functools.cache
def tricks_of(side: tuple[int, ...]) -> Judge:
    """The judge whose "rung" is the tricks ``side`` took: the solver then finds the tricks the
    side makes under best play by both sides (its value) and after each card, on the same
    search and transposition table (the review counts tricks this way). Cached, so solves of
    one deal share their :class:`Reach`."""

    def judge(won: tuple[int, ...]) -> int:
        return sum(won[s] for s in side)

    return judge


class Reach:
    """What the rest of the deal can bring, for every count of tricks won so far.

    Counts are packed: ``won = sum(tricks[s] << WON_BITS * s)``, and a trick to seat ``s`` adds
    ``unit[s]``. For each packed count (of at most ``tricks`` tricks in all):

    * ``low[won]``, ``high[won]``: the lowest and the highest rung any fall of the remaining
      tricks reaches (a search stops as soon as its target is outside them);
    * ``kind[won]``: a small int, equal for two counts with as many tricks left exactly when every
      fall of the remaining tricks gives them the same rung (the transposition table's key).

    Built backwards from the judge at the end of the deal: what is reachable from a count is the
    union of what is reachable after one more trick to each seat, so the judge is asked only for
    finished deals.
    """

    __slots__ = ("high", "kind", "low", "seats", "top", "tricks", "unit")

    def __init__(self, judge: Judge, seats: int, tricks: int) -> None:
        if tricks >= 1 << WON_BITS:
            raise ValueError(f"at most {(1 << WON_BITS) - 1} tricks a deal, not {tricks}")
        self.seats = seats
        self.tricks = tricks
        self.unit = tuple(1 << WON_BITS * s for s in range(seats))
        low: dict[int, int] = {}
        high: dict[int, int] = {}
        kind: dict[int, int] = {}
        kinds: dict[object, int] = {}
        for done in range(tricks, -1, -1):
            for won in _counts(seats, done):
                packed = sum(w << WON_BITS * s for s, w in enumerate(won))
                shape: object
                if done == tricks:
                    rung = judge(won)
                    low[packed] = high[packed] = rung
                    shape = ("end", rung)
                else:
                    after = [packed + u for u in self.unit]
                    low[packed] = min(low[a] for a in after)
                    high[packed] = max(high[a] for a in after)
                    shape = tuple(kind[a] for a in after)
                kind[packed] = kinds.setdefault(shape, len(kinds))
        self.top = max(high.values())
        """The highest rung the judge gives (3, the vole, on the ladder; more for a count of
        tricks, :func:`tricks_of`)."""
        self.low: Counts = low
        self.high: Counts = high
        self.kind: Counts = kind
        if WON_BITS * seats <= 16:  # a list is quicker to index than a dict
            size = 1 << WON_BITS * seats
            self.low, self.high, self.kind = (
                [t.get(i, -1) for i in range(size)] for t in (low, high, kind)
            )


def _counts(seats: int, total: int) -> list[tuple[int, ...]]:
    """Every way ``total`` tricks can be won by ``seats`` seats."""
    if seats == 1:
        return [(total,)]
    return [
        (first, *rest) for first in range(total + 1) for rest in _counts(seats - 1, total - first)
    ]


@functools.lru_cache(maxsize=64)
def reach_of(judge: Judge, seats: int, tricks: int) -> Reach:
    """The :class:`Reach` of a judge, built once per judge (the judges of :func:`ladder_of` are
    cached, so every solve of a deal shares one table)."""
    return Reach(judge, seats, tricks)


def pack_won(tricks_won: tuple[int, ...] | list[int]) -> int:
    """Tricks won per seat, packed as :class:`Reach` indexes them."""
    return sum(w << WON_BITS * s for s, w in enumerate(tricks_won))
