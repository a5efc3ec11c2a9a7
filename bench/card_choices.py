#!/usr/bin/env python3
"""How good each search player's cards are, position by position, against the solver on the true
deal: a quick screen of a change to card play before the duel that measures it (issue #6).

    python bench/card_choices.py expert expert:margin_nodes=7000 [--rules 1660] [--deals 40]

A duel is the claim of strength, but a 2,000-deal duel takes the machine for most of an hour.
This bench takes the positions of trick play where the player on turn has a choice, from deals
played by the rule player from seeded deals, and asks every player named what it would play
there, from the view alone; the solver then tells, on the true cards, what that card costs:
the rung of the best card less the rung of the one chosen, in the mover's rung values
(:func:`ombre_core.bots.playout.rung_value`), 0 when the card is one of the best. The positions
and each player's randomness are the same for every player, so the players are compared
position by position: the mean difference of the cost from the first player's, with its 95%
interval (normal approximation over deals: the positions of a deal are not independent). Each
player's figures are also given by trick (``by_trick``: positions, share of best cards, summed
cost), to show where a change gains: the early tricks, where a card is played forward before
the exact solve, or the late ones; and by place (``by_place``: the Ombre's side or a defender,
leading or following), to show who gains; and each player's CPU time a decision
(``decision_ms``: median and 95th percentile), to compare two methods at their cost.

A player is a level or diagnostic name (``expert``, ``standard-uniform``) or a level with
changed settings: ``expert:margin_nodes=7000,exact_from=6`` (any
:class:`~ombre_core.bots.levels.SearchConfig` field). The cost to a side that cannot lose more
(best play already codille) is 0 whatever it plays, so the figures weigh the positions that
matter. Seeing the true cards is worth something no honest player has: only the differences
between players mean anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core import actions as A
from ombre_core.bots import RulePlayer
from ombre_core.bots.duel import Timings, decision_rng, make_duelist, mean_and_half_width
from ombre_core.bots.playout import rung_value
from ombre_core.bots.search import SearchPlayer
from ombre_core.bots.solver import solve
from ombre_core.rules import get_rules
from ombre_core.scoring import ombre_side
from ombre_core.state import Deal, Phase, nth_deal_seed
from ombre_core.views import view_of

Key = TypeVar("Key", int, str)


def make_searcher(spec: str) -> SearchPlayer:
    """``name`` or ``name:field=value,...``: a search player, with its settings changed
    (:func:`ombre_core.bots.duel.make_duelist`)."""
    try:
        player = make_duelist(spec)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    if not isinstance(player, SearchPlayer):
        raise SystemExit(f"{spec!r} is not a search player")
    return player


def positions(rules_id: str, deals: int, seed: int) -> list[tuple[int, int, Deal]]:
    """(deal seed, action index, deal) for every card choice of the rule player's deals."""
    rules = get_rules(rules_id)
    found = []
    for k in range(deals):
        deal_seed = nth_deal_seed(seed, k)
        deal = Deal.from_seed(rules, deal_seed, dealer=deal_seed % rules.seats)
        player = RulePlayer()
        index = 0
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = view_of(deal, seat)
            if deal.phase == Phase.PLAY and deal.legal_cards().bit_count() > 1:
                found.append((deal_seed, index, deal.copy()))
            deal.apply(player.choose(view, decision_rng(deal_seed, seat, index)))
            index += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("players", nargs="+")
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    players = [make_searcher(spec) for spec in args.players]
    found = positions(args.rules, args.deals, args.seed)
    cost: dict[str, dict[int, float]] = {p.name: {} for p in players}
    hits: dict[str, list[int]] = {p.name: [0, 0] for p in players}
    by_trick: dict[str, dict[int, list[float]]] = {p.name: {} for p in players}
    by_place: dict[str, dict[str, list[float]]] = {p.name: {} for p in players}
    times = Timings()
    for deal_seed, index, deal in found:
        truth = solve(deal.copy())
        seat = deal.to_move
        assert seat is not None
        ours = seat in ombre_side(deal)
        best = max(rung_value(r, ours) for r in truth.rungs.values())
        for player in players:
            rng = decision_rng(deal_seed, seat, index)
            started = time.process_time()
            card = player.analyse_play(view_of(deal, seat), rng).action
            times.add(player.name, 1000 * (time.process_time() - started))
            if not A.is_card(card):
                card = truth.best[0]  # the vole declared: no card to judge
            loss = best - rung_value(truth.rungs[card], ours)
            per_deal = cost[player.name]
            per_deal[deal_seed] = per_deal.get(deal_seed, 0.0) + loss
            hits[player.name][0] += loss < 1e-9
            place = f"{'ombre' if ours else 'defender'} {'follows' if deal.trick else 'leads'}"
            for table, key in ((by_trick, len(deal.tricks) + 1), (by_place, place)):
                tally = table[player.name].setdefault(key, [0.0, 0.0, 0.0])
                tally[0] += loss
                tally[1] += loss < 1e-9
                tally[2] += 1
            hits[player.name][1] += 1
    first = players[0].name
    seeds = sorted(cost[first])
    report = {"rules": args.rules, "deals": args.deals, "positions": len(found), "players": {}}
    for player in players:
        name = player.name
        mean, _ = mean_and_half_width([cost[name][s] for s in seeds])
        diff, half = mean_and_half_width([cost[name][s] - cost[first][s] for s in seeds])
        report["players"][name] = {
            "best_card_share": round(hits[name][0] / max(1, hits[name][1]), 4),
            "cost_per_deal": round(mean, 4),
            f"less_{first}": round(diff, 4),
            "ci95": [round(diff - half, 4), round(diff + half, 4)],
            "decision_ms": times.summary(name),
            "by_trick": _tallies(by_trick[name]),
            "by_place": _tallies(by_place[name]),
        }
    print(json.dumps(report, indent=1))


def _tallies(table: dict[Key, list[float]]) -> dict[Key, dict[str, float]]:
    """Each tally (summed cost, best cards, positions) as the report shows it."""
    return {
        k: {"positions": int(n), "best_card_share": round(b / n, 3), "cost": round(c, 2)}
        for k, (c, b, n) in sorted(table.items())
    }


if __name__ == "__main__":
    main()
