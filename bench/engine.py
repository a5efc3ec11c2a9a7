"""Engine speed, in CPython: random full deals per second and legal-action calls per second.

A script, not a test: it prints figures. Run ``python bench/engine.py``. Later issues (a search
bot) compare against these figures; the ratios printed beside them are measured in the same run,
so they hold whatever the machine's load.

* unchecked: ``legal_actions`` then ``apply_unchecked`` of a random choice (the search path);
* checked: the same through ``apply`` (validation on every action);
* session: through ``Session.apply`` and ``view`` (what a bot sees), as ``simulate`` does;
* legal_actions: calls per second on positions sampled from random play.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.rules import RULES_1660
from ombre_core.state import Deal
from ombre_core.views import view_of


def deals(n: int, checked: bool, views: bool = False) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    for seed in range(n):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            legal = view_of(deal, seat).legal if views else deal.legal_actions()
            action = rng.choice(legal)
            if checked:
                deal.apply(action)
            else:
                deal.apply_unchecked(action)
    return n / (time.perf_counter() - start)


def legal_calls(positions: int = 3000, repeat: int = 20) -> float:
    rng = random.Random(2)
    sample = []
    seed = 0
    while len(sample) < positions:
        deal = Deal.from_seed(RULES_1660, seed)
        seed += 1
        while not deal.is_over:
            if deal.phase_name == "play":
                sample.append(deal.copy())
            deal.apply_unchecked(rng.choice(deal.legal_actions()))
    sample = sample[:positions]
    start = time.perf_counter()
    for _ in range(repeat):
        for deal in sample:
            deal.legal_actions()
    return positions * repeat / (time.perf_counter() - start)


def main() -> None:
    rounds = 5
    results: dict[str, list[float]] = {"unchecked": [], "checked": [], "views": [], "legal": []}
    for _ in range(rounds):  # interleaved, so load on the machine affects each alike
        results["unchecked"].append(deals(1000, checked=False))
        results["checked"].append(deals(1000, checked=True))
        results["views"].append(deals(300, checked=True, views=True))
        results["legal"].append(legal_calls())
    med = {k: statistics.median(v) for k, v in results.items()}
    print(f"Python {sys.version.split()[0]}, median of {rounds} interleaved rounds")
    print(f"random full deals/s, unchecked apply : {med['unchecked']:10.0f}")
    print(
        f"random full deals/s, checked apply   : {med['checked']:10.0f}"
        f"   ({med['checked'] / med['unchecked']:.2f} x unchecked)"
    )
    print(
        f"random full deals/s, through views   : {med['views']:10.0f}"
        f"   ({med['views'] / med['unchecked']:.2f} x unchecked)"
    )
    print(f"legal_actions() calls/s, trick play  : {med['legal']:10.0f}")


if __name__ == "__main__":
    main()
