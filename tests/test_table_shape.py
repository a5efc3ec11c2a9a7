"""The table's shape is data (issue #7): seats, cards each, the packets of the deal and the pack.

STYLE, "a field is a promise": the engine follows these fields everywhere, so this plays whole deals
at shapes other than three-handed Ombre's, and checks that a shape whose cards do not add up is
refused when the value is made.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from ombre_helpers import random_playout
from test_properties import check_conservation, check_legal_actions, check_views

from ombre_core.cards import FULL_PACK, HEARTS, cards_of, mask_of
from ombre_core.errors import OmbreError
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.scoring import judge, opponents, settle
from ombre_core.state import Deal

HEARTS_MASK = mask_of(range(HEARTS * 10, HEARTS * 10 + 10))

SHAPES = {
    # four players, each alone against three (as a sans-prendre Ombre at Quadrille), a small stock
    "four alone": dataclasses.replace(RULES_CLASSIC, id="four", seats=4, packets=(3, 3, 3)),
    # dealt by fours and threes, as Quadrille is (HOY)
    "packets 4-3-2": dataclasses.replace(RULES_1660, id="p432", packets=(4, 3, 2)),
    # a thirty-card pack, a red suit laid aside (Quadrille by three, variants.md)
    "thirty cards": dataclasses.replace(RULES_1660, id="thirty", pack=FULL_PACK & ~HEARTS_MASK),
}


def test_the_stock_is_what_the_deal_leaves() -> None:
    assert RULES_1660.stock_size == 13 and RULES_1660.tricks == 9
    assert SHAPES["four alone"].stock_size == 4
    assert SHAPES["thirty cards"].stock_size == 3


@pytest.mark.parametrize(
    "changes",
    [
        {"packets": (3, 3)},  # deals six, not nine
        {"packets": (3, 3, 3, 0)},
        {"seats": 5},  # 45 cards from a pack of 40
        {"seats": 1},
        {"pack": FULL_PACK & ~HEARTS_MASK & ~mask_of([0, 1])},  # 28 cards for 27 and a stock
        {"pack": 1 << 45},
    ],
)
def test_a_shape_whose_cards_do_not_add_up_is_refused(changes: dict[str, object]) -> None:
    if "pack" in changes and changes["pack"] != 1 << 45:
        changes = {**changes, "hand_size": 10, "packets": (4, 3, 3)}
    with pytest.raises(OmbreError, match="rules '1660'"):
        dataclasses.replace(RULES_1660, **changes)  # type: ignore[arg-type]


def test_packets_deal_round_by_round_from_the_eldest() -> None:
    rules = SHAPES["packets 4-3-2"]
    pack = list(range(40))
    deal = Deal.from_pack(rules, pack, dealer=2)  # the eldest is seat 0
    assert list(cards_of(deal.hands[0])) == [0, 1, 2, 3, 12, 13, 14, 21, 22]
    assert list(cards_of(deal.hands[1])) == [4, 5, 6, 7, 15, 16, 17, 23, 24]
    assert deal.stock == tuple(range(27, 40))


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_whole_deals_at_other_shapes_keep_every_invariant(shape: str) -> None:
    rules: Rules = SHAPES[shape]
    outcomes = set()
    for seed in range(24):
        deal = Deal.from_seed(rules, seed, dealer=seed % rules.seats)
        assert mask_of(c for h in deal.hands for c in cards_of(h)) | mask_of(deal.stock) == (
            rules.pack
        )
        rng = random.Random(seed)

        def each(position: Deal, rng: random.Random = rng) -> None:
            check_conservation(position)
            check_views(position)
            if not position.is_over:
                check_legal_actions(position, rng)

        random_playout(deal, rng, each)
        assert deal.is_over and len(deal.tricks) in (0, rules.tricks)
        result = settle(deal)
        outcomes.add(result.outcome)
        # no counter is made or lost: the seats' payments are what the pool lost
        assert sum(result.payments) + (result.pool_out - result.pool_in) == 0
        if deal.ombre is not None:
            assert len(opponents(deal)) == rules.seats - 1
    assert {"sacada", "codille"} <= outcomes


def test_the_ombre_is_judged_against_each_other_player_at_any_table() -> None:
    # four at table: the Ombre alone against three
    assert judge(4, (3, 1, 1)) == ("sacada", None)
    assert judge(3, (3, 2, 1)) == ("repuesto", None)
    assert judge(2, (4, 1, 2)) == ("codille", 0)
    assert judge(2, (3, 3, 1)) == ("repuesto", None)  # no single player beats the rest
