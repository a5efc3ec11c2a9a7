"""The auction: who becomes Ombre, by every path of compendium §5.2 in both presets.

Sources: compendium ``ombre-rules.md`` §5.1-§5.2, §15 #5-#7; RG1660 ("the first hand having always
the choice to play or pass, after him the second"; Addition 1), MOR, EB1911, HOY (Quadrille).
Seats: dealer 2, so seat 0 is the eldest hand and speaks first, then seat 1, then seat 2.
"""

from __future__ import annotations

import pytest
from ombre_helpers import act, snapshot

from ombre_core import actions as A
from ombre_core.actions import Act
from ombre_core.errors import IllegalAction
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.scoring import settle
from ombre_core.state import Deal

PRESETS = pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])


def new_deal(rules: Rules, dealer: int = 2, seed: int = 5) -> Deal:
    return Deal.from_seed(rules, seed, dealer)


@PRESETS
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_eldest_speaks_first_and_speech_goes_to_the_right(rules: Rules, dealer: int) -> None:
    """Compendium §4-§5: the eldest is the dealer's right and speaks first (RG "the first hand",
    MOR "He speaks first"); then to the right."""
    deal = new_deal(rules, dealer)
    eldest = (dealer + 1) % 3
    assert deal.eldest == eldest
    order = []
    for _ in range(3):
        order.append(deal.to_move)
        deal.apply("pass")
    assert order == [eldest, (eldest + 1) % 3, (eldest + 2) % 3]


@PRESETS
def test_all_pass_ends_the_deal_as_passed(rules: Rules) -> None:
    """Compendium §5.2 step 6 and §15 #5: if all three pass, the deal ends (the next dealer deals);
    every pass is paid (§15 #4)."""
    deal = act(new_deal(rules), "pass", "pass", "pass")
    assert deal.is_over and deal.to_move is None
    assert deal.is_over
    assert settle(deal).outcome == "passed"
    assert settle(deal).ombre is None
    assert deal.passes == [1, 1, 1]
    assert deal.legal_actions() == []


@PRESETS
def test_opening_calls(rules: Rules) -> None:
    """Compendium §5.2 step 1: pass, ask (``play``) or sans prendre."""
    assert new_deal(rules).legal_actions() == [Act.PASS, Act.PLAY, Act.SANS_PRENDRE]


@PRESETS
@pytest.mark.parametrize("asker", [0, 1, 2])
def test_an_ask_passed_round_makes_the_asker_ombre(rules: Rules, asker: int) -> None:
    """Compendium §5.2 step 2; step 5: the last speaker, after two passes, may simply play (MOR)."""
    deal = new_deal(rules)
    for seat in range(3):
        deal.apply("play" if seat == asker else "pass")
    assert deal.ombre == asker
    assert deal.contract == Act.PLAY
    assert deal.phase_name == "exchange"
    assert deal.to_move == asker  # the Ombre exchanges first (§6.2)


@PRESETS
def test_after_an_ask_later_players_may_only_pass_or_offer_sans_prendre(rules: Rules) -> None:
    """Compendium §5.2 step 2: "Later players may only pass or sans_prendre"."""
    deal = act(new_deal(rules), "play")
    assert deal.legal_actions() == [Act.PASS, Act.SANS_PRENDRE]
    before = snapshot(deal)
    with pytest.raises(IllegalAction, match="may only say pass or sans-prendre"):
        deal.apply("play")
    assert snapshot(deal) == before


@PRESETS
def test_after_sans_prendre_later_players_may_only_pass(rules: Rules) -> None:
    """Compendium §5.2 and §15 #7: the first sans-prendre offer in turn order stands."""
    deal = act(new_deal(rules), "pass", "sans-prendre")
    assert deal.legal_actions() == [Act.PASS]
    for call in ("play", "sans-prendre"):
        with pytest.raises(IllegalAction):
            deal.apply(call)
    deal.apply("pass")
    assert deal.ombre == 1 and deal.contract == Act.SANS_PRENDRE


