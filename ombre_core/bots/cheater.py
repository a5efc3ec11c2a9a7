"""The cheater: a player that sees every card, the ceiling a duel measures the levels against.

It is not a level and never sits at a table a person plays at: :func:`~.duel.play_deal` hands it
the deal itself. It plays the double-dummy solver's best card on the true deal (:mod:`.solver`),
the rule player's own choice among the best when it is one of them (the solver is indifferent
between them), and declares the vole when the solver says it is made. It bids and exchanges as
the rule player does, so its edge is the card play alone (``cheater``); or as another player does
from its own view (``cheater-expert``: the expert's auction, to tell how far the card play alone
is from the ceiling when the bids are the expert's). The issue asks how much of the gap from
``novice`` to this ceiling ``expert`` closes (``bench/bounds.py``).
"""

from __future__ import annotations

import contextlib
import random

from ..actions import Act, Action
from ..errors import OmbreError
from ..state import Deal, Phase
from ..tables import POWER
from ..views import View, view_of
from .base import Player
from .ladder import VOLE_RUNG
from .rulebot import RulePlayer
from .solver import Line, position_of


class CheaterPlayer:
    """Sees the whole deal (:meth:`choose_seeing`); :meth:`choose` refuses, having no deal."""

    sees_everything = True

    def __init__(self, bidder: Player | None = None, name: str = "cheater") -> None:
        self.name = name
        self._rules_player = RulePlayer()
        self._bidder = bidder if bidder is not None else self._rules_player
        """Who decides the auction, the exchange and the trump, from the seat's view alone."""
        self._line: Line | None = None
        """The solver's line of the deal being played: each card's solve is a later position of
        the one before (:class:`.solver.Line`), until a deal with other cards comes."""

    def choose(self, view: View, rng: random.Random) -> Action:
        raise OmbreError(
            "the cheater sees every card: it plays only given the deal (duel, simulate)"
        )

    def choose_seeing(self, deal: Deal, rng: random.Random) -> Action:
        """The action for the player to move in ``deal``, seeing every hand."""
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        if deal.phase != Phase.PLAY:
            return self._bidder.choose(view, rng)
        rule = self._rules_player.choose(view, rng)
        position = position_of(deal)
        solution = None
        if self._line is not None:
            with contextlib.suppress(ValueError):  # another deal: a line of its own below
                solution = self._line.solve(position)
        if solution is None:
            self._line = Line(position)
            solution = self._line.solve(position)
        if Act.VOLE in view.legal and solution.rung == VOLE_RUNG:
            return Act.VOLE
        best = solution.best
        if rule in best:
            return rule
        assert deal.trump is not None
        return min(best, key=POWER[deal.trump].__getitem__)


__all__ = ["CheaterPlayer"]
