#!/usr/bin/env python3
"""A duel of a change to the decisions before the play, played only where the change decides
otherwise.

    python bench/screened_duel.py A BASE B --base-scores FILE --scores OUT
        [--deals 2000] [--seed 2026] [--rules 1660] [--jobs 1] [--verify 20]

``A`` and ``BASE`` are search players that may differ only before the trick play: in the
auction, the exchange or the trump (``duel.differ_before_play``:
``expert:price_confidence=1.0`` and ``expert``, ``expert:priced_exchange=true`` and ``expert``),
and FILE holds ``BASE``'s duel against ``B`` (``python -m ombre_core duel BASE B --scores
FILE``, the same rules and seed). For each deal every play of the duplicate scheme is played
with both up to its first card (``duel.agree_before_play``: a fifth of a second a deal in 1660
for the auction): where A decides as BASE everywhere, the deal plays out the same and BASE's
score is A's; elsewhere the deal is played in full for A. OUT then holds A's duel, line for
line what ``duel A B --scores OUT`` would write (each copied line says so: ``"screened":
BASE``), at the cost of the deals that differ, a tenth to a fifth of them for a change to the
priced auction.

``--base-as NAME``: the name BASE's lines carry in FILE, when BASE is now written otherwise
(``expert:gray_zone=0.6`` for the expert of a file written before its defaults changed).

``--verify K`` plays the first K deals where the two agree before the play in full as well,
and reports whether each scored what BASE's file says: the check that BASE's file is the same
player's (a file written before a change to the expert's card play would not be).

Prints one JSON object: A's duel as the command line reports it (mean, interval, by role, the
pool shared), how many deals differed, the verification, and ``paired``: A less BASE deal by
deal with its 95% interval (``bench/paired.py`` on the two files gives the same).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.bots.duel import (
    Timings,
    agree_before_play,
    deal_scores,
    differ_before_play,
    mean_and_interval,
    read_entries,
)
from ombre_core.rules import get_rules
from ombre_core.state import nth_deal_seed

CHUNK = 10


def _screen(args: tuple[str, str, str, str, list[int], int]) -> list[tuple[int, Any, bool]]:
    """(deal, A's scores or None where the auctions agree, verified) for each deal seed."""
    rules_id, a, base, b, seeds, verify_left = args
    rules = get_rules(rules_id)
    out: list[tuple[int, Any, bool]] = []
    for s in seeds:
        if agree_before_play(rules, s, a, base, b):
            checked = None
            if verify_left > 0:
                verify_left -= 1
                checked = deal_scores(rules, a, b, s, Timings())
            out.append((s, checked, True))
        else:
            out.append((s, deal_scores(rules, a, b, s, Timings()), False))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("base")
    parser.add_argument("b")
    parser.add_argument("--base-scores", required=True)
    parser.add_argument(
        "--base-as",
        help="the name BASE's lines carry in the file, if another (BASE written as settings "
        "changed from a level whose defaults have changed since)",
    )
    parser.add_argument("--scores", required=True, help="A's duel is kept here (resumable)")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--verify", type=int, default=0)
    args = parser.parse_args()
    if not differ_before_play(args.a, args.base):
        raise SystemExit(f"{args.a} and {args.base} may differ in the trick play: play the duel")
    rules = get_rules(args.rules)
    seeds = [nth_deal_seed(args.seed, i) for i in range(args.deals)]
    base_key = (args.base_as or args.base, args.b, rules.id, args.seed)
    base_lines = {d: e for k, d, e in read_entries(args.base_scores) if k == base_key}
    missing = [s for s in seeds if s not in base_lines]
    if missing:
        raise SystemExit(f"{args.base_scores} lacks {len(missing)} of the {args.deals} deals")
    match = {"a": args.a, "b": args.b, "rules": rules.id, "seed": args.seed}
    key = (args.a, args.b, rules.id, args.seed)
    try:
        done = {d: e for k, d, e in read_entries(args.scores) if k == key}
    except FileNotFoundError:
        done = {}
    todo = [s for s in seeds if s not in done]
    # the verification goes to the first chunks, so that a short run checks too
    chunks = []
    verify_left = args.verify
    for i in range(0, len(todo), CHUNK):
        chunks.append((rules.id, args.a, args.base, args.b, todo[i : i + CHUNK], verify_left))
        verify_left = max(0, verify_left - CHUNK)
    verified = [0, 0]  # deals checked, deals that scored as the base's file says
    differ = sum(1 for e in done.values() if "screened" not in e)

    def take(results: list[tuple[int, Any, bool]]) -> None:
        nonlocal differ
        with open(args.scores, "a", encoding="utf-8") as kept:
            for s, scored, agrees in results:
                base_line = base_lines[s]
                if agrees:
                    if scored is not None:
                        verified[0] += 1
                        verified[1] += abs(scored[0] - base_line["score"]) < 1e-9
                    line = {
                        **match,
                        "deal": s,
                        "score": base_line["score"],
                        "by_role": base_line.get("by_role"),
                        "pool_gain": base_line.get("pool_gain"),
                        "screened": args.base,
                    }
                else:
                    differ += 1
                    x, roles, pool = scored
                    line = {**match, "deal": s, "score": x, "by_role": roles, "pool_gain": pool}
                done[s] = line
                kept.write(json.dumps(line) + "\n")
        print(f"{len(done)}/{args.deals} deals, {differ} played", file=sys.stderr, flush=True)

    if args.jobs <= 1:
        for chunk in chunks:
            take(_screen(chunk))
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for results in pool.map(_screen, chunks):
                take(results)
    scores = [done[s]["score"] for s in seeds]
    diffs = [done[s]["score"] - base_lines[s]["score"] for s in seeds]
    report: dict[str, Any] = {
        **match,
        "base": args.base,
        "deals": args.deals,
        "played_in_full": differ,
        **mean_and_interval(scores),
        "mean_in_stakes": round(math.fsum(scores) / len(scores) / rules.game_stake, 4),
        "paired": {
            **mean_and_interval(diffs),
            "deals_scored_otherwise": sum(1 for d in diffs if abs(d) > 1e-9),
            "better": sum(1 for d in diffs if d > 1e-9),
        },
        "verified": {"deals": verified[0], "same": verified[1]},
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
