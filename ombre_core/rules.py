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

from dataclasses import dataclass, field, replace
from typing import Literal

from .cards import DIAMONDS, FULL_PACK, CardSet, make_card, mask_of
from .errors import OmbreError
from .i18n import catalogue, tr
from .jsontext import brief
from .tables import SPADILLE


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

    partnership: Literal["alone", "called-king", "demanded-king"] = "alone"
    """Who plays with the Ombre. ``alone``: nobody, at three (RG). ``called-king``: an Ombre who
    asked leave names the trump, then calls any king but the king of trumps, and its holder is
    his secret partner (ENC: "calls a king to his assistance"; CG: "any King, except that of
    Trumps"); a sans-prendre Ombre plays alone. Needs a table with no stock (the call comes
    where the exchange would). ``demanded-king``: the Ombre who asked leave names the trump, then
    demands a king he lacks (not of trumps); its holder hands it over "and take[s] in exchange any
    Card the Ombre gives him", and the Ombre plays alone (CG p. 46, Quadrille by three: "the
    same applies to forced Spadille")."""
    win_tricks: int | None = None
    """Tricks the Ombre's side must make, in all, to win (CG, Ombre by five: five). ``None``: the
    Ombre must make more tricks than each other player (RG, three-handed)."""
    remise_tricks: int | None = None
    """With :attr:`win_tricks`: the side's count from which a failure is a remise (repuesto) and
    below which it is codille (CG, by five: four is remise, three or fewer codille)."""
    all_pass: Literal["redeal", "youngest-plays", "spadille-plays"] = "redeal"
    """When every other player has passed: the last to speak may pass too and the next dealer
    deals (MOR, CG at three, §15 #5), or the youngest hand must play (CG, by five: "the four
    eldest Hands having passed, the fifth ... is obliged to play, calling however a King"), or,
    when all have passed, the holder of Spadille must play, calling (*forced Spadille*: HOY law
    2, "If all the players pass, he who holds spadille is obliged to play"; HOY p. 77 §7: "obliged
    to play by calling a king"). Forced Spadille "is not obliged to make three tricks, nor is he
    allowed to play for the vole" (HOY law 16): no :attr:`caller_floor`, no vole."""
    queen_when_kings_held: bool = False
    """A caller who holds every king he could call may call a queen (not of trumps) instead (HOY
    law 12: "If you have four kings, you may call a queen to one of your kings, except the queen
    of trumps; or to call one of your own kings")."""
    partner_shares: bool = False
    """The partner pays and receives half of everything between the side and the others, the
    odd counter being the Ombre's (HOY p. 77 §6: "The bast, and every thing that is paid, arise
    equally from the two losers; one half by him who calls, and the other by him who is
    called"; CG p. 56: "if in the Payment there happens to be an odd Counter, the Ombre is to pay
    it; as in the Winnings they divide equally"). ``False`` (CG, by five): the partner shares
    the pool and :attr:`remise_beast` only."""
    caller_floor: int = 0
    """A losing caller who made fewer tricks than this himself is *beasted alone*: he pays all the
    side owes, his partner nothing (HOY p. 77 §6: "unless the ombre does not make three tricks,
    in which case, he who is called is ... exempt"; CG p. 63: "to see whether the Ombre can win
    his three Tricks to avoid being Beasted alone"). Not for forced Spadille (HOY law 16)."""
    game_value: int = 0
    """*The game*: paid by each other player to a winning side, and by a side that loses codille
    to each (HOY p. 77 §5-6: "paid the game, the consolation, and the matadores"; at codille
    they "pay their adversaries what they should have received if they had won")."""
    consolation: int = 0
    """*The consolation*: "always paid by those who lose, whether by codille or remise" (HOY,
    terms), to each other player, or by each to a winning side."""
    codille_divides_pool: bool = False
    """At codille the others divide the pool equally, the odd counters staying, and the side pays
    a beast of what lay in the pool (HOY p. 77 §6: they "are basted what is upon the game; and
    if they win codille, divide the stakes"; "Bast ... you pay as many counters as are down")."""
    vole_by_side: bool = False
    """The vole is declared by whoever of the side leads to the trick after the window's tricks,
    the side having won them all, once the called card has been played (HOY law 11: "if the
    person who won the sixth trick play the seventh card, he is obliged to play for the vole";
    law 19: "The ombre is entitled to know his king called, before he declares for the vole").
    ``False``: only the Ombre, having won every trick himself."""

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
        if self.partnership not in ("alone", "called-king", "demanded-king"):
            raise OmbreError(
                f"{where}: partnership must be 'alone', 'called-king' or 'demanded-king'"
            )
        if self.all_pass not in ("redeal", "youngest-plays", "spadille-plays"):
            raise OmbreError(
                f"{where}: all_pass must be 'redeal', 'youngest-plays' or 'spadille-plays'"
            )
        if self.all_pass == "spadille-plays" and not self.pack & 1 << SPADILLE:
            raise OmbreError(f"{where}: forced Spadille needs Spadille in the pack")
        for name in ("game_value", "consolation", "caller_floor"):
            if getattr(self, name) < 0:
                raise OmbreError(f"{where}: {name} cannot be negative")
        if self.caller_floor > self.tricks:
            raise OmbreError(f"{where}: caller_floor exceeds the {self.tricks} tricks of a deal")
        calling = self.partnership == "called-king"
        for name in ("partner_shares", "vole_by_side", "caller_floor"):
            if getattr(self, name) and not calling:
                raise OmbreError(f"{where}: {name} needs a called partner (partnership)")
        if self.queen_when_kings_held and self.partnership == "alone":
            raise OmbreError(f"{where}: queen_when_kings_held needs a call (partnership)")
        if self.caller_floor and not self.partner_shares:
            raise OmbreError(
                f"{where}: a caller beasted alone needs a partner who otherwise shares "
                "(partner_shares)"
            )
        if (self.win_tricks is None) != (self.remise_tricks is None):
            raise OmbreError(f"{where}: give both win_tricks and remise_tricks, or neither")
        if self.win_tricks is not None and self.remise_tricks is not None:
            if not 0 < self.remise_tricks < self.win_tricks <= self.tricks:
                raise OmbreError(
                    f"{where}: need 0 < remise_tricks ({self.remise_tricks}) < win_tricks "
                    f"({self.win_tricks}) <= the {self.tricks} tricks of a deal"
                )
            if (self.codille_take is None) == (not self.codille_divides_pool):
                raise OmbreError(
                    f"{where}: a side judged on its total has no single codille winner: "
                    "say what each opponent takes (codille_take) or that they divide the pool "
                    "(codille_divides_pool), not both"
                )
        elif self.codille_divides_pool:
            raise OmbreError(f"{where}: codille_divides_pool needs win_tricks and remise_tricks")
        if self.partnership != "alone":
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

    def vole_window_open(self, tricks_done: int, trick_begun: bool) -> bool:
        """Whether the play is still inside the vole's window (§15 #24): before the trick
        :attr:`vole_declare_before_trick` is led. Who may declare it, and after how many tricks
        won, the deal decides (:meth:`.state.Deal.legal_actions`)."""
        next_trick = tricks_done + 1
        before = self.vole_declare_before_trick
        return next_trick < before or (next_trick == before and not trick_begun)

    def vole_last_chance(self, tricks_done: int, trick_begun: bool) -> bool:
        """Whether this is the window's last moment: the lead to the trick
        :attr:`vole_declare_before_trick`. A side that has won every trick leads each of them,
        so where the vole may be declared at all, its lead to that trick is the last time."""
        return not trick_begun and tricks_done + 1 == self.vole_declare_before_trick

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

