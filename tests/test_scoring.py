"""Outcomes and payments: the §8.2 table, real deals for each outcome, the money for each outcome in
each preset worked out by hand, Belinda's winnings, and the ledger across deals.

Sources: compendium ``ombre-rules.md`` §8 (outcomes: RG1660 "Of the Codillio", "Of the
Repuesto"), §9.1-§9.3 (payments), §15 #3-#4, #19-#27, #33-#34; ``rape-of-the-lock.md`` §4.

Amounts are in each preset's smallest counter: 1660 "lesser" counters, 12 to a greater (G = 12);
classic counters, 10 to a fish. Unless a test says otherwise, seat 0 is the eldest and the Ombre,
seats 1 and 2 pass, and (contract ``play``) the Ombre takes in one card, the defenders none.
"""

from __future__ import annotations

import random

import pytest
from ombre_helpers import act, load_json, scripted_deal
from test_bots import play_out

from ombre_core.bots import Player
from ombre_core.bots.rulebot import RulePlayer
from ombre_core.errors import OmbreError
from ombre_core.record import replay, to_record
from ombre_core.rules import PRESETS as ALL_PRESETS
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.scoring import POOL, Ledger, judge, settle
from ombre_core.session import Session
from ombre_core.state import Deal, Phase
from ombre_core.views import view_of

G = 12  # 1660: a greater counter in lesser ones (§15 #32)

# ---- §8.2, every trick split -------------------------------------------------------------------

# The compendium's table, row by row: (o, (a, b)) -> result; a >= b are the defenders' tricks.
TABLE_8_2 = {
    (9, (0, 0)): "sacada",
    **{
        (o, (a, b)): "sacada"
        for o in range(5, 9)
        for a in range(10)
        for b in range(a + 1)
        if o + a + b == 9
    },
    (4, (3, 2)): "sacada",
    (4, (4, 1)): "repuesto",
    (4, (5, 0)): "codille",
    (3, (3, 3)): "repuesto",
    (3, (4, 2)): "codille",
    (3, (5, 1)): "codille",
    (3, (6, 0)): "codille",
    **{(2, ab): "codille" for ab in [(4, 3), (5, 2), (6, 1), (7, 0)]},
    (1, (4, 4)): "repuesto",  # §15 #19: the default in both presets
    **{(1, ab): "codille" for ab in [(5, 3), (6, 2), (7, 1), (8, 0)]},
    **{(0, ab): "codille" for ab in [(5, 4), (6, 3), (7, 2), (8, 1), (9, 0)]},
}


def test_the_table_covers_every_split() -> None:
    splits = {(o, (a, b)) for o in range(10) for a in range(10) for b in range(a + 1)}
    assert set(TABLE_8_2) == {(o, ab) for o, ab in splits if o + sum(ab) == 9}


@pytest.mark.parametrize(("split", "expected"), sorted(TABLE_8_2.items()))
def test_judge_follows_the_table(split: tuple[int, tuple[int, int]], expected: str) -> None:
    """Compendium §8.2. RG1660: "he who can win five tricks of the Nine, has a sure Game; or if he
    win Four, and can so divide the Tricks, as one may win Two, the other Three"; Codillio "when
    ... another wins more Tricks then he"; Repuesto "when the Player wins no more Tricks then
    another: ... four, another four, & the third but one, or each of them win three"."""
    o, (a, b) = split
    for defenders in {(a, b), (b, a)}:
        outcome, which = judge(o, defenders)
        assert outcome == expected
        if expected == "codille":
            assert defenders[which] == max(a, b)  # the defender with most takes the pool
        else:
            assert which is None


# ---- outcomes from real deals ----------------------------------------------------------------


def outcome(deal: Deal) -> tuple[str, int | None, tuple[int, ...]]:
    assert deal.is_over
    return settle(deal).outcome, settle(deal).codille_winner, settle(deal).tricks


PRESETS = pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])


