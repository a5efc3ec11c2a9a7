"""Choosing among priced actions (``bots/pricing.py``): the guard, and settling it early.

``settled_choice`` may say what ``guarded_choice`` will choose before every world is priced; it
must never say anything the full pricing would not choose (issue #6: the priced auction's time).
"""

from __future__ import annotations

import random
from itertools import product

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ombre_core.bots.pricing import guarded_choice, settled_choice

ACTIONS = ("pass", "play", "sans")


@st.composite
def open_prices(draw: st.DrawFn) -> tuple[str, dict[str, list[tuple[float, ...]]], list[float]]:
    """A rule, each action's values world by world (some known, some with two or three open
    outcomes) and the worlds' weights."""
    worlds = draw(st.integers(1, 5))
    actions = ACTIONS[: draw(st.integers(2, 3))]
    value = st.sampled_from([-12.0, -9.5, -2.0, 0.0, 1.5, 6.0, 8.0, 11.0])
    possible = {
        a: [
            tuple(sorted(set(draw(st.lists(value, min_size=1, max_size=3))))) for _ in range(worlds)
        ]
        for a in actions
    }
    ways = 1
    for row in possible.values():
        for v in row:
            ways *= len(v)
    assume(ways <= 256)  # every fall is tried in the test
    raw = draw(st.lists(st.integers(1, 5), min_size=worlds, max_size=worlds))
    weights = [w / sum(raw) for w in raw]
    return draw(st.sampled_from(actions)), possible, weights


def every_fall(possible: dict[str, list[tuple[float, ...]]]) -> list[dict[str, list[float]]]:
    """Every way the open values may fall, as the values ``guarded_choice`` takes."""
    cells = [(a, i) for a, row in possible.items() for i in range(len(row))]
    out = []
    for fall in product(*(possible[a][i] for a, i in cells)):
        values: dict[str, list[float]] = {a: [0.0] * len(row) for a, row in possible.items()}
        for (a, i), x in zip(cells, fall, strict=True):
            values[a][i] = x
        out.append(values)
    return out


@settings(max_examples=150, deadline=None)
@given(open_prices(), st.sampled_from([0.0, 1.0, 2.0]))
def test_a_settled_choice_is_the_choice_however_the_open_worlds_fall(
    case: tuple[str, dict[str, list[tuple[float, ...]]], list[float]], confidence: float
) -> None:
    rule, possible, weights = case
    settled = settled_choice(rule, possible, weights, confidence, limit=1_000_000)
    choices = {guarded_choice(rule, v, weights, confidence) for v in every_fall(possible)}
    if settled is not None:
        assert choices == {settled}
    else:  # with no limit, it is exact both ways: undecided only when the falls disagree
        assert len(choices) > 1


@settings(max_examples=100, deadline=None)
@given(open_prices(), st.sampled_from([0.0, 2.0]))
def test_the_limit_only_makes_it_say_less(
    case: tuple[str, dict[str, list[tuple[float, ...]]], list[float]], confidence: float
) -> None:
    rule, possible, weights = case
    settled = settled_choice(rule, possible, weights, confidence, limit=1)
    if settled is not None:
        assert settled == settled_choice(rule, possible, weights, confidence, limit=10**6)


def test_the_cheap_bound_settles_without_trying_the_falls() -> None:
    """An action whose best case is below the rule's worst case is never chosen: the rule
    stands even with more open worlds than the limit lets it try."""
    worlds = 8
    possible = {
        "pass": [(-1.0,)] * worlds,
        "play": [(-10.0,)] * 5 + [(-10.0, 1.0)] * 3,
    }
    weights = [1 / worlds] * worlds
    assert settled_choice("pass", possible, weights, 2.0, limit=1) == "pass"


def test_one_open_world_that_decides_leaves_it_open() -> None:
    possible = {"pass": [(0.0,), (0.0,)], "play": [(5.0,), (-20.0, 20.0)]}
    assert settled_choice("pass", possible, [0.5, 0.5], 0.0) is None
    known = {"pass": [(0.0,), (0.0,)], "play": [(5.0,), (20.0,)]}
    assert settled_choice("pass", known, [0.5, 0.5], 0.0) == "play"


def test_random_known_values_settle_to_the_guarded_choice() -> None:
    """With every value known there is one fall: the guard's own answer."""
    rng = random.Random(6)
    for _ in range(200):
        values = {a: [rng.uniform(-10, 10) for _ in range(4)] for a in ACTIONS}
        possible = {a: [(x,) for x in row] for a, row in values.items()}
        weights = [0.25] * 4
        for confidence in (0.0, 2.0):
            assert settled_choice("pass", possible, weights, confidence) == guarded_choice(
                "pass", values, weights, confidence
            )
