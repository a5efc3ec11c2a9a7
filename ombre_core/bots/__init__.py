"""Computer players. Each sees only a :class:`~ombre_core.views.View` and an injected RNG.

Players are named by their level, as the New game dialog, the bridge and the command line name
them: ``novice`` is the rule-based player of the 1660 pamphlet's advice; ``standard`` and
``expert`` search sampled worlds with the double-dummy solver (:mod:`.search`). ``random`` plays
any legal action (a baseline and a fuzzer); ``rules`` is the name saved games of release 0.1 use
for the novice.
"""

from collections.abc import Callable
from dataclasses import replace

from ..errors import OmbreError
from ..jsontext import brief
from .base import Player, RandomPlayer
from .levels import (
    EXPERT,
    EXPERT_GUARDED,
    EXPERT_ISMCTS,
    EXPERT_PAMPHLET,
    EXPERT_PLAYOUT,
    STANDARD,
    SearchConfig,
)
from .rulebot import RulePlayer
from .search import SearchPlayer, expert, standard

BOLD_ASK_THRESHOLD = 2.8
"""The ``-bold`` variants' threshold for asking leave: a player that plays the cards better than
the rule player may make contracts the rule player would lose (``docs/bots.md``)."""

LEVELS: dict[str, Callable[[], Player]] = {
    "novice": RulePlayer,
    "standard": standard,
    "expert": expert,
}
"""The levels a person chooses from, weakest first."""


def _variant(name: str, config: SearchConfig) -> Callable[[], Player]:
    return lambda: SearchPlayer(name, config)


DIAGNOSTICS: dict[str, Callable[[], Player]] = {
    "expert-uniform": _variant("expert-uniform", replace(EXPERT, inference=False)),
    "standard-uniform": _variant("standard-uniform", replace(STANDARD, inference=False)),
    "expert-silent": _variant("expert-silent", replace(EXPERT, gano=False)),
    "standard-silent": _variant("standard-silent", replace(STANDARD, gano=False)),
    "expert-bold": _variant(
        "expert-bold", replace(EXPERT_PAMPHLET, ask_threshold=BOLD_ASK_THRESHOLD)
    ),
    "standard-bold": _variant("standard-bold", replace(STANDARD, ask_threshold=BOLD_ASK_THRESHOLD)),
    "expert-playout": _variant("expert-playout", EXPERT_PLAYOUT),
    "expert-pamphlet": _variant("expert-pamphlet", EXPERT_PAMPHLET),
    "expert-guarded": _variant("expert-guarded", EXPERT_GUARDED),
    "expert-ismcts": _variant("expert-ismcts", EXPERT_ISMCTS),
    "expert-codille": _variant("expert-codille", replace(EXPERT, codille_ties=True)),
    "expert-priced": _variant(
        "expert-priced",
        replace(EXPERT_PAMPHLET, priced_auction=True, priced_exchange=True, price_confidence=2.0),
    ),
    "expert-priced-auction": _variant(
        "expert-priced-auction",
        replace(EXPERT_PAMPHLET, priced_auction=True, price_confidence=2.0),
    ),
}
"""A level with one thing changed, for duels that measure what it is worth: ``-uniform``
samples the hidden cards uniformly (no inference from the others' actions); ``-silent`` never
says *Gano* (it still heeds one); ``-bold`` asks leave on a weaker hand
(:data:`BOLD_ASK_THRESHOLD` expected tricks, not the rule player's 3.2; ``expert-bold`` is
``expert-pamphlet`` so, as it was measured: the expert's own auction prices such hands);
``expert-playout`` is the expert as it was until 1 December 2026 (:data:`~.levels.EXPERT_PLAYOUT`);
``expert-pamphlet`` the expert's card play with the pamphlet's auction (the expert until 2
December 2026, :data:`~.levels.EXPERT_PAMPHLET`); ``expert-priced`` prices its auction, discard
and trump over worlds, unhurried (each play solved to its rung, with the full budget), and
leaves the pamphlet's choice only when the worlds agree, two standard errors clear
(:func:`~.pricing.guarded_choice`); ``expert-priced-auction`` the same in the auction only (it
bids as ``expert-priced``, and discards and names the trump by the pamphlet): the expert's
auction is this one cut to the table's time; ``expert-guarded`` is the expert of 2 and 3
December 2026 (:data:`~.levels.EXPERT_GUARDED`: it prices fewer hands, and leaves the
pamphlet's bid only two standard errors sure); ``expert-ismcts`` chooses its cards by
Information Set MCTS instead of Perfect Information Monte Carlo (:data:`~.levels.EXPERT_ISMCTS`);
``expert-codille`` tells the cards a defender has
tied apart by whether the codille would be his (:func:`~.ladder.codille_for`)."""

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "rules": RulePlayer,
    **LEVELS,
    **DIAGNOSTICS,
}
"""Every player by name: the levels, the baselines and the diagnostic variants."""


def make_player(name: str) -> Player:
    """A new player object of level (or kind) ``name``; each computer seat gets its own."""
    try:
        factory = PLAYERS[name]
    except (KeyError, TypeError):
        raise OmbreError(
            f"unknown computer player {brief(name)}: expected a level ({', '.join(LEVELS)}),"
            f" random, rules, or a diagnostic variant of a level (docs/bots.md:"
            f" {len(DIAGNOSTICS)} of them, such as expert-uniform)"
        ) from None
    return factory()


__all__ = ["LEVELS", "PLAYERS", "Player", "RandomPlayer", "RulePlayer", "make_player"]