@PRESETS
def test_sans_prendre_by_the_eldest(rules: Rules) -> None:
    deal = act(new_deal(rules), "sans-prendre", "pass", "pass")
    assert deal.ombre == 0 and deal.contract == Act.SANS_PRENDRE
    # a sans-prendre Ombre takes in nothing: he names the trump at once (§6.2 step 2)
    assert deal.legal_actions() == [A.trump_action(s) for s in range(4)]


def test_1660_sans_prendre_overcall_makes_the_overcaller_ombre() -> None:
    """RG1660 Addition 1: "Having once demanded whether any one will play without taking In, you
    oblige yourself to take in" (compendium §5.2 step 3, §15 #6: the overcaller becomes Ombre)."""
    assert RULES_1660.asker_may_keep is False
    deal = act(new_deal(RULES_1660), "play", "sans-prendre", "pass")
    assert deal.ombre == 1
    assert deal.contract == Act.SANS_PRENDRE
    assert deal.phase_name == "exchange" and deal.to_move == 1
    # the third overcalls too: the same
    deal = act(new_deal(RULES_1660), "play", "pass", "sans-prendre")
    assert (deal.ombre, deal.contract) == (2, Act.SANS_PRENDRE)


def test_classic_asker_may_keep_the_game_by_going_sans_prendre() -> None:
    """EB1911: "the first player keeps it if he then undertakes sans prendre himself"; HOY law 22
    (compendium §5.2 step 3, §15 #6 classic)."""
    assert RULES_CLASSIC.asker_may_keep is True
    deal = act(new_deal(RULES_CLASSIC), "play", "sans-prendre", "pass")
    assert deal.ombre is None and deal.to_move == 0  # the asker answers
    assert deal.legal_actions() == [Act.PASS, Act.SANS_PRENDRE]
    with pytest.raises(IllegalAction):
        deal.apply("play")
    deal.apply("sans-prendre")
    assert deal.ombre == 0 and deal.contract == Act.SANS_PRENDRE
    assert deal.to_move == 0 and deal.phase_name == "exchange"


def test_classic_asker_may_yield_to_the_overcaller() -> None:
    """Compendium §5.2 step 3 classic: "or pass, yielding to the overcaller"."""
    deal = act(new_deal(RULES_CLASSIC), "pass", "play", "sans-prendre")
    assert deal.to_move == 1  # the middle hand asked; he answers
    deal.apply("pass")
    assert deal.ombre == 2 and deal.contract == Act.SANS_PRENDRE
    assert deal.passes == [1, 0, 0]  # yielding is no pass of the auction


def test_classic_reply_only_after_an_overcall() -> None:
    """With no overcall the asker is Ombre at once, taking in."""
    deal = act(new_deal(RULES_CLASSIC), "play", "pass", "pass")
    assert deal.ombre == 0 and deal.contract == Act.PLAY


@PRESETS
def test_a_player_speaks_once(rules: Rules) -> None:
    """Compendium §5.2 step 4 (HOY: "He who has passed once has no right to call afterwards");
    RG's single round: three calls close the auction."""
    deal = act(new_deal(rules), "pass", "pass", "play")
    assert deal.ombre == 2
    assert deal.bids == [Act.PASS, Act.PASS, Act.PLAY]


@PRESETS
def test_auction_rejects_play_actions(rules: Rules) -> None:
    deal = new_deal(rules)
    before = snapshot(deal)
    for bad in ("trump s", "discard", "vole"):
        with pytest.raises(IllegalAction):
            deal.apply(bad)
    card = next(iter(range(40)))
    with pytest.raises(IllegalAction):
        deal.apply(card)
    assert snapshot(deal) == before


@PRESETS
@pytest.mark.parametrize("bad", [None, 1.5, True, [40], {"action": "pass"}, b"pass"])
def test_values_that_are_no_action_raise_illegal_action(rules: Rules, bad: object) -> None:
    """STYLE habit 3: one error hierarchy; ``Deal.apply`` documents IllegalAction for anything the
    rules forbid, and the state is unchanged (never a TypeError from formatting the message)."""
    deal = new_deal(rules)
    before = snapshot(deal)
    with pytest.raises(IllegalAction, match="an action must be an int or its notation"):
        deal.apply(bad)  # type: ignore[arg-type]
    assert snapshot(deal) == before
