"""Three-handed play must not change: 2,000 golden deals and saved sessions from release 0.1.

The data was written by ``tools/make_golden.py`` before the engine was redesigned for any table
(issue #7): 40 sessions of 50 deals by the rule-based players, both presets, the pool carried
between deals. Every record must replay to the same result and payments, the same seeds must give
the same bot moves, and a game saved by the browser of that release must still resume.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from ombre_helpers import DATA, play_bridge_deal

from ombre_core import bridge
from ombre_core.record import replay, to_record
from ombre_core.rules import get_rules
from ombre_core.scoring import settle
from ombre_core.session import Session


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress((DATA / "golden-3hand.json.gz").read_bytes()))
    return data


GOLDEN = _golden()
SESSIONS = sorted({d["session_seed"] for d in GOLDEN["deals"]})


def _settled(result: Any) -> dict[str, Any]:
    return {
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


def test_the_golden_data_covers_every_outcome() -> None:
    deals = GOLDEN["deals"]
    assert len(deals) == 2000
    assert {d["outcome"] for d in deals} == {"sacada", "codille", "repuesto", "passed"}
    assert {d["record"]["rules"] for d in deals} == {"1660", "classic"}
    assert any(d["vole"] for d in deals) and any(d["matadors"] for d in deals)


def test_every_golden_record_replays_to_its_result_and_payments() -> None:
    for entry in GOLDEN["deals"]:
        deal = replay(entry["record"])
        assert deal.is_over, entry["record"]
        settled = _settled(settle(deal))
        assert settled == {k: entry[k] for k in settled}, (
            entry["session_seed"],
            entry["deal_number"],
        )


@pytest.mark.parametrize("seed", SESSIONS)
def test_the_same_seeds_give_the_same_bot_moves(seed: int) -> None:
    entries = [d for d in GOLDEN["deals"] if d["session_seed"] == seed]
    session = Session(
        get_rules(entries[0]["record"]["rules"]), seed, human=None, names=("North", "East", "South")
    )
    for n, entry in enumerate(entries):
        if n:
            session.next_deal()
        while not session.deal.is_over:
            session.bot_move()
        record = entry["record"]
        assert session.number == entry["deal_number"]
        assert session.deal.dealer == record["dealer"]
        assert to_record(session.deal)["actions"] == record["actions"], (seed, entry["deal_number"])
        assert session.deal.is_over
        assert list(settle(session.deal).payments) == entry["payments"]


SAVES = json.loads((DATA / "saved-sessions-0.1.json").read_text(encoding="utf-8"))["saves"]


@pytest.mark.parametrize("rules", sorted(SAVES))
def test_a_game_saved_by_release_0_1_still_resumes(rules: str) -> None:
    saved = SAVES[rules]
    reply = json.loads(bridge.load(saved["save"]))
    assert reply["ok"] is True, reply
    assert reply["rules"]["id"] == rules
    assert reply["deal_number"] == saved["deal_number"]
    assert reply["phase"] == saved["phase"]
    assert reply["ledger"]["balances"] == saved["ledger"]
    assert reply["ledger"]["pool"] == saved["pool"]
    assert [s["tricks"] for s in reply["seats"]] == [s["tricks"] for s in saved["snapshot_seats"]]
    assert [s["cards"] for s in reply["seats"]] == [s["cards"] for s in saved["snapshot_seats"]]
    play_bridge_deal(reply)  # and it plays on to the end of the deal
