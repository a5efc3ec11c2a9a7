"""Outcomes of a deal, the payments they bring, and the ledger of counters across deals.

Outcomes (compendium §8): the Ombre wins (*sacada*) with more tricks than each defender: five or
more, or four when the others split three and two (RG: "if he win Four, and can so divide the
Tricks, as one may win Two, the other Three"). *Codille* (RG "Codillio"): "another wins more
Tricks then he"; that defender takes the pool and the Ombre makes it good. *Repuesto* (RG; CG
"remise"): "he win no more Tricks then another", as 4-4-1 or 3-3-3; the Ombre doubles the pool,
which stays for the next deal. When the Ombre has one trick and the defenders four each, no
single defender beats the others, so it is a repuesto (§15 #19). The *vole* is all nine tricks.

Where the rules judge the side on its total (:attr:`~ombre_core.rules.Rules.win_tricks`: Ombre by
five, CG), the Ombre and the partner he called win with that many tricks between them, make a
remise (repuesto) from :attr:`~ombre_core.rules.Rules.remise_tricks`, and lose codille below it,
to the other players together: "the other three Players have a Right to take up each of them one
Counter" (CG).

Payments (§9, decisions §15 #21-#27, #33-#34) are read from the :class:`~ombre_core.rules.Rules`
fields; every payment is a :class:`Transfer` between a seat and the pool or between two seats, so
no counter is ever made or lost: the sum of every seat's balance and the pool is always zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import actions as A
from .actions import Act
from .errors import OmbreError
from .state import Phase
from .tables import matador_run

if TYPE_CHECKING:
    from .rules import Rules
    from .state import Deal

POOL = None
"""The payer or payee of a transfer into or out of the pool."""

SACADA, CODILLE, REPUESTO, PASSED = "sacada", "codille", "repuesto", "passed"
OUTCOMES = (SACADA, CODILLE, REPUESTO, PASSED)


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` counters from ``payer`` to ``payee`` (a seat, or ``None`` for the pool)."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of a deal and what it pays."""

    outcome: str
    ombre: int | None
    contract: str | None
    trump: int | None
    tricks: tuple[int, ...]
    codille_winner: int | None
    vole: bool
    vole_declared: bool
    matadors: int
    pool_in: int
    pool_out: int
    transfers: tuple[Transfer, ...]
    payments: tuple[int, ...] = field(default=())
    partner: int | None = None
    """The seat that held the called king (the Ombre's own if he called his own), else None."""
    called: int | None = None
    """The king the Ombre called, else None."""
    target: int | None = None
    """The tricks the Ombre's side had to make (:attr:`~ombre_core.rules.Rules.win_tricks`), or
    None where he must make more than each other player."""

    @property
    def side(self) -> tuple[int, ...]:
        """The Ombre's side: the Ombre, and his partner if another seat held the called king."""
        if self.ombre is None:
            return ()
        if self.partner is None or self.partner == self.ombre:
            return (self.ombre,)
        return (self.ombre, self.partner)

    @property
    def pool_taken(self) -> int:
        """What the winner of the pool took from it (0 if nobody did)."""
        return sum(t.amount for t in self.transfers if t.payer is POOL and t.reason == "pool")


def judge(side_tricks: int, others: Sequence[int]) -> tuple[str, int | None]:
    """The outcome when the Ombre's side took ``side_tricks`` and each other player ``others``,
    and the index in ``others`` of the player who won codille, if any.

    The Ombre wins with more tricks than each other player; codille when one other player took
    more than the Ombre and more than every other; otherwise (a tie for most) repuesto (RG;
    §15 #19 for 1-4-4).

    >>> judge(4, (3, 2)), judge(4, (4, 1)), judge(1, (4, 4)), judge(4, (5, 0))
    (('sacada', None), ('repuesto', None), ('repuesto', None), ('codille', 0))
    """
    best = max(others)
    if side_tricks > best:
        return SACADA, None
    if best > side_tricks and others.count(best) == 1:
        return CODILLE, others.index(best)
    return REPUESTO, None