@PRESETS
@pytest.mark.parametrize(
    ("winners", "expected"),
    [
        ([0, 0, 0, 0, 0, 1, 1, 1, 1], ("sacada", None, (5, 4, 0))),
        ([0, 0, 0, 0, 1, 1, 1, 2, 2], ("sacada", None, (4, 3, 2))),
        ([0, 0, 0, 1, 1, 1, 1, 2, 2], ("codille", 1, (3, 4, 2))),
        ([0, 0, 0, 2, 2, 2, 2, 1, 1], ("codille", 2, (3, 2, 4))),
        ([1, 1, 1, 1, 1, 0, 0, 0, 0], ("codille", 1, (4, 5, 0))),
        ([0, 0, 0, 0, 1, 1, 1, 1, 2], ("repuesto", None, (4, 4, 1))),
        ([0, 0, 0, 1, 1, 1, 2, 2, 2], ("repuesto", None, (3, 3, 3))),
        ([0, 1, 1, 1, 1, 2, 2, 2, 2], ("repuesto", None, (1, 4, 4))),
        ([0] * 9, ("sacada", None, (9, 0, 0))),
    ],
    ids=["5-4-0", "4-3-2", "codille-1", "codille-2", "4-5-0", "4-4-1", "3-3-3", "1-4-4", "vole"],
)
def test_outcomes_of_played_deals(
    rules: Rules, winners: list[int], expected: tuple[str, int | None, tuple[int, ...]]
) -> None:
    """Compendium §8.2 on deals played to the end (the codille names the defender who won it)."""
    deal = scripted_deal(rules, winners)
    assert outcome(deal) == expected
    assert deal.is_over
    assert settle(deal).vole == (expected[2][0] == 9)
    assert not settle(deal).vole_declared


# ---- payments, by hand -----------------------------------------------------------------------
#
# 1660, contract play: the pool is 3 stakes of 1 G (36) + 1 for the eldest's hand (seat 0, R1)
# + 2 passes (seats 1, 2) + 1 card taken in by the Ombre = 40. So far seat 0 has paid 12 + 1 + 1
# = 14, seats 1 and 2 have paid 12 + 1 = 13 each.
# classic, contract play: 3 fish of 10 (30) + 2 pass counters = 32; seat 0 paid 10, the others 11.

PAYMENTS_1660 = {
    # sacada: the Ombre takes the pool of 40: 40 - 14 = +26.
    "sacada": ([0, 0, 0, 0, 0, 1, 1, 1, 1], 0, (26, -13, -13), 0),
    # codille to seat 1: he takes 40 (40 - 13 = +27); the Ombre makes it good: -14 - 40 = -54.
    "codille-1": ([0, 0, 0, 1, 1, 1, 1, 2, 2], 0, (-54, 27, -13), 40),
    "codille-2": ([0, 0, 0, 2, 2, 2, 2, 1, 1], 0, (-54, -13, 27), 40),
    # repuesto: the Ombre doubles the pool (§15 #26): -14 - 40 = -54; the pool is 80.
    "repuesto": ([0, 0, 0, 0, 1, 1, 1, 1, 2], 0, (-54, -13, -13), 80),
    "3-3-3": ([0, 0, 0, 1, 1, 1, 2, 2, 2], 0, (-54, -13, -13), 80),
    "1-4-4": ([0, 1, 1, 1, 1, 2, 2, 2, 2], 0, (-54, -13, -13), 80),
    # three matadors, 1 G a card from each (§15 #21 reading A): +26 + 2 * 36 = 98; 13 + 36 = 49.
    "sacada+matadors": ([0, 0, 1, 1, 2, 2], 3, (98, -49, -49), 0),
    # codille, matadors still received (RG Addition 4, §15 #22): -54 + 72 = 18; seat 1 27 - 36.
    "codille+matadors": ([1, 1, 1, 1, 2, 2], 3, (18, -9, -49), 40),
    # four matadors (As 2s Ac Ks): 4 G from each: 26 + 96 = 122; -13 - 48 = -61.
    "sacada+4 matadors": ([0, 1, 1, 1, 2], 4, (122, -61, -61), 0),
    # a vole not declared pays only the game.
    "vole undeclared": ([0] * 9, 0, (26, -13, -13), 0),
}

