"""What one player may know of a deal: the only way bots and the UI see the game.

A :class:`View` holds the player's own hand and own discards, everything said and played, and the
public counts (cards in each hand, cards each player took in, cards left in the stock). The other
hands, the stock and the others' discards are never in it, except the rest of the stock where the
rules let everyone look at it once play has begun (RG: "which, the Table lead once, usually is
done"; compendium §15 #13). Past tricks are always in it: every player saw them played (RG lets
anyone look at the tricks, "which ordinarily is resolved on the Affirmative").

At Ombre by five the king the Ombre called is public, but not who holds it: the holder "without
discovering himself, is to assist him as a partner" (ENC). A view names the partner only to the
partner himself (the Ombre too, if he called his own king) and, for everyone, once the called king
has been played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Act, Action, format_action, is_give
from .cards import Card, CardSet, mask_of
from .rules import Rules
from .scoring import pool_now, result_of
from .state import Phase

if TYPE_CHECKING:
    from .scoring import Settlement
    from .state import Deal, Event, Trick


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a deal (immutable)."""

    seat: int
    rules: Rules
    seats: int
    dealer: int
    eldest: int
    phase: str
    """The stage a player would name: ``auction``, ``exchange``, ``play`` or ``over``."""
    step: Phase
    """The exact phase (a reply to an overcall, a discard, the naming of the trump...)."""
    to_move: int | None
    hand: CardSet
    discards: CardSet
    """This seat's own discards."""
    drawn: CardSet
    """The cards this seat took in from the stock (it saw them come)."""
    events: tuple[Event, ...]
    """Every action in order, as this seat saw it (:func:`censored`)."""
    bids: tuple[Action | None, ...]
    ombre: int | None
    called: Card | None
    """The king the Ombre called (public), else None."""
    partner: int | None
    """The seat holding the called king, when this seat may know it: its holder knows, and
    everyone once the king is played. ``None`` when there is no call or it is not known here."""
    contract: Action | None
    trump: int | None
    hand_counts: tuple[int, ...]
    taken: tuple[int, ...]
    stock_count: int
    stock_seen: tuple[Card, ...] | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    played: CardSet
    vole_declared: bool
    gano: int | None
    """The seat that said *Gano* in the trick being played (public: it is said aloud), else
    ``None``."""
    legal: tuple[Action, ...]
    """The legal actions when this seat is to move, else empty."""
    discard_bounds: tuple[int, int] | None
    """How many cards this seat may discard now (fewest, most), when it is to discard."""
    pool: int
    """What lies in the pool now: what the Ombre plays for, this deal's stakes and fees in."""
    pool_in: int
    """What lay in the pool from earlier deals when this deal began."""
    result: Settlement | None
    demanded_from: int | None = None
    """The seat that handed over the king the Ombre demanded (Quadrille by three: done in view
    of all, as is the card the Ombre gives back), else ``None``."""

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """Every action in order as (seat, notation); another seat's discard shows only how many
        cards it was, as ``discard #3``."""
        return tuple(
            (e.seat, f"discard #{e.discarded}")
            if e.action == Act.DISCARD and e.seat != self.seat
            else (e.seat, format_action(e.action))
            for e in self.events
        )

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def is_over(self) -> bool:
        return self.step == Phase.OVER

    @property
    def friends(self) -> frozenset[int]:
        """The seats this one plays with, as far as its view tells: at three, a defender's fellow
        defender; at five, the Ombre and his partner once known, and a defender's fellows among
        the seats not known to be the Ombre's."""
        seat, ombre, partner = self.seat, self.ombre, self.partner
        if ombre is None:
            return frozenset()
        if seat == ombre:
            return frozenset() if partner is None or partner == seat else frozenset({partner})
        if partner == seat:
            return frozenset({ombre})
        return frozenset(s for s in range(self.seats) if s not in (seat, ombre, partner))

    @property
    def legal_cards(self) -> CardSet:
        """The cards among :attr:`legal` (a bitmask)."""
        mask = 0
        for action in self.legal:
            if action < 40:
                mask |= 1 << action
        return mask

    @property
    def given(self) -> Card | None:
        """The card the Ombre gave for the king he demanded (Quadrille by three, CG p. 46: done
        in view of all), once given; else ``None``."""
        for e in self.events:
            if is_give(e.action):
                return e.action - Act.GIVE
        return None

    def all_tricks(self) -> list[tuple[int, tuple[Card, ...]]]:
        """(leader, cards) of every trick, the one being played included."""
        tricks = [(leader, cards) for leader, cards, _ in self.tricks]
        if self.trick:
            tricks.append((self.leader, self.trick))
        return tricks

    def unseen(self) -> CardSet:
        """Cards this seat has not seen: in other hands, the stock or others' discards (not the
        king demanded at Quadrille by three, nor the card given for it)."""
        seen = self.hand | self.discards | self.played
        if self.stock_seen is not None:
            for card in self.stock_seen:
                seen |= 1 << card
        if self.demanded_from is not None and self.called is not None:
            # Quadrille by three (CG p. 46): the king handed over and the card given back were
            # seen by all
            seen |= 1 << self.called
            given = self.given
            if given is not None:
                seen |= 1 << given
        return self.rules.pack & ~seen


