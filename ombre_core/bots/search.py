"""Search players: Perfect Information Monte Carlo over sampled worlds (the ``standard`` and
``expert`` levels).

The method of GIB and Kermit (``shared/notes/bots-anchors.md``): draw worlds consistent with what
the player sees, weighted by how likely the others' bids and discards were in each
(:mod:`.sampler`), solve each world with every card known (:mod:`.solver`), and choose the action
that does best across them.

* **Card play.** Each legal card is scored in every world by the rung of the outcome ladder it
  leads to under best play (vole > sacada > repuesto > codille), turned into what that rung is
  worth to this seat (:func:`.playout.rung_value`), and the scores are summed with the worlds'
  weights. Late in the deal every world is solved exactly; earlier, where a full solve does not
  fit the time, each card is played forward in the world by a quick full-information policy to
  ``exact_from`` tricks left and the rest is solved exactly (the note's hybrid: :mod:`.playout`).
* **Auction, exchange and trump** by evaluation, not fixed thresholds: for each contract open (or
  each trump and discard), the deal is simulated in every world to the start of the play (the
  others speaking and exchanging as the rule player does), the play solved, and the outcome priced
  in counters under the preset's payments (:func:`.payoff.ombre_price`, from the settlement);
  passing is priced at the pass fee plus what a defender expects.

Every decision uses only the :class:`~ombre_core.views.View` and the ``random.Random`` it is given,
so with a seed it is reproducible; budgets are counts of worlds and solver nodes, never clocks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .. import actions as A
from ..actions import Act
from ..cards import ALL_SUITS, CardSet, cards_of
from ..rules import Rules
from ..state import Deal, Phase
from ..tables import EFFECTIVE_SUIT, POWER, TRUMP
from ..tricks import trick_winner
from ..views import View, view_of
from .collector import collector_paused
from .gano import heed, worth_saying
from .ismcts import ismcts_card
from .ladder import (
    CODILLE_FOR_LADDER,
    CODILLE_RUNG,
    OWN_CODILLE_LADDER,
    REPUESTO_RUNG,
    SACADA_RUNG,
    VOLE_RUNG,
    Judge,
    codille_for,
    ladder_of,
    margin_of,
    own_codille,
)
from .levels import EXPERT, GRAY_ZONE, STANDARD, SearchConfig
from .payoff import ombre_price
from .playout import (
    DEFENDER_VALUE,
    LADDER_RUNGS,
    WON_OR_LOST_RUNGS,
    rung_by_playing_forward,
    rung_value,
    won_or_lost,
)
from .pricing import Option, guarded_choice, settled_choice
from .rulebot import (
    ASK_THRESHOLD,
    SANS_PRENDRE_THRESHOLD,
    RulePlayer,
    _keepers,
    best_trump,
    bidding_thresholds,
    cheapest_discard,
    hand_strength,
)
from .sampler import DEFAULT_MODEL, Sampler, World
from .solver import (
    BudgetExceeded,
    position_of,
    reaches_counted,
    solve_values,
)

MIN_WORLDS = 3
CHANCE_WORLDS = 24
"""Worlds the chance of a card is always read from (:meth:`SearchPlayer.chance_of`), sharing
its nodes evenly."""
CHANCE_MOST = 96
"""Worlds the chance is read from where the nodes allow: after the first :data:`CHANCE_WORLDS`,
each further world while the nodes last (late in the deal, where a world's question costs a few
nodes, all of them). On fresh deals of 1660, two readings of one card's chance from other
draws differed by 0.092 on the mean, and by more than 0.2 in 16.6% of the positions, read from
24 weighted worlds; from up to 96 likely ones by 0.045, and in 4.0% (``bench/hint_chance.py``;
docs/bots.md, "The hint's chance, measured")."""
CHANCE_OVERSAMPLE = 3
"""The chance's worlds are drawn by their weights (:meth:`.Sampler.resampled`) from this many
times :data:`CHANCE_MOST` draws: each a likely world, so that the share of them is not carried
by the few that drew most of the weight."""
CHANCE_NODES = 24_000
"""Solver nodes for that chance at three seats (3/seats of it at more): the expert's decision
and a half, spent on one card's one question in each world. One of the first
:data:`CHANCE_WORLDS` past its share is played forward and solved within a share again, so the
whole may take up to twice this; a later world past what is left ends the reading."""


# ---- what an outcome is worth -----------------------------------------------------------------

_OWN_CODILLE_VALUE = (2.5, 0.75, 0.0, -1.0, -1.25)
"""Each rung of :func:`.ladder.own_codille` to the defender, in pools, on the scale of
:data:`DEFENDER_VALUE`: at three his own codille wins him the pool (his stake back and the
others'), his fellow's costs him his stake as a sacada does, and a repuesto costs it too but
doubles the pool, a third of which is his in the long run (1660: +33, -20, -20 and -20 lesser
counters to him on a pool of 36, each seat then a third of the 52 or 104 left; classic +21,
-11, -11, -11 on 30, a third of 32 or 64)."""


@dataclass(frozen=True, slots=True)
class _Objective:
    """What a defender at three plays for, where it is not the deal's ladder: each world solved
    on ``judge_of(deal, seat)``'s rungs (None where the table has no such judge: the deal's
    ladder then), each rung worth ``values[rung]`` to him and read as the deal's rung
    ``ladder[rung]`` (for the chance of beating the Ombre)."""

    judge_of: Callable[[Deal, int], Judge | None]
    values: tuple[float, ...]
    ladder: tuple[int, ...]


def _defender_objective(config: SearchConfig) -> _Objective | None:
    """A defender's :class:`_Objective` under ``config``'s :attr:`~SearchConfig.own_codille` or
    :attr:`~SearchConfig.codille_premium`, or None: the deal's ladder at
    :func:`.playout.rung_value`."""
    if config.own_codille:
        return _Objective(own_codille, _OWN_CODILLE_VALUE, OWN_CODILLE_LADDER)
    if config.codille_premium > 0:
        codille, half = DEFENDER_VALUE[CODILLE_RUNG], config.codille_premium / 2
        rest = (DEFENDER_VALUE[r] for r in (REPUESTO_RUNG, SACADA_RUNG, VOLE_RUNG))
        return _Objective(codille_for, (codille + half, codille - half, *rest), CODILLE_FOR_LADDER)
    return None


def near_threshold(
    hand: CardSet,
    ask_threshold: float = ASK_THRESHOLD,
    rules: Rules | None = None,
    gray_zone: float = GRAY_ZONE,
) -> bool:
    """Whether the priced auction prices this hand: its strength (the rule player's expected
    tricks with its best trump) is within ``gray_zone`` of a bidding threshold of the table
    (:func:`.rulebot.bidding_thresholds`; three-handed if ``rules`` is None), where the
    pamphlet's count is least sure."""
    _, strength = best_trump(hand)
    thresholds = (
        (ask_threshold, SANS_PRENDRE_THRESHOLD)
        if rules is None
        else bidding_thresholds(rules, ask_threshold)
    )
    return min(abs(strength - t) for t in thresholds) <= gray_zone


