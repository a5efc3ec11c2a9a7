"""Engine speed against another commit, side by side in one run (issue #7: no slower).

    python bench/engine_vs.py 78d698f            # this tree against that commit
    python bench/engine_vs.py 78d698f --rounds 7

Checks the commit out in a temporary git worktree and times, in fresh subprocesses taking turns
(old, new, old, new ...), the loops every version of the engine supports: random full deals
through ``legal_actions`` and ``apply_unchecked`` (the search path) and through ``apply`` (the
checked path). Prints the median deals per second of each and the ratio new / old per round,
then the same two figures for every preset of this tree (its variants).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOOP = r"""
import random, sys, time
from ombre_core import rules
from ombre_core.state import Deal
checked = sys.argv[1] == "checked"
n = int(sys.argv[2])
preset = rules.RULES_1660 if len(sys.argv) < 4 else rules.get_rules(sys.argv[3])
rng = random.Random(1)
start = time.perf_counter()
for seed in range(n):
    deal = Deal.from_seed(preset, seed, seed % preset.seats)
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        if checked:
            deal.apply(action)
        else:
            deal.apply_unchecked(action)
print(n / (time.perf_counter() - start))
"""


def rate(tree: Path, mode: str, n: int, preset: str | None = None) -> float:
    out = subprocess.run(
        [sys.executable, "-c", LOOP, mode, str(n), *([preset] if preset else [])],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("commit", help="the baseline commit, e.g. 78d698f")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ombre-bench-") as tmp:
        old = Path(tmp) / "old"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(old), args.commit],
            cwd=ROOT,
            check=True,
        )
        try:
            for mode in ("unchecked", "checked"):
                olds, news, ratios = [], [], []
                for _ in range(args.rounds):
                    a = rate(old, mode, args.deals)
                    b = rate(ROOT, mode, args.deals)
                    olds.append(a)
                    news.append(b)
                    ratios.append(b / a)
                print(
                    f"{mode:>9}: {args.commit} {statistics.median(olds):,.0f} deals/s, "
                    f"this tree {statistics.median(news):,.0f} deals/s, "
                    f"new/old median {statistics.median(ratios):.2f} "
                    f"(rounds {min(ratios):.2f}-{max(ratios):.2f})"
                )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT)
    # The figures for each preset of this tree (the baseline knew only the three-handed game).
    sys.path.insert(0, str(ROOT))
    from ombre_core.rules import PRESETS

    for preset in PRESETS:
        figures = [
            statistics.median(rate(ROOT, mode, args.deals // 3, preset) for _ in range(3))
            for mode in ("unchecked", "checked")
        ]
        print(f"{preset:>13}: unchecked {figures[0]:,.0f} deals/s, checked {figures[1]:,.0f}")


if __name__ == "__main__":
    main()
