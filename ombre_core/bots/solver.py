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
the tricks already won and each seat's sure trump tricks, that end a line before it is played
out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from ..cards import Card, CardSet, Suit, cards_of
from ..errors import OmbreError
from ..rules import Rules
from ..tables import DISPLAY_ORDER, EFFECTIVE_SUIT, MATADOR_MASK, POWER, TRUMP
from ..tricks import legal_cards, legal_reads, trick_winner
from .collector import collector_paused
from .ladder import RUNG_NAMES, Judge, ladder_of, pack_won, reach_of

if TYPE_CHECKING:
    from ..state import Deal

_T = TypeVar("_T")

__all__ = [
    "BudgetExceeded",
    "Line",
    "Position",
    "Solution",
    "ladder_of",
    "position_of",
    "reaches",
    "solve",
    "solve_position",
    "solve_values",
    "value_of",
    "value_up_to",
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
    """The position of a deal in trick play, read from the deal without changing it.

    ``judge`` defaults to :func:`ladder_of`; the ombre's side is the Ombre and the partner he
    called, if the deal knows him (a sampled world does: :mod:`.sampler`). Only these
    attributes of the deal are read: ``hands, trick, leader, to_move, trump, tricks_won, ombre,
    partner, rules, seats``; a deal without an Ombre, a trump or a player to move is refused,
    and the caller makes sure that the exchange is over (the command line checks the phase).
    """
    if deal.trump is None or deal.ombre is None or deal.to_move is None:
        raise OmbreError("the deal is not in trick play: no Ombre, trump or player to move")
    position = Position(
        hands=tuple(deal.hands),
        trick=tuple(deal.trick),
        leader=deal.leader,
        trump=deal.trump,
        tricks_won=tuple(deal.tricks_won),
        side=frozenset({deal.ombre, deal.ombre if deal.partner is None else deal.partner}),
        judge=judge if judge is not None else ladder_of(deal),
        rules=deal.rules,
    )
    assert position.to_move == deal.to_move, "the deal's turn and its trick disagree"
    return position


def solve(
    deal: Deal,
    every_card: bool = True,
    budget: int | None = None,
    off: frozenset[str] = frozenset(),
) -> Solution:
    """Solve a deal in trick play: its value and, with ``every_card``, each legal card's value.

    Raises :class:`~ombre_core.errors.OmbreError` if the deal is not in trick play and
    :class:`BudgetExceeded` if ``budget`` (trick-boundary nodes) runs out. ``off`` switches
    techniques off (for measuring them: :data:`TECHNIQUES`); the answer is the same, only slower.
    """
    return solve_position(position_of(deal), every_card, budget, off)


def solve_position(
    position: Position,
    every_card: bool = True,
    budget: int | None = None,
    off: frozenset[str] = frozenset(),
    cards: CardSet | None = None,
) -> Solution:
    """Solve a position: its value and, with ``every_card``, each legal card's value (or, given
    ``cards``, the value of those of them that are legal only)."""
    search = _Search(position, budget, off)
    rung, rungs = _values(search, every_card, cards)
    return _solution(position, rung, rungs, search.nodes)


def _values(
    search: _Search, every_card: bool, cards: CardSet | None
) -> tuple[int, dict[Card, int]]:
    rung = search.root_value()
    return rung, search.card_rungs(rung, cards) if every_card else {}


def _solution(position: Position, rung: int, rungs: dict[Card, int], nodes: int) -> Solution:
    order = {c: i for i, c in enumerate(DISPLAY_ORDER[position.trump])}
    shown = sorted(rungs, key=order.__getitem__)
    return Solution(
        value=RUNG_NAMES[rung],
        rung=rung,
        best=tuple(c for c in shown if rungs[c] == rung),
        values={c: RUNG_NAMES[rungs[c]] for c in shown},
        rungs={c: rungs[c] for c in shown},
        nodes=nodes,
    )


def value_of(position: Position, budget: int | None = None) -> int:
    """The rung of a position under best play (the cheapest question: no card values)."""
    return _Search(position, budget).root_value()


def reaches(position: Position, rung: int, budget: int | None = None) -> bool:
    """Whether the ombre's side reaches ``rung`` or better under best play: one boolean test of
    the ladder (:func:`value_of` takes two or more), for a question with one threshold (does
    the Ombre win his game?)."""
    return reaches_counted(position, rung, budget)[0]


def value_up_to(position: Position, cap: int, budget: int | None = None) -> int:
    """The rung of a position under best play, or ``cap`` if it reaches at least that: the
    tests above ``cap`` are not asked (for a question to which the higher rungs are all one,
    such as whether the Ombre wins and, if not, how he loses). One search: its tests share the
    transposition table."""
    search = _Search(position, budget)
    low, high = search.reach.low[search.won], search.reach.high[search.won]
    return search._ladder(min(low, cap), min(high, cap), first=cap)


def reaches_counted(position: Position, rung: int, budget: int | None = None) -> tuple[bool, int]:
    """:func:`reaches`, and the nodes it searched (for a caller holding several solves to one
    budget)."""
    search = _Search(position, budget)
    return _reaches(search, rung), search.nodes


def _reaches(search: _Search, rung: int) -> bool:
    """Whether the root of ``search`` reaches ``rung``: the tricks won may settle it unsearched."""
    if search.reach.low[search.won] >= rung:
        return True
    if search.reach.high[search.won] < rung:
        return False
    return search._test(rung)


def solve_values(
    position: Position, cards: CardSet | None = None, budget: int | None = None
) -> tuple[int, dict[Card, int], int]:
    """The root's value and each legal card's of ``cards`` (every legal card if None), as the
    judge's own numbers, and the nodes searched: for a judge that is not the outcome ladder,
    such as the tricks a side takes (:func:`.ladder.tricks_of`), whose values have no rung
    names. One search, so the cards' tests share the root's transposition table."""
    search = _Search(position, budget)
    value = search.root_value()
    return value, search.card_rungs(value, cards), search.nodes


_LINE_LIMIT = (1 << 30) - 1
"""The node count a :class:`Line`'s search stops at: one 30-bit digit (a count is compared at
every node), far more than any question asks (a billion nodes is hours)."""


class Line:
    """Positions along one line of play of a deal, solved with one transposition table.

    Playing a deal out by best play, or reviewing a player's cards one after another, asks about
    a position and then about the positions after each card; most of what those searches need,
    the first has already found, and a solve of their own (:func:`solve_position`) would search
    it all again. A :class:`Line` keeps the table, the renumbering of the cards and every answer
    of the rules from one question to the next.

    Each position asked must come from the first by playing cards: the same trump, sides, judge
    and rules, its cards among the first's and the deal as long (else ``ValueError``). Each
    question has a ``budget`` of its own (:class:`BudgetExceeded` past it, the table kept: an
    entry is written only for a position searched to its end); :attr:`nodes` counts them all.
    ``max_entries`` bounds the table: when it holds more, it is emptied before the next question
    (a browser's memory is not a desktop's).
    """

    def __init__(self, position: Position, max_entries: int = 100_000) -> None:
        self._search = _Search(position, _LINE_LIMIT)
        self.max_entries = max_entries
        self.nodes = 0
        """Trick-boundary positions searched by every question so far."""

    def solve(
        self,
        position: Position,
        every_card: bool = True,
        budget: int | None = None,
        cards: CardSet | None = None,
    ) -> Solution:
        """:func:`solve_position` of ``position`` on this line (its ``nodes``: this question's)."""
        before = self.nodes
        rung, rungs = self._ask(position, budget, lambda s: _values(s, every_card, cards))
        return _solution(position, rung, rungs, self.nodes - before)

    def values(
        self, position: Position, cards: CardSet | None = None, budget: int | None = None
    ) -> tuple[int, dict[Card, int]]:
        """:func:`solve_values` of ``position`` on this line: the value and each card's."""
        return self._ask(position, budget, lambda s: _values(s, True, cards))

    def reaches(self, position: Position, rung: int, budget: int | None = None) -> bool:
        """:func:`reaches` of ``position`` on this line."""
        return self._ask(position, budget, lambda search: _reaches(search, rung))

    def _ask(self, position: Position, budget: int | None, question: Callable[[_Search], _T]) -> _T:
        search = self._search
        if search.table_size() > self.max_entries:
            search.forget()
        search.rebase(position)
        allowed = _LINE_LIMIT if budget is None else min(max(budget, 1), _LINE_LIMIT)
        count = search.count
        start = count[0] = _LINE_LIMIT - allowed
        try:
            return question(search)
        except BudgetExceeded:
            raise BudgetExceeded(allowed) from None
        finally:
            self.nodes += count[0] - start


TECHNIQUES = {
    "ordering": "try the likeliest best card first (leader high, follower: cheapest winner)",
    "tt": "transposition table at trick boundaries, rung bounds by hands, leader and tricks won",
    "equivalence": "one card of each run the rules cannot tell apart",
    "bounds": "stop when the rung sought is out of what the tricks won still allow",
    "quick": "each seat's sure trump tricks narrow what the tricks won still allow",
    "layout": "renumber the cards in play so a hand fits in one 30-bit int digit",
    "ranks": "key the table on the ranks of the cards left too (three seats: at any depth)",
    "unrolled": "for three seats, a trick as three nested loops (else a call per card)",
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

    __slots__ = ("blocks", "index", "kind", "plain", "real", "trumps")

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
        self.plain = tuple(m for m in self.blocks if not m & self.trumps)
        """The cards of each plain suit."""

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

    ``wins(hands, leader, won, r, inplay)``: at a trick boundary, can the ombre's side reach rung
    ``r`` or better? ``play(...)``: the same inside a trick, ``pos`` cards played. Hands are
    renumbered card sets by seat, ``inplay`` their union (with the current trick's cards),
    ``won`` the packed tricks won (:mod:`.ladder`); a trick so far is packed into one int
    (``code``: each card + 1, :data:`_CARD_BITS` bits each, in order of play). The hot functions
    are closures over local tables, cheaper than attribute look-ups; for three seats, the table
    played today, a trick is three nested loops in one call instead of a call per card.
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
        self.total = total
        self.count = [0]
        self._table: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self._build(position, budget, off)

    def rebase(self, position: Position) -> None:
        """Search ``position`` from now on, keeping the table and the rules' answers: a position
        of the same line of play (see :class:`Line`)."""
        first = self.position
        if position is first:
            return
        if (
            position.trump != first.trump
            or position.side != first.side
            or position.judge is not first.judge
            or position.rules != first.rules
            or position.seats != first.seats
        ):
            raise ValueError("not a position of this line: another trump, side, judge or rules")
        index = self.layout.index
        cards = [*position.trick, *(c for h in position.hands for c in cards_of(h))]
        if any(c not in index for c in cards):
            raise ValueError("not a position of this line: a card it did not hold")
        total = sum(position.tricks_won) + position.hands[position.to_move].bit_count()
        if total != self.total:
            raise ValueError("not a position of this line: a deal of another length")
        self.position = position
        self.hands = tuple(self.layout.pack(h) for h in position.hands)
        self.prefix = tuple(index[c] for c in position.trick)
        self.won = pack_won(position.tricks_won)

    def table_size(self) -> int:
        """Entries in the transposition table."""
        return len(self._table)

    def forget(self) -> None:
        """Empty the transposition table (the rules' answers are kept: they are small)."""
        self._table.clear()

    @property
    def nodes(self) -> int:
        """Trick-boundary positions searched so far."""
        return self.count[0]

    def _build(self, position: Position, budget: int | None, off: frozenset[str]) -> None:
        layout = self.layout
        real = layout.real
        kind = layout.kind
        trumps = layout.trumps
        index = layout.index
        blocks = layout.blocks
        plain = layout.plain
        # per card: its kind's block, and (three seats) 3 * the block's number in its hex digit
        # of the rank key; ``inner``: the cards whose next lower number is of the same kind
        number = {k: b for b, k in enumerate(dict.fromkeys(kind))}  # the order of ``blocks``
        block_mask = [blocks[number[k]] for k in kind]
        block_digits = 0
        inner = 0
        for i, k in enumerate(kind):
            block_digits |= 3 * number[k] << 4 * i
            if i and k == kind[i - 1] and k >= 0:
                inner |= 1 << i
        n = position.seats
        trump = position.trump
        forced_by = position.rules.matador_forced_by
        # legal cards are remembered by the trick as far as the rules read it (the card led, or
        # every card so far: :func:`legal_reads`), so a third hand's answer serves every second
        reads = legal_reads(forced_by)
        read_mask = -1 if reads is None else (1 << _CARD_BITS * reads) - 1
        reach = self.reach
        low, high, kinds, unit = reach.low, reach.high, reach.kind, reach.unit
        top = reach.top
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
        three = n == 3 and "unrolled" not in off
        # Three seats and at most five kinds: every key by the holders of the cards left.
        nibbles = n == 3 and ranks_from > 0 and len(layout.blocks) <= 5
        if nibbles:
            ranks_from = len(real)
        legal_memo: dict[int, int] = {}
        real_hands: dict[int, int] = {}
        hand_bits = (1 << width) - 1
        winner_memo: dict[int, int] = {}
        table = self._table
        follow_memo: dict[int, list[int]] = {}
        sure_memo: dict[tuple[int, ...], int] = {}
        suits = (*plain, trumps)
        lead_memo: dict[int, list[int]] = {}
        hex_memo: dict[int, int] = {}
        reps_memo: dict[tuple[int, ...], tuple[int, int, int]] = {}
        taker_memo: dict[int, tuple[bool | None, ...]] = {}
        full = (1 << width) - 1
        count = self.count

        tricks_of: dict[int, list[Card]] = {}
        packed_of: dict[int, int] = {}

        def trick_of(code: int) -> list[Card]:
            """The real cards of a packed trick (remembered: codes recur)."""
            cards = tricks_of.get(code)
            if cards is None:
                cards = tricks_of[code] = []
                rest = code
                while rest:
                    cards.append(real[(rest & 63) - 1])
                    rest >>= _CARD_BITS
            return cards

        def ask_legal(key: int) -> int:
            """The rules' legal cards (:func:`legal_cards`) for a packed hand and trick."""
            hand = key & hand_bits
            real_hand = real_hands.get(hand)
            if real_hand is None:
                real_hand = real_hands[hand] = layout.unpack(hand)
            ok = legal_cards(real_hand, trick_of(key >> width), trump, forced_by)
            if ok == real_hand:
                got = hand
            else:
                got = packed_of.get(ok, -1)
                if got < 0:
                    got = 0
                    rest = ok
                    while rest:
                        bit = rest & -rest
                        rest ^= bit
                        got |= 1 << index[bit.bit_length() - 1]
                    packed_of[ok] = got
            legal_memo[key] = got
            return got

        def ask_winner(code: int) -> int:
            """The rules' winner (:func:`trick_winner`) of a trick so far: its place in it."""
            got = winner_memo[code] = trick_winner(trick_of(code), trump)
            return got

        def choices(options: int, inplay: int) -> list[int]:
            """One card of each run the rules cannot tell apart, lowest first: a run is cards of
            one kind with no card in play between them (``inplay``, the trick's included)."""
            if not options & (options - 1):  # one card (or none)
                return [options.bit_length() - 1] if options else []
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

        def cheapest_first(cards: list[int], code: int, pos: int) -> list[int]:
            """``cards`` (lowest first) with the lowest that would take the trick put first."""
            shift = _CARD_BITS * pos
            for i, c in enumerate(cards):
                full = code | (c + 1) << shift
                w = winner_memo.get(full)
                if w is None:
                    w = ask_winner(full)
                if w == pos:
                    return [c, *cards[:i], *cards[i + 1 :]] if i else cards
            return cards

        def sure_trump_tricks(split: tuple[int, ...], top_trumps: int) -> int:
            """The tricks each seat is sure of with his trumps (``split``: each hand's trumps),
            packed as tricks won are: a trump wins its trick unless a higher trump falls in it,
            and each card of the others falls in one trick; so of a seat's trumps from ``t`` up,
            all but the others' trumps above ``t`` win, whatever anyone plays."""
            extra = 0
            for s, mine in enumerate(split):
                theirs = top_trumps & ~mine
                held = mine.bit_count()  # his trumps from ``bit`` up
                sure = 0
                while held > sure:
                    bit = mine & -mine
                    mine ^= bit
                    beaten = (theirs >> bit.bit_length()).bit_count()
                    if held - beaten > sure:
                        sure = held - beaten
                    held -= 1
                extra += sure * unit[s]
            return extra

        def settled_by_taker(won: int, r: int) -> tuple[bool | None, ...]:
            """For each seat, whether its taking the trick settles the test for rung ``r``
            (True: reached, False: out of reach; None: the search goes on)."""
            out: list[bool | None] = [None] * n
            if use_bounds:
                for s, u in enumerate(unit):
                    if low[won + u] >= r:
                        out[s] = True
                    elif high[won + u] < r:
                        out[s] = False
            return tuple(out)

        def lowest_of_runs(hand: int, gone: int) -> int:
            """The cards of ``hand`` with no card of it just below them in the current order:
            the first card of each run (cards of one kind, nothing in play between them), as
            :func:`choices` picks them, with bit operations instead of a loop over the cards."""
            if not use_runs:
                return hand
            above = hand << 1 & inner  # just above a card of the hand, in the same kind
            reached = above
            while above:
                above = (above & gone) << 1 & inner  # on through the cards already played
                reached |= above
            return hand & ~reached

        def bits_low_first(mask: int) -> list[int]:
            out = []
            while mask:
                bit = mask & -mask
                mask ^= bit
                out.append(bit.bit_length() - 1)
            return out

        def lead_order(mask: int, leader: int, hands: tuple[int, ...], inplay: int) -> list[int]:
            """The leads to try, in order, remembered: the ombre's side its top cards of each
            suit first, then high (trumps first); the other side first the suits whose top card
            a partner holds, low first, then the rest, low first, last the plain suits the
            ombre's side can trump (void in them, trumps in hand)."""
            if not use_order:
                return bits_low_first(mask)
            if ours[leader]:
                own = hands[leader]
                tops = 0
                for block in suits:
                    top_card = (inplay & block).bit_length() - 1
                    if top_card >= 0 and own >> top_card & 1:
                        tops |= 1 << top_card
                key = mask << width | tops
            else:
                mates = 0
                for mate in range(n):
                    if mate != leader and not ours[mate]:
                        mates |= hands[mate]
                good = 0
                ruffed = 0
                foes = 0
                for mate in range(n):
                    if ours[mate]:
                        foes |= hands[mate]
                for block in blocks:
                    top_card = (inplay & block).bit_length() - 1
                    if top_card >= 0 and mates >> top_card & 1:
                        good |= block
                    elif foes & trumps and not foes & block and not block & trumps:
                        ruffed |= block
                key = -1 - ((mask << width | good) << width | ruffed)
            got = lead_memo.get(key)
            if got is None:
                if ours[leader]:
                    got = bits_low_first(mask & tops)
                    got.reverse()
                    rest = bits_low_first(mask & ~tops)
                    rest.reverse()
                    got += rest
                else:
                    got = bits_low_first(mask & good) + bits_low_first(mask & ~good & ~ruffed)
                    got += bits_low_first(mask & ruffed & ~good)
                lead_memo[key] = got
            return got

        def lead_order_list(
            leads: list[int], leader: int, hands: tuple[int, ...], inplay: int
        ) -> list[int]:
            """The ombre's side leads high, trumps first; the other side first the suits whose
            top card in play a partner holds, low cards first, then the rest, low first."""
            max0 = ours[leader]
            if max0:
                return leads[::-1]
            mates = 0
            for mate in range(n):
                if mate != leader and ours[mate] == max0:
                    mates |= hands[mate]
            good = []
            rest = []
            for c in leads:
                top_card = (inplay & block_mask[c]).bit_length() - 1
                if mates >> top_card & 1:
                    good.append(c)
                else:
                    rest.append(c)
            return good + rest

        def follow_order(key: int, pos: int) -> list[int]:
            """A follower's choices, lowest first, or with ``cheap`` (the key's last bit) the
            cheapest card that takes the trick first; the key packs the trick so far and the
            follower's legal cards, one of each run (remembered in ``follow_memo``)."""
            cards = bits_low_first(key >> 1 & hand_bits)
            if key & 1:
                cards = cheapest_first(cards, key >> 1 + width, pos)
            follow_memo[key] = cards
            return cards

        def unrank(inplay: int, rank: int) -> int:
            """The card of ``inplay`` with ``rank`` cards of ``inplay`` below it."""
            while rank:
                inplay &= inplay - 1
                rank -= 1
            return (inplay & -inplay).bit_length() - 1

        def wins(hands: tuple[int, ...], leader: int, won: int, r: int, inplay: int) -> bool:
            """At a trick boundary: can the ombre's side reach rung ``r``? (See the class.)"""
            if use_bounds or not inplay:
                if low[won] >= r:
                    return True
                if high[won] < r:
                    return False
            count[0] += 1
            if count[0] == limit:
                raise BudgetExceeded(limit)
            seats = seat_at[leader]
            left = hands[leader].bit_count()
            if left == 1:  # the last trick plays itself
                code = 0
                for pos in range(n):
                    code |= hands[seats[pos]].bit_length() << _CARD_BITS * pos
                w = winner_memo.get(code)
                if w is None:
                    w = ask_winner(code)
                return low[won + unit[seats[w]]] >= r
            entry = None
            ranked_key: tuple[object, ...] | None = None
            by_rank = left <= ranks_from  # entries' hints are ranks among the cards left
            if use_table:
                key = (hands, leader, kinds[won])
                entry = table.get(key)
                if entry is not None:
                    if entry[0] >= r:
                        return True
                    if entry[1] < r:
                        return False
            if use_quick:
                # Sure tricks, whatever anyone plays: each seat's sure trump tricks
                # (:func:`sure_trump_tricks`, remembered by how the trumps lie).
                bound = won
                top_trumps = inplay & trumps
                if top_trumps:
                    split: tuple[int, ...]
                    if three:
                        split = (hands[0] & trumps, hands[1] & trumps, hands[2] & trumps)
                    else:
                        split = tuple([h & trumps for h in hands])
                    extra = sure_memo.get(split)
                    if extra is None:
                        extra = sure_memo[split] = sure_trump_tricks(split, top_trumps)
                    bound += extra
                    if bound != won:
                        if low[bound] >= r:
                            return True
                        if high[bound] < r:
                            return False
                # And what the leader may take if he likes: his top cards of a plain suit, for
                # as many rounds as every other player holding a trump must follow it (a card
                # of another plain suit never wins), keeping the lead.
                mine = hands[leader]
                sure = 0
                for block in plain:
                    theirs = inplay & block & ~mine
                    run = ((mine & block) >> theirs.bit_length()).bit_count()
                    if run:
                        for h in hands:
                            if h & top_trumps and h != mine:
                                run = min(run, (h & block).bit_count())
                        sure += run
                if sure:
                    bound += sure * unit[leader]
                    if ours[leader]:
                        if low[bound] >= r:
                            return True
                    elif high[bound] < r:
                        return False
            if use_table and entry is None and nibbles:
                # Only the order of the cards left matters to the rules: a second key, the
                # sequence of their holders in the order of the layout, each with its kind (one
                # hex digit a card: holder + 3 * kind block), the cards played left out; so
                # positions reached by playing different small cards share an entry.
                h0, h1, h2 = hands
                a = hex_memo.get(h0)
                if a is None:
                    a = hex_memo[h0] = int(format(h0, "b"), 16)
                b = hex_memo.get(h1)
                if b is None:
                    b = hex_memo[h1] = int(format(h1, "b"), 16)
                c = hex_memo.get(h2)
                if c is None:
                    c = hex_memo[h2] = int(format(h2, "b"), 16)
                spread = a + 2 * b + 3 * c + (block_digits & 15 * (a + b + c))
                ranked_key = (format(spread, "x").replace("0", ""), leader, kinds[won])
                entry = table.get(ranked_key)
                if entry is not None:
                    if entry[0] >= r:
                        return True
                    if entry[1] < r:
                        return False
            elif use_table and entry is None and by_rank:
                # Only the order of the cards left matters to the rules: renumber them 0, 1, ...
                # so that positions reached by playing different small cards share an entry
                # (looked for when the cards themselves are not in the table).
                shape = 0
                for block in blocks:
                    shape = shape << 4 | (inplay & block).bit_count()
                ranked = []
                for h in hands[1:]:  # the first hand is what the others leave
                    x = 0
                    while h:
                        bit = h & -h
                        h ^= bit
                        x |= 1 << (inplay & (bit - 1)).bit_count()
                    ranked.append(x)
                ranked_key = (*ranked, shape, leader, kinds[won], -1)  # -1: never a card key
                entry = table.get(ranked_key)
                if entry is not None:
                    if entry[0] >= r:
                        return True
                    if entry[1] < r:
                        return False
            # The lead: the card that settled this position before first, else high cards first
            # for the ombre's side (trumps first) and low cards first for the other side.
            max0 = ours[leader]
            hand0 = hands[leader]
            options = legal_memo.get(hand0)
            if options is None:
                options = ask_legal(hand0)
            if three:
                # One card of each run in each hand, as masks (cards of a hand with no card in
                # play between them, alike in kind, are one choice): ``options & reps``.
                h0, h1, h2 = hands
                got_reps = reps_memo.get(hands)
                if got_reps is None:
                    gone = full & ~inplay
                    got_reps = reps_memo[hands] = (
                        lowest_of_runs(h0, gone),
                        lowest_of_runs(h1, gone),
                        lowest_of_runs(h2, gone),
                    )
                reps = got_reps
                leads = lead_order(options & reps[leader], leader, hands, inplay)
            else:
                leads = choices(options, inplay)
                if use_order:
                    leads = lead_order_list(leads, leader, hands, inplay)
            if use_order and entry is not None and entry[2] >= 0:
                hint = entry[2]
                if by_rank:  # the hint is a rank among the cards left
                    hint = unrank(inplay, hint)
                if hint != leads[0] and hint in leads:
                    leads = [hint, *[c for c in leads if c != hint]]
            result = not max0
            settled = -1
            if three:
                s1 = seats[1]
                s2 = seats[2]
                max1 = ours[s1]
                max2 = ours[s2]
                hand1 = hands[s1]
                hand2 = hands[s2]
                reps1 = reps[s1]
                reps2 = reps[s2]
                cheap1 = use_order and (max1 != max0 or max2 != max1)
                # Whether the trick's winner alone settles the test: judged before the search.
                by_taker = taker_memo.get(won << 3 | r)
                if by_taker is None:
                    by_taker = taker_memo[won << 3 | r] = settled_by_taker(won, r)
                for c0 in leads:
                    code0 = c0 + 1
                    key1 = code0 << width | hand1
                    options = legal_memo.get(key1)
                    if options is None:
                        options = ask_legal(key1)
                    key1 = (code0 << width | options & reps1) << 1 | cheap1
                    seconds = follow_memo.get(key1)
                    if seconds is None:
                        seconds = follow_order(key1, 1)
                    result1 = not max1
                    for c1 in seconds:
                        code1 = code0 | (c1 + 1) << _CARD_BITS
                        key2 = (code1 & read_mask) << width | hand2
                        options = legal_memo.get(key2)
                        if options is None:
                            options = ask_legal(key2)
                        cheap2 = False
                        if use_order:
                            w = winner_memo.get(code1)
                            if w is None:
                                w = ask_winner(code1)
                            cheap2 = ours[seats[w]] != max2
                        key2 = (code1 << width | options & reps2) << 1 | cheap2
                        thirds = follow_memo.get(key2)
                        if thirds is None:
                            thirds = follow_order(key2, 2)
                        played = 1 << c0 | 1 << c1
                        result2 = not max2
                        for c2 in thirds:
                            code2 = code1 | (c2 + 1) << 2 * _CARD_BITS
                            w = winner_memo.get(code2)
                            if w is None:
                                w = ask_winner(code2)
                            taker = seats[w]
                            settles = by_taker[taker]
                            if settles is not None:
                                ok = settles
                            else:
                                gone = ~(played | 1 << c2)
                                after_hands = (h0 & gone, h1 & gone, h2 & gone)
                                ok = wins(after_hands, taker, won + unit[taker], r, inplay & gone)
                            if ok == max2:
                                result2 = ok
                                break
                        if result2 == max1:
                            result1 = result2
                            break
                    if result1 == max0:
                        result = result1
                        settled = c0
                        break
            else:
                for c0 in leads:
                    if play(hands, leader, won, r, 1, c0 + 1, 1 << c0, inplay, -1) == max0:
                        result = max0
                        settled = c0
                        break
            if use_table:
                if settled < 0 and entry is not None:
                    settled = entry[2]  # (as the entry holds it)
                elif settled >= 0 and by_rank:
                    settled = (inplay & ((1 << settled) - 1)).bit_count()
                lo, hi = (entry[0], entry[1]) if entry is not None else (0, top)
                table[key] = stored = (r, hi, settled) if result else (lo, r - 1, settled)
                if ranked_key is not None:
                    table[ranked_key] = stored
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
            """Inside a trick (any number of seats): a call per card."""
            seat = seat_at[leader][pos]
            key = (code & read_mask) << width | hands[seat]
            options = legal_memo.get(key)
            if options is None:
                options = ask_legal(key)
            cards = choices(options & only, inplay)
            maximise = ours[seat]
            if use_order:
                if pos:
                    # A follower: if his side holds the trick and the next player is his partner
                    # (or nobody), the lowest card; if not, first the lowest card that takes it.
                    w = winner_memo.get(code)
                    if w is None:
                        w = ask_winner(code)
                    foe_next = pos + 1 < n and ours[seat_at[leader][pos + 1]] != maximise
                    if foe_next or ours[seat_at[leader][w]] != maximise:
                        cards = cheapest_first(cards, code, pos)
                elif maximise:
                    cards.reverse()
            last = pos == n - 1
            shift = _CARD_BITS * pos
            for c in cards:
                bit = 1 << c
                next_code = code | (c + 1) << shift
                if last:
                    w = winner_memo.get(next_code)
                    if w is None:
                        w = ask_winner(next_code)
                    taker = seat_at[leader][w]
                    after = won + unit[taker]
                    if use_bounds and low[after] >= r:
                        ok = True
                    elif use_bounds and high[after] < r:
                        ok = False
                    else:
                        gone = ~(played | bit)
                        ok = wins(tuple([h & gone for h in hands]), taker, after, r, inplay & gone)
                else:
                    ok = play(hands, leader, won, r, pos + 1, next_code, played | bit, inplay, -1)
                if ok == maximise:
                    return ok
            return not maximise

        def legal(hand: int, code: int) -> int:
            key = code << width | hand
            got = legal_memo.get(key)
            return ask_legal(key) if got is None else got

        self._wins = wins
        self._play = play
        self._choices = choices
        self._legal = legal

    def _root(self) -> tuple[int, int, int]:
        """The root's packed trick so far, the cards in it, and every card in play."""
        code = 0
        played = 0
        for i, c in enumerate(self.prefix):
            code |= (c + 1) << _CARD_BITS * i
            played |= 1 << c
        inplay = played
        for h in self.hands:
            inplay |= h
        return code, played, inplay

    @collector_paused
    def _test(self, r: int, only: int = -1) -> bool:
        """At the root: can the ombre's side reach rung ``r`` (the mover playing from ``only``)?
        Every search passes here, the garbage collector paused (:mod:`.collector`)."""
        code, played, inplay = self._root()
        leader = self.position.leader
        if not self.prefix and only == -1:
            return self._wins(self.hands, leader, self.won, r, inplay)
        pos = len(self.prefix)
        return self._play(self.hands, leader, self.won, r, pos, code, played, inplay, only)

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

    def card_rungs(self, value: int, cards: CardSet | None = None) -> dict[Card, int]:
        """Each legal card of the mover (of ``cards``, if given) and its rung, knowing the root's
        ``value``: each card is first tested against the value (a best card needs only that
        test)."""
        position = self.position
        if not any(self.hands):
            return {}
        mover = position.to_move
        code, _, inplay = self._root()
        options = self._legal(self.hands[mover], code)
        if cards is not None:
            options &= self.layout.pack(cards & position.hands[mover])
        maximise = mover in position.side
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
