"""A double-dummy solver: exact best play when every hand is known.

The ombre's side (today the Ombre alone; in Ombre by five and Quadrille he has a called partner)
plays against the other side on the outcome ladder vole > sacada > repuesto > codille
(:mod:`.ladder`): his side seeks the highest rung, the other side the lowest. Seats, tricks per
deal and who is on which side come from the :class:`Position`; the rung at the end of the deal
from an injected judge. The solver asks :func:`ombre_core.tricks.legal_cards` and
:func:`ombre_core.tricks.trick_winner` for the rules of play (following, the matadors' privilege,
who wins a trick), remembering their answers for the solve; it never restates them.

>>> from ombre_core.rules import RULES_1660
>>> from ombre_core.cards import mask_of, parse_cards, format_cards, SPADES
>>> from ombre_core.bots.ladder import ladder_of
>>> hands = tuple(mask_of(parse_cards(h)) for h in ("As Kh", "2s Kc", "Ac Kd"))
>>> won = (4, 2, 1)  # seat 0, the Ombre, leads with two tricks to go
>>> judge = lambda w: 2 if w[0] > max(w[1], w[2]) else 0  # a toy judge: sacada or codille
>>> pos = Position(hands, (), 0, SPADES, won, frozenset({0}), judge, RULES_1660)
>>> s = solve_position(pos)
>>> s.value, format_cards(s.best)
('sacada', 'As Kh')

How it is fast enough for a browser (measured in ``bench/solver.py``): one boolean search per rung
tried (can the ombre's side reach at least this rung?), the answers kept as rung bounds in a
transposition table at trick boundaries; the cards in play renumbered per solve so that a hand fits
in one 30-bit digit; cards the rules cannot tell apart (adjacent in the current order, alike in
suit and privilege) tried once; the best-known replies tried first; and bounds from the judge, from
the tricks already won and the sure tricks of the top trumps, that end a line before it is played
out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, CardSet, Suit, cards_of
from ..rules import Rules
from ..tables import DISPLAY_ORDER, EFFECTIVE_SUIT, MATADOR_MASK, POWER, TRUMP
from ..tricks import legal_cards, trick_winner
from .ladder import RUNG_NAMES, Judge, Reach, ladder_of, pack_won, reach_of

if TYPE_CHECKING:
    from ..state import Deal

__all__ = [
    "BudgetExceeded",
    "Position",
    "Solution",
    "ladder_of",
    "position_of",
    "solve",
    "solve_position",
    "value_of",
]

_CARD_BITS = 6
"""Bits per card in a packed trick (a renumbered card + 1, up to 40 cards in play)."""

_RANKS_FROM = 5
"""From this many tricks left, the transposition table is keyed on ranks among the cards left."""


class BudgetExceeded(RuntimeError):
    """The solve visited more trick-boundary nodes than its budget allowed."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        super().__init__(f"the solve went over its budget of {budget} nodes")


@dataclass(frozen=True, slots=True)
class Position:
    """A trick-play position with every hand known: what the solver needs, without a Deal.

    ``hands`` are card sets by seat (the cards not yet played), ``trick`` the cards already played
    to the current trick in order (empty at a trick boundary), ``leader`` the seat that led or
    leads it. ``tricks_won`` counts finished tricks by seat; the deal ends when the hands are
    empty. ``side`` is the set of seats on the ombre's side, ``judge`` the rung of the final
    tricks (:func:`ladder_of` for a three-handed deal) and ``rules`` the preset (the solver reads
    :attr:`~ombre_core.rules.Rules.matador_forced_by` through the rules of play).
    """

    hands: tuple[CardSet, ...]
    trick: tuple[Card, ...]
    leader: int
    trump: Suit
    tricks_won: tuple[int, ...]
    side: frozenset[int]
    judge: Judge
    rules: Rules

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % len(self.hands)


@dataclass(frozen=True, slots=True)
class Solution:
    """The result of a solve.

    ``value`` is the rung name under best play by both sides from the position, counting the
    tricks already won (``rung`` its number, 0 = codille ... 3 = vole). ``values`` and ``rungs``
    give each legal card of the player on turn the rung it leads to (empty when the solve was
    for the value alone), ``best`` the cards that reach ``value``; both in the order a hand is
    shown. ``nodes`` counts the trick-boundary positions searched.
    """

    value: str
    rung: int
    best: tuple[Card, ...]
    values: dict[Card, str]
    rungs: dict[Card, int]
    nodes: int


