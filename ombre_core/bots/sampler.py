"""Worlds for search: complete deals consistent with what one seat has seen, weighed by inference.

A search bot (Perfect Information Monte Carlo, GIB and Kermit) deals the cards it has not seen many
times, solves each deal, and acts on the total. :class:`Sampler` does the dealing, from a
:class:`~ombre_core.views.View` alone (it never sees the deal). Each world is a full
:class:`~ombre_core.state.Deal`: the hands as dealt, the stock in order and the others' hidden
discards, at the view's point of the deal, so that ``world.view(seat) == view`` (OpenSpiel's test:
a world resampled for a player leaves his information state unchanged; STYLE habit 5).

What a world respects (compendium ``ombre-rules.md``):

* every card once; the seat's own hand, discards and draws (``View.drawn``); the hand counts;
* what each player took in (``View.taken``, §6.2): he threw as many as he drew, before drawing,
  from the hand he was dealt; draws come off the top of the stock in the order the players
  exchanged (RG "after him the second"; CG), which the history shows;
* the rest of the stock where the rules show it (``View.stock_seen``, RG; §15 #13);
* the voids the play showed: a player who did not follow held no card of the suit led, and when a
  trump was led held only the matadors the privilege let him keep back (§3). The sampler does not
  restate that rule: it asks :func:`~ombre_core.tricks.legal_cards` about each unseen card, with
  the card played, whether holding it would have made the play unlawful. (The rule is a condition
  on each card held, so asking card by card is exact.)
* the auction, the trump and the exchange as *likelihoods*, not constraints: see
  :mod:`ombre_core.bots.inference`.

How a world is drawn (cheap: no replay of the deal per world):

1. The unseen cards are placed, card by card, in the other hands or one *free* pile (the others'
   discards and the hidden stock), from exact counts of the placings that respect the voids,
   computed once per view.
2. The free pile is shared among the others' discards and the stock; then the cards each other
   player drew are chosen among the cards he holds or played.
3. The world is a copy of one template deal, replayed once per view, with the hidden fields set.

With inference off (``model=None``) every step is uniform: each world is an exactly uniform draw
among the consistent worlds, and all weigh the same. With inference on, every world carries an
importance weight: the probability, under the model, of the others' bids, trump and discards in
it, divided by the probability of having drawn it. The draws are steered toward likely worlds (the
Ombre holds trumps, a player who kept many cards kept trumps and kings, discards are low cards),
each step following the model's factor for each card, so that the weights stay even (the
effective sample size, measured in ``bench/sampler.py``). :meth:`Sampler.weighted` returns the
weighted worlds; :meth:`Sampler.worlds` resamples them into equally weighted ones.

Seats: the counts come from the view and the rules (``View.seats``, ``Rules.hand_size``). A
called partner (Ombre by five, Quadrille) hidden from the view until his king falls is drawn with
the cards: in each world he is whoever holds the called card, rarely the Ombre himself (the
model's ``own_call``). The cards played while he is hidden weigh which player that is
(:mod:`~ombre_core.bots.partner`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Literal

from .. import actions as A
from ..actions import Act
from ..cards import PACK_SIZE, QUEEN, Card, CardSet, cards_of, mask_of, rank_of
from ..errors import OmbreError
from ..state import Deal, Phase, callable_cards
from ..tables import EFFECTIVE_SUIT, SPADILLE, SUIT_MASK, TRUMP_MASK
from ..tricks import legal_cards
from ..views import View, view_of
from .inference import ActionModel, elementary_sums, model_for
from .partner import PartnerReading

__all__ = [
    "Sampler",
    "World",
    "effective_sample_size",
    "sample_worlds",
    "weighted_worlds",
]

DEFAULT_MODEL = ActionModel()
OMBRE_TRUMP_TILT = 2.0
"""How much likelier the proposal makes each trump in the Ombre's hand (he bid and named it).
Measured: 1, 2 and 4 give a median effective sample size at the first lead of 21%, 24%, 19%."""


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal and its importance weight (the weights of one draw sum to 1)."""

    deal: Deal
    weight: float


