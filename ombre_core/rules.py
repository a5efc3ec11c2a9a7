"""The rule sets, as data: one frozen :class:`Rules` value per historical preset.

The engine reads fields; it never asks which preset it is playing. Each field cites its source
(sigla as in the compendium ``ombre-rules.md`` §0: RG = *The Royal Game of the Ombre*, 1660/1665;
ENC = the encyclopaedia entry; MOR = Morley's note, after *The Court Gamester*; CG = *The Court
Gamester*; EB1911; HOY = Hoyle's Quadrille laws). The numbered decisions are those of the
compendium's §15, "Ambiguities an implementer must decide".

All amounts are in the preset's smallest counter: the 1660 "lesser" mark (12 to a "greater",
§15 #32, after ENC's "as a penny to a shilling"), the classic counter (10 to a fish, MOR, CG).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .cards import FULL_PACK, CardSet
from .errors import OmbreError


@dataclass(frozen=True, slots=True)
class CardNames:
    """How a preset spells the named cards (compendium §1, "Names of the special cards")."""

    spadille: str = "Spadille"
    manille: str = "Manille"
    basto: str = "Basto"
    punto: str = "Punto"
    matadors: str = "Matadors"


@dataclass(frozen=True, slots=True)
class Rules:
    """One historical rule set. Build variants with :func:`dataclasses.replace`."""

    id: str
    title: str
    description: str
    names: CardNames = field(default_factory=CardNames)

    # -- the table's shape (RG: "There can onely three play at it"; nine each, thirteen to the
    #    stock; MOR, CG, EB1911: dealt by threes to the right, §15 #2). Data, checked when the
    #    value is made, so that Ombre by five and Quadrille reuse the engine.
    seats: int = 3
    hand_size: int = 9
    """Cards dealt to each player."""
    packets: tuple[int, ...] = (3, 3, 3)
    """The deal's rounds: each round gives every player, eldest first, a packet of this many
    (Quadrille is dealt "by fours and threes", HOY)."""
    pack: CardSet = FULL_PACK
    """The cards in play: the 40-card pack (30 for Quadrille by three, a red suit laid aside)."""

    # -- sides and outcomes (§8; variants.md §1)
    gano: str | None = "Gano"
    """The one word a defender may say in the play, and the preset's spelling of it (RG: "You are
    to say nothing but onely, I pass, or play, or Gagno, that is, 'tis mine"; MOR and CG:
    *Gano*): said with his card, it asks the partner not to take the trick. ``None``: no speech
    at all (CG's Quadrille: "He, who says a Word to make him desist, must be beasted")."""

    partnership: Literal["alone", "called-king"] = "alone"
    """Who plays with the Ombre. ``alone``: nobody, at three (RG). ``called-king``: an Ombre who
    asked leave names the trump, then calls any king but the king of trumps, and its holder is
    his secret partner (ENC: "calls a king to his assistance"; CG: "any King, except that of
    Trumps"); a sans-prendre Ombre plays alone. Needs a table with no stock (the call comes
    where the exchange would; Quadrille by three's demanded king is another rule)."""
    win_tricks: int | None = None
    """Tricks the Ombre's side must make, in all, to win (CG, Ombre by five: five). ``None``: the
    Ombre must make more tricks than each other player (RG, three-handed)."""
    remise_tricks: int | None = None
    """With :attr:`win_tricks`: the side's count from which a failure is a remise (repuesto) and
    below which it is codille (CG, by five: four is remise, three or fewer codille)."""
    all_pass: Literal["redeal", "youngest-plays"] = "redeal"
    """When every other player has passed: the last to speak may pass too and the next dealer
    deals (MOR, CG at three, §15 #5), or the youngest hand must play (CG, by five: "the four
    eldest Hands having passed, the fifth ... is obliged to play, calling however a King")."""

    # -- auction (§5.2)
    asker_may_keep: bool = False
    """After a later player offers sans prendre over an asker, may the asker keep the game by
    playing sans prendre himself? RG Addition 1: no, "you oblige yourself to take in" (§15 #6);
    EB1911 and HOY law 22: yes."""

    # -- exchange (§6.2)
    min_ombre_discard: int = 1
    """RG: "taking in as many or as few Cards as he pleases"; at least one, since he asked to take
    in (§15 #8)."""
    first_defender_leaves: int = 0
    """Cards the first defender must leave in the stock for the second. None, by every source
    (§15 #12); CG only advises leaving five."""

    # -- play (§3.2)
    matador_forced_by: Literal["led", "played"] = "led"
    """Which card forces a lower matador: the card led (RG "plays", HOY "led by the first player",
    §15 #17), or any higher matador played to the trick (EB1911 "played")."""

    # -- what may be seen
    stock_seen_after_first_lead: bool = False
    """RG: whether any may look on the rest of the stock, "which, the Table lead once, usually is
    done" (§15 #13). CG: it stays face down."""
    tricks_seen: Literal["any-time", "own-turn"] = "any-time"
    """When a player may look over the tricks already quitted (turned down), §15 #15. RG lets
    the others look at the tricks, "which ordinarily is resolved on the Affirmative": at any
    time. CG (the Quadrille chapter, p. 63): only when it is his turn to play."""

    # -- the vole (§15 #24)
    vole_declare_before_trick: int = 5
    """The vole may be declared by the Ombre, on his turn, before this trick (1-based) is led."""
    vole_declare_after_winning: int = 0
    """... and only once he has won this many tricks (classic: the first five, HOY)."""

    # -- stakes and payments, in the smallest counter (§9)
    unit: str = "counter"
    units: str = "counters"
    big_unit: str = "fish"
    big_unit_value: int = 10
    game_stake: int = 10
    """Each player's stake, put up at the start and whenever a win has emptied the pool
    (§15 #33), or at every deal with :attr:`stake_each_deal`."""
    stake_each_deal: bool = False
    """Every player stakes at every deal, whatever lies in the pool (CG, by five: "every one
    lays down a Counter before him, and has 8 Cards dealt him")."""
    eldest_ante: int = 0
    """RG: a lesser counter "for the hand, if you be eldest", each deal (reading R1, §15 #3)."""
    pass_fee: int = 1
    """Paid to the pool for each pass (RG "for passing"; MOR: every pass, §15 #4)."""
    take_in_fee: int = 0
    """Paid to the pool for each card taken in, by whoever takes it (RG, ENC)."""
    sans_prendre_bonus: int = 3
    """From each opponent to a winning sans-prendre Ombre; he pays it to each if he fails."""
    sans_prendre_draws: int | None = None
    """What a winning sans-prendre Ombre draws from the pool, the rest staying for the next deal
    (CG, by five: "of the five Counters that are down ... draws only two"); unless he makes a
    declared vole, which sweeps it. ``None``: he takes the pool, as any winner."""
    remise_beast: tuple[int, int] | None = None
    """What a beasted side puts into the pool at a remise: (the Ombre, his partner) (CG, by
    five: "the first puts down two Counters, and the other one"); an Ombre without a partner
    puts down both. ``None``: the Ombre doubles the pool (RG, CG by three, §15 #26)."""
    codille_take: int | None = None
    """At codille, each opponent of the side takes this many counters from the pool and the rest
    stays for the next deal (CG, by five: "the other three Players have a Right to take up each
    of them one Counter"). ``None``: the one player who won codille takes the pool and the Ombre
    makes it good (RG, CG by three, §15 #27)."""
    matador_value: int = 1
    """Paid by each opponent for every card of the matador run (§9.3)."""
    matadors_counted: int | None = None
    """The most cards of the run that are paid for (CG, by five: the three matadors, "should all
    his eight Cards have been Sequents of Matadores, he must expect no more"); ``None``: all."""
    matadors_sans_prendre_only: bool = False
    """Matadors are paid only in a sans-prendre game (CG, by five, names them only there)."""
    matadors_paid_by_losing_ombre: bool = True
    """RG Addition 4: the Ombre receives the matadors even when he loses (False). HOY (Quadrille):
    a losing Ombre pays them (True)."""
    vole_bonus: int = 0
    """From each opponent for a declared vole made (RG: "one Mark or Counter the piece")."""
    vole_doubles_pool: bool = False
    """CG p. 32: a vole "gains double what lies upon the Table": each opponent also pays half the
    pool (rounded up)."""

    # -- the encyclopaedia's own readings (ENC, seed 004): defaults keep the other presets' play
    overcall: bool = True
    """May a later player take the game from one who has undertaken it, by offering sans prendre?
    RG: yes, the intending Ombre "is to ask if any one will play without taking in, (when they
    have the choice of those who will not)". ENC leaves that out: the first hand "has his choice
    of playing the game, of naming the trump, and of taking in ... and after him the second, &c."
    ``False``: the first player who undertakes the game, taking in or sans prendre, is the Ombre
    and the auction ends there; those after him do not speak."""
    pass_fee_eldest_only: bool = False
    """Only the eldest pays :attr:`pass_fee`, when he passes. ENC runs RG's list together: "one of
    the lesser for passing for the hand, when eldest, and for every card taken in" (reading R2 of
    §15 #3; RG's own wording, "for passing, for the hand, if you be eldest", is reading R1, an
    ante by the eldest and a counter for every pass)."""
    matador_base: int | None = None
    """What each opponent pays for the three matadors together, the foundation of the run; each
    further card of the run is paid :attr:`matador_value`. ENC: "the others pay three of the
    greater counters a-piece; and with these three for a foundation, he may count as many
    matadores as he has cards in an uninterrupted series of trumps; for all which the others are
    to pay one counter a-piece" (reading B of §15 #21). ``None``: every card of the run, the three
    included, is paid :attr:`matador_value` (reading A)."""

    trump_named_late: bool = False
    """The Ombre who takes in may look at his new cards before naming the trump, and then "any
    other may prevent him, by naming what trump he pleases" (ENC; RG Addition 2: "If you name not
    the Trump before you look on the Cards which you have taken in, any other may prevent you,
    and name what Trump they please"). The defenders, from the Ombre's right, may each name a suit
    or let it pass; if neither names one, the Ombre does (CG: if the others "forget to speak
    before him, he may name it then, without incurring any penalty"). ``False``: the game asks the
    Ombre for the trump before it gives him the cards, so he cannot forget."""

    # -- where the preset's rules come from (read by the rules panel, ``sources.py``)
    sigla: tuple[str, ...] = ()
    """The sources the preset follows, the first preferred (sigla of the compendium's §0): the
    rules panel quotes them first, and says so where they are silent and another's rule is kept.
    Not a rule of play: the engine never reads it."""


    def __post_init__(self) -> None:
        self._check_shape()
        self._check_sides()

    def _check_shape(self) -> None:
        if self.seats < 2:
            raise OmbreError(f"rules {self.id!r}: a table needs two seats, not {self.seats}")
        if sum(self.packets) != self.hand_size or min(self.packets, default=0) < 1:
            raise OmbreError(
                f"rules {self.id!r}: packets {self.packets} do not deal {self.hand_size} cards each"
            )
        if self.pack & ~FULL_PACK or self.stock_size < 0:
            raise OmbreError(
                f"rules {self.id!r}: {self.seats} hands of {self.hand_size} need "
                f"{self.seats * self.hand_size} cards; the pack has {self.pack.bit_count()}"
            )

    def _check_sides(self) -> None:
        where = f"rules {self.id!r}"
        if self.tricks_seen not in ("any-time", "own-turn"):
            raise OmbreError(f"{where}: tricks_seen must be 'any-time' or 'own-turn'")
        if self.partnership not in ("alone", "called-king"):
            raise OmbreError(f"{where}: partnership must be 'alone' or 'called-king'")
        if self.all_pass not in ("redeal", "youngest-plays"):
            raise OmbreError(f"{where}: all_pass must be 'redeal' or 'youngest-plays'")
        if (self.win_tricks is None) != (self.remise_tricks is None):
            raise OmbreError(f"{where}: give both win_tricks and remise_tricks, or neither")
        if self.win_tricks is not None and self.remise_tricks is not None:
            if not 0 < self.remise_tricks < self.win_tricks <= self.tricks:
                raise OmbreError(
                    f"{where}: need 0 < remise_tricks ({self.remise_tricks}) < win_tricks "
                    f"({self.win_tricks}) <= the {self.tricks} tricks of a deal"
                )
            if self.codille_take is None:
                raise OmbreError(
                    f"{where}: a side judged on its total has no single codille winner: "
                    "say what each opponent takes (codille_take)"
                )
        if self.partnership == "called-king":
            if self.stock_size:
                raise OmbreError(
                    f"{where}: a called king needs a table without a stock (the call comes "
                    f"where the exchange would); this one leaves {self.stock_size}"
                )
            if self.win_tricks is None:
                raise OmbreError(f"{where}: a side with a partner is judged on its total tricks")
        if self.codille_take is not None and (
            not self.stake_each_deal
            or self.codille_take * (self.seats - 1) > self.game_stake * self.seats
        ):
            raise OmbreError(
                f"{where}: codille_take needs the stakes of every deal to cover each "
                "opponent's share (stake_each_deal, game_stake)"
            )

    @property
    def stock_size(self) -> int:
        """The cards left after the deal: the stock (RG: thirteen at three)."""
        return self.pack.bit_count() - self.seats * self.hand_size

    @property
    def tricks(self) -> int:
        """Tricks in a deal: one per card in a hand."""
        return self.hand_size

    def matador_payment(self, run: int) -> int:
        """What each opponent pays for a matador run of ``run`` cards (0: none).

        >>> RULES_ENCYCLOPAEDIA.matador_payment(4), RULES_1660.matador_payment(4)
        (37, 48)
        """
        if run <= 0:
            return 0
        if self.matador_base is None:
            return run * self.matador_value
        return self.matador_base + (run - 3) * self.matador_value

    def pass_fee_of(self, seat: int, eldest: int) -> int:
        """What a pass by ``seat`` costs, the eldest hand being ``eldest``."""
        if self.pass_fee_eldest_only and seat != eldest:
            return 0
        return self.pass_fee


RULES_1660 = Rules(
    id="1660",
    sigla=("RG",),
    title="The Royal Game of the Ombre (1660)",
    description=(
        "The rules of the 1660 London pamphlet: greater and lesser counters, a counter for every "
        "pass and every card taken in, matadors paid win or lose, the vole declared before the "
        "fifth trick."
    ),
    names=CardNames("Spadillio", "Mallilio", "Basto", "Punto", "Matadors"),
    gano="Gagno",
    asker_may_keep=False,
    stock_seen_after_first_lead=True,
    tricks_seen="any-time",
    vole_declare_before_trick=5,
    vole_declare_after_winning=0,
    unit="lesser counter",
    units="lesser counters",
    big_unit="greater counter",
    big_unit_value=12,
    game_stake=12,
    eldest_ante=1,
    pass_fee=1,
    take_in_fee=1,
    sans_prendre_bonus=12,
    matador_value=12,
    matadors_paid_by_losing_ombre=False,
    vole_bonus=12,
    vole_doubles_pool=False,
)

RULES_CLASSIC = Rules(
    id="classic",
    sigla=("MOR", "CG", "EB1911", "HOY"),
    title="Ombre as in The Court Gamester (18th century)",
    description=(
        "The fuller 18th-century game of The Court Gamester, as Morley and the Britannica report "
        "it: a fish staked each, a counter for a pass, three counters for sans prendre, matadors "
        "paid to a winning Ombre and by a losing one, the vole sweeping the board."
    ),
    names=CardNames("Spadille", "Manille", "Basto", "Punto", "Matadores"),
    asker_may_keep=True,
    stock_seen_after_first_lead=False,
    tricks_seen="own-turn",
    vole_declare_before_trick=6,
    vole_declare_after_winning=5,
    unit="counter",
    units="counters",
    big_unit="fish",
    big_unit_value=10,
    game_stake=10,
    eldest_ante=0,
    pass_fee=1,
    take_in_fee=0,
    sans_prendre_bonus=3,
    matador_value=1,
    matadors_paid_by_losing_ombre=True,
    vole_bonus=0,
    vole_doubles_pool=True,
)

RULES_FIVE = Rules(
    id="five",
    sigla=("CG", "ENC"),
    title="Ombre by five, or Quintille (The Court Gamester)",
    description=(
        "Five players, eight cards each and no stock. The Ombre names the trump and calls a "
        "king, whose holder is his secret partner; together they must make five tricks. Or he "
        "plays sans prendre, alone against four. A counter staked by each at every deal."
    ),
    names=CardNames("Spadille", "Manille", "Basto", "Punto", "Matadores"),
    seats=5,
    hand_size=8,
    packets=(4, 4),
    partnership="called-king",
    win_tricks=5,
    remise_tricks=4,
    all_pass="youngest-plays",
    asker_may_keep=True,
    stock_seen_after_first_lead=False,
    tricks_seen="own-turn",
    vole_declare_before_trick=6,
    vole_declare_after_winning=5,
    unit="counter",
    units="counters",
    big_unit="fish",
    big_unit_value=10,
    game_stake=1,
    stake_each_deal=True,
    eldest_ante=0,
    pass_fee=0,
    take_in_fee=0,
    sans_prendre_bonus=2,
    sans_prendre_draws=2,
    remise_beast=(2, 1),
    codille_take=1,
    matador_value=2,
    matadors_counted=3,
    matadors_sans_prendre_only=True,
    matadors_paid_by_losing_ombre=True,
    vole_bonus=2,
    vole_doubles_pool=False,
)
"""Ombre by five (ENC; CG pp. 50-51, "the present New Method"); see ``docs/rules.md``."""

PRESETS: dict[str, Rules] = {r.id: r for r in (RULES_1660, RULES_CLASSIC, RULES_FIVE)}


def get_rules(rules_id: str) -> Rules:
    """The preset named ``rules_id`` (``"1660"``, ``"classic"`` or ``"five"``)."""
    try:
        return PRESETS[rules_id]
    except (KeyError, TypeError):
        raise OmbreError(
            f"unknown rules {rules_id!r}: expected one of {', '.join(sorted(PRESETS))}"
        ) from None


RULES_ENCYCLOPAEDIA = Rules(
    id="encyclopaedia",
    sigla=("ENC", "RG"),
    title="Ombre as the encyclopaedia gives it (18th century)",
    description=(
        "The encyclopaedia entry's reading of the pamphlet: the first who chooses to play is the "
        "Ombre, with no offer of sans prendre over him; a lesser counter when the eldest passes "
        "and for every card taken in; a trump not named before the draw may be named by another; "
        "three greater counters each for the three matadors and a lesser one for every trump "
        "after them."
    ),
    names=CardNames("Pipillo", "Manille", "Basto", "Punto", "Matadores"),
    gano="Gagno",
    overcall=False,
    asker_may_keep=False,
    stock_seen_after_first_lead=True,
    tricks_seen="any-time",
    vole_declare_before_trick=5,
    vole_declare_after_winning=0,
    unit="lesser counter",
    units="lesser counters",
    big_unit="greater counter",
    big_unit_value=12,
    game_stake=12,
    eldest_ante=0,
    pass_fee=1,
    pass_fee_eldest_only=True,
    trump_named_late=True,
    take_in_fee=1,
    sans_prendre_bonus=12,
    matador_base=36,
    matador_value=1,
    matadors_paid_by_losing_ombre=False,
    vole_bonus=12,
    vole_doubles_pool=False,
)
"""The encyclopaedia entry "OMBRE" (ENC, seed 004), a condensation of RG with readings of its own
(``overcall``, ``pass_fee_eldest_only``, ``matador_base``, the names), and lets another name a trump
the Ombre did not name before looking (``trump_named_late``). Where ENC is silent (the
sans-prendre and vole payments, the Gagno, what may be looked at) it keeps RG's rule, the text it
condenses. See ``docs/rules.md``."""

PRESETS[RULES_ENCYCLOPAEDIA.id] = RULES_ENCYCLOPAEDIA
