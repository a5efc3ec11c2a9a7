"""What an outcome of the play is worth to the Ombre, in counters, read from the settlement.

The search levels price a contract, a discard or a trump in each sampled world by solving its play
to a rung of the outcome ladder (:mod:`.ladder`) and asking what the deal would then pay:
:func:`ombre_core.scoring.settle` of the deal at the start of its play, given the tricks of an
ending at that rung (:func:`ending_at`). The payments are stated once, in
:mod:`ombre_core.scoring`, for every preset: the pool (shared with a called partner by five and at
Quadrille, HOY p. 77 §6, CG), the matadors, the sans-prendre bonus, the game and the consolation,
the vole. (Until December 2026 the search restated the three-handed payments here, and at
four and five seats it could not price a bid.)

A price leaves out what the Ombre had paid into the pool before he bid, whatever he bids: the
stake, the eldest's fee, his passes (RG: "for passing, for the hand, if you be eldest"). The cards
he takes in are a cost of playing, so they count. A pass is priced on the same footing (its fee and
a defender's usual lot: :mod:`.search`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..scoring import entry_transfers, settle
from .ladder import VOLE_RUNG, _counts, ladder_of

if TYPE_CHECKING:
    from ..state import Deal

__all__ = ["ending_at", "ombre_price"]


def ending_at(deal: Deal, rung: int) -> tuple[int, ...] | None:
    """Tricks won by seat at an end of the deal's play that its ladder judges ``rung`` (each seat
    with no fewer than it has won), or None if no ending reaches it.

    Of those endings, the one where the Ombre's side takes the most tricks the rung allows and
    the Ombre the most of them, the rest spread over the others as evenly as they come. Only the
    rung and the vole change what the Ombre is paid, except where the split within his side does
    (Quadrille: beaten with fewer than three tricks of his own, he is beasted alone, HOY p. 77
    §6): there the Ombre who bid is taken to have made his share."""
    assert deal.ombre is not None
    partner = deal.partner
    side = (deal.ombre,) if partner is None or partner == deal.ombre else (deal.ombre, partner)
    return _ending(ladder_of(deal), side, tuple(deal.tricks_won), deal.rules.tricks, rung)


@functools.lru_cache(maxsize=1024)
def _ending(
    judge: object, side: tuple[int, ...], won: tuple[int, ...], tricks: int, rung: int
) -> tuple[int, ...] | None:
    assert callable(judge)
    seats = len(won)
    ombre = side[0]
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int, int] | None = None
    for rest in _counts(seats, tricks - sum(won)):
        ending = tuple(w + r for w, r in zip(won, rest, strict=True))
        if judge(ending) != rung:
            continue
        others = [t for s, t in enumerate(ending) if s not in side]
        key = (sum(ending[s] for s in side), ending[ombre], -(max(others) - min(others)))
        if best_key is None or key > best_key:
            best, best_key = ending, key
    return best


def ombre_price(deal: Deal, rung: int) -> float:
    """What the Ombre of ``deal`` (in trick play: a sampled world at the start of its play)
    wins if the play ends at ``rung``, in counters: his net in the settlement, less what he had
    staked before he bid (the stake, the eldest's fee, his passes). A vole not yet declared is
    priced halfway between declared and not: a player declared it only when he was sure (the
    search levels, since 4 December 2026, at the window's last moment whenever a world makes it:
    pricing it as declared is not yet measured)."""
    ombre = deal.ombre
    assert ombre is not None
    ending = ending_at(deal, rung)
    if ending is None:
        raise ValueError(f"no ending of this deal's play reaches rung {rung}")
    staked = sum(
        t.amount for t in entry_transfers(deal) if t.payer == ombre and t.reason != "take-in"
    )
    if rung == VOLE_RUNG and not deal.vole_declared:
        undeclared, declared = (settle(deal, ending, d).payments[ombre] for d in (False, True))
        net = (undeclared + declared) / 2
    else:
        net = settle(deal, ending).payments[ombre]
    return net + staked
