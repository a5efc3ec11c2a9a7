#!/usr/bin/env python3
"""Solver nodes per decision of a search level: counted, not timed, so the figures do not move
with the machine's load (issue #6: the time budget is a node budget).

    python bench/decision_work.py [--rules five] [--level expert] [--deals 4]

Every seat is the level (``new_session`` with ``human: null``); each ``bot_move()`` is one
decision. The solver is wrapped to count the nodes each solve searched (a solve that ran out of
its budget counts the budget). Prints the median, 95th percentile and maximum of nodes per
decision beside the level's decision budget (``SearchConfig.decision_nodes``), and the time per
decision at the 95th percentile in this process, for comparison only.
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
from ombre_core.bots import search
from ombre_core.bots.solver import BudgetExceeded
from ombre_core.rules import get_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="five")
    parser.add_argument("--level", default="expert", choices=["standard", "expert"])
    parser.add_argument("--deals", type=int, default=4)
    args = parser.parse_args()

    nodes = [0]
    solve = search.solve_position

    def counted(*a: Any, **k: Any) -> Any:
        try:
            solution = solve(*a, **k)
        except BudgetExceeded as exc:
            nodes[0] += exc.budget
            raise
        nodes[0] += solution.nodes
        return solution

    search.solve_position = counted  # type: ignore[assignment]
    work: list[int] = []
    ms: list[float] = []
    for seed in range(1, args.deals + 1):
        options = {"rules": args.rules, "seed": seed, "human": None, "level": args.level}
        bridge.new_session(json.dumps(options))
        while json.loads(bridge.snapshot()).get("phase") != "over":
            nodes[0] = 0
            start = time.perf_counter()
            bridge.bot_move()
            ms.append((time.perf_counter() - start) * 1000)
            work.append(nodes[0])
    work.sort()
    ms.sort()

    def at(xs: list[Any], q: float) -> Any:
        return xs[min(len(xs) - 1, int(len(xs) * q))]

    config = search.EXPERT if args.level == "expert" else search.STANDARD
    budget = config.at_table(get_rules(args.rules).seats).decision_nodes
    print(
        f"{args.rules} {args.level}: {len(work)} decisions; solver nodes per decision median "
        f"{at(work, 0.5):,}, p95 {at(work, 0.95):,}, max {work[-1]:,} (decision budget "
        f"{budget:,}); time p95 {at(ms, 0.95):.0f} ms in this process"
    )


if __name__ == "__main__":
    main()
