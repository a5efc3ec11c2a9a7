"""The review of a finished deal (:mod:`ombre_core.bots.review`, issue #6): which decisions it
lists, that its trick counts are the plain minimax's, and that its verdicts agree with the
solver's values; the bridge refuses it during a deal and answers it after."""

from __future__ import annotations

import json
import random

import pytest
from ombre_helpers import PRESET_LIST
from test_solver import ending

from ombre_core import bridge
from ombre_core.actions import Act
from ombre_core.bots import make_player
from ombre_core.bots.review import review_deal, side_tricks
from ombre_core.rules import Rules
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of


def minimax_tricks(deal: Deal) -> int:
    """The Ombre's tricks under best play, by brute force: the Ombre maximises, the others
    minimise (the rules' legal cards, no solver)."""
    if deal.is_over:
        assert deal.ombre is not None
        return deal.tricks_won[deal.ombre]
    values = []
    for action in deal.legal_actions():
        if action in (Act.VOLE, Act.GANO):
            continue
        child = deal.copy()
        child.apply_unchecked(action)
        values.append(minimax_tricks(child))
    return max(values) if deal.to_move == deal.ombre else min(values)


@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
@pytest.mark.parametrize("seed", range(4))
def test_side_tricks_is_the_minimax(rules: Rules, seed: int) -> None:
    deal = ending(3000 + seed, rules, 9 + seed % 3)
    assert side_tricks(deal) == minimax_tricks(deal)


def finished(rules: Rules, seed: int) -> Deal:
    deal = Deal.from_seed(rules, seed, seed % 3)
    players = [make_player("novice") for _ in range(3)]
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(players[seat].choose(view_of(deal, seat), rng))
    return deal


@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_every_choice_is_listed_and_its_verdict_agrees_with_the_solver(rules: Rules) -> None:
    seed = 1
    while (deal := finished(rules, seed)).ombre is None:
        seed += 1
    for seat in range(3):
        decisions = review_deal(deal, seat)
        mine = [i for i, e in enumerate(deal.events) if e.seat == seat and e.action != Act.GANO]
        assert {d.index for d in decisions} <= set(mine)
        assert all(d.seat == seat for d in decisions)
        assert [d.index for d in decisions] == sorted(d.index for d in decisions)
        cards = [d for d in decisions if d.step == Phase.PLAY]
        assert cards, "a player with a choice of cards in every deal that is played"
        for d in cards:
            assert d.trick is not None and 1 <= d.trick <= rules.tricks
            assert d.cost_game == (d.action not in d.best)
            assert d.cost_tricks >= 0
            if d.cost_tricks:
                assert d.tricks != d.best_tricks
        # the review is the same every time (fixed seeds per decision)
        assert review_deal(deal, seat) == decisions


def test_a_deal_in_progress_is_not_reviewed() -> None:
    deal = Deal.from_seed(PRESET_LIST[0], 1, 0)
    with pytest.raises(ValueError, match="once it is over"):
        review_deal(deal, 0)


def test_the_bridge_reviews_the_finished_deal_only() -> None:
    bridge.new_session(json.dumps({"seed": 4, "rules": "1660"}))
    refused = json.loads(bridge.review())
    assert refused["ok"] is False and "once the deal is over" in refused["error"]["message"]
    for _ in range(300):
        snap = json.loads(bridge.snapshot())
        if snap["phase"] == "over":
            break
        if not snap["human_to_move"]:
            bridge.bot_move()
            continue
        if snap["discard"]:
            action = "discard"
        elif any(c["legal"] for c in snap["hand"]):
            action = next(c["code"] for c in snap["hand"] if c["legal"])
        else:
            action = snap["legal"][0]["action"]
        assert json.loads(bridge.apply(json.dumps({"action": action})))["ok"] is not False
    review = json.loads(bridge.review())
    assert review["ok"] is True and review["decisions"]
    for row in review["decisions"]:
        assert row["stage"] in ("auction", "exchange", "play")
        assert isinstance(row["you"], str) and isinstance(row["expert"], str)
        if row["stage"] == "play":
            assert row["verdict"] in ("best", "trick", "game") and row["best"] and row["label"]
    assert review["summary"].startswith("You made ")
    assert json.loads(bridge.review()) == review  # asked twice: the same answer
