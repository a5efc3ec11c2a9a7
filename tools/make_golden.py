"""Write the three-handed golden data the engine must keep reproducing (issue #7).

Before the engine was redesigned for any table, this recorded 2,000 seeded three-handed deals played
by the rule-based computer players (40 sessions of 50 deals, the two presets in turn, with the pool
and the ledger carried from deal to deal), each with its record, outcome and every payment, and a
saved browser session from the same release. ``tests/test_golden.py`` replays them: every record
must end in the same result and payments, and the same seeds must give the same bot moves.

    python3 tools/make_golden.py        # rewrites tests/data/golden-3hand.json.gz

Run it only to extend the data on purpose: its point is that the files do not change.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ombre_core.record import to_record  # noqa: E402
from ombre_core.rules import RULES_1660, RULES_CLASSIC  # noqa: E402
from ombre_core.scoring import settle  # noqa: E402
from ombre_core.session import Session  # noqa: E402

SESSIONS = 40
DEALS = 50
NAMES = ("North", "East", "South")


def play_sessions() -> list[dict[str, Any]]:
    out = []
    for i in range(SESSIONS):
        rules = (RULES_1660, RULES_CLASSIC)[i % 2]
        session = Session(rules, seed=1000 + i, human=None, names=NAMES)
        for n in range(DEALS):
            if n:
                session.next_deal()
            while not session.deal.is_over:
                session.bot_move()
            result = settle(session.deal)
            assert result is not None
            out.append(
                {
                    "session_seed": session.seed,
                    "deal_number": session.number,
                    "record": to_record(session.deal),
                    "outcome": result.outcome,
                    "ombre": result.ombre,
                    "codille_winner": result.codille_winner,
                    "tricks": list(result.tricks),
                    "matadors": result.matadors,
                    "vole": result.vole,
                    "pool_out": result.pool_out,
                    "payments": list(result.payments),
                    "transfers": [[t.payer, t.payee, t.amount, t.reason] for t in result.transfers],
                }
            )
    return out


def main() -> None:
    deals = play_sessions()
    data = json.dumps({"sessions": SESSIONS, "deals_per_session": DEALS, "deals": deals})
    path = ROOT / "tests" / "data" / "golden-3hand.json.gz"
    path.write_bytes(gzip.compress(data.encode(), mtime=0))
    outcomes: dict[str, int] = {}
    for d in deals:
        outcomes[d["outcome"]] = outcomes.get(d["outcome"], 0) + 1
    print(
        f"{len(deals)} deals -> {path.relative_to(ROOT)} ({path.stat().st_size} bytes): {outcomes}"
    )


if __name__ == "__main__":
    main()