RULES_QUADRILLE = Rules(
    id="quadrille",
    sigla=("HOY", "CG"),
    title="Quadrille, or Ombre by four (Hoyle; The Court Gamester)",
    description=(
        "Four players, ten cards each dealt by threes and fours, no stock. The Ombre who asks "
        "leave names the trump and calls a king (a queen if he holds the four kings), whose "
        "holder is his secret partner; together they must make six of the ten tricks. Or he "
        "plays sans prendre, alone against three. If all pass, the holder of Spadille must "
        "play. A caller who makes fewer than three tricks himself is beasted alone. No speech."
    ),
    names=CardNames("Spadille", "Manille", "Basto", "Punto", "Matadores"),
    seats=4,
    hand_size=10,
    packets=(3, 3, 4),
    gano=None,
    partnership="called-king",
    win_tricks=6,
    remise_tricks=5,
    all_pass="spadille-plays",
    queen_when_kings_held=True,
    partner_shares=True,
    caller_floor=3,
    game_value=1,
    consolation=1,
    codille_divides_pool=True,
    vole_by_side=True,
    asker_may_keep=True,
    stock_seen_after_first_lead=False,
    tricks_seen="own-turn",
    vole_declare_before_trick=7,
    vole_declare_after_winning=6,
    unit="counter",
    units="counters",
    big_unit="fish",
    big_unit_value=10,
    game_stake=1,
    stake_each_deal=True,
    eldest_ante=0,
    pass_fee=0,
    take_in_fee=0,
    sans_prendre_bonus=1,
    matador_value=1,
    matadors_paid_by_losing_ombre=True,
    vole_bonus=2,
    vole_doubles_pool=False,
)
"""Quadrille (HOY laws and p. 77; CG pp. 46, 56, 63); see ``docs/rules.md``."""

