"""The first game's tutor (``ombre_core.tutor``, issue #8 item 3): words for every step the
person takes, in the preset's amounts and spelling, from the view alone."""

from __future__ import annotations

import json
import random

import pytest
from ombre_helpers import PRESET_LIST

from ombre_core import bridge
from ombre_core.bots import make_player
from ombre_core.rules import Rules
from ombre_core.state import Deal, Phase
from ombre_core.tutor import explain
from ombre_core.views import view_of


@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_every_step_of_many_deals_is_explained(rules: Rules) -> None:
    steps: set[Phase] = set()
    for seed in range(25):
        deal = Deal.from_seed(rules, seed, seed % 3)
        players = [make_player("novice") for _ in range(3)]
        rng = random.Random(seed)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            for other in range(3):
                if other != seat:
                    assert explain(view_of(deal, other)) == []  # only on one's turn
            view = view_of(deal, seat)
            lines = explain(view)
            assert lines and all(isinstance(x, str) and x.endswith((".", ")")) for x in lines)
            assert not any(" no;" in x or "  " in x for x in lines)
            steps.add(view.step)
            deal.apply(players[seat].choose(view, rng))
    assert {Phase.AUCTION, Phase.DISCARD, Phase.TRUMP_CHOICE, Phase.PLAY} <= steps


def test_the_1660_amounts_and_words() -> None:
    deal = Deal.from_seed(PRESET_LIST[0], 3, 2)
    lines = explain(view_of(deal, deal.to_move or 0))
    assert any("Passing costs 1 lesser counter" in x for x in lines)


def test_the_bridge_explains_the_persons_turn_only() -> None:
    json.loads(bridge.new_session(json.dumps({"seed": 3, "rules": "1660"})))
    snap = json.loads(bridge.snapshot())
    reply = json.loads(bridge.explain())
    assert reply["ok"] is True
    assert bool(reply["lines"]) == snap["human_to_move"]
