"""Duplicate-deal matches between two players: how strength is measured (issue #6).

The luck of the cards dwarfs the skill of the players over a few hundred deals, so each deal is
played several times with the same cards and the players in different seats (duplicate, as in
bridge and Skat tournaments; ``shared/notes/bots-anchors.md``). For a table of *n* seats and the
players A and B, every deal is played ``2 + 2n`` times:

* all seats B, and for each seat *s*, A at *s* with B elsewhere: A's gain at *s* is what A won
  there less what B won there, the cards and the other players being the same;
* all seats A, and for each seat *s*, B at *s* with A elsewhere: likewise, against A's.

The deal's score is the mean of those ``2n`` gains, so every seat (eldest, dealer, whoever became
Ombre) counts alike. The match's figure is the mean over deals with a 95% confidence interval
(normal approximation over deals, which are independent). Each deal starts from an empty pool,
so its payments are what it is worth; every action goes through the checked :meth:`Deal.apply`,
so a player that chose an illegal action would stop the match.

Every decision takes its randomness from a ``random.Random`` seeded by the deal, the seat and the
action's index, so a match replays exactly, and a player sees only its :func:`view_of`.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..rules import Rules, get_rules
from ..scoring import settle
from ..state import Deal
from ..views import view_of
from . import make_player


def decision_rng(deal_seed: int, seat: int, index: int) -> random.Random:
    """The randomness of one decision: a function of the deal, the seat and the action index."""
    return random.Random((deal_seed * 1_000_003 + index) * 16 + seat)


@dataclass
class Timings:
    """Milliseconds per decision, by player name."""

    ms: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, ms: float) -> None:
        self.ms.setdefault(name, []).append(ms)

    def merge(self, other: Timings) -> None:
        for name, values in other.ms.items():
            self.ms.setdefault(name, []).extend(values)

    def summary(self, name: str) -> dict[str, float]:
        values = sorted(self.ms.get(name, ()))
        if not values:
            return {"median": 0.0, "p95": 0.0, "decisions": 0}
        p95 = values[min(len(values) - 1, math.ceil(0.95 * len(values)) - 1)]
        return {
            "median": round(statistics.median(values), 3),
            "p95": round(p95, 3),
            "decisions": len(values),
        }


def play_deal(
    rules: Rules, deal_seed: int, seat_players: Sequence[str], timings: Timings
) -> tuple[int, ...]:
    """Play one deal with the named player in each seat; return what each seat won."""
    deal = Deal.from_seed(rules, deal_seed, dealer=deal_seed % rules.seats)
    players = [make_player(name) for name in seat_players]
    index = 0
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        start = time.perf_counter()
        action = players[seat].choose(view, decision_rng(deal_seed, seat, index))
        timings.add(seat_players[seat], (time.perf_counter() - start) * 1000)
        deal.apply(action)
        index += 1
    return settle(deal).payments


def deal_score(rules: Rules, a: str, b: str, deal_seed: int, timings: Timings) -> float:
    """What A won over B on this deal, per seat, by the duplicate scheme of the module's doc."""
    n = rules.seats
    gains = []
    for home, guest in ((b, a), (a, b)):
        base = play_deal(rules, deal_seed, [home] * n, timings)
        for s in range(n):
            seats = [home] * n
            seats[s] = guest
            won = play_deal(rules, deal_seed, seats, timings)[s]
            gain = won - base[s]
            gains.append(gain if guest == a else -gain)
    return sum(gains) / len(gains)


def _chunk(args: tuple[str, str, str, list[int]]) -> tuple[list[float], dict[str, list[float]]]:
    rules_id, a, b, seeds = args
    rules = get_rules(rules_id)
    timings = Timings()
    return [deal_score(rules, a, b, s, timings) for s in seeds], timings.ms


def duel(a: str, b: str, rules_id: str, deals: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """Play ``deals`` duplicate deals of A against B; the figures the command line prints."""
    if deals < 2:
        raise ValueError("a duel needs at least two deals for an interval")
    rules = get_rules(rules_id)
    make_player(a), make_player(b)  # unknown names fail here, before any work
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    jobs = max(1, jobs)
    size = math.ceil(deals / (jobs * 4))
    parts = [(rules.id, a, b, seeds[i : i + size]) for i in range(0, deals, size)]
    scores: list[float] = []
    timings = Timings()
    if jobs == 1:
        results = map(_chunk, parts)
        for part_scores, ms in results:
            scores += part_scores
            timings.merge(Timings(ms))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            for part_scores, ms in pool.map(_chunk, parts):
                scores += part_scores
                timings.merge(Timings(ms))
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))
    return {
        "a": a,
        "b": b,
        "rules": rules.id,
        "deals": deals,
        "seed": seed,
        "mean": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "unit": f"{rules.units} per deal",
        "stake": rules.game_stake,
        "mean_in_stakes": round(mean / rules.game_stake, 4),
        "decision_ms": {a: timings.summary(a), b: timings.summary(b)},
    }
