"""Invariants over random deals and random legal play, in every preset (hypothesis, derandomized):
the two three-handed ones and Ombre by five.

* the 40 cards are conserved at every step (hands + stock left + discards + tricks + the trick);
* exactly the legal actions are accepted, and a refused action leaves the state as it was;
* every deal ends within a bound;
* the ledger balances over sessions of several deals;
* a record exported and replayed gives the same state;
* ``view(seat)`` never shows a card the seat may not know, nor (by five) who the called partner
  is before it may know, and a world resampled for that seat (OpenSpiel's test, STYLE habit 5)
  leaves the view unchanged, the partner's identity or its being unknown included;
* ``Deal.copy()`` is independent of its original.

Sources: compendium ``ombre-rules.md`` §4 (40 cards, 9 each, 13 to the stock), §6.2 (the stock,
discards face down), §15 #13-#15 (what may be seen); STYLE.md habits 4-6.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ombre_helpers import (
    HYPOTHESIS,
    PRESET_LIST,
    hidden_from,
    max_actions,
    random_playout,
    relabel,
    resample_map,
    snapshot,
    trick_cards,
)

from ombre_core import actions as A
from ombre_core.actions import Act
from ombre_core.cards import CardSet, format_card, mask_of, parse_card
from ombre_core.errors import IllegalAction, InvalidNotation, OmbreError
from ombre_core.record import replay, to_record
from ombre_core.rules import RULES_1660, RULES_ENCYCLOPAEDIA, RULES_FIVE, Rules
from ombre_core.scoring import Ledger, result_of, settle
from ombre_core.session import Session
from ombre_core.state import Deal
from ombre_core.views import View, view_of

PROFILE = settings(HYPOTHESIS, max_examples=60)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
ALL_PRESETS = (*PRESET_LIST, RULES_FIVE, RULES_ENCYCLOPAEDIA)
presets = st.sampled_from(ALL_PRESETS)
dealers = st.integers(min_value=0, max_value=4)  # taken modulo the table's seats
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A234567JQK][schd](?![A-Za-z0-9])")


# ---- whole sessions by the rule players (each variant's test file uses this) ----------------


def play_sessions(
    rules: Rules, wanted: set[str], most: int, *, seed: int = 17, forced: bool = False
) -> Session:
    """Deals by the rule players at every seat, each move checked (cards conserved, views keep
    their secrets, exactly the legal actions accepted), until every outcome in ``wanted`` came up
    (and, with ``forced``, a forced Spadille) or ``most`` deals were played. Checks the ledger
    balances after each deal, that the outcomes were exactly ``wanted``, and that the session
    survives a save; returns it."""
    session = Session(rules, seed, human=None)
    assert len(session.names) == rules.seats
    outcomes: set[str] = set()
    forced_seen = False
    while (outcomes != wanted or forced_seen < forced) and session.number < most:
        rng = random.Random(session.number)
        while not session.deal.is_over:
            check_conservation(session.deal)
            check_views(session.deal)
            check_legal_actions(session.deal, rng)
            session.bot_move()
        outcomes.add(settle(session.deal).outcome)
        forced_seen = forced_seen or session.deal.forced_spadille
        assert sum(session.ledger.balances) + session.ledger.pool == 0
        session.next_deal()
    assert outcomes == wanted and forced_seen >= forced
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert again.to_json() == session.to_json()
    return session


# ---- the checks ---------------------------------------------------------------------------------


def check_conservation(deal: Deal) -> None:
    """Every card is in exactly one place (compendium §4: 27 dealt + 13 in the stock at three;
    any table: the rules' pack, its hands and its stock)."""
    rules = deal.rules
    places = [
        *deal.hands,
        mask_of(deal.stock_left),
        *deal.discards,
        trick_cards(deal),
        mask_of(deal.trick),
    ]
    union = 0
    for place in places:
        assert union & place == 0, "a card is in two places"
        union |= place
    assert union == rules.pack
    assert sum(p.bit_count() for p in places) == rules.pack.bit_count()
    assert len(deal.stock_left) == rules.stock_size - sum(deal.taken)
    if deal.phase_name == "play" and not deal.trick:
        assert all(h.bit_count() == rules.hand_size - len(deal.tricks) for h in deal.hands)


TOO_LONG_TO_PRINT = (10**5000, "x" * 10_000)
"""Refused like any action, in a message of one line (repr of the number alone would fail)."""


def check_legal_actions(deal: Deal, rng: random.Random) -> None:
    """Exactly the actions of ``legal_actions()`` are accepted (STYLE habit 4: the checked path)."""
    legal = deal.legal_actions()
    assert len(set(legal)) == len(legal)
    legal_set = set(legal)
    for action in rng.sample(legal, min(len(legal), 12)):
        assert deal.why_illegal(action) is None
        child = deal.copy()
        child.apply(action)
        assert child.history[-1] == action
    before = snapshot(deal)
    candidates: list[object] = list(range(Act.GANO + 1))  # cards, words, trumps, calls
    seat = deal.to_move
    if seat is not None:
        hand = deal.hands[seat]
        for _ in range(8):
            sub = hand & rng.getrandbits(40)
            candidates.append(A.discard_action(sub))
            candidates.append(A.discard_action(rng.getrandbits(40)))
    candidates += [Act.DISCARD, -1, 1 << 41, None, 1.5, True, "xx", "", "trump"]
    candidates += ["discard Zz", "10h", *TOO_LONG_TO_PRINT]
    for action in candidates:
        if isinstance(action, int) and not isinstance(action, bool) and action in legal_set:
            continue
        try:
            deal.apply(action)  # type: ignore[arg-type]
        except (IllegalAction, InvalidNotation) as refused:
            assert len(str(refused)) < 400, "a refusal is one readable line"
        else:
            raise AssertionError(f"{action!r:.80} was accepted but is not in legal_actions()")
    assert snapshot(deal) == before, "a refused action changed the state"


def cards_in_view(view: View) -> CardSet:
    """Every card the view mentions anywhere: masks, tuples, legal actions and history text."""
    mask = view.hand | view.discards | view.played | mask_of(view.trick)
    for _, cards, _ in view.tricks:
        mask |= mask_of(cards)
    if view.stock_seen is not None:
        mask |= mask_of(view.stock_seen)
    for action in view.legal:
        if A.is_card(action):
            mask |= 1 << action
        elif A.is_discard(action):
            mask |= A.discard_mask(action)
    for _, text in view.history:
        if text.startswith("call "):
            continue  # a call names a king for everyone, not where it lies
        for token in CARD_TOKEN.findall(text):
            mask |= 1 << parse_card(token)
    text = repr([getattr(view, f.name) for f in fields(view) if f.name != "rules"])
    for token in CARD_TOKEN.findall(text):
        mask |= 1 << parse_card(token)
    return mask


def check_views(deal: Deal) -> None:
    """Views are the only way out (STYLE habit 5): no card of another hand, of the others'
    discards, or of the stock (unless RG's rule shows it, §15 #13) appears in a seat's view."""
    for seat in range(deal.seats):
        view = view_of(deal, seat)
        hidden = hidden_from(deal, seat)
        leaked = cards_in_view(view) & hidden
        assert not leaked, (
            f"seat {seat} sees {[format_card(c) for c in range(40) if leaked >> c & 1]}"
        )
        assert view.unseen() == hidden
        assert view.hand == deal.hands[seat]
        assert sum(view.hand_counts) + view.stock_count + len(view.trick) <= 40
        assert view.legal == (tuple(deal.legal_actions()) if deal.to_move == seat else ())
        check_partner_in_view(deal, seat, view)


def check_partner_in_view(deal: Deal, seat: int, view: View) -> None:
    """The called king is public; its holder is named only to himself and, once the king is
    played, to everyone (ENC: he assists "without discovering himself")."""
    assert view.called == deal.called
    assert view.demanded_from == deal.demanded_from
    if deal.called is None or deal.rules.partnership == "demanded-king":
        assert deal.partner is None and view.partner is None
        return
    assert deal.partner is not None
    fallen = bool(deal.played_cards() >> deal.called & 1)
    assert fallen or deal.hands[deal.partner] >> deal.called & 1, "the partner holds the king"
    knows = seat == deal.partner or fallen
    assert view.partner == (deal.partner if knows else None)


def check_resampled_world(deal: Deal, rng: random.Random) -> None:
    """OpenSpiel's test: shuffle the cards a seat has not seen among the other hands, the stock
    and the others' discards (consistently with all that was played); the seat's view is the
    same, and the resampled deal replays legally."""
    for seat in range(deal.seats):
        mapping = resample_map(deal, seat, rng)
        world = relabel(deal, mapping)
        view = view_of(deal, seat)
        assert view_of(world, seat) == view
        if view.partner is not None:  # what the seat knows of the partnership holds in the world
            assert world.partner == deal.partner
        for s in range(deal.seats):
            assert world.hands[s].bit_count() == deal.hands[s].bit_count()


def check_replay(deal: Deal) -> None:
    again = replay(to_record(deal))
    assert snapshot(again) == snapshot(deal)
    assert result_of(again) == result_of(deal)


# ---- the properties -----------------------------------------------------------------------------


@pytest.mark.breadth
@PROFILE
@given(presets, seeds, dealers, seeds)
def test_random_playouts_keep_every_invariant(
    rules: Rules, seed: int, dealer: int, play_seed: int
) -> None:
    deal = Deal.from_seed(rules, seed, dealer % rules.seats)
    rng = random.Random(play_seed)
    steps = 0

    def each(position: Deal) -> None:
        nonlocal steps
        steps += 1
        check_conservation(position)
        check_views(position)
        if not position.is_over:
            check_legal_actions(position, rng)

    random_playout(deal, rng, each)
    assert deal.is_over
    assert steps - 1 == len(deal.history) <= max_actions(rules)
    assert deal.legal_actions() == []
    check_replay(deal)


@PROFILE
@given(presets, seeds, dealers, seeds)
def test_resampled_worlds_keep_the_view(
    rules: Rules, seed: int, dealer: int, play_seed: int
) -> None:
    deal = Deal.from_seed(rules, seed, dealer % rules.seats)
    rng = random.Random(play_seed)
    stops = {rng.randrange(4, max_actions(rules)) for _ in range(3)} | {3, 7}

    def each(position: Deal) -> None:
        if len(position.history) in stops or position.is_over:
            check_resampled_world(position, rng)
            check_replay(position)

    random_playout(deal, rng, each)


@PROFILE
@given(presets, seeds, seeds)
def test_copies_are_independent(rules: Rules, seed: int, play_seed: int) -> None:
    deal = Deal.from_seed(rules, seed, seed % rules.seats)
    rng = random.Random(play_seed)
    for _ in range(rng.randrange(0, 30)):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    before = snapshot(deal)
    twin = deal.copy()
    assert snapshot(twin) == before
    random_playout(twin, random.Random(play_seed + 1))
    assert snapshot(deal) == before, "playing the copy changed the original"
    frozen = snapshot(twin)
    random_playout(deal, random.Random(play_seed + 2))
    assert snapshot(twin) == frozen, "playing the original changed the copy"


@settings(HYPOTHESIS, max_examples=15)
@given(presets, seeds, st.sampled_from(["random", "rules"]))
def test_the_ledger_balances_over_sessions(rules: Rules, seed: int, bot: str) -> None:
    """Every payment is a transfer: balances + pool == 0 after every deal, the pool is never
    negative, and each deal starts from the pool the last one left (§9.3)."""
    session = Session(rules, seed, human=None, bot=bot)
    check = Ledger(rules.seats)
    for _ in range(6):
        while not session.deal.is_over:
            session.bot_move()
        result = settle(session.deal)
        check.record(result)
        assert session.ledger.balances == check.balances
        assert session.ledger.pool == check.pool >= 0
        assert sum(session.ledger.balances) + session.ledger.pool == 0
        session.next_deal()
        assert session.deal.pool_in == check.pool


@pytest.mark.parametrize("dealer", [3, -1, True, 1.0, None, [0]], ids=repr)
def test_a_dealer_not_at_the_table_is_refused(dealer: object) -> None:
    """A deal dealt from a seat the table lacks kept it (the eldest found modulo the seats) and
    wrote it to its record, which replay then refused: now refused at the deal."""
    with pytest.raises(OmbreError, match="dealer must be a seat from 0 to 2"):
        Deal.from_seed(RULES_1660, 7, dealer=dealer)  # type: ignore[arg-type]
