"""Duplicate-deal matches between two players: how strength is measured (issue #6).

The luck of the cards dwarfs the skill of the players over a few hundred deals, so each deal is
played several times with the same cards and the players in different seats (duplicate, as in
bridge and Skat tournaments; ``shared/notes/bots-anchors.md``). For a table of *n* seats and the
players A and B, every deal is played ``2 + 2n`` times:

* all seats B, and for each seat *s*, A at *s* with B elsewhere: A's gain at *s* is what A won
  there less what B won there, the cards and the other players being the same;
* all seats A, and for each seat *s*, B at *s* with A elsewhere: likewise, against A's.

The deal's score is the mean of those ``2n`` gains, so every seat (eldest, dealer, whoever became
Ombre) counts alike. It is also told by the role of the player who sat alone in his seat (the
Ombre or his partner, a defender, or nobody's game when all passed): the three parts add up to
the score, so a match tells where one player gains on the other.

The match's figure is the mean over deals with a 95% confidence interval
(normal approximation over deals, which are independent). Each deal starts from an empty pool,
so its payments are what it is worth; every action goes through the checked :meth:`Deal.apply`,
so a player that chose an illegal action would stop the match.

Every decision takes its randomness from a ``random.Random`` seeded by the deal, the seat and the
action's index, so a match replays exactly, and a player sees only its :func:`view_of`.

The ``2 + 2n`` plays of a deal share long beginnings (the same cards, and most decisions alike
until the two players first differ), so each decision is remembered for the deal by the player,
the seat and every action before it (:class:`Decisions`): a play that reaches the same point
takes the remembered action instead of thinking again. This holds because a player's decision is
a function of its view, its seeded randomness and, at most, its own decision just before (the
search players' planned trump and their card after *Gano*): the action before is then in the key.
The scores are the same with or without it (``tests/test_duel.py``); the time a remembered
decision took is counted again, so the decision times are those of every decision played.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, cast

from .. import actions as A
from ..errors import OmbreError
from ..rules import Rules, get_rules
from ..scoring import Settlement, ombre_side, settle
from ..state import Deal, Phase, nth_deal_seed
from ..views import view_of
from . import PLAYERS, Player, make_player
from .cheater import CheaterPlayer
from .levels import EXPERT, SearchConfig
from .search import SearchPlayer
from .solver import solve


def decision_rng(deal_seed: int, seat: int, index: int) -> random.Random:
    """The randomness of one decision: a function of the deal, the seat and the action index."""
    return random.Random((deal_seed * 1_000_003 + index) * 16 + seat)


@dataclass
class Timings:
    """Milliseconds per decision, by player name."""

    ms: dict[str, list[float]] = field(default_factory=dict)
    agreement: dict[str, list[int]] = field(default_factory=dict)
    """By player: [best, cards] in tricks 1-5, then [best, cards] in tricks 6 on: how often a
    card it chose (among two or more) was one of the solver's best on the true deal."""

    def add(self, name: str, ms: float) -> None:
        self.ms.setdefault(name, []).append(ms)

    def agree(self, name: str, tricks_done: int, best: bool) -> None:
        counts = self.agreement.setdefault(name, [0, 0, 0, 0])
        early = 0 if tricks_done < EARLY_TRICKS else 2
        counts[early] += best
        counts[early + 1] += 1

    def merge(self, other: Timings) -> None:
        for name, values in other.ms.items():
            self.ms.setdefault(name, []).extend(values)
        for name, counts in other.agreement.items():
            mine = self.agreement.setdefault(name, [0, 0, 0, 0])
            for i, c in enumerate(counts):
                mine[i] += c

    def agreement_summary(self, name: str) -> dict[str, Any]:
        hits, n, late_hits, late_n = self.agreement.get(name, [0, 0, 0, 0])
        return {
            f"tricks 1-{EARLY_TRICKS}": round(hits / n, 4) if n else None,
            f"tricks {EARLY_TRICKS + 1}-": round(late_hits / late_n, 4) if late_n else None,
            "cards": n + late_n,
        }

    def summary(self, name: str) -> dict[str, float]:
        values = sorted(self.ms.get(name, ()))
        if not values:
            return {"median": 0.0, "p95": 0.0, "decisions": 0}
        p95 = values[min(len(values) - 1, math.ceil(0.95 * len(values)) - 1)]
        return {
            "median": round(_median(values), 3),
            "p95": round(p95, 3),
            "decisions": len(values),
        }


