#!/usr/bin/env python3
"""Bounds and diagnostics of the computer players (issue #6), from duplicate-deal duels.

    python bench/bounds.py [--deals 100] [--rules 1660] [--jobs 2] [--seed 11] [--level expert]

* the ceiling: ``cheater`` (sees every card, plays the solver's best; bids as the novice) against
  ``novice``, and the level against ``novice``: the share of the novice-to-cheater gap the level
  closes (the issue aims at 60% for ``expert``); and ``cheater-expert`` (the same, bidding as the
  expert does), the ceiling of card play behind the expert's own bids, and the level's share of it;
* how often the level's cards (among two or more) are among the solver's best on the true deal,
  tricks 1-5 and 6 on (``duel --agreement``);
* what inference is worth: the level against itself sampling uniformly (``<level>-uniform``);
* what saying *Gano* is worth: the level against itself never saying it (``<level>-silent``).

Each line is the duel's JSON (``python -m ombre_core duel``), then a summary. The same deal seeds
serve every duel, so the figures are paired. A measuring script, not a test: a few hundred deals
take hours at ``expert``; intervals narrow as one over the square root of the deals.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.bots.duel import duel


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--level", default="expert", choices=["standard", "expert"])
    parser.add_argument(
        "--only",
        help="comma-separated: ceiling, expert-ceiling, level, uniform, silent (default: all)",
    )
    args = parser.parse_args()
    level = args.level
    wanted = set((args.only or "ceiling,expert-ceiling,level,uniform,silent").split(","))
    runs = {
        "ceiling": ("cheater", "novice", False),
        "expert-ceiling": ("cheater-expert", "novice", False),
        "level": (level, "novice", True),
        "uniform": (level, f"{level}-uniform", False),
        "silent": (level, f"{level}-silent", False),
    }
    reports = {}
    for key, (a, b, agreement) in runs.items():
        if key not in wanted:
            continue
        reports[key] = duel(a, b, args.rules, args.deals, args.seed, args.jobs, agreement)
        print(json.dumps(reports[key]), flush=True)
    print()
    if "ceiling" in reports and "level" in reports:
        gap, gained = reports["ceiling"]["mean"], reports["level"]["mean"]
        share = gained / gap if gap else float("nan")
        print(
            f"the novice-to-cheater gap: {gap:+.2f} {reports['ceiling']['unit']}; {level} "
            f"closes {share:.0%} of it ({gained:+.2f})"
        )
    if "expert-ceiling" in reports and "level" in reports:
        gap, gained = reports["expert-ceiling"]["mean"], reports["level"]["mean"]
        share = gained / gap if gap else float("nan")
        print(
            f"the gap to the cheater bidding as the expert: {gap:+.2f}; {level} closes "
            f"{share:.0%} of it"
        )
    if "level" in reports:
        agree = reports["level"]["agreement"][level]
        print(f"{level}'s cards among the solver's best: {agree}")
    for key, what in (("uniform", "inference"), ("silent", "saying Gano")):
        if key in reports:
            r = reports[key]
            print(f"{what} is worth {r['mean']:+.2f} {r['unit']} {r['ci95']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
