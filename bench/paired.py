#!/usr/bin/env python3
"""Compare two duels against the same opponent on the same deals, deal by deal.

    python bench/paired.py BOLD.jsonl PLAIN.jsonl

Each file is a duel's ``--scores`` (``python -m ombre_core duel A B --scores FILE``): one JSON
object a line with the match's players and the deal's seed and score. For the deals both files
hold, prints the mean of (first score - second score) with its 95% interval. Played against the
same opponent with the same cards, the two scores share most of the cards' luck, so their
difference has a much narrower interval than either duel's: this is how a change to a level (a
bidding threshold, a budget) is measured against the level as it was, without a duel of the two
(which costs several times as much with two search players at the table).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path


def scores(path: Path) -> tuple[dict[int, float], set[tuple[str, str, str, int]]]:
    by_deal: dict[int, float] = {}
    matches = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            by_deal[int(entry["deal"])] = float(entry["score"])
            matches.add((entry["a"], entry["b"], entry["rules"], int(entry["seed"])))
        except (ValueError, TypeError, KeyError):
            sys.exit(f"{path}, line {number}: not a duel score")
    return by_deal, matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args()
    first, first_matches = scores(args.first)
    second, second_matches = scores(args.second)
    if len(first_matches) != 1 or len(second_matches) != 1:
        sys.exit("each file must hold one match")
    (a1, b1, rules1, seed1), (a2, b2, rules2, seed2) = *first_matches, *second_matches
    if (b1, rules1, seed1) != (b2, rules2, seed2):
        sys.exit("the two duels must have the same opponent, rules and seed")
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        sys.exit("fewer than two deals in common")
    diffs = [first[d] - second[d] for d in common]
    n = len(diffs)
    mean = math.fsum(diffs) / n
    var = math.fsum((x - mean) ** 2 for x in diffs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    alone = [first[d] for d in common]
    m1 = math.fsum(alone) / n
    half1 = 1.96 * math.sqrt(math.fsum((x - m1) ** 2 for x in alone) / (n - 1) / n)
    print(
        f"{a1} - {a2}, each against {b1} ({rules1}, seed {seed1}), over {n} deals in common: "
        f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] a deal "
        f"(the first duel alone: {m1:+.3f} +/- {half1:.3f})"
    )


if __name__ == "__main__":
    main()
