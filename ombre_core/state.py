"""One deal of Ombre, from the deal to the settlement, as a state machine.

``Deal`` follows OpenSpiel's shape: whose turn it is (:attr:`Deal.to_move`), the legal actions
(:meth:`Deal.legal_actions`), :meth:`Deal.apply` (checked: an illegal action raises
:class:`~ombre_core.errors.IllegalAction` naming the action, the seat and the reason, and leaves the
state as it was) and :meth:`Deal.apply_unchecked` (the fast path for search: it trusts its caller).
:meth:`Deal.copy` is cheap, so search copies instead of undoing. Players see the deal only through
:func:`ombre_core.views.view_of`, and :func:`ombre_core.scoring.settle` says what a finished deal
pays: the deal knows neither, so the modules' arrows point one way (cards ← rules ← state ← views,
scoring).

The procedure, with sources (compendium ``ombre-rules.md``):

* Deal (§4): the rules' packets round the table (by three: nine cards each in packets of three,
  thirteen to the stock), starting with the eldest hand, the player on the dealer's right. Seats
  are numbered in the order of play, so the eldest is ``(dealer + 1) % seats``.
* Auction (§5.2): each player speaks once, eldest first: ``pass``, ``play`` (ask leave, taking in)
  or ``sans-prendre``. After an ask, later players may only pass or offer sans prendre; after a
  sans-prendre offer, only pass (the first offer in turn order stands, §15 #7). If the rules let an
  overcalled asker keep the game (classic, EB1911, HOY), he then answers ``sans-prendre`` to keep it
  or ``pass`` to yield; under RG Addition 1 the asker is bound to take in and the overcaller plays.
  If all pass, the deal ends and the next dealer deals (§15 #5). Under the encyclopaedia's
  reading (``Rules.overcall`` false) the first who undertakes the game is the Ombre at once.
* Exchange (§6.2): an Ombre who takes in discards, names the trump before he sees his new cards
  (RG Addition 2) and draws; a sans-prendre Ombre only names the trump. Where the rules say so
  (``Rules.trump_named_late``, ENC) he may instead take in first (``draw``): then each defender in
  turn, from his right, may name the trump or pass, and if neither names it, he does. Then the
  defender on his right and then the other discard and draw in turn (RG "after him the second";
  CG). Draws come off the top of the stock.
* Play (§7, §3.2): the eldest leads to the first trick; suit must be followed, with no duty to trump
  or to win; the matadors' privilege: when a trump is led, a player whose only trumps are matadors
  need not play one, unless a higher matador forces a lower one. The winner leads to the next trick.
* Ombre by five (variants.md §1; ENC, CG): no stock, so no exchange. An Ombre who asked leave
  names the trump and then calls a king (``call Kh``), any but the king of trumps; its holder is
  his partner, which the deal knows and each view hides until the king is played. When every
  other player has passed, the youngest hand must play (CG).
* Quadrille (variants.md §3; HOY, CG): the same call, or a queen when the caller holds every king
  he could call (HOY law 12, ``call Qh``). When all four pass, the holder of Spadille must play,
  calling (*forced Spadille*, HOY law 2): the auction's last ``pass`` makes him the Ombre.
* Quadrille by three (variants.md §3.2; CG p. 46): thirty cards; the Ombre who asked leave names
  the trump and demands a king he lacks (``call Kh``): its holder hands it over at once and the
  Ombre gives him any other card (``give 3c``), in view of all (CG: the third player "may look at
  it"). Then the Ombre plays alone.
* The vole (§15 #24) may be declared by the Ombre on his turn within the preset's window, while he
  has won every trick so far.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple

from . import actions as A
from .actions import Act
from .cards import (
    KING,
    PACK_SIZE,
    QUEEN,
    Card,
    CardSet,
    Suit,
    cards_of,
    format_card,
    format_cards,
    make_card,
    mask_of,
    suit_of,
)
from .errors import IllegalAction, InvalidNotation
from .i18n import tr
from .jsontext import brief
from .rules import Rules
from .tables import EFFECTIVE_SUIT, SPADILLE, TRUMP
from .tricks import legal_cards, trick_winner


class Phase(IntEnum):
    """Where a deal stands: whose turn it is to do what."""

    AUCTION = 0
    REPLY = 1
    """An asker overcalled by a sans-prendre offer keeps the game or yields (when the rules let
    him)."""
    DISCARD = 2
    TRUMP_CHOICE = 3
    PLAY = 4
    OVER = 5
    CALL = 6
    """The Ombre calls a king, after naming the trump (Ombre by five)."""
    GIVE = 7
    """The Ombre gives a card for the king he demanded (Quadrille by three)."""
    LATE_TRUMP = 8
    """The Ombre took in without naming the trump: each defender in turn, from his right, may
    name it or pass; then the Ombre must (ENC; RG Addition 2; ``Rules.trump_named_late``)."""

    @property
    def stage(self) -> str:
        """The stage a player would name: ``auction``, ``exchange``, ``play`` or ``over``."""
        return _STAGES[self]


_new_tuple = tuple.__new__

_PLAIN_SUIT = tuple(mask_of(c for c in range(PACK_SIZE) if suit_of(c) == s) for s in range(4))
"""The cards of each suit as printed (a trump may be named only from a suit in the pack)."""

_STAGES = (
    "auction", "auction", "exchange", "exchange", "play", "over", "exchange", "exchange", "exchange"
)  # fmt: skip
# Plain ints for the hot paths: an enum member's attribute lookup costs more than a global.
_AUCTION, _REPLY, _DISCARD, _TRUMP_CHOICE, _PLAY, _OVER, _CALL, _GIVE, _LATE_TRUMP = (
    int(p) for p in Phase
)

Trick = tuple[int, tuple[Card, ...], int]
"""A finished trick: (leader, cards in playing order, winner)."""


class Event(NamedTuple):
    """What one action did: :meth:`Deal.apply` returns it and the deal keeps every one.

    Narration, animation and replay read events instead of replaying the deal (pokerkit's
    operations). An event holds hidden facts (the cards discarded and drawn); a seat's
    :class:`~ombre_core.views.View` holds the events censored for that seat.
    """

    seat: int
    action: A.Action
    phase: Phase
    """The phase the action was taken in (a pass in :attr:`Phase.REPLY` yields the game)."""
    drawn: CardSet = 0
    """The cards this action took in from the stock (a discard, or the Ombre's trump)."""
    taken: int = 0
    """How many cards it took in (public)."""
    won: int = -1
    """The seat that won the trick this card completed, or -1."""
    discarded: int = 0
    """How many cards a discard laid out (public, whoever may see which)."""


def _check_dealer(dealer: object, seats: int) -> None:
    """Refuse a dealer who is not one of the ``seats`` (every way a deal is made asks)."""
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise InvalidNotation(tr("error.dealer", last=seats - 1, value=brief(dealer)))


class Deal:
    """The state of one deal. Create it with :meth:`from_seed` or :meth:`from_cards`."""

    __slots__ = (
        "_log",
        "asker",
        "bids",
        "called",
        "contract",
        "dealer",
        "dealt",
        "demanded_from",
        "discards",
        "drawn",
        "exchange_pos",
        "exchange_queue",
        "gano_by",
        "hands",
        "leader",
        "ombre",
        "ombre_hand",
        "partner",
        "passes",
        "pending_draw",
        "phase",
        "pool_in",
        "rules",
        "sans_prendre_bidder",
        "seats",
        "spoken",
        "stock",
        "taken",
        "to_move",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "vole_declared",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[CardSet],
        stock: Sequence[Card],
        pool_in: int = 0,
    ) -> None:
        """Start a deal from dealt hands (bitmasks, by seat) and the stock (top card first).

        ``pool_in`` is what lies in the pool from earlier deals, before this deal's stakes: the
        settlement needs it (a win takes the pool; a repuesto doubles it).
        """
        n = rules.seats
        _check_dealer(dealer, n)
        self.rules = rules
        self.seats = n
        self.dealer = dealer
        self.hands = list(hands)
        self.dealt: tuple[CardSet, ...] = tuple(hands)
        self.stock = tuple(stock)
        self.drawn = 0
        self.pool_in = pool_in
        self.phase: Phase = Phase.AUCTION
        self.to_move: int | None = (dealer + 1) % n
        self.bids: list[A.Action | None] = [None] * n
        self.passes = [0] * n
        self.spoken = 0
        self.asker: int | None = None
        self.sans_prendre_bidder: int | None = None
        self.ombre: int | None = None
        self.called: Card | None = None
        """The king the Ombre called (public)."""
        self.partner: int | None = None
        """The seat holding the called king (the Ombre himself if he called his own): the deal
        knows him from the call; views show him only to those who may know."""
        self.demanded_from: int | None = None
        """The seat that handed over the king the Ombre demanded (Quadrille by three, public)."""
        self.contract: A.Action | None = None
        self.trump: Suit | None = None
        self.exchange_queue: tuple[int, ...] = ()
        self.exchange_pos = 0
        self.pending_draw = 0
        self.discards = [0] * n
        self.taken = [0] * n
        self.ombre_hand = 0
        self.leader = (dealer + 1) % n
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self.vole_declared = False
        self.gano_by = -1
        """The seat that said *Gano* in the trick being played, or -1."""
        self._log: list[tuple[int, A.Action, Phase, int, int, int]] = []
        """One plain tuple per action (cheaper to make than an :class:`Event`): its fields but
        ``drawn``, which the stock's order gives (draws come off its top in the log's order)."""

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        pool_in: int = 0,
    ) -> Deal:
        """A deal from explicit hands and stock, checked: every card once, right counts."""
        n = rules.seats
        if len(hands) != n:
            raise InvalidNotation(tr("error.deal.hands", n=n, got=len(hands)))
        seen = 0
        for seat, hand in enumerate(hands):
            if len(hand) != rules.hand_size:
                raise InvalidNotation(
                    tr("error.deal.hand", seat=seat, got=len(hand), n=rules.hand_size)
                )
            for card in hand:
                if seen >> card & 1:
                    raise InvalidNotation(tr("error.deal.twice", card=format_card(card)))
                seen |= 1 << card
        stock_size = rules.stock_size
        if len(stock) != stock_size:
            raise InvalidNotation(tr("error.deal.stock", got=len(stock), n=stock_size))
        for card in stock:
            if seen >> card & 1:
                raise InvalidNotation(tr("error.deal.twice", card=format_card(card)))
            seen |= 1 << card
        if seen != rules.pack:
            raise InvalidNotation(tr("error.deal.pack", n=rules.pack.bit_count()))
        return cls(rules, dealer, [mask_of(h) for h in hands], stock, pool_in)

    @classmethod
    def from_seed(cls, rules: Rules, seed: int, dealer: int = 0, pool_in: int = 0) -> Deal:
        """Shuffle with ``random.Random(seed)`` and deal by packets to the dealer's right.

        The same seed gives the same deal on every platform (CPython and Pyodide share the
        Mersenne Twister and ``shuffle``).
        """
        pack = list(cards_of(rules.pack))
        random.Random(seed).shuffle(pack)
        return cls.from_pack(rules, pack, dealer, pool_in)

    @classmethod
    def from_pack(
        cls, rules: Rules, pack: Sequence[Card], dealer: int = 0, pool_in: int = 0
    ) -> Deal:
        """Deal a shuffled pack (top card first) in packets, beginning with the eldest hand."""
        n = rules.seats
        _check_dealer(dealer, n)  # before the dealer's seat places the packets
        hands = [0] * n
        pos = 0
        for packet in rules.packets:
            for i in range(n):
                seat = (dealer + 1 + i) % n
                for card in pack[pos : pos + packet]:
                    hands[seat] |= 1 << card
                pos += packet
        return cls(rules, dealer, hands, pack[pos:], pool_in)

    def copy(self) -> Deal:
        """A cheap independent copy (the fast way to branch in a search)."""
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = self.hands[:]
        new.bids = self.bids[:]
        new.passes = self.passes[:]
        new.discards = self.discards[:]
        new.taken = self.taken[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new._log = self._log[:]
        return new

    # ---- public facts ------------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """What every action so far did, in order."""
        out = []
        top = 0
        stock = self.stock
        for seat, action, phase, taken, won, discarded in self._log:
            drawn = 0
            if taken:
                for card in stock[top : top + taken]:
                    drawn |= 1 << card
                top += taken
            out.append(_new_tuple(Event, (seat, action, phase, drawn, taken, won, discarded)))
        return out

    def rewrite_hidden_action(self, index: int, action: A.Action) -> None:
        """Put ``action`` (a discard of other cards) in the log at ``index``, unchecked.

        For samplers, which build a world by giving a template deal other hidden cards: the
        hands, the stock and the discards are theirs to set; this sets the log's word for it.
        """
        seat, _, phase, taken, won, discarded = self._log[index]
        self._log[index] = (seat, action, phase, taken, won, discarded)

    @property
    def history(self) -> list[A.Action]:
        """Every action so far, in order."""
        return [raw[1] for raw in self._log]

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.seats

    @property
    def phase_name(self) -> str:
        """The stage a player would name: ``auction``, ``exchange``, ``play`` or ``over``."""
        return _STAGES[self.phase]

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def stock_left(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first."""
        return self.stock[self.drawn :]

    def discard_bounds(self, seat: int) -> tuple[int, int]:
        """How many cards ``seat`` may discard now: (fewest, most)."""
        left = len(self.stock) - self.drawn
        most = min(self.hands[seat].bit_count(), left)
        if seat == self.ombre:
            return min(self.rules.min_ombre_discard, most), most
        if self.exchange_pos == len(self.exchange_queue) - 2:
            most = max(0, min(most, left - self.rules.first_defender_leaves))
        return 0, most

    # ---- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[A.Action]:
        """Every action the player to move may take, in a fixed order."""
        phase = self.phase
        if phase == _PLAY:
            legal = list(cards_of(self.legal_cards()))
            if self._may_declare_vole():
                legal.append(Act.VOLE)
            if self._may_say_gano():
                legal.append(Act.GANO)
            return legal
        if phase == _AUCTION:
            if self.sans_prendre_bidder is not None:
                return [Act.PASS]
            if self.asker is not None:
                return [Act.PASS, Act.SANS_PRENDRE]
            if self.spoken == self.seats - 1 and self.rules.all_pass == "youngest-plays":
                return [Act.PLAY, Act.SANS_PRENDRE]  # CG, by five: the youngest must play
            return [Act.PASS, Act.PLAY, Act.SANS_PRENDRE]
        if phase == _REPLY:
            return [Act.PASS, Act.SANS_PRENDRE]
        if phase == _TRUMP_CHOICE:  # any suit of the pack (CG: not the suit laid aside)
            suits = self._trump_suits()
            return [*suits, Act.DRAW] if self._may_draw_first() else suits
        if phase == _LATE_TRUMP:
            suits = self._trump_suits()
            return suits if self.to_move == self.ombre else [*suits, Act.PASS]
        if phase == _CALL:
            return self._calls()
        if phase == _GIVE:  # any card but the king he has just demanded (CG p. 46)
            assert self.ombre is not None
            hand = self.hands[self.ombre] & ~(1 << (self.called or 0))
            return [Act.GIVE + c for c in cards_of(hand)]
        if phase == _DISCARD:
            assert self.to_move is not None
            return _discards(self.hands[self.to_move], *self.discard_bounds(self.to_move))
        return []

    def _calls(self) -> list[A.Action]:
        """Any king of the pack but the king of trumps (CG); the queens too, not of trumps, when
        the caller holds every such king and the rules allow it (HOY law 12)."""
        assert self.ombre is not None and self.trump is not None
        hand = self.hands[self.ombre]
        # a demanded card comes from another hand: never one the Ombre holds (CG p. 46)
        other = 0 if self.rules.partnership == "called-king" else hand
        kings, queens = callable_cards(self.rules, self.trump)
        suits = [s for s in range(4) if kings >> make_card(KING, s) & 1]
        calls = [Act.CALL + s for s in suits if not other >> make_card(KING, s) & 1]
        if self.rules.queen_when_kings_held and kings & hand == kings:
            calls += [
                Act.CALL_QUEEN + s for s in suits if (queens & ~other) >> make_card(QUEEN, s) & 1
            ]
        return calls

    @property
    def forced_spadille(self) -> bool:
        """Whether the Ombre plays because all passed and he holds Spadille (HOY law 2)."""
        return self.ombre is not None and self.asker is None and self.sans_prendre_bidder is None

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play (a bitmask): see :mod:`ombre_core.tricks`."""
        assert self.to_move is not None and self.trump is not None
        return legal_cards(
            self.hands[self.to_move], self.trick, self.trump, self.rules.matador_forced_by
        )

    def _trump_suits(self) -> list[A.Action]:
        """Naming each suit of the pack as trumps (CG: not the suit laid aside at Quadrille by
        three)."""
        return [Act.TRUMP + s for s in range(4) if self.rules.pack & _PLAIN_SUIT[s]]

    def _may_draw_first(self) -> bool:
        """May the Ombre take in before naming the trump (and so let another name it)?"""
        return self.rules.trump_named_late and self.contract == Act.PLAY and self.pending_draw > 0

    def _may_declare_vole(self) -> bool:
        # Asked at every card of the play: the cheap refusals come first.
        ombre = self.ombre
        if self.vole_declared or ombre is None:
            return False
        rules = self.rules
        by_side = rules.vole_by_side
        if not by_side and self.to_move != ombre:
            return False
        done = len(self.tricks)
        if not rules.vole_window_open(done, bool(self.trick)):
            return False
        if self.forced_spadille:  # HOY law 16
            return False
        if not by_side:
            won = self.tricks_won[ombre]
            return won == done and won >= rules.vole_declare_after_winning
        # HOY law 11: whoever of the side won the last trick of the game plays for the vole;
        # law 19: only once the called card has shown who the partner is.
        partner = self.partner
        side = (ombre,) if partner is None else (ombre, partner)
        if self.to_move not in side or self.trick:
            return False
        if partner not in (None, ombre):
            assert self.called is not None
            if not self.played_cards() >> self.called & 1:
                return False
        won = sum(self.tricks_won[s] for s in set(side))
        return won == done and won >= self.rules.vole_declare_after_winning

    def _may_say_gano(self) -> bool:
        """A defender may say *Gano* with his card, once a trick, when someone plays after him.

        RG: "Gagno, that is, 'tis mine, simply, when you play your Card, to hinder the third from
        taking it ... but this you cannot say till it come unto your turn"; CG: the Ombre may not
        (he is beasted for it), so the engine does not offer it to him. One *Gano* a trick: it is
        said by whoever first wants the trick (MOR: "the first defender who plays over").
        """
        return (
            self.rules.gano is not None
            and self.to_move != self.ombre
            and self.gano_by < 0
            and len(self.trick) < self.seats - 1
        )

    # ---- applying actions --------------------------------------------------------------------

    def apply(self, action: A.Action | str) -> Event:
        """Apply ``action`` (an int or its notation) after checking it is legal; return its event.

        Raises :class:`InvalidNotation` for a string that is not an action, and
        :class:`IllegalAction` for one the rules forbid now; the state is then unchanged.
        """
        if isinstance(action, str):
            action = A.parse_action(action)
        reason = self.why_illegal(action)
        if reason is not None:
            text = brief(action)
            if isinstance(action, int) and not isinstance(action, bool):
                with contextlib.suppress(InvalidNotation):
                    text = A.format_action(action)
            raise IllegalAction(text, self.to_move, reason)
        self.apply_unchecked(action)
        seat, action, phase, taken, won, discarded = self._log[-1]
        drawn = 0
        if taken:  # this action's draw: the last cards taken off the stock
            for card in self.stock[self.drawn - taken : self.drawn]:
                drawn |= 1 << card
        return _new_tuple(Event, (seat, action, phase, drawn, taken, won, discarded))

    def why_illegal(self, action: A.Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason in words."""
        if not isinstance(action, int) or isinstance(action, bool):
            return tr("error.not-an-action")
        phase = self.phase
        if phase == _OVER:
            return tr("error.deal-over")
        seat = self.to_move
        assert seat is not None
        if phase == _DISCARD:
            if not A.is_discard(action):
                return tr("error.exchange")
            mask = A.discard_mask(action)
            if mask >> PACK_SIZE:
                return tr("error.not-cards")
            missing = mask & ~self.hands[seat]
            if missing:
                return tr("error.not-in-hand", cards=format_cards(cards_of(missing)), seat=seat)
            low, high = self.discard_bounds(seat)
            k = mask.bit_count()
            if k < low:
                return tr("error.discard-at-least", n=low)
            if k > high:
                left = len(self.stock) - self.drawn
                return tr("error.discard-at-most", n=high, left=left)
            return None
        if phase == _PLAY and 0 <= action < PACK_SIZE and self.legal_cards() >> action & 1:
            return None  # a card that may be played: the common case, without listing the rest
        if action in self.legal_actions():
            return None
        if phase in (_AUCTION, _REPLY):
            words = tr("error.or").join(A.format_action(a) for a in self.legal_actions())
            return tr("error.auction", seat=seat, words=words)
        if phase == _TRUMP_CHOICE:
            if self._may_draw_first():
                return tr("error.trump.or-draw")
            return tr("error.trump")
        if phase == _LATE_TRUMP:
            if seat == self.ombre:
                return tr("error.late-trump.ombre")
            return tr("error.late-trump")
        if phase == _CALL:
            words = ", ".join(A.format_action(a) for a in self.legal_actions())
            return tr("error.call", legal=words)
        if phase == _GIVE:
            return tr("error.give")
        if action == Act.VOLE:
            if self.rules.vole_by_side:
                return tr("error.vole.side")
            return tr("error.vole")
        if action == Act.GANO:
            return self._why_no_gano()
        if not A.is_card(action):
            return tr("error.play")
        if not self.hands[seat] >> action & 1:
            return tr("error.card-not-in-hand", card=format_card(action), seat=seat)
        return self._why_card_illegal(action)

    def _why_no_gano(self) -> str:
        if self.rules.gano is None:
            return tr("error.gano.none")
        if self.to_move == self.ombre:
            return tr("error.gano.ombre")
        if self.gano_by >= 0:
            return tr("error.gano.said")
        return tr("error.gano.last")

    def _why_card_illegal(self, card: Card) -> str:
        assert self.trump is not None
        trump = self.trump
        led = EFFECTIVE_SUIT[trump][self.trick[0]]
        legal = format_cards(cards_of(self.legal_cards()))
        if led == TRUMP:
            return tr("error.follow-trump", legal=legal)
        return tr("error.follow-suit", legal=legal)

    def apply_unchecked(self, action: A.Action) -> None:
        """Apply ``action`` without checking it: the fast path for search.

        An illegal action here corrupts the state; use :meth:`apply` for anything not generated
        by :meth:`legal_actions`.
        """
        seat = self.to_move
        assert seat is not None
        phase = self.phase
        if phase == _PLAY:
            if action == Act.VOLE or action == Act.GANO:
                if action == Act.VOLE:
                    self.vole_declared = True
                else:
                    self.gano_by = seat
                self._log.append((seat, action, phase, 0, -1, 0))
                return
            self.hands[seat] &= ~(1 << action)
            trick = self.trick
            trick.append(action)
            if len(trick) < self.seats:
                self.to_move = (seat + 1) % self.seats
                self._log.append((seat, action, phase, 0, -1, 0))
                return
            assert self.trump is not None
            winner = (self.leader + trick_winner(trick, self.trump)) % self.seats
            self.tricks.append((self.leader, tuple(trick), winner))
            self.tricks_won[winner] += 1
            self.trick = []
            self.gano_by = -1
            self.leader = self.to_move = winner
            self._log.append((seat, action, phase, 0, winner, 0))
            if len(self.tricks) == self.rules.tricks:
                self._finish()
            return
        if phase == _AUCTION:
            self.bids[seat] = action
            if action == Act.PASS:
                self.passes[seat] += 1
            elif action == Act.PLAY:
                self.asker = seat
            else:
                self.sans_prendre_bidder = seat
            self.spoken += 1
            if action != Act.PASS and not self.rules.overcall:
                # ENC: the first who undertakes the game is the Ombre; the rest do not speak
                self._log.append((seat, action, phase, 0, -1, 0))
                self._close_auction()
                return
            if self.spoken < self.seats:
                self.to_move = (seat + 1) % self.seats
            else:
                self._log.append((seat, action, phase, 0, -1, 0))
                self._close_auction()
                return
        elif phase == _DISCARD:
            mask = action ^ Act.DISCARD
            self.hands[seat] ^= mask
            self.discards[seat] |= mask
            if seat == self.ombre and self.trump is None:
                self.pending_draw = mask.bit_count()
                self.phase = Phase.TRUMP_CHOICE  # RG Addition 2: name the trump before taking in
                self._log.append((seat, action, phase, 0, -1, self.pending_draw))
                return
            k = mask.bit_count()
            self._draw(seat, k)
            self._log.append((seat, action, phase, k, -1, k))
            self._next_exchanger()
            return
        elif phase == _TRUMP_CHOICE:
            if action == Act.DRAW:  # ENC, RG Addition 2: he looks first; another may name it
                k = self.pending_draw
                self._draw(seat, k)
                self._log.append((seat, action, phase, k, -1, 0))
                self.pending_draw = 0
                self.phase = Phase.LATE_TRUMP
                self.to_move = (seat + 1) % self.seats
                return
            self.trump = action - Act.TRUMP
            if self.contract == Act.PLAY:
                self._draw(seat, self.pending_draw)
                self._log.append((seat, action, phase, self.pending_draw, -1, 0))
                self.pending_draw = 0
                if self.rules.partnership != "alone" and self._calls():
                    self.phase = Phase.CALL  # the Ombre names the trump, then calls (CG)
                    return
                self._next_exchanger()
                return
            if not self.exchange_queue:  # no stock: nobody exchanges
                self._log.append((seat, action, phase, 0, -1, 0))
                self._start_play()
                return
            self.phase = Phase.DISCARD
            self.to_move = self.exchange_queue[0]
        elif phase == _CALL:
            card = A.called_card(action)
            self.called = card
            bit = 1 << card
            holder = next(s for s in range(self.seats) if self.hands[s] & bit)
            self._log.append((seat, action, phase, 0, -1, 0))
            if self.rules.partnership == "demanded-king":  # handed over at once (CG p. 46)
                self.demanded_from = holder
                self.hands[holder] ^= bit
                self.hands[seat] |= bit
                self.phase = Phase.GIVE
                return
            self.partner = holder
            self._next_exchanger()
            return
        elif phase == _GIVE:
            card = action - Act.GIVE
            assert self.demanded_from is not None
            self.hands[seat] ^= 1 << card
            self.hands[self.demanded_from] |= 1 << card
            self._log.append((seat, action, phase, 0, -1, 0))
            self._next_exchanger()
            return
        elif phase == _LATE_TRUMP:
            self._log.append((seat, action, phase, 0, -1, 0))
            if action == Act.PASS:  # leave it to the next, and at last to the Ombre (CG)
                self.to_move = (seat + 1) % self.seats
                return
            self.trump = action - Act.TRUMP
            self._next_exchanger()
            return
        elif phase == _REPLY:
            assert self.asker is not None and self.sans_prendre_bidder is not None
            self.bids[seat] = action
            keeps = action == Act.SANS_PRENDRE
            self._log.append((seat, action, phase, 0, -1, 0))
            self._open_exchange(self.asker if keeps else self.sans_prendre_bidder, Act.SANS_PRENDRE)
            return
        self._log.append((seat, action, phase, 0, -1, 0))

    def _close_auction(self) -> None:
        if self.sans_prendre_bidder is not None:
            if self.asker is not None and self.rules.asker_may_keep:
                self.phase = Phase.REPLY
                self.to_move = self.asker
                return
            self._open_exchange(self.sans_prendre_bidder, Act.SANS_PRENDRE)
        elif self.asker is not None:
            self._open_exchange(self.asker, Act.PLAY)
        elif self.rules.all_pass == "spadille-plays":  # HOY law 2: forced Spadille, calling
            holder = next(s for s in range(self.seats) if self.dealt[s] >> SPADILLE & 1)
            self._open_exchange(holder, Act.PLAY)
        else:
            self._finish()

    def _open_exchange(self, ombre: int, contract: A.Action) -> None:
        n = self.seats
        self.ombre = ombre
        self.contract = contract
        defenders = tuple((ombre + i) % n for i in range(1, n))
        if not self.stock:  # no stock, no exchange: the Ombre names the trump (and calls)
            self.exchange_queue = ()
            self.phase = Phase.TRUMP_CHOICE
        elif contract == Act.PLAY:
            self.exchange_queue = (ombre, *defenders)
            self.phase = Phase.DISCARD
        else:
            self.exchange_queue = defenders
            self.phase = Phase.TRUMP_CHOICE
        self.exchange_pos = 0
        self.to_move = ombre

    def _draw(self, seat: int, k: int) -> None:
        """Take ``k`` cards off the top of the stock into ``seat``'s hand."""
        for card in self.stock[self.drawn : self.drawn + k]:
            self.hands[seat] |= 1 << card
        self.drawn += k
        self.taken[seat] += k

    def _next_exchanger(self) -> None:
        self.exchange_pos += 1
        if self.exchange_pos < len(self.exchange_queue):
            self.phase = Phase.DISCARD
            self.to_move = self.exchange_queue[self.exchange_pos]
            return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        assert self.ombre is not None
        self.ombre_hand = self.hands[self.ombre]
        self.leader = self.to_move = self.eldest  # §15 #16: the eldest leads whoever is Ombre

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_move = None

    # ---- information -------------------------------------------------------------------------

    def played_cards(self) -> CardSet:
        """Every card played to a trick so far (public)."""
        mask = mask_of(self.trick)
        for _, cards, _ in self.tricks:
            mask |= mask_of(cards)
        return mask

    def __repr__(self) -> str:
        return (
            f"<Deal {self.rules.id} dealer={self.dealer} phase={self.phase_name} "
            f"actions={len(self._log)}>"
        )


def nth_deal_seed(seed: int, number: int) -> int:
    """The seed (for :meth:`Deal.from_seed`) of deal ``number`` of a run seeded ``seed``, as a
    session numbers its deals and a duel its duplicate deals (the kept duels' files name each
    deal by it)."""
    return seed * 1_000_003 + number


@functools.cache
def callable_cards(rules: Rules, trump: int) -> tuple[CardSet, CardSet]:
    """The kings an Ombre may call or demand, whoever holds them: any of the pack's but the king
    of trumps (CG); and the queens of their suits in the pack, which he may call instead when he
    holds every such king and the rules allow it (HOY law 12). :meth:`Deal.legal_actions` takes
    out what the hand rules out; the sampler reads what a call, or none, showed of the hand."""
    kings = queens = 0
    for suit in range(4):
        king = make_card(KING, suit)
        if suit != trump and rules.pack >> king & 1:
            kings |= 1 << king
            queens |= rules.pack & 1 << make_card(QUEEN, suit)
    return kings, queens


def _positions(n: int, low: int, high: int) -> tuple[int, ...]:
    """Every subset of ``n`` positions with ``low`` to ``high`` members, as a mask of positions,
    largest first."""
    return tuple(i for i in range((1 << n) - 1, -1, -1) if low <= i.bit_count() <= high)


def _discards(hand: CardSet, low: int, high: int) -> list[A.Action]:
    """Every discard of ``low`` to ``high`` cards of ``hand``, largest card mask first.

    Asked at every exchange, so the subsets come from a cached list of positions: position ``j``
    stands for the ``j``-th lowest card, and that map keeps the order (a larger position mask is
    a larger card mask). Two tables of the first five cards and of the rest turn a position mask
    into cards with two lookups.
    """
    cards = list(cards_of(hand))
    low_table = [0]
    for card in cards[:5]:
        low_table += [mask | 1 << card for mask in low_table]
    high_table = [0]
    for card in cards[5:]:
        high_table += [mask | 1 << card for mask in high_table]
    discard = Act.DISCARD
    return [
        discard | low_table[i & 31] | high_table[i >> 5] for i in _positions(len(cards), low, high)
    ]
