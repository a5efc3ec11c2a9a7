"""Ten thousand seeded random deals, played on the fast path, all end well.

Random legal actions go through ``Deal.apply_unchecked`` (the documented fast path: it trusts
``legal_actions``), alternating the presets and the dealer; every deal must end within the bound,
with 40 cards accounted for, a result whose payments and pool balance, and a legal outcome.
Sources: compendium ``ombre-rules.md`` §4 (the deal), §8.2 (outcomes), §9 (payments).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ombre_helpers import MAX_ACTIONS, PRESET_LIST, trick_cards

from ombre_core.cards import FULL_PACK, mask_of
from ombre_core.scoring import judge, settle
from ombre_core.state import Deal

DEALS = 10_000


@pytest.mark.breadth
def test_ten_thousand_random_deals() -> None:
    rng = random.Random(1660)
    outcomes: Counter[str] = Counter()
    for seed in range(DEALS):
        rules = PRESET_LIST[seed % 2]
        deal = Deal.from_seed(rules, seed, seed % 3, pool_in=seed % 5 * 7)
        steps = 0
        while not deal.is_over:
            legal = deal.legal_actions()
            assert legal, f"seed {seed}: no legal action at step {steps}"
            deal.apply_unchecked(rng.choice(legal))
            steps += 1
            assert steps <= MAX_ACTIONS, f"seed {seed}: the deal does not end"
        result = settle(deal)
        assert result is not None
        outcomes[result.outcome] += 1
        assert sum(result.payments) + result.pool_out == result.pool_in, seed
        assert result.pool_out >= 0
        places = [*deal.hands, mask_of(deal.stock_left), *deal.discards, trick_cards(deal)]
        assert sum(p.bit_count() for p in places) == 40, seed
        union = 0
        for p in places:
            union |= p
        assert union == FULL_PACK, seed
        if result.ombre is None:
            assert result.outcome == "passed" and deal.passes == [1, 1, 1]
            continue
        assert sum(result.tricks) == 9 and not any(deal.hands)
        assert deal.trump is not None
        ombre = result.ombre
        defenders = [(ombre + 1) % 3, (ombre + 2) % 3]
        outcome, which = judge(result.tricks[ombre], tuple(result.tricks[d] for d in defenders))
        assert outcome == result.outcome
        assert result.codille_winner == (None if which is None else defenders[which])
    # every outcome turns up often in random play
    assert all(outcomes[o] > 100 for o in ("sacada", "codille", "repuesto", "passed")), outcomes
