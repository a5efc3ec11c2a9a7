"""The reasons a hint gives in the auction (``ombre_core.hints``), where the expert may bid
otherwise than the pamphlet's count: the reason must not contradict the advice."""

from __future__ import annotations

import random

from ombre_core import hints
from ombre_core.actions import Act
from ombre_core.bots import RulePlayer
from ombre_core.rules import RULES_1660
from ombre_core.state import Deal
from ombre_core.views import View, view_of


def first_views(count: int) -> list[View]:
    out = []
    for seed in range(count):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        assert deal.to_move is not None
        out.append(view_of(deal, deal.to_move))
    return out


def test_a_bid_the_pamphlet_would_make_is_explained_by_its_count() -> None:
    for view in first_views(30):
        action = RulePlayer().choose(view, random.Random(0))
        text = hints.reason(view, action)
        assert "likely layouts" not in text
        assert "pamphlet asks for three" in text or action == Act.SANS_PRENDRE


def test_a_bid_against_the_pamphlets_count_says_the_pricing_chose_it() -> None:
    """Every other bid open to the speaker is explained by the pricing, not by a count that
    would argue against it (before, an "Ask leave" hint on a two-trick hand said the pamphlet
    asks for three sure tricks)."""
    seen = set()
    for view in first_views(30):
        pamphlet = RulePlayer().choose(view, random.Random(0))
        for action in view.legal:
            if action == pamphlet:
                continue
            text = hints.reason(view, action)
            assert "pamphlet's count" in text and "likely layouts" in text
            opening = {Act.PASS: "Pass", Act.PLAY: "Ask leave", Act.SANS_PRENDRE: "Play sans"}
            assert text.startswith(opening[action])
            seen.add(action)
    assert seen == {Act.PASS, Act.PLAY, Act.SANS_PRENDRE}
