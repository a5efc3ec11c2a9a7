"""How likely the other players' auction, trump and exchange were, given their cards.

The sampler (:mod:`ombre_core.bots.sampler`) draws worlds that are *possible*; this module says how
*likely* each is, as a hand-written model of how players act (the job a learned policy does in
Kermit's Skat inference, Buro et al. 2009, and in policy-based inference, Rebstock et al. 2019).
A world's weight is the product of the probabilities of every action the other players took in it.

The model, one part per kind of action, each a smooth function so that no world the rules allow is
ruled out by it (a human, or another program, does not bid like our rule player):

* **Bidding.** A player's dealt hand has a strength ``x``: :func:`~ombre_core.bots.rulebot.
  hand_strength` with its best trump, the expected tricks counting kings "as good as Trumps" (RG,
  "What Games are to be played"). He acts on ``x + e`` with ``e`` logistic of scale
  :attr:`ActionModel.bid_scale`: he offers sans prendre when that is at least the sans-prendre
  threshold and it is allowed, else asks leave when it is at least the ask threshold and that is
  allowed, else passes. The thresholds are the rule player's at the table (:func:`model_for`: with
  a king to call or to demand he goes in on other hands than at three, by five from 2.8 expected
  tricks, at Quadrille by three from 5.5); so a player who passed at three while he could ask
  rarely holds three matadors (they alone are worth more than the ask threshold).
* **The trump.** The Ombre names suit ``t`` with probability proportional to
  ``exp(strength(t) / trump_scale)`` of the hand he holds when he names it (after discarding,
  before drawing: RG Addition 2): usually his longest, strongest suit (MOR: "whichever suit he
  thinks will best help him").
* **The call.** An Ombre rarely calls a king (or a queen) he holds: that is playing alone
  (:attr:`ActionModel.own_call`). Without this a world gave him the called king as often as any
  other player, so a defender's worlds named the Ombre's partner a third of the time wrongly.
* **The exchange.** Each card of the hand is thrown out independently with odds
  ``exp((threshold - value) / scale)``, where trumps and kings are worth keeping (RG: the Ombre
  keeps his trumps and kings, "discard everything else"; a defender keeps trumps, kings and
  queens), and
  the number thrown is conditioned on the range the rules allowed. So both *which* cards went and
  *how many* say something: a defender who took in five had five cards not worth keeping, and
  rarely threw a trump. The first of two defenders is modelled as leaving cards for his partner
  (CG: "leave at least five Cards to him that takes last"), so his small take says less.

The card play is not weighed for what it says of the cards (the voids it shows are hard
constraints in the sampler). Weighing it by the signal of the cheapest card that does the same
was screened and showed no gain (``docs/bots.md``, "Screening a change to card play"). It is
weighed for who the hidden partner is, below.

The bids, the trump and the discards are weighed in the roles "the Ombre" and "a defender" (a
called partner bids and discards before he is one). Who holds the called king, while hidden, is
read from the cards played (:mod:`.partner`, where :attr:`ActionModel.read_partner` is on: at the
tables where a king is called).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .. import actions as A
from ..actions import Act
from ..cards import ALL_SUITS, KING, QUEEN, CardSet, make_card
from ..tables import MATADOR_MASK, TRUMP_MASK, TRUMP_ORDER
from .rulebot import ASK_THRESHOLD, SANS_PRENDRE_THRESHOLD, bidding_thresholds, hand_strength

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = [
    "ActionModel",
    "elementary_sums",
    "model_for",
    "strengths",
]

# ---- the rule player's hand strength, for the four suits at once, by table lookups ---------------
#
# ``hand_strength`` loops over cards; the sampler needs it for every player of every world, so the
# same sum is read from tables. The tables are built by asking ``hand_strength`` itself about
# single cards and pairs (one place for each number); a test holds the two equal on random hands.

_BYTES = 5  # 40 cards = 5 bytes


def _single(card: int, trump: int) -> float:
    return hand_strength(1 << card, trump)


def _byte_tables(trump: int) -> tuple[tuple[float, ...], ...]:
    """``table[b][byte]``: the summed single-card strengths of the cards of ``byte`` at ``8 b``."""
    tables = []
    for b in range(_BYTES):
        table = [0.0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            table[byte] = table[byte ^ low] + _single(8 * b + low.bit_length() - 1, trump)
        tables.append(tuple(table))
    return tuple(tables)


_TABLES: Final = tuple(_byte_tables(t) for t in ALL_SUITS)
_PLAIN_KINGS: Final = tuple(
    sum(1 << make_card(KING, s) for s in ALL_SUITS if s != t) for t in ALL_SUITS
)
_SPADES_LOW = TRUMP_ORDER[0][-4:]  # four low trumps: no matador, no king


def _extra(cards: list[int], trump: int) -> float:
    hand = sum(1 << c for c in cards)
    return hand_strength(hand, trump) - sum(_single(c, trump) for c in cards)


_LONG_TRUMP: Final = _extra(list(_SPADES_LOW), 0)
"""What each trump beyond the third adds (the others' trumps are drawn out)."""
_MATADORS: Final = _extra(list(TRUMP_ORDER[0][:3]), 0)
"""What holding all three matadors adds (they are paid for, RG Addition 4)."""
_GUARDED_KING: Final = _extra([make_card(KING, 1), make_card(QUEEN, 1)], 0)
"""What a queen adds beside her king in a plain suit."""


def strengths(hand: CardSet) -> tuple[float, float, float, float]:
    """``hand_strength(hand, t)`` for each suit ``t``, equal to the rule player's to rounding.

    >>> from ..cards import mask_of, parse_cards
    >>> [round(x, 2) for x in strengths(mask_of(parse_cards("As 2s Ac Ks Kh Qh 3d 4d 5d")))]
    [5.2, 3.6, 3.85, 4.8]
    """
    b0, b1, b2, b3, b4 = (
        hand & 255,
        hand >> 8 & 255,
        hand >> 16 & 255,
        hand >> 24 & 255,
        hand >> 32 & 255,
    )
    out = []
    for t in ALL_SUITS:
        tab = _TABLES[t]
        score = tab[0][b0] + tab[1][b1] + tab[2][b2] + tab[3][b3] + tab[4][b4]
        trumps = (hand & TRUMP_MASK[t]).bit_count()
        if trumps > 3:
            score += _LONG_TRUMP * (trumps - 3)
        if hand & MATADOR_MASK[t] == MATADOR_MASK[t]:
            score += _MATADORS
        score += _GUARDED_KING * (hand & (hand << 1) & _PLAIN_KINGS[t]).bit_count()
        out.append(score)
    return out[0], out[1], out[2], out[3]


# ---- sums over subsets ---------------------------------------------------------------------------


def elementary_sums(weights: list[float], most: int) -> list[float]:
    """``e[j]``, the sum over every ``j``-card subset of the product of its weights, ``j <= most``.

    The normaliser of "choose ``j`` cards with probability proportional to their weights' product".

    >>> elementary_sums([1.0, 2.0, 3.0], 3)
    [1.0, 6.0, 11.0, 6.0]
    """
    e = [1.0] + [0.0] * most
    for w in weights:
        e = [1.0] + [e[j] + w * e[j - 1] for j in range(1, most + 1)]
    return e


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    ez = math.exp(z)
    return ez / (1.0 + ez)


# ---- the model -----------------------------------------------------------------------------------

FLOOR: Final = 1e-6
"""No action has a probability below this: the model may be wrong about a player, never certain."""


@dataclass(frozen=True, slots=True)
class ActionModel:
    """A documented guess at how players bid, name the trump and discard (see the module doc).

    Every field is a parameter of that guess; the defaults fit the rule player loosely, so that
    they also fit a human who bids a little higher or lower.
    """

    ask_threshold: float = ASK_THRESHOLD
    sans_prendre_threshold: float = SANS_PRENDRE_THRESHOLD
    bid_scale: float = 0.35
    """Spread of the logistic noise on the strength a player bids on (in tricks)."""
    trump_scale: float = 0.35
    keep_threshold: float = 1.0
    discard_scale: float = 0.4
    trump_value: float = 3.0
    king_value: float = 2.0
    ombre_queen_value: float = 0.4
    defender_queen_value: float = 1.0
    knave_value: float = 0.3
    leave_for_partner: int = 5
    """CG: the first defender should "leave at least five Cards to him that takes last"."""
    own_call: float = 0.05
    """The chance that an Ombre who held the card he called called it: he plays alone then, which
    the rules allow (HOY law 12: "or to call one of your own kings") but a caller rarely wants
    (he calls to have a partner; the rule player calls his own king only holding them all)."""
    read_partner: bool = False
    """Whether the cards played weigh who the hidden partner is (:mod:`.partner`)."""
    partner_takes_ombre: float = 0.15
    """The chance that a hidden partner, able to take the trick the Ombre holds or not, takes it
    when no defender is still to play to it (the rule player never does; the expert 1 in 4)."""
    partner_takes_ombre_foe_after: float = 0.4
    """The same with a defender still to play (the rule player never; the expert 13 in 24)."""
    defender_takes_ombre: float = 0.9
    """The chance that a defender takes the trick the Ombre holds, when he can (rule player
    always, expert 37 in 50)."""
    partner_takes: float = 0.85
    """The chance that a hidden partner takes a trick a defender holds (rule player always,
    expert 28 in 32)."""
    defender_takes: float = 0.35
    """The chance that a defender takes a trick held by another player than the Ombre, whose
    side he does not know (rule player never, expert 14 in 35)."""
    partner_trump_lead: float = 0.35
    """The chance that a hidden partner on lead, holding trumps and plain cards, leads a trump
    (rule player 47 in 70, expert 13 in 44)."""
    defender_trump_lead: float = 0.12
    """The same for a defender (rule player 0 in 161, expert 11 in 66; ``bench/partner_read.py``,
    Quadrille, seed 7, 100 and 60 deals)."""

    # -- bidding --------------------------------------------------------------------------------

    def bid_probability(
        self, dealt: CardSet, action: A.Action, options: tuple[A.Action, ...]
    ) -> float:
        """The probability that a player dealt ``dealt`` says ``action`` when ``options`` are
        lawful (the auction's answer to "I pass, or play", RG)."""
        if len(options) < 2:
            return 1.0
        x = max(strengths(dealt))
        sans = (
            _sigmoid((x - self.sans_prendre_threshold) / self.bid_scale)
            if Act.SANS_PRENDRE in options
            else 0.0
        )
        ask = _sigmoid((x - self.ask_threshold) / self.bid_scale) if Act.PLAY in options else 0.0
        if action == Act.SANS_PRENDRE:
            p = sans
        elif action == Act.PLAY:
            p = ask - sans
        else:
            p = 1.0 - max(ask, sans)
        return max(p, FLOOR)

    # -- the trump ------------------------------------------------------------------------------

    def trump_probability(self, hand: CardSet, trump: int) -> float:
        """The probability that the Ombre holding ``hand`` names ``trump``."""
        s = strengths(hand)
        top = max(s)
        z = [math.exp((v - top) / self.trump_scale) for v in s]
        return max(z[trump] / sum(z), FLOOR)

    # -- the exchange ---------------------------------------------------------------------------

    def discard_odds(self, trump: int, ombre: bool) -> tuple[float, ...]:
        """For each of the 40 cards, the odds that a player throws it out, with ``trump`` named.

        Cached per (trump, role): the odds depend on the card only, not on the rest of the hand.
        """
        key = (trump, ombre)
        cached = _ODDS_CACHE.get((self, key))
        if cached is not None:
            return cached
        queen = self.ombre_queen_value if ombre else self.defender_queen_value
        by_rank = {KING: self.king_value, QUEEN: queen, 7: self.knave_value}
        trumps = TRUMP_MASK[trump]
        odds = []
        for card in range(40):
            value = self.trump_value if trumps >> card & 1 else by_rank.get(card % 10, 0.0)
            odds.append(math.exp((self.keep_threshold - value) / self.discard_scale))
        result = tuple(odds)
        _ODDS_CACHE[(self, key)] = result
        return result

    def discard_range(
        self, low: int, high: int, stock: int, thrown: int, leaves_for_partner: bool
    ) -> range:
        """How many cards the model lets a player throw: the lawful ``low..high`` (``stock`` cards
        left before him), less what the first defender leaves his partner (CG), but always
        including the ``thrown`` he did throw."""
        if leaves_for_partner:
            high = min(high, max(low, stock - self.leave_for_partner))
        return range(low, max(high, thrown) + 1)


_ODDS_CACHE: dict[tuple[ActionModel, tuple[int, bool]], tuple[float, ...]] = {}


@functools.lru_cache(maxsize=16)
def model_for(rules: Rules) -> ActionModel:
    """The model at ``rules``' table: the rule player's bidding thresholds there
    (:func:`~ombre_core.bots.rulebot.bidding_thresholds`), the rest as :class:`ActionModel` has
    it. At three seats and at two they are the defaults. Until 4 December 2026 the model used
    them at every table, and so misread the auction where a king is called or demanded: at
    Quadrille by three, where the rule player asks leave from 5.5 expected tricks, it took a
    pass on 4 for a rarity (and dealt those who passed weak hands); at Quadrille, where he plays
    sans prendre from 6.7, it took asking leave on 6 for one. Where a king is called (Quadrille,
    by five) the model also reads the hidden partner from the play (:mod:`.partner`; since 6
    December 2026)."""
    ask, sans = bidding_thresholds(rules)
    return ActionModel(
        ask_threshold=ask,
        sans_prendre_threshold=sans,
        read_partner=rules.partnership == "called-king",
    )
