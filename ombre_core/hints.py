"""Hints: the expert's choice for the person's turn, with a short reason in words and, in the
trick play, the estimated chance that the deal goes the person's way.

The choice is the ``expert`` level's own (:mod:`ombre_core.bots.search`), made from the person's
view alone, so a hint never tells what the person may not know. The reason is worded from the
view: what the card does in the trick, how many trumps are still out (RG, "General Rules": draw
trumps with the best ones; count what is out), or, in the auction, what the hand is worth against
what the table asks (the pamphlet's three sure tricks alone; the rule player's count where a king
is called or demanded: :func:`.rulebot.bidding_thresholds`); where the expert bids otherwise
(it prices the contracts near a threshold: :mod:`ombre_core.bots.pricing`), the reason says so.
A king or queen called or demanded, and the card given for it, are explained as the rule player
chooses them (:class:`.RulePlayer`), which the expert does too.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .actions import Act
from .bots.review import advice_rng
from .bots.rulebot import RulePlayer, best_trump, bidding_thresholds
from .bots.sampler import handed
from .bots.search import (
    CardChoice,
    SearchPlayer,
    expert,
    last_chance_for_vole,
)
from .cards import QUEEN, cards_of, format_card, rank_of
from .i18n import tr, tr_n
from .narrate import (
    call_word,
    called_key,
    card_name,
    gano_word,
    number_word,
    plain_lower,
    said,
    suit_lower,
)
from .state import Deal, Phase
from .tables import (
    EFFECTIVE_SUIT,
    MATADOR_MASK,
    POWER,
    SUIT_MASK,
    TRUMP,
    TRUMP_MASK,
    trick_winner,
)
from .views import View, view_of


def card_chance(player: SearchPlayer, view: View, choice: CardChoice, rng: random.Random) -> float:
    """The chance the hint gives with ``choice``'s card: :meth:`.SearchPlayer.chance_of`, read
    from up to :data:`.search.CHANCE_MOST` likely worlds, not the share of the few weighted
    worlds the choice read (24 at most; at Quadrille's first tricks as few as three). Over the
    rule player's deals it foretells the true deal better (``bench/hint_chance.py``; docs/bots.md,
    "The hint's chance, measured"), and read again from other worlds it says nearly the same.
    The vole declared keeps the choice's chance: the share of the worlds that make it."""
    if not A.is_card(choice.action):
        return choice.chance
    return player.chance_of(view, choice.action, rng)


def hint(view: View, rng: random.Random) -> dict[str, Any]:
    """The expert's action for ``view``'s seat (whose turn it must be), and why; ``cards``: the
    codes of the hand's cards it plays or discards (with *Gano*, the card to say it with), for
    the table to mark."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    player = expert()
    chance: float | None = None
    if view.step == Phase.PLAY and len(view.legal) > 1:
        # the chance draws from where the choice began, whatever the choice drew: so the hint
        # that advises a Gano and the one asked after the word (fewer cards to weigh, the same
        # draw: review.advice_rng) give the card the same chance
        drawn = random.Random()
        drawn.setstate(rng.getstate())
        choice = player.analyse_play(view, rng)
        action, chance = choice.action, card_chance(player, view, choice, drawn)
    else:
        action = player.choose(view, rng)
    marked = 1 << action if A.is_card(action) else 0
    if A.is_discard(action):
        marked = A.discard_mask(action)
    if player.says_gano_with(view, action):
        # the expert says Gano before this card (SearchPlayer._play): so does its hint, which
        # teaches the one word the 1660 pamphlet allows in the play
        name = card_name(action, view.trump, view.rules)
        text = tr("engine.hint.gano", word=gano_word(view.rules), card=name)
        action = Act.GANO
    else:
        text = reason(view, action)
    return {
        "action": A.format_action(action),
        "reason": text,
        "chance": None if chance is None else round(chance, 2),
        "cards": [format_card(c) for c in cards_of(marked)],
    }


def advice_for(deal: Deal, seat: int) -> dict[str, Any]:
    """The Hint on ``seat``'s turn in ``deal``, as the table and the terminal give it: the
    expert's choice (:func:`hint`), drawn as the review's expert column draws for the same
    decision (:func:`.review.advice_rng`), its ``label`` in words and all of it as the person
    reads it (``text``: :func:`hint_text`)."""
    view = view_of(deal, seat)
    advice = hint(view, advice_rng(deal, seat))
    label = said(A.parse_action(advice["action"]), view)
    return {**advice, "label": label, "text": hint_text(label, advice)}


def chance_words(chance: float) -> str:
    """The hint's chance in words: a share of sampled layouts, so never "about 0%" or "about
    100%", which would claim a certainty the sample does not have."""
    percent = round(chance * 100)
    if percent < 5:
        return tr("engine.hint.chance.low")
    if percent > 95:
        return tr("engine.hint.chance.high")
    return tr("engine.hint.chance", percent=percent)


