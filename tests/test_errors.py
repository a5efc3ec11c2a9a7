"""The engine's errors survive pickling with their type, message and parts: a process pool (the
duel's workers, or a user's own) sends an error back to its parent that way, and an exception
is rebuilt by calling its class with what ``__reduce__`` gives."""

from __future__ import annotations

import pickle

import pytest

from ombre_core.errors import (
    IllegalAction,
    InvalidNotation,
    InvalidRecord,
    InvalidSession,
    NothingToUndo,
    OmbreError,
)
from ombre_core.rules import get_rules
from ombre_core.state import Deal

ERRORS = [
    OmbreError("a bad input"),
    InvalidNotation("'Zz' is not a card"),
    IllegalAction("As", 1, "you do not hold it"),
    IllegalAction("bot", None, "the deal is over"),
    InvalidRecord("the stock has 12 cards", None),
    InvalidRecord("'Zz' is not an action", 7),
    InvalidSession("no deal in it"),
    NothingToUndo("nothing to take back"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: f"{type(e).__name__}:{e}")
def test_an_error_comes_back_from_pickling_as_it_went(error: OmbreError) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error)
    assert vars(again) == vars(error)


def test_an_illegal_card_from_the_engine_comes_back_whole() -> None:
    deal = Deal.from_seed(get_rules("1660"), 5)
    seat = deal.to_move
    with pytest.raises(IllegalAction) as raised:
        deal.apply("As")  # a card in the auction
    again = pickle.loads(pickle.dumps(raised.value))
    assert (again.action, again.seat, again.reason) == ("As", seat, raised.value.reason)
    assert str(again) == str(raised.value)