def position_of(deal: Deal, judge: Judge | None = None) -> Position:
    """The position of a deal in trick play (read-only use of the deal).

    ``judge`` defaults to :func:`ladder_of`; the ombre's side is ``{deal.ombre}``.
    """
    if deal.phase_name != "play" or deal.trump is None or deal.ombre is None:
        raise ValueError(f"the deal is not in trick play (phase: {deal.phase_name})")
    return Position(
        hands=tuple(deal.hands),
        trick=tuple(deal.trick),
        leader=deal.leader,
        trump=deal.trump,
        tricks_won=tuple(deal.tricks_won),
        side=frozenset({deal.ombre}),
        judge=judge if judge is not None else ladder_of(deal),
        rules=deal.rules,
    )


def solve(
    deal: Deal,
    every_card: bool = True,
    budget: int | None = None,
    off: frozenset[str] = frozenset(),
) -> Solution:
    """Solve a deal in trick play: its value and, with ``every_card``, each legal card's value.

    Raises :class:`ValueError` if the deal is not in trick play and :class:`BudgetExceeded` if
    ``budget`` (trick-boundary nodes) runs out. ``off`` switches techniques off (for measuring
    them: :data:`TECHNIQUES`); the answer is the same, only slower.
    """
    return solve_position(position_of(deal), every_card, budget, off)


def solve_position(
    position: Position,
    every_card: bool = True,
    budget: int | None = None,
    off: frozenset[str] = frozenset(),
) -> Solution:
    """Solve a position: its value and, with ``every_card``, each legal card's value."""
    search = _Search(position, budget, off)
    rung = search.root_value()
    rungs = search.card_rungs(rung) if every_card else {}
    order = {c: i for i, c in enumerate(DISPLAY_ORDER[position.trump])}
    shown = sorted(rungs, key=order.__getitem__)
    return Solution(
        value=RUNG_NAMES[rung],
        rung=rung,
        best=tuple(c for c in shown if rungs[c] == rung),
        values={c: RUNG_NAMES[rungs[c]] for c in shown},
        rungs={c: rungs[c] for c in shown},
        nodes=search.nodes,
    )


def value_of(position: Position, budget: int | None = None) -> int:
    """The rung of a position under best play (the cheapest question: no card values)."""
    return _Search(position, budget).root_value()


TECHNIQUES = {
    "ordering": "try the likeliest best card first (leader high, follower: cheapest winner)",
    "tt": "transposition table at trick boundaries, rung bounds by hands, leader and tricks won",
    "equivalence": "one card of each run the rules cannot tell apart",
    "bounds": "stop when the rung sought is out of what the tricks won still allow",
    "quick": "the top trumps' sure tricks narrow what the tricks won still allow",
    "layout": "renumber the cards in play so a hand fits in one 30-bit int digit",
    "ranks": "late in the deal, key the table on the ranks of the cards left (merges more)",
}
"""The techniques :func:`solve_position` can switch off with ``off``, for measuring them."""


# ---- the search ----------------------------------------------------------------------------------


class _Layout:
    """The cards in play renumbered 0..K-1 for one solve, so that a hand fits in one int digit.

    Cards are ordered by the suit they follow (trumps last, so they are the highest numbers) and
    by their power within it (from :mod:`ombre_core.tables`), so adjacent numbers are adjacent in
    the order of play. ``kind[i]`` tells cards the rules may treat differently apart: the suit
    they follow, and whether they are matadors (a matador kept in hand is privileged, an ordinary
    trump is not: RG1660 "Of playing Trumps"). ``spread`` leaves that many unused low numbers,
    to measure what wide ints cost.
    """

    __slots__ = ("blocks", "index", "kind", "real", "trumps")

    def __init__(self, cards: Iterable[Card], trump: Suit, spread: int = 0) -> None:
        eff = EFFECTIVE_SUIT[trump]
        power = POWER[trump]
        matadors = MATADOR_MASK[trump]
        order = sorted(cards, key=lambda c: (eff[c] == TRUMP, eff[c], power[c]))
        order = [-1] * spread + order  # -1: a number no card takes
        self.real = tuple(order)
        self.index = {c: i for i, c in enumerate(order) if c >= 0}
        self.kind = tuple(eff[c] * 2 + (matadors >> c & 1) if c >= 0 else -1 for c in order)
        self.trumps = sum(1 << i for i, c in enumerate(order) if c >= 0 and eff[c] == TRUMP)
        blocks: dict[int, int] = {}
        for i, k in enumerate(self.kind):
            blocks[k] = blocks.get(k, 0) | 1 << i
        self.blocks = tuple(blocks.values())
        """The cards of each kind (consecutive numbers)."""

    def pack(self, mask: CardSet) -> int:
        index = self.index
        return sum(1 << index[c] for c in cards_of(mask))

    def unpack(self, mask: int) -> CardSet:
        real = self.real
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << real[low.bit_length() - 1]
            mask ^= low
        return out


