"""What the search levels look at: :class:`SearchConfig`, counts of worlds and solver nodes that
bound a decision, and the settings of each level and of the diagnostic players built on them.

The players that use them are :class:`.search.SearchPlayer`'s (:mod:`.search`); the names people
choose from are in :data:`ombre_core.bots.LEVELS`. Each preset's docstring says what it was
measured to be worth and where (docs/bots.md), so that a setting is changed against a figure.
A person writing their own level changes one field with :func:`dataclasses.replace`, or on the
command line ``expert:field=value`` (:func:`.duel.make_duelist`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import Rules
from .rulebot import ASK_THRESHOLD

GRAY_ZONE = 0.6
"""How near (in the rule player's expected tricks) a hand's strength must be to a bidding
threshold for the contracts to be priced instead of taken from the threshold."""
PASS_VALUE = -0.15
"""What a pass is worth besides its fee, in game stakes: a defender's usual lot (the Ombre wins
about two deals in three)."""


_AT_LEAST = {
    **dict.fromkeys(("play_worlds", "bid_worlds", "play_oversample", "tree_worlds"), 1),
    **dict.fromkeys(("worlds_at_two", "bid_worlds_at_three"), 1),  # where set (None: the same)
    **dict.fromkeys(("exact_from", "tree_exact_from", "tree_tricks"), 0),
    **dict.fromkeys(("budget", "decision_nodes", "margin_nodes"), 0),
    **dict.fromkeys(("bid_budget", "bid_budget_at_three"), 0),
}
"""The least each count of :class:`SearchConfig` may be: a world at least, no negative work."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How much a search player looks: counts, so that a decision replays exactly."""

    play_worlds: int
    """Worlds sampled for a card (at most: the decision's node budget may stop sooner)."""
    exact_from: int
    """Tricks left (the current one included) from which each world is solved exactly."""
    budget: int
    """Solver nodes per solve; past it the world is played forward instead."""
    bid_worlds: int
    """Worlds sampled for a bid, a discard or a trump (at most)."""
    decision_nodes: int
    """Work per decision, in solver nodes (a card played forward counts
    :data:`.playout.PLAYOUT_COST`): once spent, no further world is taken (at least
    :data:`.search.MIN_WORLDS`), and each world's solves are held to its share of what is
    left (:meth:`.search.SearchPlayer.analyse_play`). Counts, not clocks, so a decision replays
    exactly."""
    inference: bool = True
    """Weigh worlds by the others' past actions (else uniform among the possible)."""
    table_model: bool = True
    """Weigh the others' bids by the rule player's thresholds at this table
    (:func:`.inference.model_for`); else by the three-handed ones at every table, as until 4
    December 2026 (``expert:table_model=false``)."""
    play_oversample: int = 1
    """Draw this many times :attr:`play_worlds` for a card and keep that many by their weights
    (:meth:`.sampler.Sampler.resampled`), so that the worlds a node budget lets it solve are
    the likely ones; 1 keeps every draw with its importance weight
    (:meth:`~.sampler.Sampler.weighted`). 3 screened by five and at Quadrille, 6 December 2026:
    no gain (docs/bots.md, "Worlds drawn by their weight")."""
    vole_confidence: float = 0.9
    """Declare the vole when the worlds say it is made at least this often."""
    vole_last_chance: bool = True
    """At the last moment the vole may be declared (:func:`.search.last_chance_for_vole`),
    declare it if any world makes it, however few: a vole that fails costs nothing at any of
    our tables (compendium §15 #24, 1660: "failure: no vole payment, no penalty"; HOY: "a
    failed vole keeps the game's winnings"), so a vole made but not declared is the only
    loss."""
    priced_auction: bool = False
    """Price the contracts over worlds near the bidding thresholds (else the thresholds)."""
    priced_exchange: bool = False
    """Choose the Ombre's trump and discard by pricing them over worlds (else the rule)."""
    gano: bool = True
    """Say *Gano* when it costs nothing (:func:`.gano.worth_saying`); a partner's is always
    heeded."""
    ask_threshold: float = ASK_THRESHOLD
    """Where the pamphlet's auction asks leave, in the rule player's expected tricks (a player
    who plays the cards better may go in on less: ``-bold`` measures it)."""
    defenders_draw: bool = True
    """In the playouts before the exact solve, defenders lead trumps as the Ombre does (else
    they lead low: :func:`.playout.quick_card`)."""
    margin_ties: bool = False
    """Tell cards tied on the worlds' rungs apart by the rung each reaches a trick short
    (:meth:`.search.SearchPlayer._tie_break` on :func:`.ladder.margin_of`)."""
    margin_nodes: int = 0
    """Work for telling tied cards apart, in solver nodes, beside :attr:`decision_nodes`."""
    own_codille: bool = False
    """A defender at three plays for the codille himself: each world solved on his own ladder
    (:func:`.ladder.own_codille`: his codille, a repuesto, his fellow's codille, sacada, vole),
    each rung worth what it pays him (:data:`.search._OWN_CODILLE_VALUE`). Tried, not kept
    (docs/bots.md, "The codille for oneself")."""
    codille_premium: float = 0.0
    """Where above 0, a defender at three solves each world on :func:`.ladder.codille_for` (a
    codille he wins, one his fellow wins, then repuesto, sacada, vole: any codille before a
    repuesto, as the two combine) and values his own codille this much above his fellow's,
    their mean the :data:`.playout.DEFENDER_VALUE` of a codille. Tried at 1.0, not kept
    (docs/bots.md, "The codille for oneself")."""
    codille_ties: bool = False
    """A defender at three tells cards still tied apart by whether the codille would be his
    (:func:`.ladder.codille_for`), within what :attr:`margin_nodes` left."""
    price_vole: bool = True
    """Price the vole's reward in the auction and exchange (the play solved to its rung: two
    boolean tests or more); else only whether the Ombre wins (one test, about half the work:
    the Ombre's payoff is the same at repuesto and codille)."""
    bid_budget: int | None = None
    """Solver nodes per solve when pricing a bid, a discard or a trump (None: :attr:`budget`);
    past it the play is played forward instead."""
    price_confidence: float = 0.0
    """How sure the priced auction and exchange must be to leave the pamphlet's choice: another
    action is taken only when its advantage over the rule's, world by world, is this many
    standard errors above nothing (:func:`.pricing.guarded_choice`); 0 takes the best priced."""
    gray_zone: float = GRAY_ZONE
    """How near a bidding threshold (in the rule player's expected tricks) a hand must be for
    the priced auction to price it (:func:`.search.near_threshold`)."""
    pass_value: float = PASS_VALUE
    """What the priced auction counts a pass worth besides its fee, in game stakes."""
    worlds_at_two: int | None = None
    """Worlds sampled for a card at a table of two (None: :attr:`play_worlds`). There a trick
    is two cards and one hand is hidden, so a world's solve is cheap and more of them fit the
    same :attr:`decision_nodes` (docs/bots.md, "More worlds at two")."""
    tree_tricks: int = 0
    """The tricks, from the first, whose cards are chosen by Information Set MCTS
    (:mod:`.ismcts`: one tree of the play that follows, shared by the worlds) at the same
    :attr:`decision_nodes`; the later ones (all, by default) by Perfect Information Monte Carlo
    (each candidate solved in every world, this module). Kept to measure which is stronger
    (issue #6; docs/bots.md, "Information Set MCTS, measured")."""
    tree_worlds: int = 48
    """Worlds the tree draws its iterations from (by their weights)."""
    tree_exact_from: int = 4
    """Tricks left from which the tree's playouts are solved exactly (before, played forward by
    :func:`.playout.quick_card`)."""
    exploration: float = 0.7
    """The tree's UCB1 constant, on rewards scaled to [0, 1]."""
    gray_zone_at_five: float | None = None
    """The :attr:`gray_zone` at a table of five (None: the same). Measured there, pricing the
    hands within 1.5 expected tricks of a threshold won more than within one: most of what it
    changes is sans prendre played on hands with which the pamphlet's count calls a king or
    passes (docs/bots.md, "A wider gray zone by five")."""

    bid_worlds_at_three: int | None = None
    """The :attr:`bid_worlds` at a table of three where the Ombre plays alone (None: the
    same), each solve held to :attr:`bid_budget_at_three` nodes. Over 16 worlds instead of 8 a
    priced bid's standard error is smaller, so the guard (:attr:`price_confidence`) leaves the
    pamphlet's bid where the worlds truly favour another, and less often on a few lucky
    worlds: +0.52 lesser counters a deal [+0.10, +0.95] in 1660, +0.15 [-0.07, +0.38]
    counters in ``classic``, on 2,000 fresh deals each (docs/bots.md, "Sixteen worlds a
    priced bid at three"). Not at Quadrille by three, where the Ombre demands a king: there it
    gained nothing (-0.012 counters a deal [-0.035, +0.012], seed 2026) and its priced bids
    took half as long again."""
    bid_budget_at_three: int | None = None
    """The :attr:`bid_budget` at a table of three where :attr:`bid_worlds_at_three` is set
    (None: the same): at half the nodes a solve, twice the worlds take about 1.5 times the
    time of 8 (``bench/priced_bids.py``), within the table's budget (docs/bots.md)."""

    def __post_init__(self) -> None:
        """Refuse settings no search can run on (a person writing ``expert:play_worlds=0``
        meets a ``ValueError`` naming the field, not a division by zero a decision later)."""
        for name, low in _AT_LEAST.items():
            value = getattr(self, name)
            if value is not None and value < low:
                raise ValueError(f"{name} must be at least {low}, not {value}")
        if not 0.0 <= self.vole_confidence <= 1.0:
            raise ValueError(f"vole_confidence is a share, from 0 to 1, not {self.vole_confidence}")

    def for_rules(self, rules: Rules) -> SearchConfig:
        """:meth:`at_table` for the table of ``rules``: its seats and whether the Ombre plays
        alone there."""
        return self.at_table(rules.seats, rules.partnership)

    def at_table(self, seats: int, partnership: str = "alone") -> SearchConfig:
        """The budgets for a table of ``seats``: they are set for three, and a trick-boundary
        node of the solver holds a card of each seat, so at four or five seats one costs more
        (measured at five, in Chromium: about 1.5 times the time of one at three). Scaled by
        3/seats there, a decision takes about the same time at any table. At two, the worlds
        of :attr:`worlds_at_two`; at three, the Ombre alone (``partnership``, as
        :attr:`.Rules.partnership`), a bid's of :attr:`bid_worlds_at_three`; at five, the gray
        zone of :attr:`gray_zone_at_five`."""
        if seats == 2 and self.worlds_at_two is not None:
            return replace(self, play_worlds=self.worlds_at_two)
        if seats == 3 and partnership == "alone" and self.bid_worlds_at_three is not None:
            budget = self.bid_budget_at_three
            return replace(
                self,
                bid_worlds=self.bid_worlds_at_three,
                bid_budget=self.bid_budget if budget is None else budget,
            )
        if seats <= 3:
            return self
        return replace(
            self,
            gray_zone=(
                self.gray_zone_at_five
                if seats == 5 and self.gray_zone_at_five is not None
                else self.gray_zone
            ),
            budget=self.budget * 3 // seats,
            decision_nodes=self.decision_nodes * 3 // seats,
            margin_nodes=self.margin_nodes * 3 // seats,
            # a bid's solves start from the first trick of a longer deal: half as many nodes
            # again changed none of 850 priced bids at five and Quadrille and cut their p95 by
            # two fifths (bench/priced_bids.py, 200 deals each, December 2026)
            bid_budget=None if self.bid_budget is None else self.bid_budget * 3 // (2 * seats),
        )


