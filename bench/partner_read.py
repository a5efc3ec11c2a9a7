"""How well the worlds name the hidden partner, with and without reading the play.

A script, not a test: it prints figures. Run
``python bench/partner_read.py [--rules quadrille] [--players novice] [--deals 60]``.

Seeded deals at a table with a called king (Quadrille, Ombre by five) are played by one level at
every seat. At every card decision of a seat that does not know the partner (not his holder, the
king not fallen), 100 weighted worlds are drawn for its view three ways (uniform; the table's
model without reading the play; the table's model, which reads it: :mod:`ombre_core.bots.partner`),
and the weight the worlds give the true partner is noted, with their effective sample size.

Printed by tricks played: the mean weight on the true partner, and how often he has the most
weight; the same by the viewer's role; the median effective sample size; the time a view takes.
Then what players of the level did where they had a choice, by the player's role and who held
the trick, and on lead: the frequencies the model's ``partner_takes`` and the fields after it
stand for.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core import actions as A
from ombre_core.bots import make_player
from ombre_core.bots.inference import model_for
from ombre_core.bots.partner import taking_cards
from ombre_core.bots.sampler import Sampler, effective_sample_size
from ombre_core.rules import get_rules
from ombre_core.state import Deal, Phase
from ombre_core.tables import TRUMP_MASK, trick_winner
from ombre_core.tricks import legal_cards
from ombre_core.views import View, view_of

WORLDS = 100


def partner_weight(
    sampler: Sampler, partner: int, called: int, rng: random.Random
) -> tuple[float, bool, float]:
    """The weight on worlds where ``partner`` holds ``called``, whether it is the largest, and
    the worlds' effective sample size as a fraction of their number."""
    by_seat: dict[int, float] = defaultdict(float)
    worlds = sampler.weighted(WORLDS, rng)
    for world in worlds:
        holder = next(s for s, h in enumerate(world.deal.hands) if h >> called & 1)
        by_seat[holder] += world.weight
    top = max(by_seat.values())
    ess = effective_sample_size([w.weight for w in worlds]) / WORLDS
    return by_seat.get(partner, 0.0), by_seat.get(partner, 0.0) >= top - 1e-12, ess


SITUATIONS = (
    "partner, the Ombre holds, no foe after",
    "partner, the Ombre holds, a foe after",
    "partner, a defender holds",
    "defender, the Ombre holds",
    "defender, another holds",
)


def note_play(deal: Deal, seat: int, card: int, tally: dict[tuple[str, bool], int]) -> None:
    """Tally what ``seat``'s ``card`` did where it had a choice: on lead, whether it was a trump
    (as partner or defender); following, whether it took the trick, by who held it."""
    trick = tuple(deal.trick)
    if deal.trump is None or deal.ombre is None:
        return
    trump = deal.trump
    n = deal.rules.seats
    hand = deal.hands[seat]
    ours = {deal.ombre, deal.partner}
    if not trick:
        trumps = TRUMP_MASK[trump]
        if seat != deal.ombre and hand & trumps and hand & ~trumps:
            role = "partner" if seat in ours else "defender"
            tally[(f"{role} leads", bool(trumps >> card & 1))] += 1
        return
    legal = legal_cards(hand, trick, trump, deal.rules.matador_forced_by)
    beats = taking_cards(trick, trump)
    if not legal & beats or not legal & ~beats:
        return
    holder = (deal.leader + trick_winner(trick, trump)) % n
    after = [(deal.leader + i) % n for i in range(len(trick) + 1, n)]
    if seat == deal.ombre:
        return  # he does not know his partner: his play tells nothing of who it is
    if seat == deal.partner:
        if holder != deal.ombre:
            situation = SITUATIONS[2]
        elif any(s not in ours for s in after):
            situation = SITUATIONS[1]
        else:
            situation = SITUATIONS[0]
    else:
        situation = SITUATIONS[3] if holder == deal.ombre else SITUATIONS[4]
    tally[(situation, bool(beats >> card & 1))] += 1


def _cell(vals: list[tuple[float, bool, float]]) -> str:
    weight = statistics.fmean(v[0] for v in vals)
    top = statistics.fmean(v[1] for v in vals)
    return f"{weight:.3f} ({top:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="quadrille")
    parser.add_argument("--players", default="novice")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rules = get_rules(args.rules)
    table = model_for(rules)
    models = {
        "uniform": None,
        "model": replace(table, read_partner=False),
        "reading": replace(table, read_partner=True),
    }
    rows: dict[int, dict[str, list[tuple[float, bool, float]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    tally: dict[tuple[str, bool], int] = defaultdict(int)
    spent: dict[str, float] = defaultdict(float)
    by_role: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for d in range(args.deals):
        deal = Deal.from_seed(rules, args.seed * 100_000 + d, d % rules.seats)
        players = [make_player(args.players) for _ in range(rules.seats)]
        rng = random.Random(d)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view: View = view_of(deal, seat)
            action = players[seat].choose(view, rng)
            hidden = (
                view.step == Phase.PLAY
                and view.called is not None
                and view.partner is None
                and deal.partner is not None
                and not view.played >> view.called & 1
                and len(view.legal) > 1
            )
            if hidden:
                assert view.called is not None and deal.partner is not None
                for label, model in models.items():
                    start = time.process_time()
                    w, top, ess = partner_weight(
                        Sampler(view, model),
                        deal.partner,
                        view.called,
                        random.Random(d * 1000 + len(view.events)),
                    )
                    spent[label] += time.process_time() - start
                    role = "Ombre" if seat == view.ombre else "defender"
                    rows[len(view.tricks)][label].append((w, top, ess))
                    by_role[role][label].append(w)
            if (
                A.is_card(action)
                and view.called is not None
                and deal.partner is not None
                and not view.played >> view.called & 1
            ):
                note_play(deal, seat, action, tally)
            deal.apply(action)
    print(f"{args.rules}, {args.players} at every seat, {args.deals} deals, {WORLDS} worlds a view")
    print("tricks  views  uniform: mean (top)   model: mean (top)   reading: mean (top)")
    for tricks in sorted(rows):
        row = rows[tricks]
        cells = []
        for label in models:
            vals = row[label]
            cells.append(_cell(vals))
        print(f"{tricks:6d} {len(row['uniform']):6d}   " + "   ".join(f"{c:18s}" for c in cells))
    total = {label: [v for r in rows.values() for v in r[label]] for label in models}
    print(
        "all    "
        + f"{len(total['uniform']):6d}   "
        + "   ".join(_cell(vals) for vals in total.values())
    )
    for role, row in sorted(by_role.items()):
        print(
            f"seen by {role:9s} {len(row['uniform']):5d} views: "
            + "   ".join(f"{label} {statistics.fmean(v):.3f}" for label, v in row.items())
        )
    print(
        "effective sample size, median fraction: "
        + "   ".join(
            f"{label} {statistics.median(v[2] for v in vals):.2f}" for label, vals in total.items()
        )
    )
    views = len(total["uniform"])
    print(
        "milliseconds a view (set-up and 100 worlds, CPU): "
        + "   ".join(f"{label} {spent[label] / views * 1e3:.1f}" for label in models)
    )
    for situation in (*SITUATIONS, "partner leads", "defender leads"):
        yes, no = tally[(situation, True)], tally[(situation, False)]
        if yes + no:
            did = "a trump" if situation.endswith("leads") else "took the trick"
            print(f"{situation}: {did} {yes} of {yes + no} ({yes / (yes + no):.2f})")


if __name__ == "__main__":
    main()
