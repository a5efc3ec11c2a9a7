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

    python bench/paired.py --share EXPERT.jsonl CHEATER.jsonl

prints instead the first duel's mean as a share of the second's over the deals in common (how
much of the novice-to-cheater gap a level closes) with a 95% bootstrap interval: the deals are
drawn again with replacement, the same deals for both files, so the shared luck stays paired.
``--pool-shared`` scores each deal as a session does (the pool left at the end counted a share
to each seat: ``duel.deal_scores``), over the deals whose lines keep that part.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.bots.duel import mean_and_half_width, read_pool_gains, read_scores


def one_match(
    path: Path, pool_shared: bool = False
) -> tuple[tuple[str, str, str, int], dict[int, float]]:
    """The one match a scores file holds, and its scores by deal (with ``pool_shared``, the
    score plus the pool's part, over the deals that keep it: ``duel.deal_scores``)."""
    try:
        matches = read_scores(str(path))
        pools = read_pool_gains(str(path)) if pool_shared else {}
    except (OSError, ValueError) as exc:
        sys.exit(str(exc))
    if len(matches) != 1:
        sys.exit(f"{path}: holds {len(matches)} matches, not one")
    [(key, by_deal)] = matches.items()
    if pool_shared:
        gains = pools.get(key, {})
        by_deal = {d: x + gains[d] for d, x in by_deal.items() if d in gains}
    return key, by_deal


def share_interval(
    first: list[float], second: list[float], rounds: int = 2000, seed: int = 1
) -> tuple[float, float, float]:
    """sum(first) / sum(second), and the 2.5th and 97.5th percentiles of that ratio over
    ``rounds`` resamplings of the deals (paired: deal i of one with deal i of the other)."""
    share = sum(first) / sum(second)
    rng = random.Random(seed)
    n = len(first)
    ratios = []
    for _ in range(rounds):
        picks = [rng.randrange(n) for _ in range(n)]
        below = sum(second[i] for i in picks)
        if below:
            ratios.append(sum(first[i] for i in picks) / below)
    ratios.sort()
    return share, ratios[int(0.025 * len(ratios))], ratios[int(0.975 * len(ratios)) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument(
        "--share", action="store_true", help="the first mean as a share of the second's"
    )
    parser.add_argument(
        "--pool-shared",
        action="store_true",
        help="score each deal as a session does: the pool left shared by the seats",
    )
    args = parser.parse_args()
    (a1, b1, rules1, seed1), first = one_match(args.first, args.pool_shared)
    (a2, b2, rules2, seed2), second = one_match(args.second, args.pool_shared)
    if (b1, rules1, seed1) != (b2, rules2, seed2):
        sys.exit("the two duels must have the same opponent, rules and seed")
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        sys.exit(
            "fewer than two deals in common"
            + (
                " that keep the pool's part (duels before December 2026 did not)"
                if args.pool_shared
                else ""
            )
        )
    if args.share:
        share, lo, hi = share_interval([first[d] for d in common], [second[d] for d in common])
        print(
            f"{a1} as a share of {a2}, each against {b1} ({rules1}, seed {seed1}), over "
            f"{len(common)} deals in common: {share:.1%} [{lo:.1%}, {hi:.1%}] (bootstrap)"
        )
        return
    mean, half = mean_and_half_width([first[d] - second[d] for d in common])
    alone, alone_half = mean_and_half_width([first[d] for d in common])
    print(
        f"{a1} - {a2}, each against {b1} ({rules1}, seed {seed1}), over {len(common)} deals in "
        f"common: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] a deal "
        f"(the first duel alone: {alone:+.3f} +/- {alone_half:.3f})"
    )


if __name__ == "__main__":
    main()