STANDARD = SearchConfig(
    play_worlds=10, exact_from=4, budget=3_000, bid_worlds=6, decision_nodes=8_000
)
EXPERT_PAMPHLET = SearchConfig(
    play_worlds=24,
    exact_from=9,
    budget=6_000,
    bid_worlds=8,
    decision_nodes=14_000,
    defenders_draw=False,
    margin_ties=True,
    margin_nodes=3_500,
)
"""Every world solved exactly from the first trick (a world too big for its share plays each
card to the end of the trick and solves the rest), defenders leading low in what is played
forward, ties told apart a trick short. On the same positions as :data:`EXPERT_PLAYOUT`, its
cards cost about a quarter less on the true deals (``bench/card_choices.py``; docs/bots.md).
It bids, exchanges and names the trump by the pamphlet's rules: the expert's card play until
2 December 2026, kept as the diagnostic ``expert-pamphlet``."""
EXPERT_GUARDED = replace(
    EXPERT_PAMPHLET,
    priced_auction=True,
    price_confidence=2.0,
    price_vole=False,
    bid_budget=3_000,
)
"""The card play of :data:`EXPERT_PAMPHLET`; near a bidding threshold (within
:data:`GRAY_ZONE`) each contract is priced over 8 worlds (does the Ombre win? one boolean test
of the solver, at most 3,000 nodes, in each world), and the pamphlet's bid left only when the
worlds are two standard errors sure of another (:func:`.pricing.guarded_choice`). It is cut to
the table's time: its worlds stop being solved once the choice is settled
(:func:`.pricing.settled_choice`), and a world's solve stops at 3,000 nodes. Over 2,000 deals
(1660, against the novice, deal by deal) it won 0.46 lesser counters a deal more than
:data:`EXPERT_PAMPHLET` [+0.19, +0.74], and 0.14 less than the same pricing unhurried
(``expert-priced-auction``) [-0.29, +0.02]. The expert from 2 to 3 December 2026, kept as the
diagnostic ``expert-guarded`` (docs/bots.md)."""
EXPERT = replace(
    EXPERT_GUARDED,
    gray_zone=1.0,
    price_confidence=1.0,
    worlds_at_two=40,
    gray_zone_at_five=1.5,
    bid_worlds_at_three=16,
    bid_budget_at_three=1_500,
)
""":data:`EXPERT_GUARDED` pricing more hands (within one expected trick of a threshold) and
leaving the pamphlet's bid when the worlds are one standard error sure of another. Over the
2,000 deals of seed 2026 (1660, against the novice, deal by deal) it wins 0.94 lesser counters
a deal more than :data:`EXPERT_GUARDED` [+0.54, +1.34] (``bench/screened_duel.py``; docs/bots.md).
Most of its departures from the pamphlet are to play sans prendre (20 of 33 over the auctions
of 150 rule-player deals, ``bench/priced_bids.py``). At two it samples 40 worlds a card
(since 5 December 2026): +0.155 counters a deal [+0.032, +0.278] over the 24 of the other
tables, deal by deal over the 2,000 deals of seed 2026 against the novice (docs/bots.md). By
five it prices hands within 1.5 expected tricks of a threshold (since 5 December 2026): +0.066
counters a deal [+0.033, +0.099] over the one trick of the other tables, the same way; most of
what it changes there is sans prendre played where the pamphlet would call a king or pass. At
three, the Ombre alone, it prices a bid over 16 worlds, 1,500 nodes a solve (since 6 December
2026): +0.52 lesser counters a deal [+0.10, +0.95] in 1660 over the 8 worlds of 3,000 nodes,
on the 2,000 fresh deals of seed 4242 (+0.15 [-0.07, +0.38] counters in ``classic``)."""

EXPERT_ISMCTS = replace(EXPERT, tree_tricks=10)
"""The expert's auction and exchange; its cards (every trick, at any of our tables) by
Information Set MCTS (:mod:`.ismcts`) at the expert's :attr:`~SearchConfig.decision_nodes`,
each playout solved exactly from four tricks left, over 48 worlds drawn by the same sampler:
the diagnostic ``expert-ismcts``, to measure against Perfect Information Monte Carlo
(docs/bots.md; ``expert-ismcts:tree_tricks=2`` chooses by the tree in the first two tricks only)."""

EXPERT_PLAYOUT = SearchConfig(
    play_worlds=24, exact_from=5, budget=6_000, bid_worlds=8, decision_nodes=14_000
)
"""The expert until December 2026: each card played forward to five tricks left, then solved
(its duels in docs/bots.md); kept as the diagnostic ``expert-playout``."""
