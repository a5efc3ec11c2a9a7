#!/usr/bin/env python3
"""Solver nodes per decision of a search level: counted, not timed, so the figures do not move
with the machine's load (issue #6: the time budget is a node budget).

    python bench/decision_work.py [--rules five] [--level expert] [--deals 4]

Every seat is the level (``new_session`` with ``human: null``); each ``bot_move()`` is one
decision. The solver's root test is wrapped to count the nodes every search visited, by
whichever entry point (a search that ran out of its budget counts what it visited). Prints,
for the cards and for the rest (auction, exchange, trump) apart, the median, 95th percentile
and maximum of nodes per decision beside the level's budgets, and the time per decision at
the 95th percentile in this process, for comparison only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core import bridge
from ombre_core.bots import levels, playout, solver
from ombre_core.rules import get_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="five")
    parser.add_argument("--level", default="expert", choices=["standard", "expert"])
    parser.add_argument("--deals", type=int, default=4)
    args = parser.parse_args()

    nodes = [0]
    test = solver._Search._test

    def counted(self: Any, *a: Any, **k: Any) -> Any:
        # every search of the solver passes through its root test (``_Search._test``), so
        # counting there counts every question the bots ask, by whichever entry point
        before = self.nodes
        try:
            return test(self, *a, **k)
        finally:
            nodes[0] += self.nodes - before

    solver._Search._test = counted  # type: ignore[method-assign]
    work: dict[str, list[int]] = {}
    ms: dict[str, list[float]] = {}
    for seed in range(1, args.deals + 1):
        options = {"rules": args.rules, "seed": seed, "human": None, "level": args.level}
        bridge.new_session(json.dumps(options))
        while (phase := json.loads(bridge.snapshot()).get("phase")) != "over":
            nodes[0] = 0
            start = time.perf_counter()
            bridge.bot_move()
            kind = phase if phase == "play" else "auction, exchange, trump"
            ms.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
            work.setdefault(kind, []).append(nodes[0])

    def at(xs: list[Any], q: float) -> Any:
        return sorted(xs)[min(len(xs) - 1, int(len(xs) * q))]

    config = levels.EXPERT if args.level == "expert" else levels.STANDARD
    config = config.for_rules(get_rules(args.rules))
    budget = config.decision_nodes + config.margin_nodes
    print(
        f"{args.rules} {args.level}, {args.deals} deals: a card's budget {budget:,} solver nodes "
        f"({config.decision_nodes:,} for the worlds, {config.margin_nodes:,} for ties; a card "
        f"played forward counts {playout.PLAYOUT_COST} of them, not counted here); a bid's solves "
        f"{config.bid_budget or config.budget:,} each"
    )
    for kind in sorted(work):
        counts, times = work[kind], ms[kind]
        print(
            f"  {kind}: {len(counts)} decisions; solver nodes median {at(counts, 0.5):,}, "
            f"p95 {at(counts, 0.95):,}, max {max(counts):,}; time p95 "
            f"{at(times, 0.95):.0f} ms in this process"
        )


if __name__ == "__main__":
    main()
