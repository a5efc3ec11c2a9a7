"""A sampled world played out, as the search players judge it: a quick full-information policy
plays it forward to where an exact solve fits (the hybrid of
``shared/notes/solver-feasibility.md``), the solver ends it, and the rung reached is worth an
amount to each seat.

Shared by Perfect Information Monte Carlo (:mod:`.search`), Information Set MCTS (:mod:`.ismcts`)
and the review (:mod:`.review`); the work is counted as the budgets count it: solver nodes, and
:data:`PLAYOUT_COST` for a line played forward.
"""

from __future__ import annotations

from ..cards import cards_of
from ..scoring import ombre_side
from ..state import Deal
from ..tables import EFFECTIVE_SUIT, MATADOR_MASK, POWER, TRUMP
from ..tricks import trick_winner
from .ladder import CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG, VOLE_RUNG, Judge, ladder_of
from .solver import BudgetExceeded, position_of, reaches, solve_values, value_up_to

PLAYOUT_COST = 40
"""Solver nodes a card played forward by :func:`quick_card` is counted as (about its time)."""


# ---- what an outcome is worth -----------------------------------------------------------------

OMBRE_VALUE = {CODILLE_RUNG: -1.0, REPUESTO_RUNG: -0.9, SACADA_RUNG: 1.0, VOLE_RUNG: 1.25}
"""A rung to the Ombre's side, in pools: losing by repuesto costs him as much as codille (he pays
the pool either way), only the codille also pays a defender; the vole earns a little more."""
DEFENDER_VALUE = {CODILLE_RUNG: 0.75, REPUESTO_RUNG: 0.3, SACADA_RUNG: -1.0, VOLE_RUNG: -1.25}
"""A rung to a defender: a codille pays the pool to one of the defenders (so about half the
time to him, and a share he may steer: the 1660 General Rules), a repuesto leaves the doubled
pool for the next deal, where he may win it."""


def rung_value(rung: int, ours: bool) -> float:
    """What reaching ``rung`` is worth to a seat on the Ombre's side (``ours``) or against it."""
    return (OMBRE_VALUE if ours else DEFENDER_VALUE)[rung]


# ---- a quick full-information policy for playing forward -----------------------------------------


def quick_card(deal: Deal, defenders_draw: bool = True) -> int:
    """A card for the player to move in a world where every hand is known: win the trick as
    cheaply as possible when it goes to the other side, else throw the cheapest card; lead the
    highest trump while holding the best one, else a low card. Used only to play forward.

    Unless ``defenders_draw``, only the Ombre's side draws trumps so: a defender leads low
    (RG's *tenaces*: the trumps over the Ombre's "you lose one if you lead, win both if he
    leads to you")."""
    assert deal.trump is not None and deal.to_move is not None and deal.ombre is not None
    trump = deal.trump
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    legal = list(cards_of(deal.legal_cards()))
    if len(legal) == 1:
        return legal[0]
    seat = deal.to_move
    side = ombre_side(deal)
    ours = seat in side

    def cheap(c: int) -> tuple[bool, bool, int]:
        return (eff[c] == TRUMP, bool(MATADOR_MASK[trump] >> c & 1), power[c])

    trick = deal.trick
    if not trick:
        trumps = [c for c in legal if eff[c] == TRUMP]
        if trumps and (ours or defenders_draw):
            top = max(trumps, key=power.__getitem__)
            others = 0
            for s in range(deal.seats):
                if s != seat:
                    others |= deal.hands[s]
            if not any(eff[c] == TRUMP and power[c] > power[top] for c in cards_of(others)):
                return top
        return min(legal, key=cheap)
    winning_seat = (deal.leader + trick_winner(trick, trump)) % deal.seats
    if (winning_seat in side) == ours:
        return min(legal, key=cheap)
    place = len(trick)
    winners = [c for c in legal if trick_winner((*trick, c), trump) == place]
    if winners:
        return min(winners, key=lambda c: (eff[c] == TRUMP, power[c]))
    return min(legal, key=cheap)


LADDER_RUNGS = (CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG, VOLE_RUNG)
"""Every rung :func:`rung_by_playing_forward` may return."""

WON_OR_LOST_RUNGS = (REPUESTO_RUNG, SACADA_RUNG)
"""The rungs :func:`won_or_lost` returns, for a lost and a won game (losses not told apart)."""


def rung_by_playing_forward(
    deal: Deal,
    exact_from: int,
    budget: int,
    judge: Judge | None = None,
    defenders_draw: bool = True,
) -> tuple[int, int]:
    """Play ``deal`` forward by :func:`quick_card` to ``exact_from`` tricks left, then solve;
    return the rung (by ``judge``, default the deal's ladder) and the work it took (solver
    nodes, plus :data:`PLAYOUT_COST`)."""
    tricks = deal.rules.tricks
    while not deal.is_over and (deal.trick or tricks - len(deal.tricks) > exact_from):
        deal.apply_unchecked(quick_card(deal, defenders_draw))
    spent = 0
    if not deal.is_over and budget > 0:
        try:
            rung, _, nodes = solve_values(position_of(deal, judge), 0, budget)
            return rung, nodes + PLAYOUT_COST
        except BudgetExceeded:
            spent = budget
    while not deal.is_over:
        deal.apply_unchecked(quick_card(deal, defenders_draw))
    rung = (judge or ladder_of(deal))(tuple(deal.tricks_won))
    return rung, spent + PLAYOUT_COST


def won_or_lost(deal: Deal, exact_from: int, budget: int, tell_losses: bool = False) -> int:
    """Whether the Ombre of ``deal`` wins, as a rung good enough to price the play:
    :data:`SACADA_RUNG` if he does (a vole too), :data:`REPUESTO_RUNG` if not (at three seats
    the Ombre pays the same at codille). With ``tell_losses`` (where the two losses pay
    differently: by five a codille costs the Ombre less than a remise, at Quadrille more), a
    loss is told apart by a second test: :data:`REPUESTO_RUNG` or :data:`CODILLE_RUNG`. Played
    forward by :func:`quick_card` to ``exact_from`` tricks left (as
    :func:`rung_by_playing_forward`), then one boolean test of the solver (two for a told
    loss); past ``budget`` nodes a test's answer is the play's, played forward to the end."""
    tricks = deal.rules.tricks
    while not deal.is_over and (deal.trick or tricks - len(deal.tricks) > exact_from):
        deal.apply_unchecked(quick_card(deal))
    if not deal.is_over:
        position = position_of(deal)
        try:
            if tell_losses:
                return value_up_to(position, SACADA_RUNG, budget)
            return WON_OR_LOST_RUNGS[reaches(position, SACADA_RUNG, budget)]
        except BudgetExceeded:
            pass
    while not deal.is_over:
        deal.apply_unchecked(quick_card(deal))
    reached = min(ladder_of(deal)(tuple(deal.tricks_won)), SACADA_RUNG)
    return reached if tell_losses else WON_OR_LOST_RUNGS[reached >= SACADA_RUNG]