def _byte_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    return tuple(
        tuple(tuple(8 * b + i for i in range(8) if byte >> i & 1) for byte in range(256))
        for b in range(PACK_SIZE // 8)
    )


_BYTE_CARDS = _byte_cards()


def cards_of_list(mask: CardSet) -> list[Card]:
    """The cards of ``mask`` in ascending order, as a list (by bytes: faster than iterating bits).

    >>> cards_of_list(0b1011 | 1 << 39)
    [0, 1, 3, 39]
    """
    t = _BYTE_CARDS
    return list(
        t[0][mask & 255]
        + t[1][mask >> 8 & 255]
        + t[2][mask >> 16 & 255]
        + t[3][mask >> 24 & 255]
        + t[4][mask >> 32 & 255]
    )


def effective_sample_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size, ``(sum w)^2 / sum w^2``: how many equally weighted worlds the
    weighted ones are worth."""
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares else 0.0


# ---- what the view says about the other players --------------------------------------------------


@dataclass(slots=True)
class _Other:
    """What the view shows of one other player."""

    seat: int
    bit: int
    """His bit in a split's "may hold" mask."""
    hand_count: int
    played: CardSet = 0
    void: CardSet = 0
    """Unseen cards he cannot hold: holding one would have made one of his plays unlawful."""
    thrown: int = 0
    taken: int = 0
    discard_at: int | None = None
    """Index of his discard in the history."""
    bids: list[tuple[A.Action, tuple[A.Action, ...]]] = field(default_factory=list)
    """His bids, each with the bids open to him then."""
    discard_range: range | None = None
    """How many cards the model lets him throw (set if the trump was known when he threw)."""
    is_ombre: bool = False
    known: CardSet = 0
    """Cards all have seen go into his hand and not yet played (Quadrille by three: the king the
    Ombre demanded, the card given for it)."""


@dataclass(slots=True)
class _Layout:
    """The hidden cards of one world, before it is made a deal."""

    hands: list[CardSet]
    thrown: list[CardSet]
    drawn: list[CardSet]
    stock_rest: tuple[Card, ...]
    weight: float = 1.0


_HIDDEN_DISCARD = "discard #"


def _decode(history: tuple[tuple[int, str], ...]) -> list[tuple[int, A.Action | None, int]]:
    """(actor, action, cards thrown) per entry; ``None`` for another player's discard, whose
    cards the view hides (``discard #3``, :func:`ombre_core.views.public_history`)."""
    out: list[tuple[int, A.Action | None, int]] = []
    for actor, text in history:
        if text.startswith(_HIDDEN_DISCARD):
            out.append((actor, None, int(text[len(_HIDDEN_DISCARD) :])))
        else:
            action = A.parse_action(text)
            thrown = A.discard_mask(action).bit_count() if A.is_discard(action) else 0
            out.append((actor, action, thrown))
    return out


def handed(view: View) -> tuple[int, int, Card, Card | None] | None:
    """(the Ombre, the player who handed over, the king demanded, the card given back or None
    while the Ombre chooses it) at Quadrille by three (CG p. 46), once demanded; else ``None``."""
    if view.demanded_from is None or view.called is None or view.ombre is None:
        return None
    return view.ombre, view.demanded_from, view.called, view.given


def _pins(view: View) -> dict[Card, int]:
    """Unseen cards whose holder the auction showed: the card -> his seat.

    Forced Spadille (HOY law 2): all passed and the Ombre plays, so he holds Spadille. A queen
    called (HOY law 12; at Quadrille by three, demanded): the caller held every king he could
    have called. Nothing demanded at Quadrille by three, where the Ombre who plays (not sans
    prendre) demands a card he lacks (CG p. 46): he held every king he could have demanded, and
    every such queen where the rules let him demand one (the engine then skips the demand,
    :meth:`~ombre_core.state.Deal.legal_actions`). The sampler places these cards in that hand
    only.
    """
    ombre = view.ombre
    pins: dict[Card, int] = {}
    if ombre is None:
        return pins
    rules = view.rules
    bids = (e.action for e in view.events if e.phase in (Phase.AUCTION, Phase.REPLY))
    bid = any(action in (Act.PLAY, Act.SANS_PRENDRE) for action in bids)
    if rules.all_pass == "spadille-plays" and not bid:
        pins[SPADILLE] = ombre
    called = view.called
    trump = view.trump
    if trump is None:
        return pins
    kings, queens = callable_cards(rules, trump)
    held = 0
    if called is not None and rank_of(called) == QUEEN:
        held = kings
    elif (
        called is None
        and rules.partnership == "demanded-king"
        and view.contract == Act.PLAY
        and view.step != Phase.CALL
    ):
        held = kings | queens if rules.queen_when_kings_held else kings
    for card in cards_of(held):
        pins[card] = ombre
    return pins


def _demand_due(view: View) -> tuple[int, CardSet] | None:
    """While the Ombre at Quadrille by three is to demand (CG p. 46), seen by another seat: the
    Ombre and the cards he cannot hold all, or the engine would have skipped the demand (he
    demands a king he lacks, or a queen he lacks when he holds both kings). ``None`` when this
    seat's own hand already shows it, or when no demand is due."""
    rules = view.rules
    if (
        view.step != Phase.CALL
        or rules.partnership != "demanded-king"
        or view.ombre is None
        or view.ombre == view.seat
    ):
        return None
    assert view.trump is not None  # named before the demand
    kings, queens = callable_cards(rules, view.trump)
    cards = kings | queens if rules.queen_when_kings_held else kings
    return None if cards & view.hand else (view.ombre, cards)


def _voids(view: View, others: dict[int, _Other], unseen: CardSet) -> None:
    """Mark, for each other player, the unseen cards his plays show he did not hold."""
    trump = view.trump
    if trump is None:
        return
    forced_by = view.rules.matador_forced_by
    n = view.seats
    for leader, cards in view.all_tricks():
        led = SUIT_MASK[trump][EFFECTIVE_SUIT[trump][cards[0]]]
        for i, card in enumerate(cards):
            seat = (leader + i) % n
            other = others.get(seat)
            if other is None:
                continue
            other.played |= 1 << card
            prefix = cards[:i]
            for x in cards_of(unseen & led & ~other.void):
                if not legal_cards(1 << card | 1 << x, prefix, trump, forced_by) >> card & 1:
                    other.void |= 1 << x


# ---- step 1: the unseen cards among the other hands and the free pile ----------------------------


@cache
def _holding_by_count(caps: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each hand j, the flat indices of :class:`_Placer` where hand j holds a card, by the
    number of cards all hands hold there. The same few ``caps`` come back every decision."""
    size = 1
    strides = []
    for cap in caps:
        strides.append(size)
        size *= cap + 1
    placed = [0] * size
    for cap, st in zip(caps, strides, strict=True):
        for idx in range(size):
            placed[idx] += idx // st % (cap + 1)
    by_sum = []
    for cap, st in zip(caps, strides, strict=True):
        buckets: list[list[int]] = [[] for _ in range(sum(caps) + 1)]
        for idx in range(size):
            if idx // st % (cap + 1):
                buckets[placed[idx]].append(idx)
        by_sum.append(tuple(tuple(b) for b in buckets))
    return tuple(by_sum)


class _Placer:
    """Places the unseen cards, one by one, in the other hands or the free pile, exactly.

    ``ways[i][caps]`` is the number of ways to place cards ``i...`` so that hand ``j`` gets exactly
    ``caps[j]`` of them (the rest go free), each way counted with the product of its tilts (how
    much likelier the proposal makes a card in a hand; 0 where a void forbids it). Drawing card by
    card in proportion to ``tilt * ways[i + 1][caps - that hand]`` gives each placing of all the
    cards a probability proportional to the product of its tilts: with every tilt 1 the counts are
    exact integers and the draw exactly uniform among the placings that respect the voids.
    ``caps`` is a flat index: hand ``j``'s count times ``stride[j]``.
    """

    def __init__(
        self, cards: list[Card], tilts: list[tuple[float, ...]], caps: tuple[int, ...]
    ) -> None:
        self.cards = cards
        self.tilts = tilts
        strides = []
        size = 1
        for cap in caps:
            strides.append(size)
            size *= cap + 1
        self.strides = strides
        self.radix = [cap + 1 for cap in caps]
        self.start = sum(c * st for c, st in zip(caps, strides, strict=True))
        # Only the counts a draw can meet are worked out: after i cards, hand counts summing to
        # between S - i (every card so far into a hand) and n - i (every card left to come into
        # one). At five, with no free pile, that band is one sum of 9^4 counts: 27 ms a world
        # set became a few.
        n, total = len(cards), sum(caps)
        by_sum = _holding_by_count(caps)
        ways: list[list[float]] = [[]] * (n + 1)
        row: list[float] = [0] * size
        row[0] = 1
        ways[n] = row
        for i in range(n - 1, -1, -1):
            prev = row
            row = prev[:]
            band = range(max(1, total - i), min(n - i, total) + 1)
            for j, tilt in enumerate(tilts[i]):
                if tilt:
                    st = strides[j]
                    buckets = by_sum[j]
                    for d in band:
                        for idx in buckets[d]:
                            row[idx] += tilt * prev[idx - st]
            ways[i] = row
        self.ways = ways
        self.options = [
            [(j, tilt, strides[j], caps[j] + 1) for j, tilt in enumerate(row_tilts) if tilt]
            for row_tilts in tilts
        ]

    @property
    def total(self) -> float:
        return self.ways[0][self.start]

    def draw(self, rng: random.Random | None) -> tuple[list[CardSet], list[Card], float]:
        """(cards of each hand, free cards, product of the tilts of the placing). Without ``rng``,
        one fixed placing (each card free when it can be, else in the first hand that fits)."""
        hands = [0] * len(self.strides)
        free: list[Card] = []
        product = 1.0
        idx = self.start
        ways = self.ways
        exact = isinstance(self.total, int)
        for i, card in enumerate(self.cards):
            after = ways[i + 1]
            acc = after[idx]
            if rng is None:
                point: float = 0
            elif exact:
                point = rng.randrange(ways[i][idx])  # type: ignore[arg-type]
            else:
                point = rng.random() * ways[i][idx]
            if point < acc:
                free.append(card)
                continue
            for j, tilt, st, radix in self.options[i]:  # the same sum, in the same order, as ways
                if idx // st % radix:
                    acc += tilt * after[idx - st]
                    if point < acc:
                        hands[j] |= 1 << card
                        product *= tilt
                        idx -= st
                        break
            else:
                raise AssertionError("the placing counts do not add up")
        return hands, free, product


# ---- step 2: choosing k cards with probability proportional to their weights ---------------------


def _choose(
    cards: list[Card], weights: list[float], k: int, rng: random.Random
) -> tuple[list[Card], list[Card], float]:
    """``k`` of ``cards``, drawn with probability proportional to the product of their weights (a
    conditional Bernoulli draw, card by card from exact suffix sums): (chosen, rest, probability).

    Drawing the ``n - k`` left out with the inverse weights is the same draw, and shorter when
    ``k`` is more than half.
    """
    n = len(cards)
    if k <= 0:
        return [], cards, 1.0
    if k >= n:
        return cards, [], 1.0
    if 2 * k > n:
        rest, chosen, q = _choose(cards, [1.0 / w for w in weights], n - k, rng)
        return chosen, rest, q
    rows: list[list[float]] = [[]] * (n + 1)
    row = [1.0] + [0.0] * k
    rows[n] = row
    for i in range(n - 1, -1, -1):  # rows[i][j]: sum over j-subsets of cards i... of products
        w = weights[i]
        row = [1.0] + [row[j] + w * row[j - 1] for j in range(1, k + 1)]
        rows[i] = row
    picked: list[Card] = []
    left: list[Card] = []
    product = 1.0
    j = k
    for i in range(n):
        if not j:
            left.extend(cards[i:])
            break
        w = weights[i]
        if rng.random() * rows[i][j] < w * rows[i + 1][j - 1]:
            picked.append(cards[i])
            product *= w
            j -= 1
        else:
            left.append(cards[i])
    return picked, left, product / rows[0][k]


# ---- the sampler ---------------------------------------------------------------------------------


def _throw_chance(model: ActionModel, trump: int, ombre: bool, card: Card) -> float:
    odds = model.discard_odds(trump, ombre)[card]
    return odds / (1.0 + odds)


class Sampler:
    """Draws worlds consistent with ``view``; set up once per view, then cheap per world.

    ``model``: the :class:`~ombre_core.bots.inference.ActionModel` that weighs worlds (by default
    the table's, :func:`~ombre_core.bots.inference.model_for`), or ``None`` for uniform worlds (to
    measure what inference pays). The pool from earlier deals, which a
    world's settlement needs, is the view's ``pool_in``.

    Raises :class:`~ombre_core.errors.OmbreError` if no deal could have given ``view``.
    """

    def __init__(self, view: View, model: ActionModel | Literal["table"] | None = "table") -> None:
        self.view = view
        self.model = model_for(view.rules) if isinstance(model, str) else model
        self.pool_in = view.pool_in
        rules = view.rules
        n = view.seats
        self._history = _decode(view.history)
        self._others = {
            s: _Other(s, 1 << j, view.hand_counts[s])
            for j, s in enumerate(s for s in range(n) if s != view.seat)
        }
        self._unseen = view.unseen()
        _voids(view, self._others, self._unseen)
        self._handed = handed(view)
        if self._handed is not None:
            ombre, giver, king, given = self._handed
            for seat, card in ((ombre, king), (giver, given)):
                if card is None:
                    continue  # the Ombre is choosing the card to give back
                if seat in self._others and not view.played >> card & 1:
                    self._others[seat].known |= 1 << card
        for card, seat in _pins(view).items():
            if self._unseen >> card & 1:
                for other in self._others.values():
                    if other.seat != seat:
                        other.void |= 1 << card
        self._my_played = view.played
        for other in self._others.values():
            self._my_played &= ~other.played
        self._order: list[int] = []  # who exchanged, in order
        for index, (actor, action, thrown) in enumerate(self._history):
            if action is None or A.is_discard(action):
                self._order.append(actor)
                if actor in self._others:
                    self._others[actor].thrown = thrown
                    self._others[actor].discard_at = index
        for other in self._others.values():
            other.taken = view.taken[other.seat]
            other.is_ombre = other.seat == view.ombre
        stock_size = rules.stock_size
        self._stock_hidden = view.stock_count if view.stock_seen is None else 0
        free = sum(o.thrown for o in self._others.values()) + self._stock_hidden
        self._free_size = free
        wanted = sum(o.hand_count - o.known.bit_count() for o in self._others.values()) + free
        if wanted != self._unseen.bit_count() or sum(view.taken) + view.stock_count != stock_size:
            raise OmbreError(
                f"seat {view.seat}'s view is not consistent: {self._unseen.bit_count()} unseen "
                f"cards for {wanted} places"
            )
        self._placer = self._make_placer()
        if not self._placer.total:
            raise OmbreError(f"seat {view.seat}'s view is not consistent: the voids cannot be met")
        # A trump named late by a defender (ENC) says nothing of the Ombre's hand.
        self._trump_by_ombre = all(
            e.seat == view.ombre for e in view.events if A.is_trump(e.action)
        )
        self._demand_due = _demand_due(view)
        model = self.model
        self._reading = (
            PartnerReading(view, model) if model is not None and model.read_partner else None
        )
        self._template, self._named_after_discard = self._replay(self._layout(None))

    # -- setting up -------------------------------------------------------------------------------

    def _make_placer(self) -> _Placer:
        """The unseen cards, each with its tilt for each other hand (0 where a void forbids it)."""
        cards = cards_of_list(self._unseen)
        others = list(self._others.values())
        tilts = [
            tuple(0 if o.void >> card & 1 else self._tilt(o, card) for o in others)
            for card in cards
        ]
        return _Placer(cards, tilts, tuple(o.hand_count - o.known.bit_count() for o in others))

    def _tilt(self, other: _Other, card: Card) -> float:
        """How much likelier than uniform the proposal makes ``card`` in ``other``'s hand rather
        than in the free pile. The importance weight undoes it, so it only steers the draws.

        It follows the model's factor for each card: a card in the hand of a player who exchanged
        was kept (factor ``1 - p``, ``p`` the odds-derived chance he throws it) or drawn (factor
        1), mixed in the proportion he kept; a card in the free pile was thrown by one of the
        players (``p``) or lies in the stock (1), mixed in the pile's proportions. And the Ombre's
        bid and trump say he holds trumps.
        """
        trump = self.view.trump
        model = self.model
        if model is None or trump is None:
            return 1
        hand = 1.0
        if other.taken:
            p = _throw_chance(model, trump, other.is_ombre, card)
            size = self.view.rules.hand_size
            kept = (size - other.taken) / size
            hand = kept * (1 - p) + (1 - kept)
        free = self._free_size
        pile = self._stock_hidden / free if free else 1.0
        for o in self._others.values():
            if o.thrown and free:
                pile += o.thrown / free * _throw_chance(model, trump, o.is_ombre, card)
        tilt = hand / pile
        if other.is_ombre and TRUMP_MASK[trump] >> card & 1:
            tilt *= OMBRE_TRUMP_TILT
        if other.is_ombre and card == self.view.called:
            tilt *= model.own_call
        return tilt

    def _replay(self, layout: _Layout) -> tuple[Deal, bool]:
        """The template: one world replayed on the checked path from the deal, noting what the
        model needs (the bids open to each player, the bounds of each discard). Checks the view."""
        view = self.view
        dealt = self._dealt(layout)
        deal = Deal.from_cards(
            view.rules,
            view.dealer,
            [list(cards_of(h)) for h in dealt],
            self._stock(layout),
            self.pool_in,
        )
        model = self.model
        named_after_discard = False
        for actor, action, _ in self._history:
            other = self._others.get(actor)
            if action is None:
                action = A.discard_action(layout.thrown[actor])
            if other is not None and deal.phase_name == "auction":
                other.bids.append((action, tuple(deal.legal_actions())))
            if other is not None and A.is_discard(action) and model is not None:
                low, high = deal.discard_bounds(actor)
                last = deal.exchange_queue[-1] == actor
                stock = len(deal.stock_left)
                other.discard_range = model.discard_range(
                    low, high, stock, other.thrown, not other.is_ombre and not last
                )
            if A.is_discard(action) and actor == view.ombre and deal.trump is None:
                named_after_discard = True
            deal.apply(action)
        if not _same_view(view_of(deal, view.seat), view):
            raise OmbreError(f"seat {view.seat}'s view is not consistent with its history")
        return deal, named_after_discard

    # -- one world --------------------------------------------------------------------------------

    def _layout(self, rng: random.Random | None) -> _Layout:
        """Draw the hidden cards of one world; without ``rng``, one fixed consistent world.

        A demand due at Quadrille by three (:func:`_demand_due`) is the one condition the
        placing cannot express (the Ombre lacks one card of a few): a world that breaks it is
        drawn again, which keeps the draws uniform (or in proportion) among the rest."""
        layout = self._draw(rng)
        due = self._demand_due
        if due is not None:
            ombre, cards = due
            again = rng if rng is not None else random.Random(0)  # the template: any world
            while layout.hands[ombre] & cards == cards:
                layout = self._draw(again, weigh=rng is not None)
        return layout

    def _draw(self, rng: random.Random | None, weigh: bool = True) -> _Layout:
        """One world's hidden cards as the placing draws them (see :meth:`_layout`); its weight
        by the model's likelihood unless ``weigh`` is false (the template: it has no weight)."""
        n = self.view.seats
        hands = [0] * n
        hands[self.view.seat] = self.view.hand
        placed, free, product = self._placer.draw(rng)
        for other, cards in zip(self._others.values(), placed, strict=True):
            hands[other.seat] = cards | other.known
        layout = _Layout(hands, [0] * n, [0] * n, ())
        guided = rng is not None and self.model is not None and self.view.trump is not None
        weight = 1.0 / product
        weight /= self._throw(layout, free, rng, guided)
        for other in self._others.values():
            if other.taken:
                weight /= self._draw_taken(layout, other, rng, guided)
        if rng is not None and self.model is not None and weigh:
            weight *= self._likelihood(layout)
        layout.weight = weight
        return layout

    def _throw(
        self, layout: _Layout, free: list[Card], rng: random.Random | None, guided: bool
    ) -> float:
        """Share the free pile among the others' discards (in the order they threw) and the
        stock; returns the probability of the discards drawn (up to a constant)."""
        q = 1.0
        for seat in self._order:
            other = self._others.get(seat)
            if other is None or not other.thrown:
                continue
            k = other.thrown
            if rng is None:
                chosen, free = free[:k], free[k:]
            elif guided:
                assert self.model is not None and self.view.trump is not None
                odds = self.model.discard_odds(self.view.trump, other.is_ombre)
                chosen, free, p = _choose(free, [odds[c] / (1.0 + odds[c]) for c in free], k, rng)
                q *= p
            else:
                rng.shuffle(free)
                chosen, free = free[:k], free[k:]
            layout.thrown[seat] = mask_of(chosen)
        if self.view.stock_seen is not None:
            layout.stock_rest = self.view.stock_seen
        else:
            if rng is not None:
                rng.shuffle(free)
            layout.stock_rest = tuple(free)
        return q

    def _draw_taken(
        self, layout: _Layout, other: _Other, rng: random.Random | None, guided: bool
    ) -> float:
        """Choose which of the cards ``other`` holds or played he drew; returns the probability
        of the choice (up to a constant). Guided, a low card is likelier drawn than kept: a
        drawn card is any card, a kept one was worth keeping."""
        held = cards_of_list(layout.hands[other.seat] | other.played)
        k = other.taken
        q = 1.0
        if rng is None:
            drawn = held[:k]
        elif guided:
            assert self.model is not None and self.view.trump is not None
            odds = self.model.discard_odds(self.view.trump, other.is_ombre)
            drawn, _, q = _choose(held, [1.0 + odds[c] for c in held], k, rng)
        else:
            drawn = rng.sample(held, k)
        layout.drawn[other.seat] = mask_of(drawn)
        return q

    def _likelihood(self, layout: _Layout) -> float:
        """The probability, under the model, of every bid, trump and discard the others made."""
        model = self.model
        assert model is not None
        view = self.view
        p = 1.0
        for other in self._others.values():
            dealt = self._dealt_of(layout, other)
            if other.is_ombre and view.called is not None and dealt >> view.called & 1:
                p *= model.own_call  # he called a card he held: he plays alone
            for action, options in other.bids:
                p *= model.bid_probability(dealt, action, options)
            if other.is_ombre and view.trump is not None and self._trump_by_ombre:
                held = dealt & ~layout.thrown[other.seat] if self._named_after_discard else dealt
                p *= model.trump_probability(held, view.trump)
            if other.discard_range is not None and view.trump is not None:
                odds = model.discard_odds(view.trump, other.is_ombre)
                thrown = 1.0
                for c in cards_of_list(layout.thrown[other.seat]):
                    thrown *= odds[c]
                counts = other.discard_range
                sums = elementary_sums([odds[c] for c in cards_of_list(dealt)], counts[-1])
                p *= thrown / sum(sums[j] for j in counts)
        if self._reading is not None and self._reading.active:
            p *= self._reading.likelihood(layout.hands)
        return p

    # -- making deals -----------------------------------------------------------------------------

    def _dealt_of(self, layout: _Layout, other: _Other) -> CardSet:
        seat = other.seat
        held = (layout.hands[seat] | other.played | layout.thrown[seat]) & ~layout.drawn[seat]
        return self._as_dealt(seat, held)

    def _as_dealt(self, seat: int, held: CardSet) -> CardSet:
        """The hand ``seat`` was dealt, from what he held: undo the demand's hand-over."""
        if self._handed is None:
            return held
        ombre, giver, king, given = self._handed
        back = 0 if given is None else 1 << given
        if seat == ombre:
            return held & ~(1 << king) | back
        if seat == giver:
            return held & ~back | 1 << king
        return held

    def _dealt(self, layout: _Layout) -> list[CardSet]:
        view = self.view
        dealt = [0] * view.seats
        me = view.seat
        dealt[me] = self._as_dealt(me, (view.hand | view.discards | self._my_played) & ~view.drawn)
        for other in self._others.values():
            dealt[other.seat] = self._dealt_of(layout, other)
        return dealt

    def _stock(self, layout: _Layout) -> list[Card]:
        view = self.view
        stock: list[Card] = []
        for seat in self._order:
            if seat == view.seat:
                stock.extend(cards_of_list(view.drawn))
            else:
                stock.extend(cards_of_list(layout.drawn[seat]))
        stock.extend(layout.stock_rest)
        return stock

    def _deal(self, layout: _Layout) -> Deal:
        """The template with this world's hidden cards: the fields of a deal that hold them."""
        view = self.view
        deal = self._template.copy()
        hands = layout.hands[:]
        discards = layout.thrown[:]
        discards[view.seat] = view.discards
        deal.hands = hands
        deal.dealt = tuple(self._dealt(layout))
        deal.stock = tuple(self._stock(layout))
        deal.discards = discards
        for other in self._others.values():
            if other.discard_at is not None:
                deal.rewrite_hidden_action(
                    other.discard_at, A.discard_action(layout.thrown[other.seat])
                )
        ombre = self._others.get(deal.ombre) if deal.ombre is not None else None
        if ombre is not None and deal.ombre_hand:  # the Ombre's hand when play began
            deal.ombre_hand = hands[ombre.seat] | ombre.played
        if view.partner is None and deal.called is not None and deal.partner is not None:
            # The called card has not fallen: in this world its holder is the partner (the
            # Ombre himself, if he called his own king). Who that is, the view does not say.
            bit = 1 << deal.called
            deal.partner = next(s for s in range(view.seats) if hands[s] & bit)
        return deal

    # -- the API ----------------------------------------------------------------------------------

    def weighted(self, n: int, rng: random.Random) -> list[World]:
        """``n`` worlds drawn independently, with importance weights that sum to 1.

        With inference off they are uniform among the consistent worlds and weigh ``1 / n`` each.
        """
        layouts = [self._layout(rng) for _ in range(n)]
        weights = _normalised([lay.weight for lay in layouts])
        return [World(self._deal(lay), w) for lay, w in zip(layouts, weights, strict=True)]

    def resampled(self, n: int, rng: random.Random, oversample: int = 3) -> list[World]:
        """About ``n`` worlds, each as likely as its weight says: ``n * oversample`` drawn, ``n``
        kept by systematic resampling in proportion to their weights, and a draw kept ``k``
        times given once with weight ``k / n``; in the order drawn (a random order).

        For a search that may solve only its first few worlds (a node budget spent before the
        last): with :meth:`weighted` those few carry whatever weight they drew, a small share of
        the whole and most of it on one or two (docs/bots.md, "Worlds drawn by their weight");
        here each is a likely world. With inference off, :meth:`weighted`.
        """
        if self.model is None or oversample <= 1:
            return self.weighted(n, rng)
        pool = [self._layout(rng) for _ in range(n * oversample)]
        counts = _systematic_counts([lay.weight for lay in pool], n, rng)
        return [
            World(self._deal(lay), count / n)
            for lay, count in zip(pool, counts, strict=True)
            if count
        ]

    def worlds(self, n: int, rng: random.Random, oversample: int = 2) -> list[Deal]:
        """``n`` equally weighted worlds: ``n * oversample`` drawn, then ``n`` kept by systematic
        resampling in proportion to their weights (a world may be kept more than once; each kept
        world is its own deal). With inference off, ``n`` uniform worlds.

        A search that can weigh its results should prefer :meth:`weighted`: it wastes no draw.
        """
        if self.model is None or oversample <= 1:
            return [self._deal(self._layout(rng)) for _ in range(n)]
        pool = [self._layout(rng) for _ in range(n * oversample)]
        counts = _systematic_counts([lay.weight for lay in pool], n, rng)
        return [
            self._deal(lay) for lay, count in zip(pool, counts, strict=True) for _ in range(count)
        ]


def _systematic_counts(weights: list[float], n: int, rng: random.Random) -> list[int]:
    """How many times each of ``weights``' draws is kept when ``n`` are kept in proportion to
    them by systematic resampling (one random offset, then every ``1 / n`` of the cumulative
    weight); the counts sum to ``n``."""
    counts = [0] * len(weights)
    step = 1.0 / n
    point = rng.random() * step
    cumulative = 0.0
    kept = 0
    for i, weight in enumerate(_normalised(weights)):
        cumulative += weight
        while point < cumulative and kept < n:
            counts[i] += 1
            kept += 1
            point += step
    counts[-1] += n - kept  # rounding at the very end of the pile
    return counts


def _normalised(weights: list[float]) -> list[float]:
    """The weights scaled to sum to 1; equal if they cannot be (all zero, or overflowed)."""
    total = sum(weights)
    if not 0.0 < total < float("inf"):
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


def _same_view(a: View, b: View) -> bool:
    """Equal in every field but the settlement (which needs the pool, not in the view)."""
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(View) if f.name != "result")


def weighted_worlds(
    view: View, n: int, rng: random.Random, *, inference: bool = True
) -> list[World]:
    """``n`` worlds for ``view`` with their weights (summing to 1); uniform if not ``inference``."""
    return Sampler(view, "table" if inference else None).weighted(n, rng)


def sample_worlds(
    view: View, n: int, rng: random.Random, *, inference: bool = True, oversample: int = 2
) -> list[Deal]:
    """``n`` equally weighted worlds for ``view``: resampled by inference, or uniform."""
    return Sampler(view, "table" if inference else None).worlds(n, rng, oversample)
