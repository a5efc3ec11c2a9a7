"""The sampler's speed and the worth of its weights, in CPython, by point of the deal.

A script, not a test: it prints figures. Run ``python bench/sampler.py [deals]``.

Over seeded deals played by the rule player, at each decision point of the chosen kinds, for the
seat to move: the set-up time of a :class:`~ombre_core.bots.sampler.Sampler` (once per decision),
the time per world of ``weighted`` (uniform and with inference) and of ``worlds`` (resampled from
twice as many), and the effective sample size of 100 weighted worlds, as a fraction of 100.

Times are CPU time of this process (``time.process_time``), so that other work on the machine
does not inflate them.

Then what the inference is worth, at the first lead, seen by each defender (the rule player's
deals, where the truth is known): how often a world gives three matadors to a player who passed
although he could ask, and to a defender other than the viewer; how often the Ombre's discard
holds a trump; the mean strength (rule player's, best trump) of a passer's dealt hand. Uniform,
weighted, and the true rate over the same views.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core.actions import Act
from ombre_core.bots.inference import ActionModel, strengths
from ombre_core.bots.rulebot import ASK_THRESHOLD, RulePlayer
from ombre_core.bots.sampler import Sampler, effective_sample_size
from ombre_core.cards import cards_of
from ombre_core.rules import RULES_1660, RULES_CLASSIC
from ombre_core.state import Deal
from ombre_core.tables import MATADOR_MASK, TRUMP_MASK
from ombre_core.views import View, view_of

WORLDS = 100


def point_of(view: View) -> str:
    if view.phase != "play":
        return view.phase
    done = len(view.tricks)
    return f"trick {done + 1}" if done in (0, 2, 5, 8) else ""


def positions(deals: int) -> list[tuple[str, View]]:
    out = []
    bot = RulePlayer()
    for seed in range(deals):
        rules = (RULES_1660, RULES_CLASSIC)[seed % 2]
        deal = Deal.from_seed(rules, 10_000 + seed, seed % 3)
        rng = random.Random(seed)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = view_of(deal, seat)
            point = point_of(view)
            if point:
                out.append((point, view))
            deal.apply(bot.choose(view, rng))
    return out


def speed(deals: int) -> None:
    table: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for point, view in positions(deals):
        row = table[point]
        for label, model in (("uniform", None), ("weighted", "default")):
            start = time.process_time()
            sampler = Sampler(view) if model else Sampler(view, None)
            row[f"setup {label}"].append(time.process_time() - start)
            start = time.process_time()
            worlds = sampler.weighted(WORLDS, random.Random(1))
            row[f"world {label}"].append((time.process_time() - start) / WORLDS)
            if model:
                row["ess"].append(effective_sample_size([w.weight for w in worlds]) / WORLDS)
                start = time.process_time()
                sampler.worlds(WORLDS, random.Random(2))
                row["resampled"].append((time.process_time() - start) / WORLDS)
    print(f"{WORLDS} worlds per decision; times per world in microseconds (median), ESS median")
    head = "point        n  setup_u  setup_w  world_u  world_w  resampl  ess/n (p10)"
    print(head)
    order = ["auction", "exchange", "trick 1", "trick 3", "trick 6", "trick 9"]
    for point in order:
        row = table.get(point)
        if not row:
            continue
        med = {k: statistics.median(v) for k, v in row.items()}
        ess = sorted(row["ess"])
        print(
            f"{point:10s} {len(row['ess']):4d} {med['setup uniform'] * 1e6:8.0f} "
            f"{med['setup weighted'] * 1e6:8.0f} {med['world uniform'] * 1e6:8.0f} "
            f"{med['world weighted'] * 1e6:8.0f} {med['resampled'] * 1e6:8.0f} "
            f"  {med['ess']:.2f} ({ess[len(ess) // 10]:.2f})"
        )


def facts(deal: Deal, ombre: int, partner: int, passer: bool) -> dict[str, float]:
    """What is measured in a deal (a world or the true one); ``partner`` passed if ``passer``."""
    trump = deal.trump
    assert trump is not None
    trumps, matadors = TRUMP_MASK[trump], MATADOR_MASK[trump]
    out = {
        "Ombre threw a trump": float(bool(deal.discards[ombre] & trumps)),
        "Ombre's trumps after the exchange": float((deal.hands[ombre] & trumps).bit_count()),
        "Ombre's dealt strength": max(strengths(deal.dealt[ombre])),
    }
    if passer:
        dealt = deal.dealt[partner]
        out["passer holds three matadors"] = float(dealt & matadors == matadors)
        out["passer had an asker's hand"] = float(max(strengths(dealt)) >= ASK_THRESHOLD)
        out["passer's dealt strength"] = max(strengths(dealt))
    return out


def could_ask(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` might have asked leave when he spoke (replayed from the deal)."""
    again = Deal.from_cards(
        deal.rules, deal.dealer, [list(cards_of(h)) for h in deal.dealt], deal.stock
    )
    for actor, action, *_ in deal.events:
        if actor == seat and again.phase_name == "auction":
            return Act.PLAY in again.legal_actions()
        again.apply(action)
    return False


def inference(deals: int) -> None:
    """Rates over views at the first lead, seen by a defender; weighted means use the weights."""
    bot = RulePlayer()
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])  # uni, wt, true, n
    ess: list[float] = []
    for seed in range(deals):
        rules = (RULES_1660, RULES_CLASSIC)[seed % 2]
        deal = Deal.from_seed(rules, 20_000 + seed, seed % 3)
        rng = random.Random(seed)
        while not deal.is_over and not (deal.phase_name == "play" and not deal.played_cards()):
            seat = deal.to_move
            assert seat is not None
            deal.apply(bot.choose(view_of(deal, seat), rng))
        if deal.is_over:
            continue
        ombre = deal.ombre
        assert ombre is not None
        for seat in range(3):
            if seat == ombre:
                continue
            partner = 3 - seat - ombre
            passer = deal.bids[partner] == Act.PASS and could_ask(deal, partner)
            view = view_of(deal, seat)
            for i, model in enumerate((None, ActionModel())):
                worlds = Sampler(view, model).weighted(WORLDS, random.Random(seed))
                if model:
                    ess.append(effective_sample_size([w.weight for w in worlds]) / WORLDS)
                for w in worlds:
                    for name, x in facts(w.deal, ombre, partner, passer).items():
                        sums[name][i] += w.weight * x
            for name, x in facts(deal, ombre, partner, passer).items():
                sums[name][2] += x
                sums[name][3] += 1
    print(f"\nat the first lead, seen by a defender ({WORLDS} worlds per view; a passer: the")
    print("other defender, if he passed when he could have asked leave)")
    print(f"{'':36s} {'uniform':>8s} {'weighted':>8s} {'truth':>8s}   views")
    for name, (uni, wt, true, n) in sorted(sums.items()):
        print(f"{name:36s} {uni / n:8.3f} {wt / n:8.3f} {true / n:8.3f}   {int(n)}")
    print(f"effective sample size / worlds: median {statistics.median(ess):.2f}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    speed(count)
    inference(count * 5)
