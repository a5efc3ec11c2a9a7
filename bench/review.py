#!/usr/bin/env python3
"""How long the review of a finished deal takes (``bots/review.py``), and what it says.

    python bench/review.py [--deals 20] [--rules 1660 classic] [--seat 0]

The deals are seeded (seeds 1..N of each preset, the dealer turning); the reviewed seat bids,
exchanges and names the trump at random, so its choices often differ from the expert's and the
review plays out the lines that judge them in counters, and everyone plays the cards as the
rule player does. Prints, per preset and over all, the CPU time of ``review_deal`` for that
seat (median, p90, max, in this process), how many decisions it listed and how many bids and
exchanges it judged in counters, how many rows were left without the solver's verdict (too long
to work out) and how many cards with their outcomes but not their tricks (``tricks_untold``),
and a digest of the reviews (the same digest on two commits: the same reviews). Run on two
commits side by side (``farm-bench``) to compare; before the judging in counters (``c79aa31``)
the count of judged decisions is 0.

A measuring script, not a test: it asserts nothing. Pyodide in Chromium takes about 1.7 to 2
times CPython's time for the search (docs/bots.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.bots import RandomPlayer, RulePlayer
from ombre_core.bots.review import review_deal
from ombre_core.rules import get_rules
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of


def hasty_deal(rules_id: str, seed: int, seat: int) -> Deal:
    """A finished deal where ``seat`` bids and exchanges at random, the cards played by rule."""
    rules = get_rules(rules_id)
    deal = Deal.from_seed(rules, seed, seed % rules.seats)
    rule_player, hasty = RulePlayer(), RandomPlayer()
    rng = random.Random(seed)
    while not deal.is_over:
        mover = deal.to_move
        assert mover is not None
        player = hasty if mover == seat and deal.phase != Phase.PLAY else rule_player
        deal.apply(player.choose(view_of(deal, mover), rng))
    return deal


def figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_s": round(statistics.median(ordered), 3),
        "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max_s": round(ordered[-1], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--rules", nargs="+", default=["1660", "classic"])
    parser.add_argument("--seat", type=int, default=0)
    args = parser.parse_args()
    digest = hashlib.sha256()
    every: list[float] = []
    report: dict[str, object] = {"deals": args.deals, "seat": args.seat}
    for rules_id in args.rules:
        times = []
        listed = judged = unsolved = untold = 0
        for seed in range(1, args.deals + 1):
            deal = hasty_deal(rules_id, seed, args.seat)
            start = time.process_time()
            decisions = review_deal(deal, args.seat)
            times.append(time.process_time() - start)
            listed += len(decisions)
            judged += sum(getattr(d, "counters", None) is not None for d in decisions)
            unsolved += sum(getattr(d, "unsolved", False) for d in decisions)
            untold += sum(getattr(d, "tricks_untold", False) for d in decisions)
            digest.update(repr(decisions).encode())
        every += times
        report[rules_id] = {
            **figures(times),
            "decisions": listed,
            "judged_in_counters": judged,
            "unsolved": unsolved,
            "tricks_untold": untold,
        }
    report["all"] = figures(every)
    report["digest"] = digest.hexdigest()[:16]
    print(json.dumps(report))


if __name__ == "__main__":
    main()
