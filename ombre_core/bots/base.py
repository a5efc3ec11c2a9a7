"""The player interface: a view in, one legal action out.

A player never sees the deal itself, only :meth:`Deal.view` for its seat, and takes its randomness
from the ``random.Random`` it is given, so a game is reproducible from its seeds. A stronger,
search-based player plugs in by implementing the same :meth:`Player.choose`.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..actions import Action
from ..views import View


class Player(Protocol):
    """Anything that picks an action from a view."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...


class RandomPlayer:
    """Plays a uniformly random legal action: a baseline and a fuzzer."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        return rng.choice(view.legal)