def judge_side(side_tricks: int, win_tricks: int, remise_tricks: int) -> str:
    """The outcome when the side is judged on its total (CG, by five: five tricks win, four is a
    remise, three or fewer codille).

    >>> judge_side(5, 5, 4), judge_side(4, 5, 4), judge_side(3, 5, 4)
    ('sacada', 'repuesto', 'codille')
    """
    if side_tricks >= win_tricks:
        return SACADA
    if side_tricks >= remise_tricks:
        return REPUESTO
    return CODILLE


def ombre_side(deal: Deal) -> tuple[int, ...]:
    """The seats on the Ombre's side, or none if all passed: the Ombre, and the partner he
    called once the deal knows him (at the call; the settlement always knows him)."""
    ombre = deal.ombre
    if ombre is None:
        return ()
    partner = deal.partner
    if partner is None or partner == ombre:
        return (ombre,)
    return (ombre, partner)


def opponents(deal: Deal) -> tuple[int, ...]:
    """The seats against the Ombre's side, in seat order (the order payments are listed in)."""
    side = ombre_side(deal)
    if not side:
        return ()
    return tuple(s for s in range(deal.seats) if s not in side)


def outcome_of(deal: Deal, tricks: Sequence[int] | None = None) -> tuple[str, int | None]:
    """The outcome of a finished deal and the seat that won codille, if any (with ``tricks``:
    had its play ended with these tricks won by seat)."""
    side = ombre_side(deal)
    if not side:
        return PASSED, None
    won = deal.tricks_won if tricks is None else tricks
    others = opponents(deal)
    side_tricks = sum(won[s] for s in side)
    rules = deal.rules
    if rules.win_tricks is not None and rules.remise_tricks is not None:
        return judge_side(side_tricks, rules.win_tricks, rules.remise_tricks), None
    outcome, which = judge(side_tricks, [won[s] for s in others])
    return outcome, None if which is None else others[which]


def stakes_due(rules: Rules, pool_in: int) -> bool:
    """Whether the players stake the game at the start of a deal: into an empty pool (§15 #33),
    or at every deal (CG, by five)."""
    return pool_in == 0 or rules.stake_each_deal


def entry_transfers(deal: Deal) -> list[Transfer]:
    """What the players have put into the pool so far this deal: the game stake when the pool was
    empty (§15 #33) or at every deal (CG, by five), the eldest's fee for the hand, a counter for
    each pass, and one for each card taken in (RG: "for passing, for the hand, if you be eldest,
    and for taking in")."""
    rules = deal.rules
    transfers = []
    if stakes_due(rules, deal.pool_in):
        transfers += [Transfer(s, POOL, rules.game_stake, "stake") for s in range(deal.seats)]
    transfers.append(Transfer(deal.eldest, POOL, rules.eldest_ante, "eldest"))
    transfers += [
        Transfer(s, POOL, deal.passes[s] * rules.pass_fee_of(s, deal.eldest), "pass")
        for s in range(deal.seats)
    ]
    transfers += [
        Transfer(s, POOL, deal.taken[s] * rules.take_in_fee, "take-in") for s in range(deal.seats)
    ]
    return [t for t in transfers if t.amount > 0]


def pool_now(deal: Deal) -> int:
    """What lies in the pool at this moment of the deal (what the Ombre plays for)."""
    if deal.is_over:
        return settle(deal).pool_out
    return deal.pool_in + sum(t.amount for t in entry_transfers(deal))


def result_of(deal: Deal) -> Settlement | None:
    """The settlement of ``deal`` if it is over, else ``None``."""
    return settle(deal) if deal.is_over else None