PAYMENTS_CLASSIC = {
    # sacada: the Ombre takes 32: 32 - 10 = +22.
    "sacada": ([0, 0, 0, 0, 0, 1, 1, 1, 1], 0, (22, -11, -11), 0),
    # codille: seat 1 takes 32 (+21); the Ombre lays down as much: -10 - 32 = -42.
    "codille-1": ([0, 0, 0, 1, 1, 1, 1, 2, 2], 0, (-42, 21, -11), 32),
    "codille-2": ([0, 0, 0, 2, 2, 2, 2, 1, 1], 0, (-42, -11, 21), 32),
    # remise: a beast equal to the stake: -42; the pool is 64.
    "repuesto": ([0, 0, 0, 0, 1, 1, 1, 1, 2], 0, (-42, -11, -11), 64),
    "3-3-3": ([0, 0, 0, 1, 1, 1, 2, 2, 2], 0, (-42, -11, -11), 64),
    "1-4-4": ([0, 1, 1, 1, 1, 2, 2, 2, 2], 0, (-42, -11, -11), 64),
    # three matadors, a counter a card from each (MOR): 22 + 6 = 28; -11 - 3 = -14.
    "sacada+matadors": ([0, 0, 1, 1, 2, 2], 3, (28, -14, -14), 0),
    # a losing Ombre pays them (HOY, §15 #22 classic): -42 - 6 = -48; seat 1 21 + 3; seat 2 -11 + 3.
    "codille+matadors": ([1, 1, 1, 1, 2, 2], 3, (-48, 24, -8), 32),
    "sacada+4 matadors": ([0, 1, 1, 1, 2], 4, (30, -15, -15), 0),
    "vole undeclared": ([0] * 9, 0, (22, -11, -11), 0),
}


def check_payments(deal: Deal, payments: tuple[int, ...], pool: int) -> None:
    assert deal.is_over
    assert settle(deal).payments == payments
    assert settle(deal).pool_out == pool
    assert sum(payments) + pool == settle(deal).pool_in  # no counter made or lost
    per_seat = [0, 0, 0]
    for t in settle(deal).transfers:
        assert t.amount > 0
        if t.payer is not POOL:
            per_seat[t.payer] -= t.amount
        if t.payee is not POOL:
            per_seat[t.payee] += t.amount
    assert tuple(per_seat) == payments


@pytest.mark.parametrize("case", list(PAYMENTS_1660))
def test_payments_1660(case: str) -> None:
    """Compendium §9.1, §9.3 (1660 column)."""
    winners, trumps, payments, pool = PAYMENTS_1660[case]
    deal = scripted_deal(RULES_1660, winners, ombre_trumps=trumps)
    assert deal.is_over and settle(deal).matadors == trumps
    check_payments(deal, payments, pool)


@pytest.mark.parametrize("case", list(PAYMENTS_CLASSIC))
def test_payments_classic(case: str) -> None:
    """Compendium §9.2, §9.3 (classic column: MOR, CG)."""
    winners, trumps, payments, pool = PAYMENTS_CLASSIC[case]
    deal = scripted_deal(RULES_CLASSIC, winners, ombre_trumps=trumps)
    assert deal.is_over and settle(deal).matadors == trumps
    check_payments(deal, payments, pool)


def test_sans_prendre_payments_1660() -> None:
    """RG1660 "Of playing without taking in": "the others are to give him each of them one of the
    greater Marks ... as he is to give them, if he ... loses it"."""
    # pool: 36 + 1 (eldest) + 2 passes = 39; seat 0 paid 13, the others 13.
    win = scripted_deal(RULES_1660, [0, 0, 0, 0, 0, 1, 1, 1, 1], contract="sans-prendre")
    check_payments(win, (39 - 13 + 2 * G, -13 - G, -13 - G), 0)  # (50, -25, -25)
    # codille to seat 2: the Ombre makes good 39 and pays 1 G to each: -13 - 39 - 24 = -76.
    lose = scripted_deal(RULES_1660, [0, 0, 0, 2, 2, 2, 2, 1, 1], contract="sans-prendre")
    check_payments(lose, (-76, -13 + G, -13 + 39 + G), 39)  # (-76, -1, 38)
    # repuesto: he doubles the pool and pays each (a repuesto is lost, RG "the Player loses").
    tie = scripted_deal(RULES_1660, [0, 0, 0, 1, 1, 1, 2, 2, 2], contract="sans-prendre")
    check_payments(tie, (-13 - 39 - 2 * G, -13 + G, -13 + G), 78)  # (-76, -1, -1)