class _Search:
    """One solve: the renumbered position, the rules' answers so far and the transposition table.

    ``wins(hands, leader, won, r)``: at a trick boundary, can the ombre's side reach rung ``r`` or
    better? ``play(...)``: the same inside a trick, ``pos`` cards played. Hands are renumbered
    card sets by seat, ``won`` the packed tricks won (:mod:`.ladder`), a trick so far is packed
    into one int (``code``: each card + 1, :data:`_CARD_BITS` bits each, in order of play). The
    hot functions are closures over local tables, cheaper than attribute look-ups.
    """

    def __init__(
        self, position: Position, budget: int | None, off: frozenset[str] = frozenset()
    ) -> None:
        unknown = off - TECHNIQUES.keys()
        if unknown:
            raise ValueError(f"unknown techniques {sorted(unknown)}: expected {sorted(TECHNIQUES)}")
        self.position = position
        played = 0
        for c in position.trick:
            played |= 1 << c
        everything = played
        for h in position.hands:
            everything |= h
        layout = _Layout(cards_of(everything), position.trump, 13 if "layout" in off else 0)
        self.layout = layout
        self.hands = tuple(layout.pack(h) for h in position.hands)
        self.prefix = tuple(layout.index[c] for c in position.trick)
        # the seat to move has not played to the current trick: it holds one card a trick left
        total = sum(position.tricks_won) + position.hands[position.to_move].bit_count()
        self.reach = reach_of(position.judge, position.seats, total)
        self.won = pack_won(position.tricks_won)
        self.nodes = 0
        self._build(position, budget, off)

    def _build(self, position: Position, budget: int | None, off: frozenset[str]) -> None:
        layout = self.layout
        real = layout.real
        kind = layout.kind
        trumps = layout.trumps
        index = layout.index
        n = position.seats
        trump = position.trump
        forced_by = position.rules.matador_forced_by
        reach: Reach = self.reach
        low, high, kinds, unit = reach.low, reach.high, reach.kind, reach.unit
        ours = tuple(s in position.side for s in range(n))
        seat_at = tuple(tuple((lead + p) % n for p in range(n)) for lead in range(n))
        width = len(real)
        limit = budget if budget is not None else -1
        use_order = "ordering" not in off
        use_table = "tt" not in off
        use_runs = "equivalence" not in off
        use_bounds = "bounds" not in off
        use_quick = "quick" not in off
        ranks_from = _RANKS_FROM if "ranks" not in off else 0
        blocks = layout.blocks
        legal_memo: dict[int, int] = {}
        winner_memo: dict[int, int] = {}
        table: dict[tuple[object, ...], tuple[int, int, int]] = {}
        search = self

        def trick_of(code: int) -> list[Card]:
            cards = []
            while code:
                cards.append(real[(code & 63) - 1])
                code >>= _CARD_BITS
            return cards

        def legal(hand: int, code: int) -> int:
            """The rules' legal cards (:func:`legal_cards`), renumbered, remembered."""
            key = code << width | hand
            got = legal_memo.get(key)
            if got is None:
                ok = legal_cards(layout.unpack(hand), trick_of(code), trump, forced_by)
                got = 0
                for c in cards_of(ok):
                    got |= 1 << index[c]
                legal_memo[key] = got
            return got

        def winner(code: int) -> int:
            """The rules' winner (:func:`trick_winner`) of a trick so far, remembered."""
            got = winner_memo.get(code)
            if got is None:
                got = winner_memo[code] = trick_winner(trick_of(code), trump)
            return got

        def choices(options: int, inplay: int) -> list[int]:
            """One card of each run the rules cannot tell apart, lowest first: a run is cards of
            one kind with no card in play between them (``inplay``, the trick's included)."""
            out = []
            rest = options
            while rest:
                bit = rest & -rest
                rest ^= bit
                c = bit.bit_length() - 1
                below = inplay & (bit - 1)
                if below and use_runs:
                    p = below.bit_length() - 1
                    if options >> p & 1 and kind[p] == kind[c]:
                        continue
                out.append(c)
            return out

        def unrank(inplay: int, rank: int) -> int:
            """The card of ``inplay`` with ``rank`` cards of ``inplay`` below it."""
            while rank:
                inplay &= inplay - 1
                rank -= 1
            return (inplay & -inplay).bit_length() - 1

        def wins(hands: tuple[int, ...], leader: int, won: int, r: int) -> bool:
            if use_bounds or not hands[leader]:
                if low[won] >= r:
                    return True
                if high[won] < r:
                    return False
            search.nodes += 1
            if search.nodes == limit:
                raise BudgetExceeded(limit)
            left = hands[leader].bit_count()
            if left == 1:  # the last trick plays itself
                code = 0
                for pos in range(n):
                    code |= hands[seat_at[leader][pos]].bit_length() << _CARD_BITS * pos
                return low[won + unit[seat_at[leader][winner(code)]]] >= r
            inplay = 0
            for h in hands:
                inplay |= h
            top_trumps = inplay & trumps
            if top_trumps and use_quick:
                # The top trump wins whatever trick it falls in: its holder is sure of one trick
                # for each trump of his above every other trump still out.
                top = top_trumps.bit_length() - 1
                for holder in range(n):
                    if hands[holder] >> top & 1:
                        break
                mine = hands[holder]
                theirs = top_trumps & ~mine
                above = mine >> theirs.bit_length() if theirs else mine & trumps
                bound = won + above.bit_count() * unit[holder]
                if low[bound] >= r:
                    return True
                if high[bound] < r:
                    return False
            if not use_table:
                return play(hands, leader, won, r, 0, 0, 0, inplay, -1)
            entry = None
            if use_table:
                if left <= ranks_from:
                    # Only the order of the cards left matters to the rules: renumber them 0, 1,
                    # ... so that positions reached by playing different small cards share an
                    # entry.
                    shape = 0
                    for block in blocks:
                        shape = shape << 4 | (inplay & block).bit_count()
                    ranked = []
                    for h in hands:
                        x = 0
                        while h:
                            bit = h & -h
                            h ^= bit
                            x |= 1 << (inplay & (bit - 1)).bit_count()
                        ranked.append(x)
                    key: tuple[object, ...] = (tuple(ranked), shape, leader, kinds[won])
                else:
                    key = (hands, leader, kinds[won])
                entry = table.get(key)
                if entry is not None:
                    if entry[0] >= r:
                        return True
                    if entry[1] < r:
                        return False
            # The lead: the card that settled this position before first, else high cards first
            # for the ombre's side (trumps first) and low cards first for the other side.
            maximise = ours[leader]
            cards = choices(legal(hands[leader], 0), inplay)
            if use_order:
                if maximise:
                    cards.reverse()
                if entry is not None and entry[2] >= 0:
                    hint = entry[2]
                    if left <= ranks_from:  # the hint is a rank among the cards left
                        hint = unrank(inplay, hint)
                    if hint in cards:
                        cards.remove(hint)
                        cards.insert(0, hint)
            result = not maximise
            settled = -1
            for c in cards:
                if play(hands, leader, won, r, 1, c + 1, 1 << c, inplay, -1) == maximise:
                    result = maximise
                    settled = c
                    break
            if use_table:
                if settled >= 0 and left <= ranks_from:
                    settled = (inplay & ((1 << settled) - 1)).bit_count()
                elif settled < 0 and entry is not None:
                    settled = entry[2]
                lo, hi = (entry[0], entry[1]) if entry is not None else (0, 3)
                table[key] = (r, hi, settled) if result else (lo, r - 1, settled)
            return result

        def play(
            hands: tuple[int, ...],
            leader: int,
            won: int,
            r: int,
            pos: int,
            code: int,
            played: int,
            inplay: int,
            only: int,
        ) -> bool:
            seat = seat_at[leader][pos]
            options = legal(hands[seat], code) & only
            cards = choices(options, inplay)
            shift = _CARD_BITS * pos
            maximise = ours[seat]
            if not use_order:
                pass
            elif pos:
                # A follower: if his side holds the trick, the lowest card; if not, first the
                # lowest card that takes it, then the rest from the lowest.
                if ours[seat_at[leader][winner(code)]] != maximise:
                    for i, c in enumerate(cards):
                        if winner(code | (c + 1) << shift) == pos:
                            if i:
                                cards.insert(0, cards.pop(i))
                            break
            else:
                cards.reverse()  # the leader: trumps first, high cards first
            last = pos == n - 1
            for c in cards:
                bit = 1 << c
                next_code = code | (c + 1) << shift
                if last:
                    taker = seat_at[leader][winner(next_code)]
                    after = won + unit[taker]
                    if use_bounds and low[after] >= r:
                        ok = True
                    elif use_bounds and high[after] < r:
                        ok = False
                    else:
                        gone = ~(played | bit)
                        ok = wins(tuple([h & gone for h in hands]), taker, after, r)
                else:
                    ok = play(hands, leader, won, r, pos + 1, next_code, played | bit, inplay, -1)
                if ok == maximise:
                    return ok
            return not maximise

        self._wins = wins
        self._play = play
        self._choices = choices
        self._legal = legal

    def _test(self, r: int, only: int = -1) -> bool:
        """At the root: can the ombre's side reach rung ``r`` (the mover playing from ``only``)?"""
        prefix = self.prefix
        played = 0
        code = 0
        for i, c in enumerate(prefix):
            played |= 1 << c
            code |= (c + 1) << _CARD_BITS * i
        inplay = played
        for h in self.hands:
            inplay |= h
        leader = self.position.leader
        if not prefix and only == -1:
            return self._wins(self.hands, leader, self.won, r)
        return self._play(self.hands, leader, self.won, r, len(prefix), code, played, inplay, only)

    def _ladder(self, lo: int, hi: int, only: int = -1, first: int | None = None) -> int:
        """The rung in ``[lo, hi]``, by boolean tests (``first``: the rung to try first)."""
        guess = first
        while lo < hi:
            r = guess if guess is not None and lo < guess <= hi else (lo + hi + 1) // 2
            guess = None
            if self._test(r, only):
                lo = r
            else:
                hi = r - 1
        return lo

    def root_value(self) -> int:
        """The rung of the root under best play."""
        return self._ladder(self.reach.low[self.won], self.reach.high[self.won])

    def card_rungs(self, value: int) -> dict[Card, int]:
        """Each legal card of the mover and its rung, knowing the root's ``value``: each card is
        first tested against the value (a best card needs only that test)."""
        pos = self.position
        hands = self.hands
        if not any(hands):
            return {}
        mover = pos.to_move
        code = 0
        played = 0
        for i, c in enumerate(self.prefix):
            code |= (c + 1) << _CARD_BITS * i
            played |= 1 << c
        inplay = played
        for h in hands:
            inplay |= h
        options = self._legal(hands[mover], code)
        maximise = mover in pos.side
        lo, hi = self.reach.low[self.won], self.reach.high[self.won]
        by_run: dict[int, int] = {}
        for c in self._choices(options, inplay):
            if maximise:  # no card does better than the value
                by_run[c] = self._ladder(lo, value, 1 << c, first=value)
            else:  # no card does worse
                by_run[c] = self._ladder(value, hi, 1 << c, first=value + 1)
        # every card of a run takes its first card's rung (runs are consecutive in ``options``)
        rungs: dict[Card, int] = {}
        current = -1
        rest = options
        while rest:
            bit = rest & -rest
            rest ^= bit
            c = bit.bit_length() - 1
            current = by_run.get(c, current)
            rungs[self.layout.real[c]] = current
        return rungs
