#!/usr/bin/env python3
"""Where a change to a level moved its duel: the deals it changed, told by the table's make-up.

    python bench/makeup.py CHANGED.jsonl BASE.jsonl [--deals 150]

The two files are duels of two versions of a level against the same opponent on the same deals
(``python -m ombre_core duel expert:own_codille=true novice --scores CHANGED.jsonl`` and the
expert's own). A duel's parts by role (``by_role``) are told by the seat the guest sits in, so
its ``ombre`` part holds the plays where the opponent is the Ombre against two of the level as
much as those where the level is the Ombre: a change to the defence shows there, and may raise
the duel's mean while the defence gets weaker, if the level's own Ombre profits from it more
than the opponent's does. This replays the first ``--deals`` deals whose scores differ, every
play of the duplicate scheme (``duel.seatings``) with each version, and prints, for each make-up
of the table (who is the Ombre, who defends), how often each outcome came and what each player
won on average, the two versions side by side: whether the defence beats the Ombre more or
less often, whoever he is. The last line is the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paired import one_match

from ombre_core.bots.duel import Decisions, Timings, play_deal_with_roles, seatings
from ombre_core.rules import Rules, get_rules


def tally(rules: Rules, level: str, opponent: str, seeds: list[int]) -> dict[str, Any]:
    """By make-up (``"A vs A+B"``: the Ombre's player, then his opponents'), over every play of
    the duplicate scheme of each deal: plays, outcomes (a codille by the player who won it) and
    each player's mean winnings."""
    label = {level: "A", opponent: "B"}
    rows: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"plays": 0, "outcomes": Counter(), "won": defaultdict(list)}
    )
    n = rules.seats
    timings = Timings()
    for seed in seeds:
        decisions = Decisions()  # as the duel plays a deal: its plays share their decisions
        plays = seatings(opponent, level, n) + seatings(level, opponent, n)
        for names in {tuple(p) for p in plays}:
            settled, _ = play_deal_with_roles(rules, seed, names, timings, decisions=decisions)
            ombre = settled.ombre
            if ombre is None:
                continue
            others = sorted(label[names[s]] for s in range(n) if s != ombre)
            row = rows[f"{label[names[ombre]]} vs {'+'.join(others)}"]
            row["plays"] += 1
            winner = settled.codille_winner
            by = "" if winner is None else f" by {label[names[winner]]}"
            row["outcomes"][settled.outcome + by] += 1
            row["won"]["ombre " + label[names[ombre]]].append(settled.payments[ombre])
            for s in range(n):
                if s != ombre:
                    row["won"]["defender " + label[names[s]]].append(settled.payments[s])
    return {
        makeup: {
            "plays": row["plays"],
            "outcomes": dict(sorted(row["outcomes"].items())),
            "won": {who: round(statistics.mean(x), 2) for who, x in sorted(row["won"].items())},
        }
        for makeup, row in sorted(rows.items())
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("changed", type=Path)
    parser.add_argument("base", type=Path)
    parser.add_argument("--deals", type=int, default=150)
    args = parser.parse_args()
    (level, opponent, rules_id, _), changed = one_match(args.changed)
    (base_level, base_opponent, base_rules, _), base = one_match(args.base)
    if (opponent, rules_id) != (base_opponent, base_rules):
        sys.exit("the two duels must be against the same opponent under the same rules")
    differ = [s for s in changed if s in base and abs(changed[s] - base[s]) > 1e-9]
    seeds = differ[: args.deals]
    rules = get_rules(rules_id)
    report: dict[str, Any] = {"rules": rules.id, "deals": len(seeds), "differ": len(differ)}
    for name in (level, base_level):
        report[name] = tally(rules, name, opponent, seeds)
    print(f"{len(seeds)} of the {len(differ)} deals scored otherwise ({rules.id}); A the level")
    for makeup in report[level]:
        print(f"the Ombre {makeup}:")
        for name in (level, base_level):
            row = report[name].get(makeup)
            if row is not None:
                print(f"  {name}: {row['plays']} plays, {row['outcomes']}, won {row['won']}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