def test_sans_prendre_payments_classic() -> None:
    """MOR: "Whoever plays Sans-prendre, if he win, receives three counters from each of the other
    players, and pays three counters to each if he should lose the game"."""
    win = scripted_deal(RULES_CLASSIC, [0, 0, 0, 0, 0, 1, 1, 1, 1], contract="sans-prendre")
    check_payments(win, (22 + 6, -11 - 3, -11 - 3), 0)  # (28, -14, -14)
    lose = scripted_deal(RULES_CLASSIC, [0, 0, 0, 2, 2, 2, 2, 1, 1], contract="sans-prendre")
    check_payments(lose, (-10 - 32 - 6, -11 + 3, -11 + 32 + 3), 32)  # (-48, -8, 24)


def test_declared_vole_1660() -> None:
    """RG1660 "Of the Voll": "they likewise are to give you one Mark or Counter the piece; but then
    you are to declare before the fifth Trick" (§15 #25: 1 G from each)."""
    deal = scripted_deal(RULES_1660, [0] * 9, vole_before_trick=1)
    assert deal.is_over and settle(deal).vole and settle(deal).vole_declared
    check_payments(deal, (26 + 2 * G, -13 - G, -13 - G), 0)  # (50, -25, -25)
    late = scripted_deal(RULES_1660, [0] * 9, vole_before_trick=5)
    check_payments(late, (50, -25, -25), 0)


def test_declared_vole_that_fails_1660_costs_nothing_more() -> None:
    """Compendium §15 #24 (1660): "failure: no vole payment, no penalty"."""
    deal = scripted_deal(RULES_1660, [0, 0, 0, 0, 0, 0, 0, 0, 1], vole_before_trick=1)
    assert deal.is_over and settle(deal).vole_declared and not settle(deal).vole
    check_payments(deal, (26, -13, -13), 0)


def test_declared_vole_classic() -> None:
    """CG p. 32: "if there is only one stake on the board, he gains double what lies upon the
    Table" (§9.2; each opponent pays half of it)."""
    deal = scripted_deal(RULES_CLASSIC, [0] * 9, vole_before_trick=6)
    # he sweeps the 32 (+22) and each opponent pays half the 32: +16 each.
    check_payments(deal, (22 + 32, -11 - 16, -11 - 16), 0)  # (54, -27, -27)


@pytest.mark.parametrize(
    ("rules", "payments", "pool"),
    [
        # 36 stakes + eldest's 1 + 3 passes = 40; seat 0 paid 12 + 1 + 1 = 14.
        (RULES_1660, (-14, -13, -13), 40),
        # 30 stakes + 3 passes.
        (RULES_CLASSIC, (-11, -11, -11), 33),
    ],
    ids=["1660", "classic"],
)
def test_all_pass_payments(rules: Rules, payments: tuple[int, ...], pool: int) -> None:
    """Compendium §9.3 "All pass": each has paid for passing; the pool stays for the redeal."""
    deal = act(Deal.from_seed(rules, 1, dealer=2), "pass", "pass", "pass")
    check_payments(deal, payments, pool)


# ---- Belinda's game (rape-of-the-lock.md §4) ----------------------------------------------------


def test_belinda_1660() -> None:
    """rape-of-the-lock.md §4, 1660: pool 3 G + 10 L (1 eldest, 2 passes, 7 cards taken in);
    Belinda takes it and 4 G from each for four matadors: +10 G +7 L; Baron -5 G -4 L; third
    -5 G -3 L."""
    deal = replay(load_json("belinda.json"))
    assert deal.is_over
    assert settle(deal).pool_taken == 3 * G + 10
    assert settle(deal).payments == (10 * G + 7, -5 * G - 4, -5 * G - 3) == (127, -64, -63)


def test_belinda_classic() -> None:
    """rape-of-the-lock.md §4, classic: 3 fish + 2 pass counters = 32 taken, four counters from
    each (MOR: "the value of four counters from each of her antagonists"): +30, -15, -15."""
    deal = replay(load_json("belinda.json"), RULES_CLASSIC)
    assert deal.is_over
    assert settle(deal).pool_taken == 32
    assert settle(deal).payments == (30, -15, -15)


