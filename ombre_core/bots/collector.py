"""Python's cyclic garbage collector, paused while a computer player thinks.

A search makes small objects by the hundred thousand (a solver node a tuple or two of hands and
keys; a world a copy of the deal) and frees nearly all of them by their reference counts: none is
part of a cycle. Yet every 700 of them set off a pass of the collector over the young objects, the
transposition table's keys among them. Paused for the whole of a decision, the expert's decisions
took about a tenth less time at the median, in CPython and in Pyodide in Chromium, and a few per
cent less at the 95th percentile (docs/bots.md, "Latency"). The collector is set back as it was when
the work ends, even by an exception, so what was left in a cycle is collected then; a thread of the
caller's that runs meanwhile runs without it, as under :mod:`timeit`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_T = TypeVar("_T")


def collector_paused(work: Callable[_P, _T]) -> Callable[_P, _T]:
    """``work`` with the cyclic collector off while it runs (nested calls leave it to the
    outermost)."""

    @wraps(work)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        if not gc.isenabled():
            return work(*args, **kwargs)
        gc.disable()
        try:
            return work(*args, **kwargs)
        finally:
            gc.enable()

    return paused
