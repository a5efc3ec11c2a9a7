"""The garbage collector is paused while a computer player thinks, and set back as it was after.

A bot must not change its host's interpreter: whatever the caller had (the collector on, or off),
it has again when the decision returns, or when a search stops on its budget. (Why it is paused:
``ombre_core/bots/collector.py``.)
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest
from test_sampler import first_leads

from ombre_core.bots import make_player
from ombre_core.bots.collector import collector_paused
from ombre_core.bots.solver import BudgetExceeded, position_of, solve, solve_values
from ombre_core.views import view_of


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_inside_and_on_again_after(collector_on: None) -> None:
    seen: list[bool] = []

    @collector_paused
    def outer() -> str:
        seen.append(gc.isenabled())
        inner()
        seen.append(gc.isenabled())  # the inner call left it to the outermost
        return "done"

    @collector_paused
    def inner() -> None:
        seen.append(gc.isenabled())

    assert outer() == "done"
    assert seen == [False, False, False]
    assert gc.isenabled()


def test_an_exception_sets_the_collector_back(collector_on: None) -> None:
    @collector_paused
    def fails() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        fails()
    assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        collector_paused(lambda: None)()
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_a_search_stopped_by_its_budget_sets_the_collector_back(collector_on: None) -> None:
    deal = next(first_leads(10))
    with pytest.raises(BudgetExceeded):
        solve_values(position_of(deal), budget=1)
    assert gc.isenabled()
    assert solve(deal, every_card=False).value  # and the next search runs as before
    assert gc.isenabled()


def test_the_expert_decides_the_same_and_leaves_the_collector_on(collector_on: None) -> None:
    deal = next(first_leads(10))
    seat = deal.to_move
    assert seat is not None
    view = view_of(deal, seat)
    with_collector = make_player("expert").choose(view, random.Random(7))
    assert gc.isenabled()
    gc.disable()
    try:
        without = make_player("expert").choose(view, random.Random(7))
    finally:
        gc.enable()
    assert with_collector == without
    assert with_collector in view.legal