# ---- the pool between deals and the ledger ---------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "first", "second", "total"),
    [
        # 1660: repuesto leaves 80. Next deal no new stakes (§15 #33): 80 + 1 + 2 + 1 = 84 taken,
        # the Ombre having paid 2: +82; the others paid a pass each.
        (RULES_1660, (-54, -13, -13), (82, -1, -1), (28, -14, -14)),
        # classic: remise leaves 64; 64 + 2 = 66 taken: +66.
        (RULES_CLASSIC, (-42, -11, -11), (66, -1, -1), (24, -12, -12)),
    ],
    ids=["1660", "classic"],
)
def test_the_repuesto_pool_carries_over(
    rules: Rules, first: tuple[int, ...], second: tuple[int, ...], total: tuple[int, ...]
) -> None:
    """RG1660: the doubled stake "remains so doubled for the advantage of the next Player"."""
    ledger = Ledger(3)
    tie = scripted_deal(rules, [0, 0, 0, 0, 1, 1, 1, 1, 2])
    assert tie.is_over and settle(tie).payments == first
    ledger.record(settle(tie))
    win = scripted_deal(rules, [0, 0, 0, 0, 0, 1, 1, 1, 1], pool_in=ledger.pool)
    assert win.is_over
    assert not [t for t in settle(win).transfers if t.reason == "stake"]
    assert settle(win).payments == second
    ledger.record(settle(win))
    assert tuple(ledger.balances) == total and ledger.pool == 0 and ledger.deals == 2


def test_a_codille_leaves_the_pool_made_good() -> None:
    """RG1660: the winner "takes up the Stakes, and tother makes it good"; §15 #33: no new stakes
    while the pool is not empty."""
    deal = scripted_deal(RULES_1660, [0, 0, 0, 1, 1, 1, 1, 2, 2])
    assert deal.is_over and settle(deal).pool_out == 40
    nxt = scripted_deal(RULES_1660, [0, 0, 0, 0, 0, 1, 1, 1, 1], pool_in=40)
    assert nxt.is_over and settle(nxt).pool_taken == 44


def test_the_ledger_refuses_a_deal_from_another_pool() -> None:
    ledger = Ledger(3)
    deal = scripted_deal(RULES_1660, [0, 0, 0, 0, 1, 1, 1, 1, 2])
    assert deal.is_over
    ledger.record(settle(deal))
    with pytest.raises(ValueError, match="pool"):
        ledger.record(settle(deal))  # it started from 0, the ledger holds 80
    with pytest.raises(ValueError, match="balance"):
        Ledger(3, [1, 0, 0], 0)


@pytest.mark.parametrize("rules", [RULES_1660, RULES_CLASSIC], ids=["1660", "classic"])
def test_the_ledger_balances_over_many_deals(rules: Rules) -> None:
    """Every payment is a transfer (scoring.py), so balances + pool stay 0, and each deal starts
    from the pool the last one left (§9.3: repuesto and codille carry)."""
    ledger = Ledger(3)
    rng = random.Random(2024)
    dealer = 0
    outcomes = set()
    for n in range(300):
        deal = Deal.from_seed(rules, 10_000 + n, dealer, ledger.pool)
        while not deal.is_over:
            deal.apply_unchecked(rng.choice(deal.legal_actions()))
        assert deal.is_over
        assert settle(deal).pool_in == ledger.pool
        ledger.record(settle(deal))
        outcomes.add(settle(deal).outcome)
        assert sum(ledger.balances) + ledger.pool == 0
        assert ledger.pool >= 0
        dealer = deal.eldest  # the deal passes to the right
    assert outcomes == {"sacada", "codille", "repuesto", "passed"}
    assert ledger.deals == 300


def test_sessions_carry_the_pool() -> None:
    """A session passes the ledger's pool to the next deal, and the eldest deals next (MOR, CG)."""
    session = Session(RULES_1660, seed=3, human=None, bot="random")
    for _ in range(12):
        while not session.deal.is_over:
            session.bot_move()
        pool = session.ledger.pool
        eldest = session.deal.eldest
        session.next_deal()
        assert session.deal.pool_in == pool
        assert session.deal.dealer == eldest
        assert sum(session.ledger.balances) + session.ledger.pool == 0