RULES_QUADRILLE_3 = replace(
    RULES_QUADRILLE,
    id="quadrille-3",
    sigla=("CG", "HOY"),
    title="Quadrille by three (The Court Gamester)",
    description=(
        "Quadrille for three, \u201cwhen a Fourth ... is wanting\u201d: thirty cards, the "
        "diamonds laid aside, ten each. The Ombre who asks leave names the trump and demands a "
        "king he lacks: its holder hands it over and takes any card the Ombre gives him. Then "
        "the Ombre plays alone and must make six tricks. If all pass, the holder of Spadille "
        "must play, demanding."
    ),
    seats=3,
    pack=FULL_PACK & ~mask_of(make_card(rank, DIAMONDS) for rank in range(10)),
    partnership="demanded-king",
    partner_shares=False,
    caller_floor=0,
    vole_by_side=False,
)
"""Quadrille by three (CG p. 46, as ``variants.md`` §3.2 gives it); see ``docs/rules.md``."""

RULES_TWO = replace(
    RULES_CLASSIC,
    id="two",
    title="Ombre by two (a modern reconstruction)",
    description=(
        "A modern reconstruction: the period books name Ombre by two, but its rules were not "
        "found. Two players, ten cards each dealt by threes and fours, twenty to the stock. The "
        "three-handed game otherwise, as The Court Gamester plays it: the Ombre who takes in "
        "exchanges first, then his opponent. Six tricks of ten win, five is a remise, four or "
        "fewer codille. No Gano: there is no partner to warn."
    ),
    seats=2,
    hand_size=10,
    packets=(3, 3, 4),
    gano=None,
    vole_declare_before_trick=7,
    vole_declare_after_winning=6,
)
"""Ombre by two: a modern reconstruction, no period rules having been found (the
*Acad\u00e9mie universelle des jeux* has a chapter on it, whose text we could not read); see
``docs/rules.md``. Every rule is the ``classic`` three-handed game's but the table's shape, the
vole's window and *Gano*."""

PRESETS: dict[str, Rules] = {
    r.id: r
    for r in (RULES_1660, RULES_CLASSIC, RULES_FIVE, RULES_QUADRILLE, RULES_QUADRILLE_3, RULES_TWO)
}


def preset_title(rules: Rules) -> str:
    """The preset's title in the current language (``rules.preset.<id>.title``). A value whose
    title is not its preset's (a variant made with ``replace``) keeps its own: ``Rules`` and its
    records are the same in every language, only what is shown is translated."""
    return _shown(rules, "title", rules.title)


def preset_description(rules: Rules) -> str:
    """The preset's description in the current language (``rules.preset.<id>.description``)."""
    return _shown(rules, "description", rules.description)


def _shown(rules: Rules, what: str, english: str) -> str:
    key = f"rules.preset.{rules.id}.{what}"
    return tr(key) if catalogue("en").get(key) == english else english


def get_rules(rules_id: str) -> Rules:
    """The preset named ``rules_id`` (``"1660"``, ``"classic"``, ``"five"``, ``"two"``...)."""
    try:
        return PRESETS[rules_id]
    except (KeyError, TypeError):
        raise OmbreError(
            f"unknown rules {brief(rules_id)}: expected one of {', '.join(sorted(PRESETS))}"
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
