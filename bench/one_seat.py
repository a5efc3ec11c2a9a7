#!/usr/bin/env python3
"""Screen a change to a level with one seat a deal: A, then B, in the same seat of the same deal,
the rule player in every other seat, deal by deal.

    python bench/one_seat.py 'expert:margin_ties=true' expert --rules five --deals 2000 \\
        --jobs 2 --scores OUT.jsonl

Deal ``i`` (seed ``state.nth_deal_seed(S, i)``, as the duels number them) is played twice with
the level under test in seat ``i mod seats``: once as A, once as B, the same cards, the same
rule players beside it. Each line of ``--scores`` keeps what the seat won each time, the pool
left at the end and the seat's role in B's play (``ombre`` for the Ombre's side, his partner
too; ``defender``; ``passed``); the file is resumable (a deal already there is not played
again). The last line printed is one JSON object: the mean of A's winnings less B's per deal
with its 95% interval, in counters (``mean``) and with the pool left counted a share to each
seat as a session counts it (``pool_shared``: ``duel.deal_scores``), and the same by B's role.

Where a duplicate duel (``python -m ombre_core duel``) plays each deal ten times by five, twice
with every seat of one level and once with the other level in each seat, this plays it twice:
some five times the deals a minute by five, and a paired difference with most of the cards' luck
removed. It measures the change against the rule player at one seat, not the issue's duel of
levels: a screen, to be confirmed by a duel when it finds something.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.bots.duel import Timings, make_duelist, mean_and_interval, play_deal_with_roles
from ombre_core.rules import get_rules
from ombre_core.state import nth_deal_seed

OTHERS = "novice"


def one_deal(rules_id: str, a: str, b: str, seed: int, i: int) -> dict[str, Any]:
    """Deal ``i`` of ``seed`` with A, then B, in seat ``i mod seats``: what the seat won."""
    rules = get_rules(rules_id)
    seat = i % rules.seats
    deal_seed = nth_deal_seed(seed, i)
    row: dict[str, Any] = {"a": a, "b": b, "rules": rules_id, "seed": seed, "i": i, "seat": seat}
    for tag, name in (("won_a", a), ("won_b", b)):
        names = [OTHERS] * rules.seats
        names[seat] = name
        settled, roles = play_deal_with_roles(rules, deal_seed, names, Timings())
        row[tag] = settled.payments[seat]
        row[tag.replace("won", "pool")] = settled.pool_out
        row["role"] = roles[seat]
    return row


def _chunk(args: tuple[str, str, str, int, list[int]]) -> list[dict[str, Any]]:
    rules_id, a, b, seed, deals = args
    return [one_deal(rules_id, a, b, seed, i) for i in deals]


def summary(rows: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Mean and 95% interval of A's winnings less B's, plain and with the pool's shares."""

    def interval(values: list[float]) -> dict[str, Any]:
        if len(values) < 2:
            return {"deals": len(values), "mean": sum(values), "ci95": None}
        return {"deals": len(values), **mean_and_interval(values)}

    plain = [r["won_a"] - r["won_b"] for r in rows]
    shared = [x + (r["pool_a"] - r["pool_b"]) / seats for r, x in zip(rows, plain, strict=True)]
    roles = sorted({r["role"] for r in rows})
    return {
        **interval(plain),
        "differ": sum(1 for x in shared if x),
        "better": sum(1 for x in shared if x > 0),
        "pool_shared": interval(shared),
        "by_role": {
            role: interval([x for r, x in zip(rows, shared, strict=True) if r["role"] == role])
            for role in roles
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scores", type=Path, help="keep each deal's line here (resumable)")
    args = parser.parse_args()
    try:
        rules = get_rules(args.rules)
        for name in (args.a, args.b):
            make_duelist(name)
    except ValueError as exc:
        sys.exit(str(exc))
    key = (args.a, args.b, args.rules, args.seed)
    kept: dict[int, dict[str, Any]] = {}
    if args.scores and args.scores.exists():
        for line in args.scores.read_text().splitlines():
            row = json.loads(line)
            if (row["a"], row["b"], row["rules"], row["seed"]) == key:
                kept[row["i"]] = row
    todo = [i for i in range(args.deals) if i not in kept]
    jobs = max(1, args.jobs)
    chunks = [todo[k : k + 10] for k in range(0, len(todo), 10)]  # kept as each block ends
    out = args.scores.open("a") if args.scores else None
    with ProcessPoolExecutor(jobs) as pool:
        for rows in pool.map(_chunk, [(args.rules, args.a, args.b, args.seed, c) for c in chunks]):
            for row in rows:
                kept[row["i"]] = row
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            print(f"one seat: {len(kept)}/{args.deals} deals", file=sys.stderr)
    rows = [kept[i] for i in range(args.deals)]
    print(
        json.dumps(
            {
                "a": args.a,
                "b": args.b,
                "rules": args.rules,
                "seed": args.seed,
                "unit": "counters per deal, one seat",
                **summary(rows, rules.seats),
            }
        )
    )


if __name__ == "__main__":
    main()