def hint_text(label: str, advice: dict[str, Any]) -> str:
    """The hint as the person reads it, at the table and in the terminal: the action (its
    ``label`` in words), why, and in the play the chance."""
    text = tr("engine.hint.text", label=label, reason=advice["reason"])
    chance = advice.get("chance")
    return text if chance is None else f"{text} {chance_words(chance)}"


def reason(view: View, action: A.Action) -> str:
    """A sentence saying why ``action`` is a good choice, from what ``view`` shows."""
    if action == Act.VOLE:
        # the expert declares at the window's last moment whenever a world makes it: a failed
        # vole costs nothing (SearchConfig.vole_last_chance), so say that rather than "sure"
        return tr("engine.hint.vole.last" if last_chance_for_vole(view) else "engine.hint.vole")
    if A.is_card(action):
        return _card_reason(view, action)
    if A.is_trump(action):
        return tr("engine.hint.trump", suit=suit_lower(action - Act.TRUMP))
    if A.is_discard(action):
        k = A.discard_mask(action).bit_count()
        if view.seat == view.ombre:
            # he names the trump after his discard, at every table: say which suit he keeps for
            # it (the one the expert's discard keeps, as the rule player's: its best trump)
            suit = suit_lower(best_trump(view.hand)[0])
            return tr_n("engine.hint.discard.ombre", k, words=number_word(k), suit=suit)
        if k == 0:
            return tr("engine.hint.keep")
        return tr_n("engine.hint.discard", k, words=number_word(k))
    if action == Act.GANO:  # alone, without the card the hint says it with (hint())
        return tr("engine.hint.gano.word", word=gano_word(view.rules))
    if action == Act.DRAW:
        return tr("engine.hint.draw")
    if A.is_call(action):
        return _call_reason(view, A.called_card(action))
    if A.is_give(action):
        assert view.called is not None  # a card is given only for the card demanded
        given = card_name(action - Act.GIVE, view.trump, view.rules)
        key = called_key("engine.hint.give", view.called)  # a queen, with four kings (HOY)
        return tr(key, card=given, king=plain_lower(view.called))
    best, strength = best_trump(view.hand)
    n = round(strength)
    worth = {"suit": suit_lower(best), "tricks": number_word(n)}
    # what sans prendre goes without at this table: the stock, or the king called or demanded
    alone = tr("engine.hint.alone." + view.rules.partnership)
    # Where the bid is not the pamphlet's, the pricing over likely layouts chose it.
    by_count = RulePlayer().choose(view, random.Random(0)) == action
    if not by_count:
        # the count is the pamphlet's alone, the rule player's own at a table with a king to call
        priced = "priced." if view.rules.partnership == "alone" else "priced-table."
        return tr_n("engine.hint." + priced + _BID_KEY[action], n, alone=alone, **worth)
    if action == Act.SANS_PRENDRE:
        return tr_n("engine.hint.sans-prendre", n, alone=alone, **worth)
    ask_from = bidding_thresholds(view.rules)[0]
    need = round(ask_from)
    asks = tr("engine.hint.asks." + view.rules.partnership, need=number_word(need))
    if action == Act.PASS:
        if Act.PLAY not in view.legal and Act.SANS_PRENDRE in view.legal:
            # another has asked leave: only sans prendre outbids him (RG1660; compendium §5.1)
            return tr_n("engine.hint.pass.outbid", n, alone=alone, **worth)
        if n >= need:
            # the count rounds up to what the table asks for: "about three tricks, too few ...
            # asks for three" would contradict itself
            need_word = number_word(need)
            return tr("engine.hint.pass.near", suit=worth["suit"], need=need_word, asks=asks)
        return tr_n("engine.hint.pass", n, asks=asks, **worth)
    if Act.PASS not in view.legal and strength < ask_from:
        return tr_n("engine.hint.play.forced", n, **worth)  # CG, by five: the youngest must play
    return tr_n("engine.hint.play", n, asks=asks, **worth)


def _call_reason(view: View, card: int) -> str:
    """Why the rule player's call (:meth:`.RulePlayer._call`, which the expert makes too): the
    card of the longest suit among those he lacks; his own when he holds every one he could call."""
    name = card_name(card, view.trump, view.rules)
    if view.hand >> card & 1:
        return tr("engine.hint.call.own", card=name)
    queen = ".queen" if rank_of(card) == QUEEN else ""  # HOY law 12: a queen, with four kings
    return tr(f"engine.hint.{call_word(view.rules)}{queen}", card=name)


# The words of each bid, under ``engine.hint.`` (by the count), ``engine.hint.priced.`` (priced
# otherwise than the pamphlet's count) or ``engine.hint.priced-table.`` (than the table's).
_BID_KEY = {Act.PASS: "pass", Act.PLAY: "play", Act.SANS_PRENDRE: "sans-prendre"}


