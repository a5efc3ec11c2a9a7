"""Quadrille as the table presents it (``ombre_core.table``, issue #7 item 5): forced Spadille named
and explained, the caller beasted alone said so, and Quadrille by three's demand (the king handed
over, the card given back) in every seat's snapshot, since all of it was done in view of all."""

from __future__ import annotations

import json
import random

import pytest
from ombre_helpers import act
from test_quadrille import CALLED, scripted, scripted3

from ombre_core import bridge
from ombre_core.actions import format_action
from ombre_core.narrate import beasted_alone, glossary
from ombre_core.rules import RULES_FIVE, RULES_QUADRILLE, RULES_QUADRILLE_3, Rules
from ombre_core.scoring import settle
from ombre_core.state import Deal, Phase
from ombre_core.table import TableFacts, snapshot
from ombre_core.views import view_of

NAMES = ("Ann", "Ben", "Cat", "Dan")


def present(deal: Deal, seat: int) -> dict[str, object]:
    """The snapshot the person at ``seat`` sees."""
    n = deal.seats
    facts = TableFacts(NAMES[:n], seat, 1, (0,) * n, 0, 0, ())
    return snapshot(view_of(deal, seat), facts)


def test_the_browser_lists_both_quadrilles() -> None:
    presets = json.loads(bridge.presets())["presets"]
    assert {(p["id"], p["seats"]) for p in presets} >= {("quadrille", 4), ("quadrille-3", 3)}


def test_forced_spadille_is_named_and_explained() -> None:
    """HOY law 2: all pass, and the holder of Spadille must play, calling a king."""
    deal = Deal.from_seed(RULES_QUADRILLE, 5)
    act(deal, "pass", "pass", "pass", "pass")
    ombre = deal.ombre
    assert ombre is not None and deal.forced_spadille and deal.phase == Phase.TRUMP_CHOICE
    mine = present(deal, ombre)
    assert "you must play (forced Spadille)" in mine["prompt"]  # type: ignore[operator]
    contract = mine["contract"]
    assert isinstance(contract, dict) and contract["name"] == "Forced Spadille"
    assert contract["hint"] == glossary(RULES_QUADRILLE)["forced-spadille"]
    assert "All passed: You hold Spadille and must play (forced Spadille)." in mine["log"]  # type: ignore[operator]
    other = (ombre + 1) % 4
    theirs = present(deal, other)
    who = NAMES[ombre]
    assert f"All passed: {who} holds Spadille and must play (forced Spadille)." in theirs["log"]  # type: ignore[operator]
    assert theirs["prompt"] == f"{who} is thinking…"
    # a game asked for is not forced
    asked = Deal.from_seed(RULES_QUADRILLE, 5)
    act(asked, "play", "pass", "pass", "pass")
    contract = present(asked, 0)["contract"]
    assert isinstance(contract, dict) and contract["name"] != "Forced Spadille"


@pytest.mark.parametrize("case", ["remise, alone", "codille, alone", "remise", "codille 4"])
def test_the_caller_beasted_alone_is_told_so(case: str) -> None:
    """HOY p. 77 §6: a caller who made fewer than three tricks himself pays alone."""
    deal = scripted(CALLED[case][0])
    alone = case.endswith("alone")
    assert beasted_alone(settle(deal)) is alone
    result = present(deal, 1)["result"]
    assert isinstance(result, dict)
    assert ("beasted alone" in result["text"]) is alone
    assert "beasted-alone" in present(deal, 1)["glossary"]  # type: ignore[operator]


def test_the_demand_and_the_card_given_back_are_shown_to_every_seat() -> None:
    """CG p. 46: the holder of the demanded king hands it over and takes any card the Ombre
    gives him, in view of all."""
    deal = scripted3((0, 0, 0, 0, 0, 2, 0, 2, 1, 2), play=False)
    act(deal, "play", "pass", "pass", "trump s")
    assert all(present(deal, s)["demand"] is None for s in range(3))
    act(deal, "call Kh")
    assert deal.phase == Phase.GIVE and deal.demanded_from == 1
    ombre = present(deal, 0)
    assert ombre["prompt"] == (
        "Give Ben any card for the king of hearts (the demand): everyone sees it."
    )
    gives = ombre["legal"]
    assert isinstance(gives, list) and gives
    assert all(e["action"].startswith("give ") for e in gives)
    assert "give Kh" not in [e["action"] for e in gives]
    assert all(e["label"] and e["hint"] for e in gives)
    holder = present(deal, 1)
    assert holder["prompt"] == (
        "Ann demands your king of hearts: you hand it over and take the card Ann gives you back."
    )
    assert "Ann demands the king of hearts from you." in holder["log"]  # type: ignore[operator]
    for seat in range(3):
        demand = present(deal, seat)["demand"]
        assert isinstance(demand, dict)
        assert (demand["card"]["code"], demand["from"], demand["ombre"], demand["given"]) == (
            "Kh",
            1,
            0,
            None,
        )
        assert demand["hint"] == glossary(RULES_QUADRILLE_3)["demand"]
    act(deal, "give 2c")
    for seat in range(3):
        snap = present(deal, seat)
        demand = snap["demand"]
        assert isinstance(demand, dict) and demand["given"]["code"] == "2c"
        assert snap["partnership"] is None  # no partner at three: the Ombre plays alone
    assert format_action(deal.legal_actions()[0]) != "give 2c"


def test_the_called_fact_says_what_a_call_is() -> None:
    deal = Deal.from_seed(RULES_QUADRILLE, 5)
    act(deal, "play", "pass", "pass", "pass", "trump s")
    act(deal, format_action(deal.legal_actions()[0]))
    partnership = present(deal, 2)["partnership"]
    assert isinstance(partnership, dict)
    assert partnership["hint"] == glossary(RULES_QUADRILLE)["call"]


def test_no_seat_is_called_a_defender_before_the_king_is_called() -> None:
    """Until the call, any other seat may turn out to be the partner; sans prendre, none can."""
    deal = Deal.from_seed(RULES_QUADRILLE, 5)
    act(deal, "play", "pass", "pass", "pass", "trump s")
    assert deal.phase == Phase.CALL
    roles = [s["role"] for s in present(deal, 1)["seats"]]  # type: ignore[attr-defined]
    assert roles == [None, "ombre", None, None]
    alone = Deal.from_seed(RULES_QUADRILLE, 5)
    act(alone, "sans-prendre", "pass", "pass", "pass")
    roles = [s["role"] for s in present(alone, 1)["seats"]]  # type: ignore[attr-defined]
    assert roles == ["defender", "ombre", "defender", "defender"]


@pytest.mark.parametrize("rules", [RULES_QUADRILLE, RULES_FIVE], ids=lambda r: r.id)
def test_beasted_alone_exactly_when_the_caller_made_too_few_himself(rules: Rules) -> None:
    """Random deals: the payments say "beasted alone" exactly when a caller, not forced, lost
    with fewer than three tricks himself (HOY p. 77 §6); never at five, whose codille may cost
    the side nothing but the pool."""
    seen = 0
    for seed in range(300):
        deal = Deal.from_seed(rules, seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        s = settle(deal)
        assert s.ombre is not None or s.outcome == "passed"
        expected = (
            s.ombre is not None
            and s.outcome != "sacada"
            and len(s.side) == 2
            and s.tricks[s.ombre] < rules.caller_floor
            and not deal.forced_spadille
        )
        assert beasted_alone(s) is expected, (seed, s)
        seen += expected
    assert seen > 0 if rules.caller_floor else seen == 0
