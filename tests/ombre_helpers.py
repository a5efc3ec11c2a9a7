"""Helpers shared by the engine tests: building positions from notation, scripted deals, playouts,
the bookkeeping the invariant tests need (where every card is, what a seat may not see) and deals
played to their end through the bridge.

Pure Python and deterministic (every RNG is an injected ``random.Random``), so the same helpers run
under CPython and under Pyodide.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from ombre_core import actions as A
from ombre_core import bridge
from ombre_core.cards import (
    FULL_PACK,
    KING,
    QUEEN,
    Card,
    CardSet,
    cards_of,
    format_card,
    make_card,
    mask_of,
    parse_cards,
    rank_of,
)
from ombre_core.record import to_record
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.state import Deal
from ombre_core.tables import EFFECTIVE_SUIT, MATADOR_MASK, SPADILLE
from ombre_core.views import view_of

# Hypothesis keeps caches (unicode tables, patches for failing examples) in ``.hypothesis/`` under
# the working directory, which is the mounted work tree under Pyodide: send them to a temporary
# directory instead, and keep no example database, so runs are reproducible and write nothing.
set_hypothesis_home_dir(tempfile.mkdtemp(prefix="ombre-hypothesis-"))
HYPOTHESIS = settings(derandomize=True, database=None, deadline=None, print_blob=False)
"""The settings every property test starts from: derandomized, so CI sees the same examples."""

DATA = Path(__file__).resolve().parent / "data"
PRESET_LIST: tuple[Rules, ...] = (RULES_1660, RULES_CLASSIC)


def max_actions(rules: Rules) -> int:
    """The longest possible deal: a bid each and a reply, every discard and the trump, every card
    one vole declaration and one *Gano* a trick (3-handed: 4 + 4 + 27 + 1 + 9)."""
    return (rules.seats + 1) + (rules.seats + 1) + (rules.seats + 1) * rules.tricks + 1


MAX_ACTIONS = max_actions(RULES_1660)


def m(text: str) -> CardSet:
    """The card set named by space-separated notation, e.g. ``m("As 2s Ac")``."""
    return mask_of(parse_cards(text))


def names(mask: CardSet) -> set[str]:
    """The notation of each card in ``mask``."""
    return {format_card(c) for c in cards_of(mask)}


def load_json(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def deal_from(
    rules: Rules,
    hands: Sequence[str],
    stock: Sequence[str] | None = None,
    dealer: int = 2,
    pool_in: int = 0,
) -> Deal:
    """A deal from hands in notation; the stock is the rest of the pack in card order if omitted.

    With ``dealer=2`` (the default), seat 0 is the eldest hand, seat 1 the middle hand.
    """
    parsed = [parse_cards(h) for h in hands]
    if stock is None:
        used = 0
        for hand in parsed:
            used |= mask_of(hand)
        stock_cards: list[Card] = list(cards_of(FULL_PACK & ~used))
    else:
        stock_cards = [c for word in stock for c in parse_cards(word)]
    return Deal.from_cards(rules, dealer, parsed, stock_cards, pool_in)


def act(deal: Deal, *actions: str) -> Deal:
    """Apply each action (checked) in turn; returns the deal for chaining."""
    for action in actions:
        deal.apply(action)
    return deal


def play_tricks(deal: Deal, tricks: Sequence[Sequence[str]]) -> Deal:
    """Play tricks given as one card per seat (``[seat 0's, seat 1's, seat 2's]``), each card
    played when its seat's turn comes, so the order of play is the engine's."""
    for trick in tricks:
        start = len(deal.tricks)
        while len(deal.tricks) == start and not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            deal.apply(trick[seat])
    return deal


def sans_prendre_deal(
    rules: Rules, hands: Sequence[str], trump: str = "s", matador_forced_by: str | None = None
) -> Deal:
    """Seat 0 (eldest) plays sans prendre with ``hands`` as dealt, names ``trump``; the defenders
    keep their cards. The deal is left at the first lead, seat 0 to play."""
    if matador_forced_by is not None:
        import dataclasses

        rules = dataclasses.replace(rules, matador_forced_by=matador_forced_by)
    deal = deal_from(rules, hands)
    return act(deal, "sans-prendre", "pass", "pass", f"trump {trump}", "discard", "discard")


# ---- scripted deals with a chosen trick split ---------------------------------------------------

_PLAIN_POOL = {  # spades are trump in every scripted deal; the plain suits, highest first
    "c": ["Kc", "Qc", "Jc", "7c", "6c", "5c", "4c", "3c", "2c"],
    "h": ["Kh", "Qh", "Jh", "Ah", "2h", "3h", "4h", "5h", "6h", "7h"],
    "d": ["Kd", "Qd", "Jd", "Ad", "2d", "3d", "4d", "5d", "6d", "7d"],
}
_SPADE_TRUMPS = ["As", "2s", "Ac", "Ks", "Qs", "Js", "7s", "6s", "5s", "4s", "3s"]


def scripted_tricks(winners: Sequence[int], ombre_trumps: int = 0) -> list[list[str]]:
    """Nine tricks (one card per seat each) that the engine must score with these winners.

    Seat 0 is the Ombre and the eldest. The first ``ombre_trumps`` tricks are his top trumps in
    spades (As, 2s, Ac, Ks...), led in a row, on which the defenders, void in trumps, throw small
    diamonds and hearts. Every other trick is three cards of one plain suit, each seat following,
    the winner holding the highest. ``winners`` lists the winner of each plain trick.
    """
    assert len(winners) + ombre_trumps == 9
    pool = {s: list(cards) for s, cards in _PLAIN_POOL.items()}
    throws = [pool["d"].pop() for _ in range(min(6, 2 * ombre_trumps))]
    throws += [pool["h"].pop() for _ in range(2 * ombre_trumps - len(throws))]
    tricks = []
    for i in range(ombre_trumps):
        tricks.append([_SPADE_TRUMPS[i], throws[2 * i], throws[2 * i + 1]])
    suits = [s for s in "chd" for _ in range(len(pool[s]) // 3)]
    for winner, suit in zip(winners, suits, strict=False):
        high, mid, low = (pool[suit].pop(0) for _ in range(3))
        losers = [s for s in range(3) if s != winner]
        trick = [""] * 3
        trick[winner], trick[losers[0]], trick[losers[1]] = high, mid, low
        tricks.append(trick)
    assert len(tricks) == 9, "not enough plain cards for this script"
    return tricks


def _undertake(deal: Deal, contract: str) -> None:
    """Seat 0 (eldest) undertakes the game; the others pass while the auction lasts (under the
    encyclopaedia's reading it ends at once: ``Rules.overcall``)."""
    deal.apply(contract)
    while deal.phase_name == "auction":
        deal.apply("pass")


def scripted_deal(
    rules: Rules,
    winners: Sequence[int],
    ombre_trumps: int = 0,
    contract: str = "play",
    vole_before_trick: int | None = None,
    pool_in: int = 0,
    finish: bool = True,
) -> Deal:
    """A deal in which seat 0 (eldest; dealer seat 2) is Ombre in spades and the tricks go as
    :func:`scripted_tricks` says.

    ``contract="play"``: seat 0 asks, the others pass; he was dealt a spare card instead of his
    last-trick card, discards it, names spades and draws that card off the top of the stock (one
    card taken in). ``"sans-prendre"``: he plays the cards dealt. Defenders take in nothing.
    ``vole_before_trick``: the Ombre declares the vole on his turn just before that trick.
    """
    tricks = scripted_tricks(winners, ombre_trumps)
    hands = [" ".join(t[s] for t in tricks) for s in range(3)]
    used = m(" ".join(hands))
    rest = [format_card(c) for c in cards_of(FULL_PACK & ~used)]
    if contract == "play":
        drawn = tricks[-1][0]
        spare = rest.pop()  # a card nobody plays: the Ombre's discard
        dealt0 = hands[0].replace(drawn, spare)
        deal = deal_from(rules, [dealt0, hands[1], hands[2]], [drawn, *rest], pool_in=pool_in)
        _undertake(deal, "play")
        act(deal, f"discard {spare}", "trump s", "discard", "discard")
    else:
        deal = deal_from(rules, hands, rest, pool_in=pool_in)
        _undertake(deal, "sans-prendre")
        act(deal, "trump s", "discard", "discard")
    if not finish:
        return deal
    for n, trick in enumerate(tricks, start=1):
        if vole_before_trick == n:
            while deal.to_move != 0:
                deal.apply(trick[deal.to_move])
            deal.apply("vole")
        play_tricks(deal, [trick])
    assert deal.is_over
    return deal


# ---- playouts and bookkeeping --------------------------------------------------------------------


def random_playout(
    deal: Deal, rng: random.Random, each: Callable[[Deal], None] | None = None
) -> Deal:
    """Play uniformly random legal actions (checked path) to the end, calling ``each`` on every
    position, the final one included."""
    while True:
        if each is not None:
            each(deal)
        if deal.is_over:
            return deal
        assert len(deal.history) <= max_actions(deal.rules), "the deal does not end"
        deal.apply(rng.choice(deal.legal_actions()))


def damage(document: Any, path: Sequence[Any], value: Any) -> None:
    """Put ``value`` at ``path`` (keys and indexes) inside a JSON ``document``, or take the place
    away when ``value`` is ``...``: a saved game or record broken in one place. A path the
    document no longer has raises ``KeyError``, ``IndexError`` or ``TypeError``."""
    target = document
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value


def snapshot(deal: Deal) -> tuple[Any, ...]:
    """Everything observable about a deal: its record, every seat's view, the legal actions."""
    return (
        to_record(deal),
        tuple(view_of(deal, s) for s in range(deal.seats)),
        tuple(deal.legal_actions()),
        deal.to_move,
        deal.phase,
    )


def trick_cards(deal: Deal) -> CardSet:
    """Cards in finished tricks."""
    mask = 0
    for _, cards, _ in deal.tricks:
        mask |= mask_of(cards)
    return mask


def hidden_from(deal: Deal, seat: int) -> CardSet:
    """Cards ``seat`` may not know: the other hands, the others' discards, and the stock left
    unless the rules show it (RG, after the first lead; compendium §15 #13); not the king demanded
    at Quadrille by three nor the card given for it (CG p. 46: in view of all)."""
    hidden = 0
    for s in range(deal.seats):
        if s != seat:
            hidden |= deal.hands[s] | deal.discards[s]
    stock_shown = deal.rules.stock_seen_after_first_lead and (deal.tricks or deal.trick)
    if not stock_shown:
        hidden |= mask_of(deal.stock_left)
    if deal.demanded_from is not None:  # CG p. 46: handed over and given back in view of all
        assert deal.called is not None
        hidden &= ~(1 << deal.called)
        hidden &= ~mask_of(a - A.Act.GIVE for a in deal.history if A.is_give(a))
    return hidden


def resample_map(deal: Deal, seat: int, rng: random.Random) -> dict[Card, Card]:
    """A permutation of the cards ``seat`` has not seen that keeps the world consistent with
    everything public: once the trump is known, cards move only within their effective suit and
    the matadors stay put (so every past play stays legal and the privilege stays the same)."""
    unseen = hidden_from(deal, seat)  # by the rules, not by what the view claims
    # What the play has made public stays put: forced Spadille shows who holds Spadille, and a
    # called queen that the caller holds every king he could call (Quadrille, HOY laws 2, 12).
    fixed = 0
    if deal.ombre is not None and deal.forced_spadille:
        fixed |= 1 << SPADILLE
    if deal.called is not None and rank_of(deal.called) == QUEEN:
        fixed |= mask_of(make_card(KING, s) for s in range(4))
    if deal.demanded_from is not None:  # Quadrille by three: handed over and given in view
        assert deal.called is not None
        fixed |= 1 << deal.called
        fixed |= mask_of(a - A.Act.GIVE for a in deal.history if A.is_give(a))
    unseen &= ~fixed
    if deal.trump is None:
        classes = [unseen]
    else:
        eff = EFFECTIVE_SUIT[deal.trump]
        matadors = MATADOR_MASK[deal.trump]
        classes = [
            mask_of(c for c in cards_of(unseen & ~matadors) if eff[c] == suit) for suit in range(5)
        ]
    mapping = {c: c for c in range(40)}
    for cls in classes:
        group = list(cards_of(cls))
        shuffled = group[:]
        rng.shuffle(shuffled)
        mapping.update(zip(group, shuffled, strict=True))
    return mapping


def relabel(deal: Deal, mapping: dict[Card, Card]) -> Deal:
    """The same deal with every card renamed by ``mapping`` (deal, stock and every action), replayed
    on the checked path."""

    def mp(mask: CardSet) -> CardSet:
        return mask_of(mapping[c] for c in cards_of(mask))

    hands = [[mapping[c] for c in cards_of(h)] for h in deal.dealt]
    stock = [mapping[c] for c in deal.stock]
    new = Deal.from_cards(deal.rules, deal.dealer, hands, stock, deal.pool_in)
    for action in deal.history:
        if A.is_discard(action):
            action = A.discard_action(mp(A.discard_mask(action)))
        elif A.is_card(action):
            action = mapping[action]
        new.apply(action)
    return new


# ---- a deal through the bridge -------------------------------------------------------------------


def first_choice(snap: dict[str, Any]) -> str:
    """The person's first legal option in a bridge snapshot: the fewest cards they may discard
    (the first in their hand), else their first legal card, else the first action offered."""
    if snap["discard"] is not None:
        codes = [card["code"] for card in snap["hand"]][: snap["discard"]["min"]]
        return " ".join(["discard", *codes])
    cards = [card["code"] for card in snap["hand"] if card["legal"]]
    return cards[0] if cards else snap["legal"][0]["action"]


def play_bridge_deal(
    snap: dict[str, Any] | None = None,
    *,
    choose: Callable[[dict[str, Any]], str] = first_choice,
    each: Callable[[dict[str, Any]], None] | None = None,
    most: int = 400,
) -> dict[str, Any]:
    """Play the bridge's deal to its end from ``snap`` (default: the bridge's snapshot now), the
    person's actions by ``choose``, the computer players' by ``bridge.bot_move``, and return the
    last snapshot. Every reply must be ``ok``; ``each`` is called on every snapshot, the last one
    included; a deal not over after ``most`` moves fails the test."""
    if snap is None:
        snap = json.loads(bridge.snapshot())
    moves = 0
    while True:
        assert snap["ok"] is True, snap
        if each is not None:
            each(snap)
        if snap["phase"] == "over":
            return snap
        assert moves < most, f"the deal was not over after {most} moves"
        moves += 1
        if snap["human_to_move"]:
            snap = json.loads(bridge.apply(json.dumps({"action": choose(snap)})))
        else:
            snap = json.loads(bridge.bot_move())