@pytest.mark.parametrize("rules_id", sorted(ALL_PRESETS))
def test_an_ending_priced_from_the_start_of_the_play_pays_what_the_played_deal_pays(
    rules_id: str,
) -> None:
    """``settle(deal, tricks)`` prices a deal at the start of its play (and at any trick of it)
    as if it ended with those tricks: the same settlement as the deal played out to them. The
    search levels price contracts so (bots/search.py), with the payments stated only here."""
    rules = ALL_PRESETS[rules_id]
    rng = random.Random(7)
    rule_player = RulePlayer()
    outcomes: set[tuple[str, bool]] = set()
    for n in range(120):
        deal = Deal.from_seed(rules, 500 + n, n % rules.seats, (n % 4) * rules.seats)
        while not deal.is_over and deal.phase != Phase.PLAY:
            mover = deal.to_move
            assert mover is not None
            deal.apply_unchecked(rule_player.choose(view_of(deal, mover), rng))
        starts = []
        while not deal.is_over:
            if not deal.trick:
                starts.append(deal.copy())
            deal.apply_unchecked(rng.choice(deal.legal_actions()))
        final = settle(deal)
        for start in starts:
            before = to_record(start)
            assert settle(start, deal.tricks_won, deal.vole_declared) == final
            assert to_record(start) == before  # pricing changes nothing
        outcomes.add((final.outcome, final.vole))
    assert {"sacada", "repuesto", "codille"} <= {o for o, _ in outcomes}


@pytest.mark.parametrize("rules_id", sorted(ALL_PRESETS))
def test_a_declared_vole_that_fails_pays_as_one_never_declared(rules_id: str) -> None:
    """At every table a declared vole that fails costs nothing (compendium §15 #24, 1660:
    "failure: no vole payment, no penalty"; HOY: "a failed vole keeps the game's winnings"):
    the search levels declare it at the window's last moment whenever a world makes it
    (``SearchConfig.vole_last_chance``), which is sound only while this holds."""
    rules = ALL_PRESETS[rules_id]
    rng = random.Random(11)
    players: list[Player] = [RulePlayer()] * rules.seats
    outcomes = set()
    for n in range(60):
        deal = play_out(Deal.from_seed(rules, 900 + n, n % rules.seats), players, rng)
        if deal.ombre is None or settle(deal).vole:
            continue
        declared, undeclared = (settle(deal, deal.tricks_won, d) for d in (True, False))
        assert declared.payments == undeclared.payments
        outcomes.add(declared.outcome)
    assert {"sacada", "codille"} <= outcomes


def test_an_ending_the_deal_cannot_reach_is_refused() -> None:
    """A wrong count of seats or tricks, fewer than a seat has won, or a deal still in its
    exchange: a clear error, the deal as it was."""
    rules = RULES_1660
    rng = random.Random(3)
    rule_player = RulePlayer()
    seed = 0
    while True:
        deal = Deal.from_seed(rules, seed)
        while deal.phase != Phase.PLAY and not deal.is_over:
            mover = deal.to_move
            assert mover is not None
            deal.apply_unchecked(rule_player.choose(view_of(deal, mover), rng))
        if not deal.is_over:
            break
        seed += 1
    while not any(deal.tricks_won):  # one trick played
        deal.apply_unchecked(rng.choice(deal.legal_actions()))
    taker = deal.tricks_won.index(1)
    robbed = [0, 0, 0]
    robbed[(taker + 1) % 3] = 9  # the taker's trick gone
    before = to_record(deal)
    for tricks in [(5, 4), (5, 4, 1), tuple(robbed)]:
        with pytest.raises(OmbreError, match="no ending of this deal"):
            settle(deal, tricks)
        assert to_record(deal) == before
    exchanging = Deal.from_seed(rules, seed)
    while exchanging.phase in (Phase.AUCTION, Phase.REPLY):
        mover = exchanging.to_move
        assert mover is not None
        exchanging.apply_unchecked(rule_player.choose(view_of(exchanging, mover), rng))
    with pytest.raises(OmbreError, match="exchange is not over"):
        settle(exchanging, (5, 4, 0))
