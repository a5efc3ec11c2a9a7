"""Choosing among priced actions over sampled worlds: the guard, and knowing early what it says.

The search levels price a bid, a discard or a trump in each of a few sampled worlds
(:mod:`.search`). A handful of worlds prices an action with an error larger than most
differences near a bidding threshold, where the pricing is asked, so :func:`guarded_choice`
keeps the pamphlet's choice unless the worlds agree against it. Pricing a contract in a world
means solving its play, the costly part of a decision; :func:`settled_choice` tells, from what
each unsolved world can still be worth (a won or a lost game), when the guard's answer no longer
depends on them, so that the rest need not be solved. The answer is the one the full pricing
gives, only sooner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import product
from typing import TypeVar

__all__ = ["ENUMERATION_LIMIT", "guarded_choice", "settled_choice"]

Option = TypeVar("Option")

ENUMERATION_LIMIT = 256
"""At most this many ways the unsolved worlds may still fall are tried one by one
(:func:`settled_choice`); beyond it only the cheap bound is asked."""


def guarded_choice(
    rule: Option,
    values: dict[Option, list[float]],
    weights: Sequence[float],
    confidence: float,
) -> Option:
    """The action with the best weighted value over the worlds, but only if its advantage over
    ``rule`` (the pamphlet's choice) is more than ``confidence`` standard errors of the paired
    difference world by world; else ``rule``. ``values`` holds each action's value in each
    world (the same worlds for all, ``weights`` summing to 1).

    A handful of worlds prices a contract with an error larger than most differences near a
    threshold, where the pricing is used: taken as it comes, the noise would decide. The rule is
    the prior; the worlds overturn it only when they agree."""
    total = {
        a: math.fsum(w * x for w, x in zip(weights, v, strict=True)) for a, v in values.items()
    }
    best = max(values, key=lambda a: (total[a], a == rule))
    if best == rule or rule not in values or confidence <= 0:
        return best
    diffs = [x - y for x, y in zip(values[best], values[rule], strict=True)]
    mean = total[best] - total[rule]
    spread = math.fsum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
    effective = 1 / math.fsum(w * w for w in weights)
    error = math.sqrt(spread / effective) if effective > 1 else math.inf
    return best if mean > confidence * error else rule


def settled_choice(
    rule: Option,
    possible: dict[Option, list[tuple[float, ...]]],
    weights: Sequence[float],
    confidence: float,
    limit: int = ENUMERATION_LIMIT,
) -> Option | None:
    """What :func:`guarded_choice` will choose however the unsolved worlds fall, if that is
    already decided; else None.

    ``possible[a][i]`` holds the values action ``a`` may still take in world ``i``: one value
    once it is known, the value of each outcome still open before its play is solved. Two
    tests, both exact: an action whose best case totals no more than the rule's worst case is
    never chosen (the rule wins ties); nor is one that beats the rule, clear of the guard, in no
    way the open values of the two may fall (tried one by one, when at most ``limit``): when
    either holds of every other action the rule stands. Else, when the ways all the open values
    may fall number at most ``limit``, each is tried.

    >>> even = [0.5, 0.5]
    >>> settled_choice("pass", {"pass": [(0.0,), (0.0,)], "play": [(-10.0,), (-9.0, 8.0)]},
    ...                even, 2.0)
    'pass'
    >>> settled_choice("pass", {"pass": [(0.0,), (0.0,)], "play": [(9.0,), (-9.0, 8.0)]},
    ...                even, 0.0) is None
    True
    """
    if rule in possible:
        floor = math.fsum(w * min(v) for w, v in zip(weights, possible[rule], strict=True))
        if all(
            math.fsum(w * max(v) for w, v in zip(weights, row, strict=True)) <= floor
            or _never_over(rule, a, possible, weights, confidence, limit)
            for a, row in possible.items()
            if a != rule
        ):
            return rule
    return _same_every_fall(rule, possible, weights, confidence, limit)


def _same_every_fall(
    rule: Option,
    possible: dict[Option, list[tuple[float, ...]]],
    weights: Sequence[float],
    confidence: float,
    limit: int,
) -> Option | None:
    """The guard's choice if it is the same for every way the open values may fall (tried one
    by one, if they number at most ``limit``); else None."""
    open_ = [(a, i) for a, row in possible.items() for i, v in enumerate(row) if len(v) > 1]
    ways = 1
    for a, i in open_:
        ways *= len(possible[a][i])
        if ways > limit:
            return None
    values = {a: [v[0] for v in row] for a, row in possible.items()}
    first: Option | None = None
    for fall in product(*(possible[a][i] for a, i in open_)):
        for (a, i), x in zip(open_, fall, strict=True):
            values[a][i] = x
        choice = guarded_choice(rule, values, weights, confidence)
        if first is None:
            first = choice
        elif choice != first:
            return None
    return first


def _never_over(
    rule: Option,
    other: Option,
    possible: dict[Option, list[tuple[float, ...]]],
    weights: Sequence[float],
    confidence: float,
    limit: int,
) -> bool:
    """Whether ``other`` can be chosen over ``rule`` in no way the open values may fall. The
    guard takes another action only if it is the best and, against the rule alone, clears the
    guard: so the two rows decide it, whatever the other actions bring, and their falls are far
    fewer than those of every row together."""
    pair = {rule: possible[rule], other: possible[other]}
    return _same_every_fall(rule, pair, weights, confidence, limit) == rule
