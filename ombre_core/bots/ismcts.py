"""Information Set Monte Carlo Tree Search for the card play: the other method issue #6 names
beside Perfect Information Monte Carlo, kept to measure which is stronger (``docs/bots.md``).

Perfect Information Monte Carlo (:meth:`.search.SearchPlayer.analyse_play`) scores each card by
solving every sampled world as if all the cards were seen from there on: in each world the
later play may differ, though the player could not tell those worlds apart (strategy fusion,
Frank and Basin 1998). Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012) grows one
tree of the decisions that follow, shared by all the worlds: each iteration draws a world (by
the sampler's weights), walks down the tree choosing at each decision, by UCB1, among the
cards legal in that world, adds one decision, plays the rest out, and counts the outcome for
every decision on the way. A node is one line of cards played, so a player's later choice is
the same in every world where it is legal: the fusion PIMC makes is not made.

The playout is the search players' own: :func:`.playout.quick_card` to ``exact_from`` tricks
left, then an exact solve (:func:`.playout.rung_by_playing_forward`), and the work is counted as
they count it (solver nodes, a playout :data:`.playout.PLAYOUT_COST`), so that the two methods
are compared at the same budget, :attr:`.levels.SearchConfig.decision_nodes`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import accumulate

from ..cards import cards_of
from ..scoring import ombre_side
from .ladder import SACADA_RUNG, ladder_of
from .playout import PLAYOUT_COST, rung_by_playing_forward, rung_value
from .sampler import World


class _Node:
    """One line of cards from the root: how often it was tried, what it earned the player who
    chose its last card, and how often it could have been chosen (its availability)."""

    __slots__ = ("available", "children", "reward", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.wins = 0
        self.available = 0
        self.children: dict[int, _Node] = {}


def _score(rung: int, ours: bool) -> float:
    """A rung as a reward in [0, 1] to a seat on the Ombre's side (``ours``) or against it
    (:func:`.playout.rung_value`, scaled from its range of -1.25 to 1.25)."""
    return (rung_value(rung, ours) + 1.25) / 2.5


def ismcts_card(
    worlds: Sequence[World],
    cards: Sequence[int],
    ours: bool,
    *,
    decision_nodes: int,
    exact_from: int,
    budget: int,
    exploration: float,
    defenders_draw: bool,
    rng: random.Random,
) -> tuple[int, float, int]:
    """The card to play of ``cards`` (the mover's candidates, legal in every world), the share
    of the playouts through it that went the mover's way, and the iterations searched.

    ``worlds`` are the sampler's, in the position to decide; ``ours`` whether the mover is on
    the Ombre's side. Iterations go on until ``decision_nodes`` of work is spent (at least one
    per card). The card chosen is the most tried (the robust child), ties to the better mean.
    """
    root = _Node()
    weights = list(accumulate(w.weight for w in worlds))  # the sampler's: they sum to 1
    indices = range(len(worlds))
    spent = iterations = 0
    while spent < decision_nodes or iterations < len(cards):
        world = worlds[rng.choices(indices, cum_weights=weights)[0]].deal
        deal = world.copy()
        node = root
        path: list[tuple[_Node, bool]] = []
        expanded = False
        while not deal.is_over and not expanded:
            mover = deal.to_move
            assert mover is not None
            mover_ours = mover in ombre_side(deal)
            legal = cards if node is root else list(cards_of(deal.legal_cards()))
            children = node.children
            untried = [c for c in legal if c not in children]
            for c in legal:
                child = children.get(c)
                if child is not None:
                    child.available += 1
            if untried:
                card = untried[rng.randrange(len(untried))]
                child = children[card] = _Node()
                child.available = 1
                expanded = True
            else:
                card = max(legal, key=lambda c: _ucb(children[c], exploration))
                child = children[card]
            path.append((child, mover_ours))
            deal.apply_unchecked(card)
            node = child
        if deal.is_over:
            rung = ladder_of(deal)(tuple(deal.tricks_won))
            work = PLAYOUT_COST
        else:
            share = min(budget, max(0, decision_nodes - spent))
            rung, work = rung_by_playing_forward(deal, exact_from, share, None, defenders_draw)
        spent += work
        iterations += 1
        won = rung >= SACADA_RUNG
        for visited, side in path:
            visited.visits += 1
            visited.reward += _score(rung, side)
            visited.wins += won == side
    tried = root.children
    card = max(cards, key=lambda c: (tried[c].visits, tried[c].reward / tried[c].visits))
    chosen = tried[card]
    return card, chosen.wins / chosen.visits, iterations


def _ucb(node: _Node, exploration: float) -> float:
    """UCB1 with availability counts (a card counts as a choice only where it was legal)."""
    return node.reward / node.visits + exploration * math.sqrt(
        math.log(node.available) / node.visits
    )