def last_chance_for_vole(view: View) -> bool:
    """Whether the vole may be declared now and never later
    (:meth:`.rules.Rules.vole_last_chance`)."""
    rules = view.rules
    return Act.VOLE in view.legal and rules.vole_last_chance(len(view.tricks), bool(view.trick))


# ---- the player --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardChoice:
    """A card chosen in trick play, with the weighted share of the worlds in which it brings the
    deal home for this seat's side (the Ombre's win, or his defeat for a defender)."""

    action: A.Action
    chance: float
    worlds: int


class SearchPlayer:
    """A level that searches: :data:`STANDARD` or :data:`EXPERT` (see the module's doc)."""

    def __init__(self, name: str, config: SearchConfig) -> None:
        self.name = name
        self.config = config
        self._rules_player = RulePlayer(config.ask_threshold)
        self._planned_trump: tuple[int, int | None] | None = None
        """(events seen when planned, trump): the Ombre names the trump he discarded for (None:
        the pamphlet's, from the hand he drew)."""
        self._after_gano: tuple[tuple[int, CardSet], int] | None = None
        """((events seen, hand) when the card comes, card): the card said *Gano* with."""

    @collector_paused
    def choose(self, view: View, rng: random.Random) -> A.Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        if view.step == Phase.PLAY:
            return self._play(view, rng)
        config = self.config
        if view.step in (Phase.AUCTION, Phase.REPLY) and config.priced_auction:
            return self._bid(view, rng)
        if view.rules.partnership != "alone":
            # with a king to call, the rule player calls, names the trump and exchanges
            return self._rules_player.choose(view, rng)
        if view.step == Phase.TRUMP_CHOICE and config.priced_exchange:
            return self._trump(view, rng)
        if view.step == Phase.DISCARD and view.seat == view.ombre and config.priced_exchange:
            return self._ombre_discard(view, rng)
        return self._rules_player.choose(view, rng)  # the pamphlet's rule

    # -- worlds -----------------------------------------------------------------------------------

    def _worlds(self, view: View, n: int, rng: random.Random, oversample: int = 1) -> list[World]:
        config = self.config
        if not config.inference:
            return Sampler(view, None).weighted(n, rng)
        sampler = Sampler(view, "table" if config.table_model else DEFAULT_MODEL)
        if oversample > 1:
            return sampler.resampled(n, rng, oversample)
        return sampler.weighted(n, rng)

    # -- card play -------------------------------------------------------------------------------

    def _play(self, view: View, rng: random.Random) -> A.Action:
        after = self._after_gano
        self._after_gano = None
        now = (len(view.events), view.hand)
        if after is not None and after[0] == now and view.gano == view.seat:
            return after[1]  # the card this player said Gano with, chosen a moment ago
        candidates = self._candidates(view)
        if len(candidates) == 1 and Act.VOLE not in view.legal:
            action = candidates[0]  # forced (or the only card that heeds): nothing to weigh
        else:
            action = self.analyse_play(view, rng).action
        if self.says_gano_with(view, action):
            self._after_gano = ((len(view.events) + 1, view.hand), action)
            return Act.GANO
        return action

    def says_gano_with(self, view: View, action: A.Action) -> bool:
        """Whether this player says *Gano* before playing ``action`` (a card it chose)."""
        return self.config.gano and A.is_card(action) and worth_saying(view, action)

    @collector_paused
    def analyse_play(self, view: View, rng: random.Random) -> CardChoice:
        """The card (or the vole) this player chooses in trick play, with what it saw."""
        config = self.config.for_rules(view.rules)
        cards = self._candidates(view)
        ours = view.seat == view.ombre or view.seat == view.partner  # the partner knows himself
        seat = view.seat
        objective = None if ours else _defender_objective(config)
        if len(view.tricks) < config.tree_tricks and Act.VOLE not in view.legal:
            worlds = self._worlds(view, config.tree_worlds, rng)
            card, chance, _ = ismcts_card(
                worlds,
                cards,
                ours,
                decision_nodes=config.decision_nodes,
                exact_from=config.tree_exact_from,
                budget=config.budget,
                exploration=config.exploration,
                defenders_draw=config.defenders_draw,
                rng=rng,
            )
            return CardChoice(card, chance, len(worlds))
        worlds = self._worlds(view, config.play_worlds, rng, config.play_oversample)
        left = view.rules.tricks - len(view.tricks)
        scores = dict.fromkeys(cards, 0.0)
        wins = dict.fromkeys(cards, 0.0)
        vole_weight = weight = 0.0
        spent = used = 0
        for i, world in enumerate(worlds):
            rest = config.decision_nodes - spent
            if i >= MIN_WORLDS and rest <= 0:
                break
            # The first MIN_WORLDS worlds share what is left evenly, so that the first cannot
            # spend it all (eight or ten cards each solved to the end at five and Quadrille).
            allowance = rest // (MIN_WORLDS - i) if i < MIN_WORLDS else rest
            judge = None if objective is None else objective.judge_of(world.deal, seat)
            rungs, work = self._card_rungs(config, world.deal, cards, left, allowance, judge)
            spent += work
            used += 1
            weight += world.weight
            for card, rung in rungs.items():
                if judge is not None:
                    assert objective is not None
                    scores[card] += world.weight * objective.values[rung]
                    rung = objective.ladder[rung]
                else:
                    scores[card] += world.weight * rung_value(rung, ours)
                if (rung >= SACADA_RUNG) == ours:
                    wins[card] += world.weight
            if Act.VOLE in view.legal and max(rungs.values()) == VOLE_RUNG:
                vole_weight += world.weight
        best = max(scores.values())
        near = [c for c in cards if scores[c] >= best - 1e-9]
        tie_nodes = config.margin_nodes
        if len(near) > 1 and config.margin_ties:
            near, spent = self._tie_break(
                config, worlds[:used], near, left, tie_nodes, lambda w: margin_of(w, ours), ours
            )
            tie_nodes -= spent
        tied_on_codille = config.codille_ties and objective is None
        if len(near) > 1 and tied_on_codille and not ours and tie_nodes > 0:
            near, _ = self._tie_break(
                config, worlds[:used], near, left, tie_nodes, lambda w: codille_for(w, seat)
            )
        if len(near) == 1:
            action = near[0]
        else:
            fallback = self._rules_player.choose(view, rng)
            assert view.trump is not None
            action = fallback if fallback in near else min(near, key=POWER[view.trump].__getitem__)
        chance = wins[action] / weight if weight else 0.0
        if Act.VOLE in view.legal and (
            vole_weight >= config.vole_confidence * weight
            or (config.vole_last_chance and vole_weight > 0 and last_chance_for_vole(view))
        ):
            action = Act.VOLE
        return CardChoice(action, chance, used)

    @collector_paused
    def chance_of(self, view: View, card: int, rng: random.Random) -> float:
        """The weighted share of the worlds in which the deal goes this seat's way after
        ``card``, under best play from there: the hint's chance. The card's choice reads 24
        weighted worlds at most (at Quadrille's first tricks as few as :data:`MIN_WORLDS`), a
        share too coarse to tell a person; here up to :data:`CHANCE_MOST` likely worlds, one
        boolean test a world (does the Ombre win?). The first :data:`CHANCE_WORLDS` share
        :data:`CHANCE_NODES` evenly, one past its share played forward to four tricks left and
        solved so, within its share again (so up to twice :data:`CHANCE_NODES` in all, where
        most worlds run past their shares); the others are read while the nodes last."""
        ours = view.seat == view.ombre or view.seat == view.partner
        worlds = self._worlds(view, CHANCE_MOST, rng, CHANCE_OVERSAMPLE)
        nodes = CHANCE_NODES * 3 // max(3, view.rules.seats)
        won = weight = 0.0
        for i, world in enumerate(worlds):
            first = i < CHANCE_WORLDS
            if not first and nodes <= 0:
                break
            share = nodes // (CHANCE_WORLDS - i) if first else nodes
            deal = world.deal.copy()
            deal.apply_unchecked(card)
            if deal.is_over:
                wins = ladder_of(deal)(tuple(deal.tricks_won)) >= SACADA_RUNG
            else:
                try:
                    wins, spent = reaches_counted(position_of(deal), SACADA_RUNG, share)
                except BudgetExceeded:
                    if not first:
                        break  # what is left does not reach: the reading ends here
                    spent = share
                    wins = won_or_lost(deal, 4, share) >= SACADA_RUNG
                nodes -= spent
            weight += world.weight
            won += world.weight * (wins == ours)
        return won / weight if weight else 0.0

    @staticmethod
    def _tie_break(
        config: SearchConfig,
        worlds: list[World],
        near: list[int],
        left: int,
        nodes: int,
        judge_of: Callable[[Deal], Judge | None],
        ours: bool | None = None,
    ) -> tuple[list[int], int]:
        """The cards of ``near`` (tied on the worlds' weighted rungs) that do best on another
        judge, solved again in the same worlds, in order, within ``nodes`` (the first
        :data:`MIN_WORLDS` share it evenly, like the first pass), and the nodes spent. With
        ``ours`` (a judge of the ladder's rungs: :func:`.ladder.margin_of`, a trick short) a
        rung is worth :func:`.playout.rung_value`; without, the judge's lower rungs are the better
        (:func:`.ladder.codille_for`, the codille to oneself). A world whose judge is None (no
        such question there) leaves the cards as they were."""
        scores = dict.fromkeys(near, 0.0)
        spent = 0
        for i, world in enumerate(worlds):
            rest = nodes - spent
            if rest <= 0:
                break
            judge = judge_of(world.deal)
            if judge is None:
                break
            allowance = rest // (MIN_WORLDS - i) if i < MIN_WORLDS else rest
            rungs, work = SearchPlayer._card_rungs(config, world.deal, near, left, allowance, judge)
            spent += work
            for card, rung in rungs.items():
                value = -rung if ours is None else rung_value(rung, ours)
                scores[card] += world.weight * value
        top = max(scores.values())
        return [c for c in near if scores[c] >= top - 1e-9], spent

    @staticmethod
    def _candidates(view: View) -> list[int]:
        """The cards worth weighing: every legal card, but those that leave the trick to a friend
        who said *Gano* when any do (he asked; MOR: his partner lets him win "if he can"), and,
        having said it oneself, those that hold the trick."""
        cards = [a for a in view.legal if A.is_card(a)]
        keep_off = heed(view)
        if keep_off:
            return list(cards_of(keep_off))
        if view.gano == view.seat and view.trump is not None:
            holding = [
                c for c in cards if trick_winner((*view.trick, c), view.trump) == len(view.trick)
            ]
            return holding or cards
        return cards

    @staticmethod
    def _card_rungs(
        config: SearchConfig,
        world: Deal,
        cards: list[int],
        left: int,
        allowance: int,
        judge: Judge | None = None,
    ) -> tuple[dict[int, int], int]:
        """Each card's rung in one world (on ``judge``, default the deal's ladder: for a tie
        :meth:`_tie_break` asks another), and the work it took: at most ``allowance`` solver
        nodes (plus :data:`.playout.PLAYOUT_COST` a card played forward). Played forward, each
        card has an even share of what is left when its turn comes, so what one card's solve
        leaves unused goes to the cards after it."""
        spent = 0
        budget = min(config.budget, allowance)
        if left <= config.exact_from and budget > 0:
            try:
                mask = 0 if judge is None else sum(1 << c for c in cards)
                _, rungs, nodes = solve_values(position_of(world, judge), mask or None, budget)
                return {c: rungs[c] for c in cards}, nodes
            except BudgetExceeded:
                spent = budget
        rungs = {}
        for k, card in enumerate(cards):
            forward = world.copy()
            forward.apply_unchecked(card)
            share = min(config.budget, (allowance - spent) // (len(cards) - k))
            rungs[card], work = rung_by_playing_forward(
                forward, config.exact_from, share, judge, config.defenders_draw
            )
            spent += work
        return rungs, spent

    # -- auction ---------------------------------------------------------------------------------

    def _bid(self, view: View, rng: random.Random) -> A.Action:
        """The pamphlet's thresholds where the hand is clearly strong or weak; near a threshold,
        where they are least sure, the contracts are priced over sampled worlds."""
        rules = view.rules
        rule_choice = self._rules_player.choose(view, rng)
        config = self.config.for_rules(rules)
        if not near_threshold(view.hand, config.ask_threshold, rules, config.gray_zone):
            return rule_choice
        worlds = self._worlds(view, config.bid_worlds, rng)
        rows: dict[A.Action, list[float | Deal]] = {}
        for action in view.legal:
            if action == Act.PASS:
                fee = rules.pass_fee_of(view.seat, view.eldest)
                passed = config.pass_value * rules.game_stake - fee
                rows[action] = [passed] * len(worlds)
                continue
            rows[action] = [
                self._contract_start(world.deal.copy(), view.seat, action) for world in worlds
            ]
        return self._priced_choice(rule_choice, rows, [world.weight for world in worlds])

    def _contract_start(self, deal: Deal, seat: int, action: A.Action) -> float | Deal:
        """``action`` in one world, played to the start of the trick play: the others answer as
        the rule player would, and if the seat becomes Ombre it exchanges as it would. The deal
        then, its play still to price; or, if another took the game, the counters of a
        defender's lot, roughly."""
        deal.apply_unchecked(action)
        rng = random.Random(0)
        while not deal.is_over and deal.phase in (Phase.AUCTION, Phase.REPLY):
            mover = deal.to_move
            assert mover is not None
            if mover == seat:
                deal.apply_unchecked(Act.PASS if Act.PASS in deal.legal_actions() else action)
                continue
            deal.apply_unchecked(self._rules_player.choose(view_of(deal, mover), rng))
        if deal.is_over or deal.ombre != seat:
            return -deal.rules.pass_fee_of(seat, deal.eldest)
        if deal.rules.partnership != "alone":
            return self._play_start(deal)  # he calls and exchanges as the rule player does
        if deal.phase == Phase.DISCARD:
            trump = best_trump(deal.hands[seat])[0]
            deal.apply_unchecked(Act.DISCARD | self._discard_for(deal, seat, trump))
            deal.apply_unchecked(Act.TRUMP + trump)
        else:
            deal.apply_unchecked(Act.TRUMP + best_trump(deal.hands[seat])[0])
        return self._play_start(deal)

    def _play_start(self, deal: Deal) -> Deal:
        """Finish the exchange as the rule player would (in place): the start of the play."""
        rng = random.Random(0)
        while deal.phase not in (Phase.PLAY, Phase.OVER):
            mover = deal.to_move
            assert mover is not None
            deal.apply_unchecked(self._rules_player.choose(view_of(deal, mover), rng))
        return deal

    def _price_start(self, deal: Deal) -> float:
        """Solve the play from its start and price the outcome for the Ombre."""
        config = self.config.for_rules(deal.rules)
        budget = config.budget if config.bid_budget is None else config.bid_budget
        if config.price_vole:
            rung, _ = rung_by_playing_forward(deal.copy(), config.exact_from + 2, budget)
        else:
            rung = won_or_lost(deal.copy(), config.exact_from + 2, budget, _losses_differ(deal))
        return ombre_price(deal, rung)

    def _open_prices(self, deal: Deal) -> tuple[float, ...]:
        """What the play from ``deal`` may be worth to the Ombre before it is solved: a price
        for each outcome :meth:`_price_start` can give."""
        rungs: tuple[int, ...]
        if self.config.price_vole:
            rungs = LADDER_RUNGS
        elif _losses_differ(deal):
            rungs = (CODILLE_RUNG, REPUESTO_RUNG, SACADA_RUNG)
        else:
            rungs = WON_OR_LOST_RUNGS
        return tuple(sorted({ombre_price(deal, rung) for rung in rungs}))

    def _priced_choice(
        self,
        rule: Option,
        rows: dict[Option, list[float | Deal]],
        weights: list[float],
    ) -> Option:
        """The guarded choice (:func:`.pricing.guarded_choice`) among actions priced in each
        world, ``rows[a][i]`` a price already known or the start of a play to solve. The plays
        are solved world by world, each for every action, the heaviest worlds first (they move
        the totals most), and no further once the choice is settled whatever the rest would
        bring (:func:`.pricing.settled_choice`): the same choice as solving them all, for less
        work."""
        confidence = self.config.price_confidence
        possible = {
            a: [self._open_prices(x) if isinstance(x, Deal) else (x,) for x in row]
            for a, row in rows.items()
        }
        heavy_first = sorted(range(len(weights)), key=lambda i: -weights[i])
        for action, i in [(a, i) for i in heavy_first for a in rows]:
            start = rows[action][i]
            if not isinstance(start, Deal):
                continue
            settled = settled_choice(rule, possible, weights, confidence)
            if settled is not None:
                return settled
            possible[action][i] = (self._price_start(start),)
        return guarded_choice(
            rule, {a: [v[0] for v in row] for a, row in possible.items()}, weights, confidence
        )

    @staticmethod
    def _discard_for(deal: Deal, seat: int, trump: int) -> CardSet:
        """The Ombre's discard for ``trump``: all but his trumps and kings (RG), within bounds."""
        hand = deal.hands[seat]
        low, high = deal.discard_bounds(seat)
        return cheapest_discard(hand, trump, _keepers(hand, trump, queens=False), low, high)

    # -- exchange and trump ----------------------------------------------------------------------

    def _ombre_discard(self, view: View, rng: random.Random) -> A.Action:
        """Choose the trump and the discard together, by their priced outcomes over worlds."""
        worlds = self._worlds(view, self.config.for_rules(view.rules).bid_worlds, rng)
        ranked = sorted(ALL_SUITS, key=lambda s: -hand_strength(view.hand, s))[:2]
        # The Ombre's hand is the same in every world, so each candidate is too.
        seat = view.seat
        options: list[tuple[int, CardSet]] = []
        for trump in ranked:
            deal = worlds[0].deal
            for variant in _discard_variants(
                deal, seat, self._discard_for(deal, seat, trump), trump
            )[:2]:
                options.append((trump, variant))
        rule_option = (
            best_trump(view.hand)[0],
            A.discard_mask(self._rules_player.choose(view, rng)),
        )
        if rule_option not in options:
            options.append(rule_option)
        rows: dict[int, list[float | Deal]] = {}
        for k, (trump, variant) in enumerate(options):
            row: list[float | Deal] = []
            for world in worlds:
                trial = world.deal.copy()
                trial.apply_unchecked(Act.DISCARD | variant)
                trial.apply_unchecked(Act.TRUMP + trump)
                row.append(self._play_start(trial))
            rows[k] = row
        weights = [world.weight for world in worlds]
        choice = self._priced_choice(options.index(rule_option), rows, weights)
        trump, discard = options[choice]
        # Kept to the pamphlet's discard, the Ombre names the trump as the pamphlet does too,
        # from the hand he draws (None); else the trump he discarded for.
        planned = (
            None if choice == options.index(rule_option) and self.config.price_confidence else trump
        )
        self._planned_trump = (len(view.events), planned)
        return Act.DISCARD | discard

    def _trump(self, view: View, rng: random.Random) -> A.Action:
        planned = self._planned_trump
        self._planned_trump = None
        if planned is not None and planned[0] == len(view.events) - 1:
            if planned[1] is None:
                return self._rules_player.choose(view, rng)
            return Act.TRUMP + planned[1]
        worlds = self._worlds(view, self.config.for_rules(view.rules).bid_worlds, rng)
        # Only the suits: taking in before naming (ENC's ``draw``) lets another name the trump,
        # which no careful Ombre does.
        options = [a for a in view.legal if A.is_trump(a)]
        rows: dict[A.Action, list[float | Deal]] = {}
        for action in options:
            row: list[float | Deal] = []
            for world in worlds:
                trial = world.deal.copy()
                trial.apply_unchecked(action)
                row.append(self._play_start(trial))
            rows[action] = row
        rule = self._rules_player.choose(view, rng)
        return self._priced_choice(rule, rows, [world.weight for world in worlds])


def _losses_differ(deal: Deal) -> bool:
    """Whether the Ombre of ``deal`` pays otherwise at codille than at repuesto (by five and at
    Quadrille; never at three seats, where he pays the pool either way)."""
    return ombre_price(deal, CODILLE_RUNG) != ombre_price(deal, REPUESTO_RUNG)


def _discard_variants(deal: Deal, seat: int, discard: CardSet, trump: int) -> list[CardSet]:
    """The rule discard, and the same keeping one more or one fewer card where the bounds allow
    (a king kept back, a weak trump thrown), so that evaluation has something to choose."""
    low, high = deal.discard_bounds(seat)
    hand = deal.hands[seat]
    power = POWER[trump]
    out = [discard]
    kept = hand & ~discard
    if discard.bit_count() < high and kept:
        weakest = min(cards_of(kept), key=lambda c: (EFFECTIVE_SUIT[trump][c] == TRUMP, power[c]))
        out.append(discard | 1 << weakest)
    if discard.bit_count() > max(low, 1):
        strongest = max(cards_of(discard), key=power.__getitem__)
        out.append(discard & ~(1 << strongest))
    return out


def standard() -> SearchPlayer:
    """The ``standard`` level."""
    return SearchPlayer("standard", STANDARD)


def expert() -> SearchPlayer:
    """The ``expert`` level."""
    return SearchPlayer("expert", EXPERT)


__all__ = [
    "CardChoice",
    "SearchPlayer",
    "expert",
    "guarded_choice",
    "last_chance_for_vole",
    "standard",
]
