#!/usr/bin/env python3
"""The priced auction's bids: their time and how often a cheaper pricing bids as the full one.

    python bench/priced_bids.py [--deals 150] [--rules 1660] [--reference K=V ...] VARIANT ...

A VARIANT is a comma-separated list of ``SearchConfig`` fields set over the reference (by
default ``expert-priced-auction``: the expert's pricing, unhurried), for instance
``price_vole=false`` or ``price_vole=false,bid_worlds=6``; ``-`` is the reference itself.

The auction positions are those the rule player's deals reach (seeds 1..N; the priced player's
own deals part from them only after it bids otherwise, a few times in a hundred), kept where the
priced player prices (the hand near a threshold of the table: ``search.near_threshold``).
Every player decides each position from its view with the same seeded randomness, so the
figures are reproducible. Prints,
for each player, the CPU time of its priced bids (median, p90, p95, max, in this process), a
digest of its choices (to compare runs of two commits: the same digest, the same bids; with
``--choices FILE``, the choices themselves) and, against the reference, how many bids were the
same and how the others differ.

A measuring script, not a test: it asserts nothing. Pyodide in Chromium takes about 1.7 times
CPython's time for the search (docs/bots.md), and the table's budget is 300 ms at the 95th
percentile there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ombre_core import actions as A
from ombre_core.bots import RulePlayer
from ombre_core.bots.duel import settings_of
from ombre_core.bots.levels import EXPERT_PAMPHLET, GRAY_ZONE, SearchConfig
from ombre_core.bots.search import SearchPlayer, near_threshold
from ombre_core.rules import get_rules
from ombre_core.state import Deal, Phase
from ombre_core.views import View, view_of

REFERENCE = replace(EXPERT_PAMPHLET, priced_auction=True, price_confidence=2.0)
"""``expert-priced-auction``: the expert's pricing unhurried (``--reference price_vole=false,
bid_budget=3000`` is the expert's own)."""


def parse_variant(text: str, base: SearchConfig) -> SearchConfig:
    """``field=value,...`` over ``base`` (``-``: base itself), the values as JSON
    (:func:`ombre_core.bots.duel.settings_of`)."""
    if text == "-":
        return base
    try:
        return replace(base, **settings_of(text))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def priced_positions(rules_name: str, deals: int, gray_zone: float = GRAY_ZONE) -> list[View]:
    """The auction views of the rule player's deals where a priced player with ``gray_zone``
    prices."""
    rules = get_rules(rules_name)
    bot = RulePlayer()
    out: list[View] = []
    for seed in range(1, deals + 1):
        rng = random.Random(seed)
        deal = Deal.from_seed(rules, seed, seed % rules.seats)
        while not deal.is_over and deal.phase in (Phase.AUCTION, Phase.REPLY):
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            if len(view.legal) > 1 and near_threshold(view.hand, rules=rules, gray_zone=gray_zone):
                out.append(view)
            deal.apply(bot.choose(view, rng))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--reference", default="-", help="fields over expert-priced-auction")
    parser.add_argument("--choices", help="write each player's choices to this JSON file")
    parser.add_argument(
        "--gray-zone",
        type=float,
        default=GRAY_ZONE,
        help="take the positions where a player with this gray zone prices (the widest of the "
        "variants'; a narrower one answers the others by the rule, at once)",
    )
    parser.add_argument("variants", nargs="*", default=["price_vole=false"])
    args = parser.parse_args()

    reference = parse_variant(args.reference, REFERENCE)
    views = priced_positions(args.rules, args.deals, args.gray_zone)
    print(f"{len(views)} priced auction positions in {args.deals} deals ({args.rules})")
    choices: dict[str, list[A.Action]] = {}
    for name in ["-", *args.variants]:
        config = reference if name == "-" else parse_variant(name, reference)
        player = SearchPlayer("priced", config)
        ms: list[float] = []
        chosen: list[A.Action] = []
        for i, view in enumerate(views):
            start = time.process_time()
            chosen.append(player.choose(view, random.Random(i)))
            ms.append((time.process_time() - start) * 1000)
        choices[name] = chosen
        label = "reference" if name == "-" else name
        digest = hashlib.sha256(repr(chosen).encode()).hexdigest()[:10]
        line = (
            f"{label:40s} median {statistics.median(ms):6.1f}  p90 {pct(ms, 0.9):6.1f}"
            f"  p95 {pct(ms, 0.95):6.1f}  max {max(ms):6.1f} ms  choices {digest}"
        )
        if name != "-":
            same = sum(a == b for a, b in zip(chosen, choices["-"], strict=True))
            differ = Counter(
                (A.format_action(b), A.format_action(a))
                for a, b in zip(chosen, choices["-"], strict=True)
                if a != b
            )
            line += f"  same as reference {same}/{len(views)}"
            if differ:
                line += (
                    "  (reference->this: "
                    + ", ".join(f"{x}->{y} x{n}" for (x, y), n in sorted(differ.items()))
                    + ")"
                )
        print(line, flush=True)
    if args.choices:
        Path(args.choices).write_text(
            json.dumps({k: [A.format_action(a) for a in v] for k, v in choices.items()}) + "\n"
        )


if __name__ == "__main__":
    main()
