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

from ombre_core.bots.duel import choose_action, decision_rng, make_duelist, seatings
from ombre_core.rules import Rules, get_rules
from ombre_core.scoring import settle
from ombre_core.state import Deal


def read(path: Path) -> tuple[dict[str, Any], dict[int, float]]:
    """A duel's first line (its players and rules) and its scores by deal."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        sys.exit(f"{path}: no deals")
    return lines[0], {entry["deal"]: entry["score"] for entry in lines}


def play(rules: Rules, seed: int, names: list[str], kept: dict[Any, int]) -> tuple[Deal, Any]:
    """One play of a deal with the named player in each seat, as the duel plays it (the same
    randomness per decision); ``kept`` remembers decisions across the plays of the deal."""
    deal = Deal.from_seed(rules, seed, dealer=seed % rules.seats)
    players = [make_duelist(name) for name in names]
    played: list[int] = []
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        key = (names[seat], seat, tuple(played))
        action = kept.get(key)
        if action is None:
            rng = decision_rng(seed, seat, len(played))
            action = kept[key] = choose_action(deal, players[seat], rng)
        deal.apply(action)
        played.append(action)
    return deal, settle(deal)


def tally(rules: Rules, level: str, opponent: str, seeds: list[int]) -> dict[str, Any]:
    """By make-up (``"A vs A+B"``: the Ombre's player, then his opponents'), over every play of
    the duplicate scheme of each deal: plays, outcomes (a codille by the player who won it) and
    each player's mean winnings."""
    label = {level: "A", opponent: "B"}
    rows: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"plays": 0, "outcomes": Counter(), "won": defaultdict(list)}
    )
    n = rules.seats
    for seed in seeds:
        kept: dict[Any, int] = {}
        plays = seatings(opponent, level, n) + seatings(level, opponent, n)
        for names in {tuple(p) for p in plays}:
            _, settled = play(rules, seed, list(names), kept)
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
    first, changed = read(args.changed)
    second, base = read(args.base)
    if first["b"] != second["b"] or first["rules"] != second["rules"]:
        sys.exit("the two duels must be against the same opponent under the same rules")
    differ = [s for s in changed if s in base and abs(changed[s] - base[s]) > 1e-9]
    seeds = differ[: args.deals]
    rules = get_rules(first["rules"])
    report: dict[str, Any] = {"rules": rules.id, "deals": len(seeds), "differ": len(differ)}
    for entry in (first, second):
        report[entry["a"]] = tally(rules, entry["a"], entry["b"], seeds)
    print(f"{len(seeds)} of the {len(differ)} deals scored otherwise ({rules.id}); A the level")
    for makeup in report[first["a"]]:
        print(f"the Ombre {makeup}:")
        for entry in (first, second):
            row = report[entry["a"]].get(makeup)
            if row is not None:
                print(f"  {entry['a']}: {row['plays']} plays, {row['outcomes']}, won {row['won']}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