def settle(
    deal: Deal, tricks: Sequence[int] | None = None, vole_declared: bool | None = None
) -> Settlement:
    """Everything a finished deal pays, in the order it is paid.

    Given ``tricks`` (the tricks won by each seat when the play ends), what a deal in trick play
    would pay had its play ended so, the vole declared or not as ``vole_declared`` says (else as
    the deal has it): how the search levels price a contract in a sampled world from the start of
    its play, with the payments stated here only."""
    rules = deal.rules
    if tricks is None:
        if not deal.is_over:
            raise OmbreError("the deal is not over: nothing is settled yet")
        tricks = deal.tricks_won
    else:
        _check_ending(deal, tricks)
    if vole_declared is None:
        vole_declared = deal.vole_declared
    n = deal.seats
    transfers: list[Transfer] = []
    pool = deal.pool_in

    def pay(payer: int | None, payee: int | None, amount: int, reason: str) -> None:
        nonlocal pool
        if amount <= 0:
            return
        if payer is POOL:
            pool -= amount
        if payee is POOL:
            pool += amount
        transfers.append(Transfer(payer, payee, amount, reason))

    for t in entry_transfers(deal):
        pay(t.payer, t.payee, t.amount, t.reason)

    outcome, codille_winner = outcome_of(deal, tricks)
    ombre = deal.ombre
    vole = False
    run = 0
    if ombre is not None:
        side = ombre_side(deal)
        partner = side[1] if len(side) > 1 else None
        against = opponents(deal)
        won = outcome == SACADA
        sans_prendre = deal.contract == Act.SANS_PRENDRE
        vole = sum(tricks[s] for s in side) == rules.tricks
        assert deal.trump is not None
        run = 0
        if sans_prendre or not rules.matadors_sans_prendre_only:
            # CG p. 56: the matadors are paid "whether they are all in the Ombre's Hand, or
            # whether divided" between him and the called king
            hand = deal.ombre_hand | (0 if partner is None else deal.dealt[partner])
            run = matador_run(hand, deal.trump)
            if rules.matadors_counted is not None:
                run = min(run, rules.matadors_counted)
        # HOY p. 77 §6: the partner pays and takes half of all, the Ombre the odd counter, unless
        # the Ombre, not forced, made fewer than the floor's tricks himself: he is beasted alone.
        sharer = partner if rules.partner_shares else None
        if (
            sharer is not None
            and not won
            and tricks[ombre] < rules.caller_floor
            and not deal.forced_spadille
        ):
            sharer = None
        odd_to_ombre = True

        def halves(amount: int) -> tuple[int, int]:
            """The Ombre's half and the partner's; odd counters fall to each in turn, the
            Ombre first, so the side's totals differ by one at most, in his favour."""
            nonlocal odd_to_ombre
            first, second = (amount + 1) // 2, amount // 2
            if amount % 2:
                if not odd_to_ombre:
                    first, second = second, first
                odd_to_ombre = not odd_to_ombre
            return first, second

        def to_side(payer: int | None, amount: int, reason: str) -> None:
            if sharer is None:
                pay(payer, ombre, amount, reason)
                return
            first, second = halves(amount)
            pay(payer, ombre, first, reason)
            pay(payer, sharer, second, reason)

        def from_side(payee: int | None, amount: int, reason: str) -> None:
            if sharer is None:
                pay(ombre, payee, amount, reason)
                return
            first, second = halves(amount)
            pay(ombre, payee, first, reason)
            pay(sharer, payee, second, reason)

        if outcome == SACADA:
            swept = pool
            if partner is not None:
                # CG, by five: "the Ombre takes up two of the three Counters, and the Friend
                # one. When the Counters happen to be even, they equally divide them"; the odd
                # one is the Ombre's.
                share, rest = (pool + 1) // 2, pool // 2
                pay(POOL, ombre, share, "pool")
                pay(POOL, partner, rest, "pool")
            elif (
                sans_prendre
                and rules.sans_prendre_draws is not None
                and not (vole and vole_declared)
            ):
                pay(POOL, ombre, min(pool, rules.sans_prendre_draws), "pool")
            else:
                pay(POOL, ombre, pool, "pool")
            if vole and vole_declared:
                for s in against:
                    to_side(s, rules.vole_bonus, "vole")
                    if rules.vole_doubles_pool:
                        pay(s, ombre, (swept + 1) // 2, "vole")
            for s in against:  # HOY p. 77 §5: "paid the game, the consolation"
                to_side(s, rules.game_value, "game")
                to_side(s, rules.consolation, "consolation")
        elif outcome == CODILLE:
            if rules.codille_divides_pool:
                # HOY p. 77 §6: the winners of codille "divide the stakes"; the side is "basted
                # what is upon the game" and pays each "the game, consolation"
                beast = pool
                each = pool // len(against)
                for s in against:
                    pay(POOL, s, each, "pool")
                from_side(POOL, beast, "codille")
                for s in against:
                    from_side(s, rules.game_value, "game")
                    from_side(s, rules.consolation, "consolation")
            elif rules.codille_take is not None:
                for s in against:  # CG, by five: each takes up one; the rest stays
                    pay(POOL, s, min(pool, rules.codille_take), "pool")
            else:
                assert codille_winner is not None
                taken = pool
                pay(POOL, codille_winner, taken, "pool")
                pay(ombre, POOL, taken, "codille")
        else:
            if rules.remise_beast is not None:
                first, second = rules.remise_beast  # CG, by five: "two Counters, and the other"
                if partner is None:
                    pay(ombre, POOL, first + second, "beast")
                else:
                    pay(ombre, POOL, first, "beast")
                    pay(partner, POOL, second, "beast")
            elif sharer is not None:  # HOY p. 77 §6: "basted, what goes upon the game"
                from_side(POOL, pool, "beast")
            else:
                pay(ombre, POOL, pool, "repuesto")
            for s in against:  # HOY: the consolation, "whether by codille or remise"
                from_side(s, rules.consolation, "consolation")
        if sans_prendre:
            for s in against:
                if won:
                    pay(s, ombre, rules.sans_prendre_bonus, "sans-prendre")
                else:
                    pay(ombre, s, rules.sans_prendre_bonus, "sans-prendre")
        if run:
            amount = rules.matador_payment(run)
            for s in against:
                if won or not rules.matadors_paid_by_losing_ombre:
                    to_side(s, amount, "matadors")
                else:
                    from_side(s, amount, "matadors")

    payments = [0] * n
    for t in transfers:
        if t.payer is not POOL:
            payments[t.payer] -= t.amount
        if t.payee is not POOL:
            payments[t.payee] += t.amount
    contract = None if deal.contract is None else A.format_action(deal.contract)
    return Settlement(
        outcome=outcome,
        ombre=ombre,
        contract=contract,
        trump=deal.trump,
        tricks=tuple(tricks),
        codille_winner=codille_winner,
        vole=vole,
        vole_declared=vole_declared,
        matadors=run,
        pool_in=deal.pool_in,
        pool_out=pool,
        transfers=tuple(transfers),
        payments=tuple(payments),
        partner=deal.partner,
        called=deal.called,
        target=rules.win_tricks,
    )


def _check_ending(deal: Deal, tricks: Sequence[int]) -> None:
    """Refuse an ending the deal cannot reach: one count a seat, none below the tricks a seat
    has won, all the deal's tricks played."""
    rules = deal.rules
    if deal.ombre is not None and deal.phase not in (Phase.PLAY, Phase.OVER):
        raise OmbreError("the deal's exchange is not over: its play cannot be priced yet")
    if (
        len(tricks) != deal.seats
        or sum(tricks) != rules.tricks
        or any(t < w for t, w in zip(tricks, deal.tricks_won, strict=True))
    ):
        raise OmbreError(
            f"tricks {list(tricks)} are no ending of this deal: one count a seat, "
            f"{rules.tricks} in all, none below {list(deal.tricks_won)} already won"
        )


class Ledger:
    """Counters won and lost by each seat over a session, and the pool between deals.

    Every change goes through :meth:`record`, which applies a settlement's transfers, so the
    balances and the pool always sum to zero.
    """

    __slots__ = ("balances", "deals", "pool")

    def __init__(
        self, seats: int, balances: list[int] | None = None, pool: int = 0, deals: int = 0
    ) -> None:
        self.balances = list(balances) if balances is not None else [0] * seats
        self.pool = pool
        self.deals = deals
        if sum(self.balances) + self.pool != 0:
            raise ValueError(
                f"a ledger must balance: balances {self.balances} and pool {pool} do not sum to 0"
            )

    def record(self, settlement: Settlement) -> None:
        """Add a finished deal's payments."""
        if settlement.pool_in != self.pool:
            raise ValueError(
                f"the deal started from a pool of {settlement.pool_in}, "
                f"the ledger holds {self.pool}"
            )
        for seat, amount in enumerate(settlement.payments):
            self.balances[seat] += amount
        self.pool = settlement.pool_out
        self.deals += 1
        assert sum(self.balances) + self.pool == 0, "the ledger no longer balances"

    def to_json(self) -> dict[str, object]:
        return {"balances": list(self.balances), "pool": self.pool, "deals": self.deals}
