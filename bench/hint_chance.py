#!/usr/bin/env python3
"""How well the hint's chance foretells the deal: a script that prints figures (issue #6, item 4).

    python bench/hint_chance.py [--rules quadrille] [--deals 40] [--seed 13]

The hint says how likely the deal is to go the person's way after the card it advises. Here,
at every card choice of the rule player's deals (``bench/card_choices.positions``), the expert
chooses from the mover's view, and two chances of that card are set beside what the solver
says of it on the true cards (won or not, under best play from there):

* ``choice``: the share of the worlds the card's choice read (``CardChoice.chance``, the hint's
  chance until 5 December 2026);
* ``hint``: the hint's chance now (:func:`ombre_core.hints.card_chance`):
  :meth:`~ombre_core.bots.search.SearchPlayer.chance_of`, one boolean test in each of up to
  :data:`~ombre_core.bots.search.CHANCE_MOST` worlds drawn by their weights (until 7 December
  2026: the choice's own unless it read fewer than 24 worlds, then a test in each of 24 weighted
  worlds).

For each, the Brier score (the mean squared distance of the chance from the outcome, 0 or 1:
lower is better; 0.25 is a coin's) and the calibration by tenths (how often the deal went the
mover's way when the chance said about so much); and the mean difference of the two per
position, with its 95% interval over deals (the positions of a deal are not independent), and
the CPU time the hint's chance adds to the choice (median, 95th percentile; 0 where the
choice's own is kept), and how often it is worked out anew. The truth sees every card, so no
chance can reach a Brier score of 0: only the comparison means anything.

And how much each moves with the worlds drawn (``spread``): each read again from another
draw (the card chosen again from other worlds, where it is the same card), the mean absolute
difference of the two readings and the share of positions where
they differ by more than 0.2. A person who asks again, or says *Gano* and asks, should not be
told another story.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from card_choices import positions

from ombre_core import actions as A
from ombre_core.bots.duel import Timings, decision_rng, mean_and_half_width
from ombre_core.bots.ladder import SACADA_RUNG
from ombre_core.bots.search import expert
from ombre_core.bots.solver import position_of, reaches
from ombre_core.hints import card_chance
from ombre_core.scoring import ombre_side
from ombre_core.views import view_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    player = expert()
    times = Timings()
    squared: dict[str, list[float]] = {"choice": [], "hint": []}
    per_deal: dict[int, list[float]] = {}
    tenths: dict[str, dict[int, list[int]]] = {"choice": {}, "hint": {}}
    spread: dict[str, list[float]] = {"choice": [], "hint": []}
    anew = 0
    for deal_seed, index, deal in positions(args.rules, args.deals, args.seed):
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        rng = decision_rng(deal_seed, seat, index)
        drawn = random.Random()
        drawn.setstate(rng.getstate())  # as hints.hint draws the chance
        choice = player.analyse_play(view, rng)
        if not A.is_card(choice.action):
            continue  # the vole declared: the chance is the vole's
        started = time.process_time()
        chance = card_chance(player, view, choice, drawn)
        times.add("hint", 1000 * (time.process_time() - started))
        anew += chance is not choice.chance
        other = decision_rng(deal_seed, seat, index + 100_000)
        again = random.Random()
        again.setstate(other.getstate())
        second = player.analyse_play(view, other)
        if second.action == choice.action:
            spread["choice"].append(abs(second.chance - choice.chance))
            spread["hint"].append(abs(card_chance(player, view, second, again) - chance))
        after = deal.copy()
        after.apply(choice.action)
        ours = seat in ombre_side(deal)
        if after.is_over:
            continue
        went = float(reaches(position_of(after), SACADA_RUNG) == ours)
        errors = {}
        for name, p in (("choice", choice.chance), ("hint", chance)):
            errors[name] = (p - went) ** 2
            squared[name].append(errors[name])
            tally = tenths[name].setdefault(min(9, int(p * 10)), [0, 0])
            tally[0] += 1
            tally[1] += int(went)
        per_deal.setdefault(deal_seed, []).append(errors["hint"] - errors["choice"])
    n = len(squared["choice"])
    # per deal: the summed difference, scaled back to a position by the mean positions a deal
    sums = [sum(d) for d in per_deal.values()]
    mean, half = mean_and_half_width(sums)
    scale = len(sums) / n
    report = {
        "rules": args.rules,
        "deals": args.deals,
        "positions": n,
        "brier": {k: round(sum(v) / n, 4) for k, v in squared.items()},
        "worked_out_anew": anew,
        "hint_less_choice": round(mean * scale, 4),
        "ci95": [round((mean - half) * scale, 4), round((mean + half) * scale, 4)],
        "calibration": {
            k: {f"{t / 10:.1f}": f"{w}/{c}" for t, (c, w) in sorted(v.items())}
            for k, v in tenths.items()
        },
        "hint_ms_added": times.summary("hint"),
        "spread": {
            k: {
                "positions": len(v),
                "mean": round(sum(v) / len(v), 4),
                "over_0.2": round(sum(d > 0.2 for d in v) / len(v), 4),
            }
            for k, v in spread.items()
            if v
        },
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