def _median(values: Sequence[float]) -> float:
    """The median of sorted ``values`` (not ``statistics``: it brings decimal and fractions, which
    the site would then ship for nothing)."""
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def mean_and_half_width(scores: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation, sample variance)."""
    n = len(scores)
    mean = math.fsum(scores) / n
    variance = math.fsum((x - mean) ** 2 for x in scores) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(variance / n)


def mean_and_interval(scores: Sequence[float]) -> dict[str, Any]:
    """A report's ``mean`` and ``ci95`` (:func:`mean_and_half_width`), rounded to four places."""
    mean, half = mean_and_half_width(scores)
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


ROLES = ("ombre", "defender", "passed")
"""A seat's part in a deal: on the Ombre's side (he or his called partner), against it, or no
game (all passed)."""


Decided = tuple[A.Action, float, bool | None]
"""A remembered decision: the action, its milliseconds, and whether a card was among the
solver's best (None when not checked)."""


class Decisions:
    """The decisions of one deal's plays, by player, seat and every action before (see the
    module's doc): only for the plays of one deal seed, which fixes the cards."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, int, tuple[A.Action, ...]], Decided] = {}
        self.reused = 0


def play_deal(
    rules: Rules,
    deal_seed: int,
    seat_players: Sequence[str],
    timings: Timings,
    check: frozenset[str] = frozenset(),
    decisions: Decisions | None = None,
) -> tuple[int, ...]:
    """Play one deal with the named player in each seat; return what each seat won.
    (:func:`play_deal_with_roles` tells each seat's role too.)"""
    settled, _ = play_deal_with_roles(rules, deal_seed, seat_players, timings, check, decisions)
    return settled.payments


def play_deal_with_roles(
    rules: Rules,
    deal_seed: int,
    seat_players: Sequence[str],
    timings: Timings,
    check: frozenset[str] = frozenset(),
    decisions: Decisions | None = None,
) -> tuple[Settlement, tuple[str, ...]]:
    """Play one deal with the named player in each seat; return its settlement (what each seat
    won, the outcome, who won a codille) and each seat's role (:data:`ROLES`).

    A player that ``sees_everything`` (:mod:`.cheater`) is handed a copy of the deal; every other
    decides from its view. For the players named in ``check``, each card is compared with the
    solver's best cards on the true deal (:meth:`Timings.agree`). ``decisions``, shared by the
    plays of this deal seed, remembers their decisions (the module's doc). What the pool holds
    at the end, for the next deal, is the settlement's ``pool_out``.
    """
    deal = Deal.from_seed(rules, deal_seed, dealer=deal_seed % rules.seats)
    players = [make_duelist(name) for name in seat_players]
    played: list[A.Action] = []
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        name = seat_players[seat]
        key = (name, seat, tuple(played))
        kept = decisions.kept.get(key) if decisions is not None else None
        if kept is not None:
            assert decisions is not None
            decisions.reused += 1
            action, ms, agreed = kept
        else:
            action, ms, agreed = _decide(deal, players[seat], name, len(played), deal_seed, check)
            if decisions is not None:
                decisions.kept[key] = (action, ms, agreed)
        timings.add(name, ms)
        if agreed is not None:
            timings.agree(name, len(deal.tricks), agreed)
        try:
            deal.apply(action)
        except OmbreError as exc:  # a plain OmbreError: it crosses from a worker intact
            raise OmbreError(f"{name} at seat {seat}, deal seed {deal_seed}: {exc}") from None
        played.append(action)
    side = ombre_side(deal)
    roles = tuple(
        "passed" if not side else "ombre" if s in side else "defender" for s in range(deal.seats)
    )
    return settle(deal), roles


def _decide(
    deal: Deal, player: Player, name: str, index: int, deal_seed: int, check: frozenset[str]
) -> Decided:
    """The player's action for the seat on turn, its time, and (if checked) the agreement."""
    seat = deal.to_move
    assert seat is not None
    rng = decision_rng(deal_seed, seat, index)
    start = time.perf_counter()
    action = choose_action(deal, player, rng)
    ms = (time.perf_counter() - start) * 1000
    agreed = None
    if (
        name in check
        and deal.phase == Phase.PLAY
        and A.is_card(action)
        and deal.legal_cards().bit_count() > 1  # a choice
    ):
        agreed = action in solve(deal.copy()).best
    return action, ms, agreed


def choose_action(deal: Deal, player: Player, rng: random.Random) -> A.Action:
    """The action ``player`` chooses for the seat on turn: from that seat's view, or, for the
    cheater (who sees every card), from a copy of the deal. Not checked: the caller applies it."""
    seat = deal.to_move
    assert seat is not None
    if isinstance(player, CheaterPlayer):
        return player.choose_seeing(deal.copy(), rng)
    return player.choose(view_of(deal, seat), rng)


def deal_score(
    rules: Rules,
    a: str,
    b: str,
    deal_seed: int,
    timings: Timings,
    check: frozenset[str] = frozenset(),
) -> float:
    """What A won over B on this deal, per seat, by the duplicate scheme of the module's doc."""
    return deal_score_by_role(rules, a, b, deal_seed, timings, check)[0]


def deal_score_by_role(
    rules: Rules,
    a: str,
    b: str,
    deal_seed: int,
    timings: Timings,
    check: frozenset[str] = frozenset(),
    remember: bool = True,
) -> tuple[float, dict[str, float]]:
    """:func:`deal_score`, and its parts by the role of the seat played alone (the guest's role
    in the deal where he sits there; :data:`ROLES`): the parts add up to the score.
    ``remember=False`` thinks every decision again in every play (:class:`Decisions`)."""
    score, parts, _ = deal_scores(rules, a, b, deal_seed, timings, check, remember)
    return score, parts


Scored = tuple[float, dict[str, float], float]
"""A deal's score, its parts by role, and what A gains over B from the pool left at the end
counted a share to each seat (:func:`deal_scores`)."""


def seatings(home: str, guest: str, n: int) -> list[list[str]]:
    """The plays of one half of a deal's duplicate scheme: every seat ``home``, then ``guest``
    in each seat in turn with ``home`` elsewhere."""
    return [[home] * n, *([guest if t == s else home for t in range(n)] for s in range(n))]


def deal_scores(
    rules: Rules,
    a: str,
    b: str,
    deal_seed: int,
    timings: Timings,
    check: frozenset[str] = frozenset(),
    remember: bool = True,
) -> Scored:
    """:func:`deal_score_by_role`, and the pool's part: what the pool holds at the end (after a
    repuesto, or a deal all passed) is counted for no one in the score, since each deal starts
    from an empty pool; in a session it is played for in the next deal, where each seat may
    expect a share of it (1/n, the seats being alike). The pool's part is A's gain over B from
    those shares: the score plus it is the deal's worth as a session counts it (a defender who
    forces a repuesto keeps a share of the doubled pool, where a sacada loses it)."""
    n = rules.seats
    gains = []
    pool_gains = []
    parts = dict.fromkeys(ROLES, 0.0)
    decisions = Decisions() if remember else None
    for home, guest in ((b, a), (a, b)):
        alone, *visits = seatings(home, guest, n)
        base = play_deal_with_roles(rules, deal_seed, alone, timings, check, decisions)[0]
        for s, seats in enumerate(visits):
            settled, roles = play_deal_with_roles(
                rules, deal_seed, seats, timings, check, decisions
            )
            won = settled.payments
            sign = 1 if guest == a else -1
            gains.append(sign * (won[s] - base.payments[s]))
            pool_gains.append(sign * (settled.pool_out - base.pool_out) / n)
            parts[roles[s]] += gains[-1]
    count = len(gains)
    return (
        sum(gains) / count,
        {role: x / count for role, x in parts.items()},
        sum(pool_gains) / count,
    )


AUCTION_SETTINGS = frozenset(
    {
        "priced_auction",
        "price_confidence",
        "price_vole",
        "gray_zone",
        "gray_zone_at_five",
        "pass_value",
    }
)
"""Search settings read only in the auction (:meth:`.search.SearchPlayer._bid`)."""
PRICING_SETTINGS = frozenset(
    {"bid_worlds", "bid_budget", "bid_worlds_at_three", "bid_budget_at_three"}
)
"""Settings of the priced auction that the priced exchange reads too."""
BEFORE_PLAY_SETTINGS = AUCTION_SETTINGS | PRICING_SETTINGS | {"priced_exchange"}
"""Search settings read only before the trick play: in the auction, the exchange and the
trump."""


def differ_before_play(a: str, base: str) -> bool:
    """Whether the duelists ``a`` and ``base`` are search players that can decide otherwise only
    before the trick play: their settings differ in :data:`BEFORE_PLAY_SETTINGS` at most. Then
    wherever the two decide alike up to the first card every later decision is alike too (a
    search player's decision is a function of its view, its seeded randomness and its own
    settings), so such a deal scores the same for both (:func:`agree_before_play`)."""
    first, second = make_duelist(a), make_duelist(base)
    if not isinstance(first, SearchPlayer) or not isinstance(second, SearchPlayer):
        return False
    one, two = first.config, second.config
    differ = {f.name for f in fields(SearchConfig) if getattr(one, f.name) != getattr(two, f.name)}
    return differ <= BEFORE_PLAY_SETTINGS


def agree_before_play(rules: Rules, deal_seed: int, a: str, base: str, b: str) -> bool:
    """Whether ``a`` decides as ``base`` at every turn before the trick play (the auction, the
    exchange, the trump, the call) of every play of this deal's duplicate scheme against ``b``
    (:func:`deal_scores`), the plays followed as ``base`` decides them.

    For two duelists that :func:`differ_before_play`, such a deal scores exactly what it scores
    for ``base``: a duel of ``a`` need play only the deals where it does not, and take
    ``base``'s scores for the rest (``bench/screened_duel.py``). Only the deal's first steps are
    played here, the cheap part of it."""
    if not differ_before_play(a, base):
        raise ValueError(f"{a!r} and {base!r} may differ in the trick play: play the duel")
    n = rules.seats
    kept: dict[tuple[str, int, tuple[A.Action, ...]], A.Action] = {}

    def decide(name: str, deal: Deal, played: list[A.Action], player: Player) -> A.Action:
        seat = deal.to_move
        assert seat is not None
        key = (name, seat, tuple(played))
        action = kept.get(key)
        if action is None:
            rng = decision_rng(deal_seed, seat, len(played))
            action = kept[key] = player.choose(view_of(deal, seat), rng)
        return action

    for home, guest in ((b, base), (base, b)):
        for seats in seatings(home, guest, n):
            deal = Deal.from_seed(rules, deal_seed, dealer=deal_seed % n)
            ours = {s: (make_duelist(base), make_duelist(a)) for s in range(n) if seats[s] == base}
            theirs = {s: make_duelist(b) for s in range(n) if seats[s] != base}
            played: list[A.Action] = []
            while not deal.is_over and deal.phase != Phase.PLAY:
                seat = deal.to_move
                assert seat is not None
                if seat in ours:
                    action = decide(base, deal, played, ours[seat][0])
                    if decide(a, deal, played, ours[seat][1]) != action:
                        return False
                else:
                    action = decide(b, deal, played, theirs[seat])
                deal.apply(action)
                played.append(action)
    return True


def _chunk(args: tuple[str, str, str, list[int], frozenset[str]]) -> tuple[list[Scored], Timings]:
    rules_id, a, b, seeds, check = args
    rules = get_rules(rules_id)
    timings = Timings()
    return [deal_scores(rules, a, b, s, timings, check) for s in seeds], timings


CHUNK = 10
"""Deals a worker plays before it reports: the progress is told, and the scores kept, this
often."""


def duel(
    a: str,
    b: str,
    rules_id: str,
    deals: int,
    seed: int,
    jobs: int = 1,
    agreement: bool = False,
    scores_file: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals of A against B; the figures the command line prints.

    With ``agreement``, also how often each one's cards were among the solver's best on the true
    deal (an extra solve per card: slower). With ``scores_file``, each deal's score is kept there
    (one JSON object a line) as it comes, and the deals it already holds for the same match are
    not played again: a long match stopped part-way goes on where it stopped. ``progress`` is
    told the deals done and the mean so far every :data:`CHUNK` deals. The decision times are
    this run's."""
    if deals < 2:
        raise ValueError("a duel needs at least two deals for an interval")
    rules = get_rules(rules_id)
    make_duelist(a), make_duelist(b)  # unknown names fail here, before any work
    check = frozenset({a, b}) if agreement else frozenset()
    seeds = [nth_deal_seed(seed, i) for i in range(deals)]
    match = {"a": a, "b": b, "rules": rules.id, "seed": seed}
    done = _kept_scores(scores_file, match) if scores_file else {}
    todo = [s for s in seeds if s not in done]
    jobs = max(1, jobs)
    parts = [(rules.id, a, b, todo[i : i + CHUNK], check) for i in range(0, len(todo), CHUNK)]
    by_seed = {s: done[s] for s in seeds if s in done}
    timings = Timings()

    def take(part_seeds: list[int], part_scores: list[Scored], part: Timings) -> None:
        by_seed.update(zip(part_seeds, part_scores, strict=True))
        timings.merge(part)
        if scores_file:
            with open(scores_file, "a", encoding="utf-8") as kept:
                for s, (x, roles, pool) in zip(part_seeds, part_scores, strict=True):
                    line = {**match, "deal": s, "score": x, "by_role": roles, "pool_gain": pool}
                    kept.write(json.dumps(line) + "\n")
        if progress:
            so_far = math.fsum(x for x, *_ in by_seed.values()) / len(by_seed)
            progress(f"duel {a} vs {b}: {len(by_seed)}/{deals} deals, mean so far {so_far:+.3f}")

    if jobs == 1 or len(parts) <= 1:
        for args in parts:
            take(args[3], *_chunk(args))
    else:
        # Here, not at the top: the browser imports this module (the snapshot job imports them
        # all) and the site ships only the stdlib modules the game needs (tools/stdlib-allow.txt).
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            for args, (part_scores, part) in zip(parts, pool.map(_chunk, parts), strict=True):
                take(args[3], part_scores, part)
    scores = [by_seed[s][0] for s in seeds]
    return {
        **match,
        "deals": deals,
        **mean_and_interval(scores),
        "unit": f"{rules.units} per deal",
        "stake": rules.game_stake,
        "mean_in_stakes": round(math.fsum(scores) / len(scores) / rules.game_stake, 4),
        "decision_ms": {a: timings.summary(a), b: timings.summary(b)},
        **_by_role([by_seed[s][1] for s in seeds]),
        **_pool_shared([(by_seed[s][0], by_seed[s][2]) for s in seeds]),
        **(
            {"agreement": {a: timings.agreement_summary(a), b: timings.agreement_summary(b)}}
            if agreement
            else {}
        ),
    }


def _by_role(parts: list[dict[str, float] | None]) -> dict[str, Any]:
    """The report's ``by_role``: the mean of each role's part with its 95% interval, over the
    deals whose parts are known (a scores file written before they were kept has none)."""
    known = [p for p in parts if p is not None]
    if len(known) < 2:
        return {}
    out: dict[str, Any] = {"deals": len(known)}
    for role in ROLES:
        out[role] = mean_and_interval([p.get(role, 0.0) for p in known])
    return {"by_role": out}


def _pool_shared(scores: list[tuple[float, float | None]]) -> dict[str, Any]:
    """The report's ``pool_shared``: the mean of the score plus the pool's part
    (:func:`deal_scores`) with its 95% interval, over the deals whose pool part is known."""
    known = [x + pool for x, pool in scores if pool is not None]
    if len(known) < 2:
        return {}
    return {"pool_shared": {"deals": len(known), **mean_and_interval(known)}}


MatchKey = tuple[Any, Any, Any, Any]
"""A kept score's match: its players A and B, rules and seed, as the line gives them."""

Kept = tuple[float, dict[str, float] | None, float | None]
"""A deal's score as a scores file keeps it: with its parts by role and the pool's part, or
without them (older files)."""


def read_scores(path: str) -> dict[MatchKey, dict[int, float]]:
    """The scores a ``--scores`` file keeps, by match (A, B, rules, seed), then by deal seed. A
    line that cannot be read is an error, named; ``FileNotFoundError`` passes through."""
    with open(path, encoding="utf-8") as kept:
        lines = kept.read().splitlines()
    scores: dict[MatchKey, dict[int, float]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key = (entry.get("a"), entry.get("b"), entry.get("rules"), entry.get("seed"))
            scores.setdefault(key, {})[int(entry["deal"])] = float(entry["score"])
        except (ValueError, TypeError, KeyError, AttributeError):
            raise ValueError(f"{path}, line {number}: not a duel score: {line[:80]!r}") from None
    return scores


def _kept_entries(path: str) -> Iterator[tuple[MatchKey, int, dict[str, Any]]]:
    """Each line of a ``--scores`` file as (match, deal seed, the line's object)
    (:func:`read_scores` has checked the lines)."""
    with open(path, encoding="utf-8") as kept:
        for line in kept:
            if line.strip():
                entry = json.loads(line)
                key = (entry.get("a"), entry.get("b"), entry.get("rules"), entry.get("seed"))
                yield key, int(entry["deal"]), entry


def read_entries(path: str) -> list[tuple[MatchKey, int, dict[str, Any]]]:
    """Every line of a ``--scores`` file as (match, deal seed, the line's object), each line
    checked as :func:`read_scores` checks it."""
    read_scores(path)
    return list(_kept_entries(path))


def read_roles(path: str) -> dict[MatchKey, dict[int, dict[str, float]]]:
    """The parts by role (:func:`deal_score_by_role`) a ``--scores`` file keeps, where its lines
    have them, by match and deal seed."""
    roles: dict[MatchKey, dict[int, dict[str, float]]] = {}
    for key, deal, entry in _kept_entries(path):
        parts = entry.get("by_role")
        if isinstance(parts, dict) and all(isinstance(x, int | float) for x in parts.values()):
            roles.setdefault(key, {})[deal] = {r: float(x) for r, x in parts.items()}
    return roles


def read_pool_gains(path: str) -> dict[MatchKey, dict[int, float]]:
    """The pool's parts (:func:`deal_scores`) a ``--scores`` file keeps, where its lines have
    them, by match and deal seed."""
    pools: dict[MatchKey, dict[int, float]] = {}
    for key, deal, entry in _kept_entries(path):
        pool = entry.get("pool_gain")
        if isinstance(pool, int | float) and not isinstance(pool, bool):
            pools.setdefault(key, {})[deal] = float(pool)
    return pools


def _kept_scores(path: str, match: dict[str, Any]) -> dict[int, Kept]:
    """The scores ``path`` keeps for this match, with their parts by role where kept (none if
    the file does not exist); the lines of other matches are left alone."""
    try:
        kept = read_scores(path)
    except FileNotFoundError:
        return {}
    key = (match["a"], match["b"], match["rules"], match["seed"])
    roles = read_roles(path).get(key, {})
    pools = read_pool_gains(path).get(key, {})
    return {s: (x, roles.get(s), pools.get(s)) for s, x in kept.get(key, {}).items()}


DUELISTS = (*PLAYERS, "cheater", "cheater-expert")
"""Who may play a duel: every player, and the cheater, who sees every card (bidding as the novice,
or as the expert)."""


def make_duelist(name: str) -> Player:
    """A player for a duel seat: :func:`make_player`, the cheater, a search player with some
    of its settings changed, ``level:field=value,...`` (any :class:`~.levels.SearchConfig`
    field, the value as JSON: ``expert:price_confidence=1.0``), to measure what a setting is
    worth before it has a name, or a player of your own, ``package.module.Factory``
    (:func:`imported_player`). An unknown name, field or value is a ``ValueError`` naming it."""
    if name == "cheater":
        return CheaterPlayer()
    if name == "cheater-expert":
        return CheaterPlayer(make_player("expert"), name)
    base, colon, changes = name.partition(":")
    if not colon and "." in name:
        return imported_player(name)
    if not colon:
        try:
            return make_player(name)
        except OmbreError as exc:
            raise OmbreError(f"{exc}; in a duel also cheater or cheater-expert") from None
    player = make_player(base)
    if not isinstance(player, SearchPlayer):
        raise ValueError(f"{base!r} is not a search player: its settings cannot be changed")
    return SearchPlayer(name, replace(player.config, **settings_of(changes)))


def imported_player(path: str) -> Player:
    """A player of your own for a duel, named ``package.module.Factory``: the module is imported
    and ``Factory()`` called for each seat's player, an object with ``choose(view, rng)`` that
    returns one of ``view.legal`` (:class:`~.base.Player`). Each of the duel's workers imports it
    again, so the module must be importable where the duel runs (the current directory, or
    ``PYTHONPATH``). The duel remembers a decision for the plays of a deal that reach the same
    point (the module's doc): a player's choice must depend only on its view and its ``rng``."""
    import importlib  # here: the browser never imports a player by its name

    module_name, _, attribute = path.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise OmbreError(f"player {path!r}: cannot import {module_name!r} ({exc})") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise OmbreError(f"player {path!r}: {module_name} has nothing named {attribute!r} to call")
    try:
        player = factory()
    except TypeError as exc:  # it wants arguments: not a factory of players
        raise OmbreError(f"player {path!r}: {attribute}() cannot be called so ({exc})") from None
    if not callable(getattr(player, "choose", None)):
        raise OmbreError(
            f"player {path!r}: {attribute}() returned {type(player).__name__}, not a player"
            " (an object with choose(view, rng))"
        )
    return cast(Player, player)


def settings_of(changes: str) -> dict[str, Any]:
    """``field=value,...`` as :class:`~.levels.SearchConfig` fields and their values, each value
    JSON of the field's kind; a field that does not exist or a value of another kind is a
    ``ValueError`` naming it."""
    known = {f.name: f for f in fields(SearchConfig)}
    settings: dict[str, Any] = {}
    for item in changes.split(","):
        key, _, text = item.partition("=")
        if key not in known:
            raise ValueError(f"{key!r} is not a search setting: expected one of {', '.join(known)}")
        try:
            value = json.loads(text)
        except ValueError:
            raise ValueError(f"{item!r}: the value is not JSON (true, 2, 0.5, null)") from None
        if not _fits(value, getattr(EXPERT, key), "None" in str(known[key].type)):
            raise ValueError(f"{item!r}: not a value {key} takes")
        settings[key] = value
    return settings


def _fits(value: object, default: object, optional: bool) -> bool:
    """Whether ``value`` is of the kind of a setting whose default is ``default``."""
    if value is None:
        return optional
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, int | float)
    return isinstance(value, int) if default is None else isinstance(value, type(default))


EARLY_TRICKS = 5
"""The agreement is told for tricks 1-5 and 6 on (issue #6: "tricks 1-5 and 6-9")."""
