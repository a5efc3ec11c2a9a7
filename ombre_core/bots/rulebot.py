"""A sensible rule-based player, after the advice of the 1660 pamphlet.

* Bidding (RG, "What Games are to be played"): play only with three sure tricks, such as the three
  matadors or six or seven good trumps, counting "the Kings of any svit ... as good as Trumps".
* Exchange: the Ombre keeps his trumps and kings and discards the rest (RG: "discard everything
  else"); a defender keeps trumps, kings and guarded queens, and the first defender leaves some of
  the stock to his partner (CG: "leave at least five Cards to him that takes last").
* Play (RG "General Rules"): the Ombre draws trumps with his best ones before playing kings;
  defenders do not overtake each other needlessly and win cheaply when the Ombre is winning.
* Ombre by five (ENC, CG): the hand as dealt must make, with a partner's help, five of eight
  tricks; the Ombre calls the king of his longest plain suit that he does not hold (the king
  will win a trick his own small cards would lose). The partner "without discovering himself, is
  to assist him" (ENC): he says nothing (nothing in the engine lets him), keeps the called king
  for a trick it wins, and plays to the Ombre as to a friend; a defender counts as friends every
  other player but the Ombre and, once the king has fallen, the partner.
* Quadrille (HOY): the same, for six of ten tricks: "The player, who calls a king, ought to have a
  fair probability of winning three tricks, to prevent being beasted" (HOY). The thresholds grow
  with the tricks the side must make. Forced Spadille names his best suit and calls as any caller;
  holding the kings he calls a queen (HOY law 12). The partner keeps the secret the same way (the
  rules allow no speech at all, CG p. 63).
* Quadrille by three (CG p. 46): the demanded king is a trick in hand but there is no partner:
  the Ombre asks leave on a hand that, with the king, makes nearly six tricks alone; he demands
  the king of his longest plain suit and gives back his cheapest card.

It plays from its :class:`~ombre_core.views.View` only.
"""

from __future__ import annotations

import random

from .. import actions as A
from ..actions import Act
from ..cards import ALL_SUITS, KING, QUEEN, CardSet, cards_of, make_card, rank_of, suit_of
from ..rules import Rules
from ..tables import (
    EFFECTIVE_SUIT,
    MATADOR_MASK,
    POWER,
    SUIT_MASK,
    TRUMP,
    TRUMP_MASK,
    TRUMP_ORDER,
    trick_winner,
)
from ..views import View
from .gano import heed

# How much each trump is worth as a trick, by its place in the trump order (Spadille first).
_TRUMP_WEIGHT = (1.0, 0.95, 0.9, 0.7, 0.6, 0.5, 0.45, 0.35, 0.3, 0.3, 0.3, 0.3)
MATADORS_BONUS = 0.5
"""All three matadors are paid for, win or lose in 1660 (RG Addition 4): worth going in on."""
ASK_THRESHOLD = 3.2
SANS_PRENDRE_THRESHOLD = 5.3
CALL_ASK_THRESHOLD = 2.8
"""Ombre by five: asking leave and calling a king (a partner's king adds a trick or more)."""
CALL_SANS_PRENDRE_THRESHOLD = 5.6
"""Ombre by five: five tricks alone, without an exchange, against four."""
DEMANDED_KING_WORTH = 1.2
"""Quadrille by three: what a demanded king and the exchange of a card add to a hand."""


def bidding_thresholds(rules: Rules, ask_threshold: float = ASK_THRESHOLD) -> tuple[float, float]:
    """The expected tricks (:func:`hand_strength` with the best trump) from which the rule player
    asks leave and from which it plays sans prendre, at this table. Alone, ``ask_threshold`` and
    :data:`SANS_PRENDRE_THRESHOLD`; with a king to call, the thresholds of five (five tricks to
    make) scaled to the rules' target; with a king demanded and no partner (Quadrille by three),
    asking leave on what the king and the card given for it add to the hand."""
    if rules.partnership == "alone":
        return ask_threshold, SANS_PRENDRE_THRESHOLD
    need = rules.win_tricks or 5
    alone = CALL_SANS_PRENDRE_THRESHOLD * need / 5
    ask = CALL_ASK_THRESHOLD + 0.4 * (need - 5)
    if rules.partnership == "demanded-king":
        ask = alone - DEMANDED_KING_WORTH
    return ask, alone