def censored(events: list[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` saw them: another seat's discard shows only how many cards it was,
    and nobody sees another's draw."""
    out = []
    for e in events:
        if e.seat != seat and (e.drawn or e.action >= Act.DISCARD):
            action = Act.DISCARD if e.action >= Act.DISCARD else e.action
            e = e._replace(action=action, drawn=0)
        out.append(e)
    return tuple(out)


def _drawn_by(deal: Deal, seat: int) -> CardSet:
    """The cards ``seat`` took in: draws come off the top of the stock in the exchange's order."""
    start = 0
    for s in deal.exchange_queue:
        if s == seat:
            return mask_of(deal.stock[start : start + deal.taken[seat]])
        start += deal.taken[s]
    return 0


def view_of(deal: Deal, seat: int) -> View:
    """Build ``seat``'s view of ``deal``."""
    if not 0 <= seat < deal.seats:
        raise ValueError(f"no seat {seat!r} at a table of {deal.seats}")
    rules = deal.rules
    my_discard = deal.phase == Phase.DISCARD and deal.to_move == seat
    result = result_of(deal)
    played = deal.played_cards()
    partner = deal.partner
    called = deal.called
    if partner is not None and partner != seat:
        assert called is not None
        if not played >> called & 1:
            partner = None  # the holder has not shown himself
    stock_seen = None
    if rules.stock_seen_after_first_lead and (deal.tricks or deal.trick):
        stock_seen = deal.stock_left
    return View(
        seat=seat,
        rules=rules,
        seats=deal.seats,
        dealer=deal.dealer,
        eldest=deal.eldest,
        phase=deal.phase_name,
        step=deal.phase,
        to_move=deal.to_move,
        hand=deal.hands[seat],
        discards=deal.discards[seat],
        drawn=_drawn_by(deal, seat),
        events=censored(deal.events, seat),
        bids=tuple(deal.bids),
        ombre=deal.ombre,
        called=called,
        partner=partner,
        contract=deal.contract,
        trump=deal.trump,
        hand_counts=tuple(h.bit_count() for h in deal.hands),
        taken=tuple(deal.taken),
        stock_count=len(deal.stock) - deal.drawn,
        stock_seen=stock_seen,
        leader=deal.leader,
        trick=tuple(deal.trick),
        tricks=tuple(deal.tricks),
        tricks_won=tuple(deal.tricks_won),
        played=played,
        vole_declared=deal.vole_declared,
        gano=deal.gano_by if deal.gano_by >= 0 else None,
        legal=tuple(deal.legal_actions()) if deal.to_move == seat else (),
        discard_bounds=deal.discard_bounds(seat) if my_discard else None,
        pool=pool_now(deal) if result is None else result.pool_out,
        pool_in=deal.pool_in,
        result=result,
        demanded_from=deal.demanded_from,
    )