def trumps_out_between(view: View) -> tuple[int, int]:
    """The fewest and the most trumps the other hands may hold, as far as ``view`` tells: the
    trumps it has not seen, less those that may lie in the stock's rest or the others' discards
    (the fewest), and no more than the others hold cards (the most). Before the draw the
    sources count every trump not in one's hand as "out against you" (compendium §12, the 1660
    Additions, 3: "11 not 12"); in the play a reader takes "still out" for the trumps the others
    hold, and the count of trumps not seen overstated it wherever cards lie unseen outside the
    hands: at Ombre by two, "seven trumps are still out" against an opponent holding six."""
    assert view.trump is not None
    trump_mask = TRUMP_MASK[view.trump]
    unseen = view.unseen()
    # at Quadrille by three the king demanded and the card given back were seen by all in the
    # hands that took them (CG p. 46), as the sampler pins them
    shown = 0
    passed = handed(view)
    if passed is not None:
        ombre, giver, king, given = passed
        for seat, card in ((ombre, king), (giver, given)):
            if card is not None and seat != view.seat and not view.played >> card & 1:
                shown |= 1 << card
    trumps = (unseen & trump_mask).bit_count()
    in_hands = sum(view.hand_counts) - view.hand_counts[view.seat] - shown.bit_count()
    elsewhere = max(0, unseen.bit_count() - in_hands)
    sure = (shown & trump_mask).bit_count()
    return sure + max(0, trumps - elsewhere), sure + min(trumps, in_hands)


def _card_reason(view: View, card: int) -> str:
    assert view.trump is not None
    trump = view.trump
    rules = view.rules
    name = card_name(card, trump, rules)
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    unseen = view.unseen()
    if view.legal_cards == 1 << card:
        return _forced_reason(view, card, name)
    least, trumps_out = trumps_out_between(view)
    # "three trumps are still out" only where that is so; where some cards not seen lie in the
    # stock or the others' discards (at two most of the pack), the most the others may hold
    key = "engine.hint.trumps-out" if least == trumps_out else "engine.hint.trumps-out-most"
    out = tr_n(key, trumps_out, words=number_word(trumps_out))
    if not view.trick:
        if eff[card] == TRUMP and view.seat == view.ombre:
            if not trumps_out:  # nothing left to draw: at Quadrille the Ombre often holds them all
                return tr("engine.hint.lead.last-trumps", card=name)
            return tr("engine.hint.lead.draw-trumps", card=name, out=out)
        suit = SUIT_MASK[trump][eff[card]]
        if not any(power[c] > power[card] for c in cards_of(unseen & suit)):
            return tr("engine.hint.lead.master", card=name, out=out)
        # "A low card" only if it is: two or more of the cards of its suit it may meet (those
        # not seen) rank above it, and no more of them below it than above (a King of trumps
        # under one unseen Manille, or a red Ace under the King, Queen and Knave with the small
        # ones below, is not low: RG1660 puts the red Ace "after the Knave", compendium §2.3);
        # the leader's own higher cards are his strength kept, not what makes a lead low (a
        # defender leading the King of trumps while he keeps Manille was told "a low card");
        # else only that a higher one is out.
        left = list(cards_of(unseen & suit))  # his own card is seen
        above = sum(power[c] > power[card] for c in left)
        if above >= 2 and above >= len(left) - above:
            return tr("engine.hint.lead.low", card=name, out=out)
        return tr("engine.hint.lead.under", card=name, out=out)
    trick = (*view.trick, card)
    winner = (view.leader + trick_winner(trick, trump)) % view.seats
    best_so_far = (view.leader + trick_winner(view.trick, trump)) % view.seats
    if winner == view.seat:
        if eff[card] == TRUMP and eff[view.trick[0]] != TRUMP:
            # "the trick is yours" only if no one after him can trump higher
            after = len(trick) < view.seats
            higher = any(power[c] > power[card] for c in cards_of(unseen & TRUMP_MASK[trump]))
            key = "engine.hint.ruff.open" if after and higher else "engine.hint.ruff"
            return tr(key, card=name)
        return tr("engine.hint.take", card=name)
    # the seats it plays with as far as it can tell: at Quadrille and by five the Ombre's partner
    # once he has shown himself, a defender's fellows among the rest (before, the Ombre was told
    # he "cannot take this trick with profit" while his partner was winning it)
    if best_so_far in view.friends:
        return tr("engine.hint.side-wins", card=name)
    return tr("engine.hint.throw", card=name)


def _forced_reason(view: View, card: int, name: str) -> str:
    """Why ``card`` is the only card the rules allow (:func:`.tricks.legal_cards` decided it;
    this only says which rule it was): before, a forced card was explained as a choice ("your
    least useful card", "keep your strength"), though the person had none."""
    assert view.trump is not None
    if view.hand.bit_count() == 1:
        return tr("engine.hint.forced.last", card=name)
    eff = EFFECTIVE_SUIT[view.trump]
    if eff[view.trick[0]] != TRUMP:
        return tr("engine.hint.forced.follow", card=name)
    # a trump lead: a lone matador is forced only by a higher one (RG, compendium §3.1)
    if MATADOR_MASK[view.trump] >> card & 1:
        return tr("engine.hint.forced.matador", card=name)
    return tr("engine.hint.forced.trump", card=name)