def hand_strength(hand: CardSet, trump: int) -> float:
    """Expected tricks of ``hand`` with ``trump`` named: trumps by rank, plain kings as tricks."""
    score = 0.0
    trumps = 0
    for i, card in enumerate(TRUMP_ORDER[trump]):
        if hand >> card & 1:
            score += _TRUMP_WEIGHT[i]
            trumps += 1
    score += 0.15 * max(0, trumps - 3)  # long trumps draw the others' out
    if hand & MATADOR_MASK[trump] == MATADOR_MASK[trump]:
        score += MATADORS_BONUS
    for suit in ALL_SUITS:
        if suit == trump:
            continue
        king = make_card(KING, suit)
        if hand >> king & 1:
            score += 0.7
            if hand >> make_card(QUEEN, suit) & 1:
                score += 0.3
    return score


def best_trump(hand: CardSet) -> tuple[int, float]:
    """The suit that suits ``hand`` best and its strength (ties to black, RG Addition 3)."""
    return max(((s, hand_strength(hand, s)) for s in ALL_SUITS), key=lambda x: (x[1], -x[0]))


def cheapest_discard(hand: CardSet, trump: int, keep: CardSet, low: int, high: int) -> CardSet:
    """Discard what is not in ``keep``, at most ``high`` cards, cheapest first (plain cards by
    rank, then trumps); if fewer than ``low``, the cheapest kept cards too."""
    power = POWER[trump]
    order = sorted(cards_of(hand), key=lambda c: (EFFECTIVE_SUIT[trump][c] == TRUMP, power[c]))
    out = [c for c in order if not keep >> c & 1][:high]
    for c in order:
        if len(out) >= low:
            break
        if c not in out:
            out.append(c)
    mask = 0
    for c in out:
        mask |= 1 << c
    return mask


def _keepers(hand: CardSet, trump: int, queens: bool) -> CardSet:
    keep = hand & TRUMP_MASK[trump]
    for suit in ALL_SUITS:
        if suit == trump:
            continue
        king = make_card(KING, suit)
        if hand >> king & 1:
            keep |= 1 << king
            queen = make_card(QUEEN, suit)
            if queens and hand >> queen & 1:
                keep |= 1 << queen
    return keep


