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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.bots.duel import mean_and_half_width, read_scores


def one_match(path: Path) -> tuple[tuple[str, str, str, int], dict[int, float]]:
    """The one match a scores file holds, and its scores by deal."""
    try:
        matches = read_scores(str(path))
    except (OSError, ValueError) as exc:
        sys.exit(str(exc))
    if len(matches) != 1:
        sys.exit(f"{path}: holds {len(matches)} matches, not one")
    [(key, by_deal)] = matches.items()
    return key, by_deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args()
    (a1, b1, rules1, seed1), first = one_match(args.first)
    (a2, b2, rules2, seed2), second = one_match(args.second)
    if (b1, rules1, seed1) != (b2, rules2, seed2):
        sys.exit("the two duels must have the same opponent, rules and seed")
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        sys.exit("fewer than two deals in common")
    mean, half = mean_and_half_width([first[d] - second[d] for d in common])
    alone, alone_half = mean_and_half_width([first[d] for d in common])
    print(
        f"{a1} - {a2}, each against {b1} ({rules1}, seed {seed1}), over {len(common)} deals in "
        f"common: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] a deal "
        f"(the first duel alone: {alone:+.3f} +/- {alone_half:.3f})"
    )


if __name__ == "__main__":
    main()
