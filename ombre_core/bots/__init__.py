"""Computer players. Each sees only a :class:`~ombre_core.views.View` and an injected RNG."""

from .base import Player, RandomPlayer
from .rulebot import RulePlayer

PLAYERS: dict[str, type[Player]] = {"random": RandomPlayer, "rules": RulePlayer}

__all__ = ["PLAYERS", "Player", "RandomPlayer", "RulePlayer"]