class RulePlayer:
    """Bids on sure tricks, keeps trumps and kings, plays by the pamphlet's general rules."""

    name = "rules"

    def __init__(self, ask_threshold: float = ASK_THRESHOLD) -> None:
        self.ask_threshold = ask_threshold
        """Expected tricks (:func:`hand_strength`) from which the player asks leave alone."""

    def choose(self, view: View, rng: random.Random) -> A.Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        if view.phase == "auction":
            return self._bid(view, legal)
        if view.phase == "exchange":
            if A.is_trump(legal[0]):
                return A.trump_action(best_trump(view.hand)[0])
            if A.is_call(legal[0]):
                return self._call(view, legal)
            if A.is_give(legal[0]):
                return self._give(view, legal)
            return self._discard(view)
        return self._play(view, legal, rng)

    # -- auction ---------------------------------------------------------------------------------

    def _bid(self, view: View, legal: tuple[A.Action, ...]) -> A.Action:
        if view.rules.partnership != "alone":
            return self._bid_calling(view, legal)
        _, strength = best_trump(view.hand)
        if strength >= SANS_PRENDRE_THRESHOLD and Act.SANS_PRENDRE in legal:
            return Act.SANS_PRENDRE
        if strength >= self.ask_threshold and Act.PLAY in legal:
            return Act.PLAY
        return Act.PASS

    @staticmethod
    def _bid_calling(view: View, legal: tuple[A.Action, ...]) -> A.Action:
        _, strength = best_trump(view.hand)
        ask, alone = bidding_thresholds(view.rules)
        if strength >= alone and Act.SANS_PRENDRE in legal:
            return Act.SANS_PRENDRE
        if Act.PLAY in legal and (strength >= ask or Act.PASS not in legal):
            return Act.PLAY  # CG: the youngest, all others having passed, must play
        return Act.PASS if Act.PASS in legal else legal[0]

    @staticmethod
    def _call(view: View, legal: tuple[A.Action, ...]) -> A.Action:
        """The king of the longest plain suit he does not hold (ties: the suit where he holds
        the queen, which the king's fall makes master); his own king if he holds them all."""
        assert view.trump is not None
        hand = view.hand
        suits = SUIT_MASK[view.trump]

        def worth(action: A.Action) -> tuple[int, int, int, int]:
            card = A.called_card(action)
            suit = suit_of(card)
            held = hand >> card & 1
            length = (hand & suits[suit]).bit_count()
            king = rank_of(card) == KING
            return (0 if held else 1, king, length, hand >> make_card(QUEEN, suit) & 1)

        return max(legal, key=worth)

    @staticmethod
    def _give(view: View, legal: tuple[A.Action, ...]) -> A.Action:
        """The cheapest card: a low plain card, never a trump if he can help it."""
        assert view.trump is not None
        trump = view.trump
        return min(legal, key=lambda a: _cheapness(a - Act.GIVE, trump))

    # -- exchange --------------------------------------------------------------------------------

    def _discard(self, view: View) -> A.Action:
        hand = view.hand
        legal = view.legal
        counts = [A.discard_mask(a).bit_count() for a in legal]
        low, high = min(counts), max(counts)
        if view.seat == view.ombre:
            trump = best_trump(hand)[0]
            keep = _keepers(hand, trump, queens=False)
        else:
            assert view.trump is not None
            trump = view.trump
            keep = _keepers(hand, trump, queens=True)
            assert view.ombre is not None
            if (view.seats > 2 and view.taken[view.ombre] == 0) or self._first_defender(view):
                high = min(high, max(view.stock_count - 5, view.stock_count // 2))
        return A.discard_action(cheapest_discard(hand, trump, keep, low, high))

    @staticmethod
    def _first_defender(view: View) -> bool:
        """Whether another defender exchanges after him (CG's advice is for him). At two the
        lone defender is the last to exchange: he leaves nothing to anyone."""
        assert view.ombre is not None
        return view.seats > 2 and view.seat == (view.ombre + 1) % view.seats

    # -- play ------------------------------------------------------------------------------------

    def _play(self, view: View, legal: tuple[A.Action, ...], rng: random.Random) -> A.Action:
        cards = [a for a in legal if A.is_card(a)]
        assert view.trump is not None
        trump = view.trump
        if (
            Act.VOLE in legal
            and len(view.tricks) >= 4
            and view.tricks_won[view.seat] == len(view.tricks)
            and self._all_masters(view)
        ):
            return Act.VOLE
        keep_off = heed(view)
        if keep_off:  # a partner said Gano and holds the trick: leave it to him (RG, MOR)
            return min(cards_of(keep_off), key=lambda c: _cheapness(c, trump))
        if view.called is not None:
            if not view.trick:
                return self._lead_with_sides(view, cards)
            return self._follow_with_sides(view, cards, trump)
        if not view.trick:
            return self._lead(view, cards)
        return self._follow(view, cards, trump)

    def _all_masters(self, view: View) -> bool:
        assert view.trump is not None
        unseen = view.unseen()
        return all(self._is_master(c, view.trump, unseen) for c in cards_of(view.hand))

    @staticmethod
    def _is_master(card: int, trump: int, unseen: CardSet) -> bool:
        suit = EFFECTIVE_SUIT[trump][card]
        power = POWER[trump]
        others = unseen & SUIT_MASK[trump][suit]
        higher = any(power[c] > power[card] for c in cards_of(others))
        if suit != TRUMP and not higher:
            # a plain master can still be trumped; fine for a lead when trumps are out
            return not (unseen & TRUMP_MASK[trump])
        return not higher

    def _lead(self, view: View, cards: list[int]) -> int:
        trump = view.trump
        assert trump is not None
        power = POWER[trump]
        unseen = view.unseen()
        trumps = [c for c in cards if EFFECTIVE_SUIT[trump][c] == TRUMP]
        plain = [c for c in cards if EFFECTIVE_SUIT[trump][c] != TRUMP]
        trumps_out = unseen & TRUMP_MASK[trump]
        if view.seat == view.ombre:
            if trumps and trumps_out:
                top = max(trumps, key=power.__getitem__)
                if not any(power[c] > power[top] for c in cards_of(trumps_out)):
                    return top  # draw trumps with a master (RG)
                if len(trumps) >= 3:
                    return min(trumps, key=power.__getitem__)
            kings = [c for c in plain if rank_of(c) == KING]
            if kings:
                return kings[0]
            if trumps and not plain:
                return max(trumps, key=power.__getitem__)
            return min(plain or cards, key=power.__getitem__)
        # a defender leads a master plain card, else a low card of a long plain suit
        for c in sorted(plain, key=power.__getitem__, reverse=True):
            others = unseen & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][c]]
            if not any(power[o] > power[c] for o in cards_of(others)):
                return c
        if plain:
            return min(plain, key=lambda c: (-self._suit_length(view, c), power[c]))
        return min(cards, key=power.__getitem__)

    @staticmethod
    def _suit_length(view: View, card: int) -> int:
        assert view.trump is not None
        suit = EFFECTIVE_SUIT[view.trump][card]
        return (view.hand & SUIT_MASK[view.trump][suit]).bit_count()

    def _follow(self, view: View, cards: list[int], trump: int) -> int:
        power = POWER[trump]
        eff = EFFECTIVE_SUIT[trump]
        seats = [(view.leader + i) % view.seats for i in range(len(view.trick))]
        best_i = trick_winner(view.trick, trump)
        best = view.trick[best_i]
        winning_seat = seats[best_i]

        def beats(c: int) -> bool:
            if eff[c] == TRUMP and eff[best] != TRUMP:
                return True
            return eff[c] == eff[best] and power[c] > power[best]

        def cheap(c: int) -> tuple[int, int, int]:
            return _cheapness(c, trump)

        winners = [c for c in cards if beats(c)]
        last = len(view.trick) == view.seats - 1
        ombre = view.ombre
        if view.seat == ombre:
            if winners:
                return min(winners, key=lambda c: (eff[c] == TRUMP, power[c]))
            return min(cards, key=cheap)
        partner_winning = winning_seat != ombre
        ombre_to_play = ombre not in seats
        if partner_winning and (last or not ombre_to_play):
            return min(cards, key=cheap)
        if winners:
            if last or not ombre_to_play:
                return min(winners, key=lambda c: (eff[c] == TRUMP, power[c]))
            return max(winners, key=lambda c: (eff[c] == TRUMP, power[c]))
        return min(cards, key=cheap)

    # -- play with a called partner (Ombre by five) ---------------------------------------------

    def _lead_with_sides(self, view: View, cards: list[int]) -> int:
        trump = view.trump
        assert trump is not None and view.called is not None
        if view.seat == view.ombre or view.partner != view.seat:
            return self._lead(view, cards)
        # The partner: cash a master plain card (not the called king: it wins later, and
        # keeps him hidden), else lead a low trump through the defenders for the Ombre.
        power = POWER[trump]
        unseen = view.unseen()
        plain = [c for c in cards if EFFECTIVE_SUIT[trump][c] != TRUMP and c != view.called]
        for c in sorted(plain, key=power.__getitem__, reverse=True):
            others = unseen & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][c]]
            if not any(power[o] > power[c] for o in cards_of(others)):
                return c
        trumps = [c for c in cards if EFFECTIVE_SUIT[trump][c] == TRUMP]
        if trumps:
            return min(trumps, key=power.__getitem__)
        return min(plain or cards, key=power.__getitem__)

    def _follow_with_sides(self, view: View, cards: list[int], trump: int) -> int:
        power = POWER[trump]
        eff = EFFECTIVE_SUIT[trump]
        played_by = [(view.leader + i) % view.seats for i in range(len(view.trick))]
        best_i = trick_winner(view.trick, trump)
        best = view.trick[best_i]
        friends = view.friends
        foes_to_play = any(
            s not in played_by and s not in friends and s != view.seat for s in range(view.seats)
        )

        def beats(c: int) -> bool:
            if eff[c] == TRUMP and eff[best] != TRUMP:
                return True
            return eff[c] == eff[best] and power[c] > power[best]

        def cheap(c: int) -> tuple[bool, int, bool, int]:
            is_trump = eff[c] == TRUMP
            matador = 1 if (MATADOR_MASK[trump] >> c & 1) else 0
            return (is_trump, matador, c == view.called, power[c])

        friend_winning = played_by[best_i] in friends
        if friend_winning and not foes_to_play:
            return min(cards, key=cheap)
        winners = [c for c in cards if beats(c)]
        if winners and not friend_winning:
            if foes_to_play:
                return max(winners, key=lambda c: (eff[c] == TRUMP, power[c]))
            return min(winners, key=lambda c: (eff[c] == TRUMP, power[c]))
        return min(cards, key=cheap)


def _cheapness(card: int, trump: int) -> tuple[int, int, int]:
    """The order to throw cards away in: plain cards first, then trumps; matadors last."""
    is_trump = EFFECTIVE_SUIT[trump][card] == TRUMP
    return (is_trump, 1 if (MATADOR_MASK[trump] >> card & 1) else 0, POWER[trump][card])


__all__ = ["RulePlayer", "best_trump", "hand_strength"]
