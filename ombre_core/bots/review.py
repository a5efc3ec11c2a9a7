"""The review of a finished deal: each of one player's decisions beside the best ones.

Once a deal is over every card is known, so each card the player chose can be set beside what
the double-dummy solver (:mod:`.solver`) finds best on the true cards, and beside what the
``expert`` level chooses from the same view, that is from what the player could see then. Where
a card lowered the outcome under best play (a sacada turned into a repuesto, say) it *cost the
game*; where it kept the outcome but gave the other side a trick it *cost a trick*. Chess sites
review games this way; the solver plays both sides perfectly with every hand shown, which no
player at the table could do, so the expert's choice is the fairer yardstick of the two.

Tricks are counted for the Ombre's side under best play: the largest ``k`` such that the Ombre's
side can make ``k`` tricks whatever the others do, found by solving the yes/no games "at least
``k``" (:func:`at_least`) on the solver's own ladder.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from .. import actions as A
from ..actions import Act, Action
from ..cards import cards_of
from ..scoring import ombre_side
from ..state import Deal, Phase
from ..views import view_of
from .ladder import Judge
from .search import SearchPlayer, expert
from .solver import position_of, solve_position, value_of


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed player, with the yardsticks beside it.

    ``index`` is the action's position in the deal's actions; ``trick`` the trick it was played
    to (1-based), for a card. ``expert`` is the expert's choice from the player's view then.
    For a card, ``best`` lists the cards the solver finds best on the true deal, ``rung`` and
    ``best_rung`` are the outcomes (:data:`.ladder.RUNG_NAMES`) under best play after the card
    and at best, ``tricks`` and ``best_tricks`` the Ombre's side's tricks under best play the same
    way; all ``None`` for the auction and the exchange, which the solver does not judge.
    """

    index: int
    seat: int
    step: Phase
    action: Action
    expert: Action
    trick: int | None = None
    best: tuple[int, ...] = ()
    rung: int | None = None
    best_rung: int | None = None
    tricks: int | None = None
    best_tricks: int | None = None
    ombre_side: bool = False
    """Whether the player was on the Ombre's side (the Ombre, or his partner)."""

    @property
    def cost_game(self) -> bool:
        """The card lowered the outcome under best play, for the player's side."""
        if self.rung is None or self.best_rung is None:
            return False
        return self.rung < self.best_rung if self.ombre_side else self.rung > self.best_rung

    @property
    def cost_tricks(self) -> int:
        """Tricks the card gave away under best play (0 when it was as good as the best)."""
        if self.tricks is None or self.best_tricks is None:
            return 0
        lost = self.best_tricks - self.tricks if self.ombre_side else self.tricks - self.best_tricks
        return max(0, lost)


@functools.cache
def at_least(side: tuple[int, ...], k: int) -> Judge:
    """The judge of the yes/no game "the Ombre's ``side`` makes at least ``k`` tricks" (rung 1 or
    0), which the solver plays like its outcome ladder. Cached, so solves share their tables."""

    def judge(won: tuple[int, ...]) -> int:
        return 1 if sum(won[s] for s in side) >= k else 0

    return judge


def side_tricks(deal: Deal) -> int:
    """The tricks the Ombre's side makes from here under best play by both sides (all cards
    known): a binary search on :func:`at_least`, counting the tricks already won."""
    assert deal.ombre is not None
    side = ombre_side(deal)
    low = sum(deal.tricks_won[s] for s in side)  # made already
    high = low + _left(deal)
    while low < high:  # the answer lies in [low, high]
        k = (low + high + 1) // 2
        if deal.is_over or value_of(position_of(deal, at_least(side, k))):
            low = k
        else:
            high = k - 1
    return low


def _left(deal: Deal) -> int:
    return deal.rules.tricks - len(deal.tricks)


def _after(deal: Deal, card: int) -> Deal:
    """The deal after ``card``, played on to the end if it was the last card (the solver
    needs someone to move)."""
    child = deal.copy()
    child.apply_unchecked(card)
    return child


def _tricks_after(deal: Deal, card: int) -> int:
    child = _after(deal, card)
    if child.is_over:
        return sum(child.tricks_won[s] for s in ombre_side(child))
    return side_tricks(child)


def review_deal(deal: Deal, seat: int, judge: SearchPlayer | None = None) -> list[Decision]:
    """Every decision ``seat`` made in the finished ``deal`` (a choice among two or more actions;
    a *Gano* is a word, not a decision), in order, with the solver's and the expert's choices.

    ``judge`` is the player whose choice stands beside each decision (default: a new
    ``expert``); it decides from ``seat``'s view at that moment, with a fixed seed per decision,
    so a review is the same every time.
    """
    if not deal.is_over:
        raise ValueError("a deal is reviewed once it is over")
    judge = judge if judge is not None else expert()
    replay = Deal.from_cards(
        deal.rules,
        deal.dealer,
        [list(cards_of(h)) for h in deal.dealt],
        list(deal.stock),
        deal.pool_in,
    )
    out: list[Decision] = []
    for index, action in enumerate(deal.history):
        mover = replay.to_move
        if (
            mover == seat
            and action != Act.GANO
            and (replay.phase == Phase.DISCARD or _choices(replay) > 1)
        ):
            out.append(_decision(replay, index, seat, action, judge))
        replay.apply_unchecked(action)
    return out


def _choices(deal: Deal) -> int:
    return sum(1 for a in deal.legal_actions() if a != Act.GANO)


def _decision(deal: Deal, index: int, seat: int, action: Action, judge: SearchPlayer) -> Decision:
    rng = random.Random(index * 7919 + seat)
    view = view_of(deal, seat)
    if deal.phase == Phase.PLAY and A.is_card(action):
        chosen = judge.analyse_play(view, rng).action
    else:
        chosen = judge.choose(view, rng)
    if deal.phase != Phase.PLAY or not A.is_card(action):
        return Decision(index, seat, deal.phase, action, chosen)
    side = ombre_side(deal)
    solution = solve_position(position_of(deal), True)
    best = solution.best
    return Decision(
        index,
        seat,
        deal.phase,
        action,
        chosen,
        trick=len(deal.tricks) + 1,
        best=best,
        rung=solution.rungs[action],
        best_rung=solution.rung,
        tricks=_tricks_after(deal, action),
        best_tricks=side_tricks(deal),
        ombre_side=seat in side,
    )


__all__ = ["Decision", "at_least", "review_deal", "side_tricks"]
