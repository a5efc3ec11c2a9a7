"""The review of a finished deal: each of one player's decisions beside the best ones.

Once a deal is over every card is known, so each card the player chose can be set beside what
the double-dummy solver (:mod:`.solver`) finds best on the true cards, and beside what the
``expert`` level chooses from the same view, that is from what the player could see then. Where
a card lowered the outcome under best play (a sacada turned into a repuesto, say) it *cost the
game*; where it kept the outcome but gave the other side a trick it *cost a trick*. Chess sites
review games this way; the solver plays both sides perfectly with every hand shown, which no
player at the table could do, so the expert's choice is the fairer yardstick of the two.

Tricks are counted for the Ombre's side under best play: the largest ``k`` such that the Ombre's
side can make ``k`` tricks whatever the others do, found by the solver on a judge whose rungs
are the side's tricks (:func:`.ladder.tricks_of`).

A bid, a discard or a trump the expert would not have chosen is judged on the true cards too,
in counters, the game's own measure (the same bid may make a player Ombre in one line and a
defender in the other, so rungs would not compare). Two lines are followed to the end: the deal
as it went up to its first trick, and the deal had the player taken the expert's choice instead
(:func:`instead`), he following the expert from there and the others doing what they did
wherever the rules still let them (the pamphlet's rule player where not). In both the cards are
then played by best play (:func:`best_play`) and the deal settled: what the player
won or lost in each is his :attr:`Decision.counters` and :attr:`Decision.expert_counters`. The
stock lies as it lay, so a discard of another size draws other cards: the verdict is "on these
cards", as the card rows' is "with every hand known".
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from .. import actions as A
from ..actions import Act, Action
from ..cards import cards_of
from ..scoring import ombre_side, settle
from ..state import Deal, Phase
from ..views import view_of
from .base import Player
from .ladder import VOLE_RUNG, ladder_of, tricks_of
from .playout import quick_card
from .rulebot import RulePlayer
from .search import SearchPlayer, expert
from .solver import BudgetExceeded, Line, position_of, solve_values


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed player, with the yardsticks beside it.

    ``index`` is the action's position in the deal's actions; ``trick`` the trick it was played
    to (1-based), for a card. ``expert`` is the expert's choice from the player's view then.
    For a card, ``best`` lists the cards the solver finds best on the true deal, ``rung`` and
    ``best_rung`` are the outcomes (:data:`.ladder.RUNG_NAMES`) under best play after the card
    and at best, ``tricks`` and ``best_tricks`` the Ombre's side's tricks under best play the same
    way; all ``None`` for the auction and the exchange.

    For a bid or an exchange the expert would have made otherwise, ``counters`` and
    ``expert_counters`` are what the player wins (less what he pays) on the true cards, after his
    choice and after the expert's, with best play of the cards (see the module's doc); ``None``
    where the expert chose the same, and for a card.
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
    counters: int | None = None
    expert_counters: int | None = None
    vole_gain: int | None = None
    """On the card played at the last moment the player could declare the vole, when his side
    then made it undeclared: what declaring it there would have added to his winnings, in
    counters (:func:`unpaid_vole`); else ``None``. A declared vole that fails costs nothing
    (compendium §15 #24), so this is a loss no play of the cards could have risked."""

    @property
    def unsolved(self) -> bool:
        """The solver's verdict was too long to work out (:data:`ROW_BUDGET`,
        :data:`LINE_BUDGET`): a card without its outcomes, or a bid or an exchange unlike the
        expert's without its counters."""
        if self.step == Phase.PLAY:
            return self.rung is None
        return self.expert != self.action and self.counters is None

    @property
    def tricks_untold(self) -> bool:
        """A card whose outcomes were worked out but not the tricks under best play (the
        tricks' count is the longer search: at four or five seats it can pass
        :data:`ROW_BUDGET` where the outcomes did not)."""
        return self.rung is not None and self.tricks is None

    @property
    def cost_counters(self) -> int:
        """Counters a bid or an exchange cost on the true cards against the expert's choice (0
        when it did as well or better, and for a card)."""
        if self.counters is None or self.expert_counters is None:
            return 0
        return max(0, self.expert_counters - self.counters)

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


def side_tricks(deal: Deal) -> int:
    """The tricks the Ombre's side makes from here under best play by both sides (all cards
    known), counting the tricks already won: the solver's value on the judge that counts the
    side's tricks (:func:`.ladder.tricks_of`)."""
    if deal.is_over:
        return sum(deal.tricks_won[s] for s in ombre_side(deal))
    return solve_values(position_of(deal, tricks_of(ombre_side(deal))), cards=0)[0]


def tricks_under_best_play(
    deal: Deal, card: int, budget: int | None = None, line: Line | None = None
) -> tuple[int, int]:
    """The Ombre's side's tricks under best play from ``deal`` (its mover to play), and after
    ``card``: one search, so the card's tests share the first one's table. Counting tricks on
    the solver's ladder asks up to four yes/no searches a value; asked one by one, each with a
    table of its own, they took most of a review's time at four seats (a hundred seconds for
    one Quadrille deal in CPython, December 2026). ``line``, if given, is a :class:`.solver.Line`
    of this deal on the same judge (:func:`tricks_line`), whose table earlier positions filled.
    Raises :class:`~.solver.BudgetExceeded` past ``budget`` solver nodes."""
    position = position_of(deal, tricks_of(ombre_side(deal)))
    if line is None:
        value, by_card, _ = solve_values(position, 1 << card, budget)
    else:
        value, by_card = line.values(position, 1 << card, budget)
    return value, by_card[card]


def tricks_line(deal: Deal) -> Line:
    """A :class:`.solver.Line` for :func:`tricks_under_best_play` at this and later positions of
    ``deal`` (in trick play)."""
    return Line(position_of(deal, tricks_of(ombre_side(deal))))


ROW_BUDGET = 300_000
"""Solver nodes for a card's row: every card's outcome, then the tricks under best play with
what is left, on the true cards. A three-handed row takes at most some 20,000 (40 deals of
1660); a row of the first tricks at four or five seats may take millions (a Quadrille first
trick took 8 million, 90 seconds in CPython). Past the budget in the outcomes the row stands
without the solver's verdict (:attr:`Decision.unsolved`); past it in the tricks, with the
outcomes alone (:attr:`Decision.tricks_untold`): the tricks are the longer search there (the
first three cards of one seat in 16 Quadrille deals, each searched afresh: the outcomes at
most 260,101 nodes, the tricks up to 573,523)."""

LINE_BUDGET = 200_000
"""Solver nodes for each line the review plays out to judge a bid or an exchange
(:func:`best_play`). A three-handed line takes a few thousand; a hard one at four or five
seats may take millions (half a minute in CPython), and is left unjudged instead."""


def _after(deal: Deal, card: int) -> Deal:
    """The deal after ``card``, played on to the end if it was the last card (the solver
    needs someone to move)."""
    child = deal.copy()
    child.apply_unchecked(card)
    return child


def best_play(deal: Deal, budget: int | None = None) -> Deal:
    """A copy of ``deal`` played to its end by best play with every hand known, the cards
    chosen the same way every time: at each turn the card :func:`.playout.quick_card` would
    play if it keeps the value under best play, else the first (in card order) that does.

    The value is solved once; a best card keeps it, so each later card needs only the yes/no
    test that it does (:func:`.solver.reaches`), not every card's value. Raises
    :class:`~.solver.BudgetExceeded` past ``budget`` solver nodes in all."""
    line = deal.copy()
    if line.is_over:
        return line
    solver = Line(position_of(line))  # every later question is about a position of this line
    value = solver.solve(position_of(line), False, budget).rung
    side = ombre_side(line)
    while not line.is_over:
        cards = line.legal_cards()
        card = cards.bit_length() - 1
        if cards & (cards - 1):
            first = quick_card(line)
            ours = line.to_move in side
            for card in sorted(cards_of(cards), key=lambda c: (c != first, c)):
                if _keeps(solver, line, card, value, ours, _rest(budget, solver.nodes)):
                    break
        line.apply_unchecked(card)
    return line


def _rest(budget: int | None, spent: int) -> int | None:
    if budget is None:
        return None
    if spent >= budget:
        raise BudgetExceeded(budget)
    return budget - spent


def _keeps(solver: Line, deal: Deal, card: int, value: int, ours: bool, budget: int | None) -> bool:
    """Whether ``card`` keeps the deal's ``value`` under best play (the Ombre's side still
    reaches it after it, if ``ours``; else the other side still holds him to it), asked of the
    deal's ``solver`` line."""
    child = _after(deal, card)
    if child.is_over:
        rung = ladder_of(child)(tuple(child.tricks_won))
        return rung >= value if ours else rung <= value
    if ours:
        return solver.reaches(position_of(child), value, budget)
    if value >= VOLE_RUNG:
        return True
    return not solver.reaches(position_of(child), value + 1, budget)


def instead(
    deal: Deal,
    action: Action,
    rest: list[Action],
    judge: Player,
    seed: int,
) -> Deal:
    """A copy of ``deal`` with ``action`` (legal) taken instead of ``rest[0]``, the auction and
    the exchange then finished: the player on turn follows ``judge`` (from his view, with a
    ``random.Random(seed)``), each other player does what he did in ``rest`` in turn, or, where
    the rules no longer allow it, what the pamphlet's rule player would. Returns the deal at its
    first trick, or over (all passed)."""
    seat = deal.to_move
    line = deal.copy()
    line.apply_unchecked(action)
    queues: dict[int, list[Action]] = {}
    replay = deal.copy()
    for taken in rest:  # who did what, in order, until the play
        if replay.is_over or replay.phase == Phase.PLAY:
            break
        mover = replay.to_move
        assert mover is not None
        if mover != seat:
            queues.setdefault(mover, []).append(taken)
        replay.apply_unchecked(taken)
    rules_player = RulePlayer()
    rng = random.Random(seed)
    while not line.is_over and line.phase != Phase.PLAY:
        mover = line.to_move
        assert mover is not None
        view = view_of(line, mover)
        if mover == seat:
            line.apply_unchecked(judge.choose(view, rng))
            continue
        queue = queues.get(mover, [])
        choice = queue.pop(0) if queue else None
        if choice is None or line.why_illegal(choice) is not None:
            choice = rules_player.choose(view, rng)
        line.apply_unchecked(choice)
    return line


def counters_after(deal: Deal, seat: int, budget: int | None = None) -> int:
    """What ``seat`` wins (less what it pays) when ``deal``, at its first trick or over, is
    played by best play (:func:`best_play`, within ``budget`` solver nodes) and settled."""
    return settle(best_play(deal, budget)).payments[seat]


def unpaid_vole(deal: Deal, seat: int) -> tuple[int, int] | None:
    """Where ``seat`` could last have declared the vole its side made in the finished ``deal``
    without declaring it, and what declaring it would have added to its winnings: (the index of
    its action then, the counters), or ``None`` (no vole, a declared one, or no chance to).

    The vole's window is the engine's (:meth:`.state.Deal.legal_actions`): the last of the
    seat's turns in trick play where declaring was among its legal actions."""
    if deal.vole_declared or seat not in ombre_side(deal):
        return None
    settled = settle(deal)
    if not settled.vole:
        return None
    gain = settle(deal, vole_declared=True).payments[seat] - settled.payments[seat]
    if gain <= 0:
        return None
    replay = _replay(deal)
    last = None
    for index, action in enumerate(deal.history):
        if (
            replay.phase == Phase.PLAY
            and replay.to_move == seat
            and Act.VOLE in replay.legal_actions()
        ):
            last = index
        replay.apply_unchecked(action)
    return None if last is None else (last, gain)


def _replay(deal: Deal) -> Deal:
    """``deal`` as it was dealt, before its first action."""
    return Deal.from_cards(
        deal.rules,
        deal.dealer,
        [list(cards_of(h)) for h in deal.dealt],
        list(deal.stock),
        deal.pool_in,
    )


def review_deal(deal: Deal, seat: int, judge: SearchPlayer | None = None) -> list[Decision]:
    """Every decision ``seat`` made in the finished ``deal`` (a choice among two or more actions;
    a *Gano* is a word, not a decision), in order, with the solver's and the expert's choices.

    ``judge`` is the player whose choice stands beside each decision (default: a new
    ``expert``); it decides from ``seat``'s view at that moment, with a fixed seed per decision,
    so a review is the same every time.
    """
    return list(review_steps(deal, seat, judge))


def review_steps(deal: Deal, seat: int, judge: SearchPlayer | None = None) -> Iterator[Decision]:
    """:func:`review_deal` one decision at a time, each worked out when it is asked for: a
    table can show the rows as they come and stop when the person leaves the review (a row of
    the first tricks at four or five seats takes seconds). Refuses a deal not yet over at once,
    not at the first row."""
    if not deal.is_over:
        raise ValueError("a deal is reviewed once it is over")
    return _steps(deal, seat, judge if judge is not None else expert())


@dataclass(frozen=True)
class _RowLines:
    """The solver lines a review's card rows share: every row's position is one of the deal as
    it was played, so one transposition table serves them all (:class:`.solver.Line`)."""

    ladder: Line
    """On the outcome ladder: each row's rung and the best cards."""
    tricks: Line
    """Counting the Ombre's side's tricks: each row's tricks under best play."""

    @classmethod
    def of(cls, deal: Deal) -> _RowLines:
        """The lines of ``deal``, which is in trick play."""
        return cls(Line(position_of(deal)), tricks_line(deal))


def _steps(deal: Deal, seat: int, judge: SearchPlayer) -> Iterator[Decision]:
    replay = _replay(deal)
    unpaid = unpaid_vole(deal, seat)
    history = deal.history
    lines: _RowLines | None = None  # made when trick play starts
    as_played: int | None = None  # the seat's counters from the first trick as it stood
    unjudged = False  # the deal as it went was too long to play out: no row can be judged
    for index, action in enumerate(history):
        mover = replay.to_move
        if lines is None and replay.phase == Phase.PLAY:
            lines = _RowLines.of(replay)
        if (
            mover == seat
            and action != Act.GANO
            and (replay.phase == Phase.DISCARD or _choices(replay) > 1)
        ):
            decision = _decision(replay, index, seat, action, judge, lines)
            if decision.step != Phase.PLAY and decision.expert != action:
                # made even when unjudged: the judge plans its trump in it, as it always has
                alternative = instead(replay, decision.expert, history[index:], judge, index)
                try:
                    if as_played is None and not unjudged:
                        start = _first_trick(replay, history[index:])
                        as_played = counters_after(start, seat, LINE_BUDGET)
                except BudgetExceeded:
                    unjudged = True  # asked once: every row would ask the same line again
                if as_played is not None:
                    try:
                        theirs = counters_after(alternative, seat, LINE_BUDGET)
                        decision = replace(decision, counters=as_played, expert_counters=theirs)
                    except BudgetExceeded:
                        pass  # too long to play out: the row stands without a verdict
            if unpaid is not None and unpaid[0] == index:
                decision = replace(decision, vole_gain=unpaid[1])
            yield decision
        replay.apply_unchecked(action)


def _first_trick(deal: Deal, rest: list[Action]) -> Deal:
    """A copy of ``deal`` with ``rest`` applied up to the first trick (or the end)."""
    line = deal.copy()
    for action in rest:
        if line.is_over or line.phase == Phase.PLAY:
            break
        line.apply_unchecked(action)
    return line


def _choices(deal: Deal) -> int:
    return sum(1 for a in deal.legal_actions() if a != Act.GANO)


def advice_rng(deal: Deal, seat: int) -> random.Random:
    """The random source of the expert's advice on ``seat``'s decision in ``deal`` as it stands:
    the review's expert column draws from it, and so does the hint the table gives at that
    moment (:func:`.bridge.hint`). Where the expert's choice rests on sampled worlds (a bid
    priced near a threshold can go either way), the two then say the same; it reads nothing the
    seat cannot see. A *Gano* is said with the card that follows it, so the card draws as the
    word did: the hint that advised the word and the one asked after it read the same worlds
    (before, one said "about 85%" and the other "about 27%" of the same card)."""
    index = len(deal.history)
    if index and deal.history[-1] == Act.GANO:
        index -= 1
    return random.Random(index * 7919 + seat)


def _decision(
    deal: Deal,
    index: int,
    seat: int,
    action: Action,
    judge: SearchPlayer,
    lines: _RowLines | None = None,
) -> Decision:
    rng = advice_rng(deal, seat)
    view = view_of(deal, seat)
    if deal.phase == Phase.PLAY and A.is_card(action):
        chosen = judge.analyse_play(view, rng).action
    else:
        chosen = judge.choose(view, rng)
    if deal.phase != Phase.PLAY or not A.is_card(action):
        return Decision(index, seat, deal.phase, action, chosen)
    unsolved = Decision(
        index,
        seat,
        deal.phase,
        action,
        chosen,
        trick=len(deal.tricks) + 1,
        ombre_side=seat in ombre_side(deal),
    )
    lines = _RowLines.of(deal) if lines is None else lines
    try:
        solution = lines.ladder.solve(position_of(deal), True, ROW_BUDGET)
    except BudgetExceeded:  # too long to work out: the expert's choice stands alone
        return unsolved
    judged = replace(
        unsolved, best=solution.best, rung=solution.rungs[action], best_rung=solution.rung
    )
    rest = max(1, ROW_BUDGET - solution.nodes)
    try:
        best_tricks, tricks = tricks_under_best_play(deal, action, rest, lines.tricks)
    except BudgetExceeded:  # the outcomes stand; the tricks were too long to count
        return judged
    return replace(judged, tricks=tricks, best_tricks=best_tricks)


__all__ = [
    "LINE_BUDGET",
    "ROW_BUDGET",
    "Decision",
    "best_play",
    "counters_after",
    "instead",
    "review_deal",
    "review_steps",
    "side_tricks",
    "tricks_under_best_play",
    "unpaid_vole",
]
