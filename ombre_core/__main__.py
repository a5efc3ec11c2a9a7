"""The command line: ``python -m ombre_core {play,replay,legal,move,simulate,duel,solve}``.

* ``play``: a game in the terminal against computer players, with the legal moves listed
  (``--rules five`` for Ombre by five).
* ``replay FILE``: replay an ``ombre-record/1`` and print the result as JSON.
* ``legal FILE``: print the legal actions after the record's last action.
* ``move FILE --level L``: the action a computer player of that level takes next, from the view
  of the player on turn alone (how anyone puts our players in their own harness).
* ``simulate --games N --seed S``: computer players play N deals; totals and deals per second.
* ``duel A B --deals N``: a duplicate-deal match of two levels, with a 95% interval.
* ``solve FILE``: the double-dummy value and best cards of a record stopped in the trick play.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import actions as A
from . import hints, i18n, jsontext
from .bots import LEVELS, PLAYERS, make_player
from .bots.duel import DUELISTS, choose_action, duel, make_duelist
from .bots.review import review_steps
from .cards import format_card
from .errors import OmbreError, not_json
from .i18n import tr
from .narrate import Narrator, card_name
from .record import replay
from .rules import PRESETS, get_rules, preset_title
from .scoring import result_of, settle
from .session import Session
from .state import Deal
from .table import review_snapshot
from .tables import DISPLAY_ORDER
from .views import view_of


def result_json(deal: Deal) -> dict[str, Any]:
    """What ``replay`` prints: the state of the deal and, when it is over, its settlement."""
    s = result_of(deal)
    return {
        "rules": deal.rules.id,
        "phase": deal.phase_name,
        "ombre": deal.ombre,
        "called": None if deal.called is None else format_card(deal.called),
        "partner": deal.partner,
        "contract": None if deal.contract is None else A.format_action(deal.contract),
        "trump": None if deal.trump is None else "schd"[deal.trump],
        "tricks": list(deal.tricks_won),
        "outcome": None if s is None else s.outcome,
        "codille_winner": None if s is None else s.codille_winner,
        "vole": s is not None and s.vole,
        "vole_declared": deal.vole_declared,
        "matadors": None if s is None else s.matadors,
        "counters": None if s is None else list(s.payments),
        "pool": None if s is None else s.pool_out,
    }


def _load(path: str) -> Deal:
    """The record in ``path``; any file that cannot be read as one is an :class:`OmbreError`
    with a one-line message (the command line prints it and exits with 2), never a traceback."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise OmbreError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise OmbreError(
            f"cannot read {path}: it is not UTF-8 text "
            f"(byte 0x{exc.object[exc.start]:02x} at offset {exc.start})"
        ) from None
    try:
        record = jsontext.loads(text)
    except ValueError as exc:
        raise OmbreError(f"{path} is {not_json(exc)}") from None
    return replay(record)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    print(json.dumps(result_json(_load(args.file)), indent=2), file=out)
    return 0


def cmd_legal(args: argparse.Namespace, out: TextIO) -> int:
    deal = _load(args.file)
    legal = deal.legal_actions()
    if deal.phase_name == "exchange" and legal and A.is_discard(legal[0]):
        low, high = deal.discard_bounds(deal.to_move)  # type: ignore[arg-type]
        print(
            json.dumps(
                {
                    "to_move": deal.to_move,
                    "discard": {"min": low, "max": high},
                    "count": len(legal),
                    "actions": [A.format_action(a) for a in legal],
                }
            ),
            file=out,
        )
    else:
        print(
            json.dumps({"to_move": deal.to_move, "actions": [A.format_action(a) for a in legal]}),
            file=out,
        )
    return 0


def cmd_move(args: argparse.Namespace, out: TextIO) -> int:
    deal = _load(args.file)
    seat = deal.to_move
    if seat is None:
        raise OmbreError(f"{args.file}: the deal is over: nobody is to move")
    player = make_player(args.level)
    view = view_of(deal, seat)
    start = time.perf_counter()
    action = player.choose(view, random.Random(args.seed))
    ms = (time.perf_counter() - start) * 1000
    print(
        json.dumps(
            {
                "action": A.format_action(action),
                "seat": seat,
                "level": args.level,
                "seed": args.seed,
                "ms": round(ms, 3),
            }
        ),
        file=out,
    )
    return 0


def _count(text: str) -> int:
    """A count of games, worker processes or search nodes: a whole number, 1 or more."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is too few: at least 1")
    return n


def _duelist(name: str) -> str:
    """A duel's player, checked: a name of :data:`DUELISTS`, a changed search player, or a
    player of your own by its import path."""
    try:
        make_duelist(name)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return name


def cmd_duel(args: argparse.Namespace, out: TextIO) -> int:
    try:
        report = duel(
            args.a,
            args.b,
            args.rules,
            args.deals,
            args.seed,
            args.jobs,
            args.agreement,
            scores_file=args.scores,
            progress=None if args.quiet else lambda line: print(line, file=sys.stderr, flush=True),
        )
    except (ValueError, OSError) as exc:
        raise OmbreError(str(exc)) from None
    print(json.dumps(report), file=out)
    return 0


def seat_players(text: str) -> list[str]:
    """``--levels`` as one name a seat: split at the commas, except that a comma between two
    settings of one player (``expert:decision_nodes=4000,margin_nodes=1000``) stays in it (an
    item with ``=`` and no ``:`` goes on the name before it)."""
    names: list[str] = []
    for item in text.split(","):
        if names and "=" in item and ":" not in item:
            names[-1] += "," + item
        else:
            names.append(item)
    return names


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    rules = get_rules(args.rules)
    names = seat_players(args.levels) if args.levels else [args.players]
    if len(names) == 1:
        names *= rules.seats
    if len(names) != rules.seats:
        raise OmbreError(f"--levels names {len(names)} players for {rules.seats} seats")
    try:
        players = [make_duelist(name) for name in names]
    except ValueError as exc:
        raise OmbreError(f"--levels: {exc}") from None
    session = Session(rules, args.seed, human=None)
    outcomes: Counter[str] = Counter()
    volees = 0
    start = time.perf_counter()
    for _ in range(args.games):
        rng = random.Random(args.seed * 7919 + session.number)
        deal = session.deal
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            try:
                session.apply(choose_action(deal, players[seat], rng))
            except OmbreError as exc:
                where = f"{names[seat]} at seat {seat}, deal {session.number}"
                raise OmbreError(f"{where}: {exc}") from None
        assert deal.is_over
        settled = settle(deal)
        outcomes[settled.outcome] += 1
        volees += settled.vole
        session.next_deal()
    elapsed = time.perf_counter() - start
    report = {
        "rules": rules.id,
        "players": names,
        "games": args.games,
        "seed": args.seed,
        "outcomes": dict(sorted(outcomes.items())),
        "voles": volees,
        "balances": session.ledger.balances,
        "pool": session.ledger.pool,
        "unit": rules.units,
        "seconds": round(elapsed, 3),
        "games_per_second": round(args.games / elapsed, 1) if elapsed else None,
    }
    print(json.dumps(report, indent=2), file=out)
    return 0


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve a record stopped in the trick play with every hand known (docs/solver.md)."""
    from .bots.solver import BudgetExceeded, solve
    from .cards import format_card
    from .record import loads

    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise OmbreError(f"cannot read {args.file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OmbreError(f"{args.file} is not UTF-8 text") from None
    try:
        deal = loads(text)
    except RecursionError:
        raise OmbreError(f"{args.file} is nested too deeply to be a record") from None
    if deal.is_over:
        raise OmbreError(f"{args.file}: the deal is over, nothing is left to solve")
    if deal.phase_name != "play":
        raise OmbreError(
            f"{args.file}: the record stops in the {deal.phase_name}, not in the trick play"
        )
    try:
        solution = solve(deal, budget=args.budget)
    except BudgetExceeded as exc:
        raise OmbreError(str(exc)) from None
    report = {
        "to_move": deal.to_move,
        "ombre": deal.ombre,
        "tricks": list(deal.tricks_won),
        "value": solution.value,
        "best": [format_card(c) for c in solution.best],
        "values": {format_card(c): v for c, v in solution.values.items()},
        "nodes": solution.nodes,
    }
    print(json.dumps(report), file=out)
    return 0


# ---- play in the terminal ----------------------------------------------------------------------


def _show_hand(deal: Deal, seat: int) -> str:
    order = DISPLAY_ORDER[deal.trump]
    hand = deal.hands[seat]
    return "  ".join(
        f"{A.format_action(c)} ({card_name(c, deal.trump, deal.rules)})"
        for c in order
        if hand >> c & 1
    )


def _choices(deal: Deal, seat: int, legal: list[int]) -> str:
    """What the person may do, numbered (or, in the exchange, how many cards to discard)."""
    if legal and A.is_discard(legal[0]):
        low, high = deal.discard_bounds(seat)
        # "'discard' for none" only where none may be discarded (classic's Ombre must take one)
        key = "engine.cli.discard" if low == 0 else "engine.cli.discard-some"
        return tr(key, low=low, high=high)
    words = [A.format_action(a) for a in legal]
    return tr("engine.cli.legal", choices="  ".join(f"[{i}] {w}" for i, w in enumerate(words)))


def _ask(deal: Deal, seat: int, read: Callable[[str], str], out: TextIO) -> int | None:
    legal = deal.legal_actions()
    print("\n" + tr("engine.cli.hand", cards=_show_hand(deal, seat)), file=out)
    if deal.trick:
        played = ", ".join(card_name(c, deal.trump, deal.rules) for c in deal.trick)
        print(tr("engine.cli.table", cards=played), file=out)
    print(_choices(deal, seat, legal), file=out)
    while True:
        try:
            text = read("> ").strip()
        except EOFError:
            return None
        if text in ("quit", "q"):
            return None
        if text in ("", "?", "help"):  # Enter alone, or asking: the choices again
            print(_choices(deal, seat, legal), file=out)
            continue
        if text in ("hint", "h"):
            print(hints.advice_for(deal, seat)["text"], file=out)  # the table's Hint
            continue
        if text.isdigit():
            if A.is_discard(legal[0]):  # the exchange is not numbered: say how it is typed
                print(_choices(deal, seat, legal), file=out)
            elif int(text) < len(legal):
                return legal[int(text)]
            else:
                print(tr("engine.cli.no-such-choice"), file=out)
            continue
        try:
            action = A.parse_action(text)
        except OmbreError as exc:
            print(exc, file=out)
            continue
        reason = deal.why_illegal(action)
        if reason is None:
            return action
        print(tr("engine.cli.not-allowed", reason=reason), file=out)


def _review_lines(deal: Deal, seat: int) -> list[str]:
    """The table's review of the finished deal, a line a decision: when, the person's choice
    and the expert's, the best cards for the outcome where the person's cost the game, and the
    verdict and why (the page's words for the review's headings, ``ui.review.*``: one text for
    both)."""
    view = view_of(deal, seat)
    shown = review_snapshot(list(review_steps(deal, seat)), view)
    lines = ["", tr("ui.review.title")]
    for row in shown["decisions"]:
        if row["stage"] == "play" and row["trick"]:
            when = tr("ui.review.trick_n", n=row["trick"])
        else:
            when = tr(f"ui.review.{row['stage']}")
        parts = [
            tr("ui.colon", label=tr("ui.review.you"), text=row["you"]),
            tr("ui.colon", label=tr("ui.review.expert"), text=row["expert"]),
        ]
        if row["best"] and row["verdict"] == "game":  # a card that cost a trick may be one
            best = tr("engine.list.sep").join(row["best"])
            parts.append(tr("ui.colon", label=tr("ui.review.best_short"), text=best))
        verdict = f" {row['label']}. {row['text']}" if row["label"] else ""
        said_then = tr("engine.cli.review.sep").join(parts)
        lines.append(f"{tr('ui.colon', label=when, text=said_then)}.{verdict}")
    lines.append(shown["summary"] or tr("ui.review.no_decision"))
    return lines


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] = input) -> int:
    with i18n.using(getattr(args, "lang", i18n.DEFAULT)):
        return _play(args, out, read)


def _play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str]) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    session = Session(get_rules(args.rules), seed, human=0, bot=args.level)
    narrator = Narrator(session.names, 0)
    print(tr("engine.cli.intro", title=preset_title(session.rules), seed=seed), file=out)
    note = narrator.counters_note(session.rules)
    if note:  # what "−1g 2l" means, before the first ledger says it
        print(note, file=out)
    while True:
        shown = 0
        deal = session.deal
        while not deal.is_over:
            log = narrator.log(view_of(deal, 0), session.number)
            # Its last line says what the pool holds now: shown before each choice, not kept
            # (the next log has the next event in its place).
            told = log[:-1]
            for line in told[shown:]:
                print(line, file=out)
            shown = len(told)
            if deal.to_move == 0:
                print(log[-1], file=out)
                action = _ask(deal, 0, read, out)
                if action is None:
                    print(tr("engine.cli.goodbye"), file=out)
                    return 0
                session.apply(action, 0)
            else:
                session.bot_move()
        log = narrator.log(view_of(deal, 0), session.number)
        for line in log[shown:]:
            print(line, file=out)
        assert deal.is_over
        settled = settle(deal)
        print(f"\n{narrator.result_title(settled)}. {narrator.result_text(settled)}", file=out)
        # The ledger in the preset's counters, as the table shows it ("−1g 2l" in 1660).
        rules = session.rules
        owed = enumerate(session.ledger.balances)
        balances = tr("engine.list.sep").join(
            narrator.listed(s, narrator.short(b, rules)) for s, b in owed
        )
        pool = narrator.count(session.ledger.pool, rules)
        print(tr("engine.cli.ledger", balances=balances, pool=pool), file=out)
        while True:
            try:
                again = read(tr("engine.cli.next")).strip().lower()
            except EOFError:
                return 0
            if again not in ("review", "r"):
                break
            for line in _review_lines(deal, 0):
                print(line, file=out)
        if again in ("n", "no", "q", "quit", "non", "nej", "nein"):
            return 0
        session.next_deal()


RULES_HELP = "the table: a preset of docs/rules.md (default 1660)"
RECORD_HELP = "a game record, ombre-record/1 (docs/record.md)"
# The usage line names the levels only: the diagnostic variants are for measuring (docs/bots.md).
PLAYER_HELP = f"{', '.join(LEVELS)} or random, or a variant of docs/bots.md"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ombre_core",
        description="The Royal Game of Ombre: play, replay, simulate and analyse deals.",
        epilog="Each command's own options: python -m ombre_core COMMAND --help.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play against computer players in the terminal")
    play.add_argument("--rules", choices=sorted(PRESETS), default="1660", help=RULES_HELP)
    play.add_argument("--seed", type=int, help="the first deal's seed: the same game again")
    play.add_argument(
        "--level", choices=list(LEVELS), default="novice", help="the computer players' level"
    )
    play.add_argument(
        "--lang", choices=list(i18n.LANGUAGES), default=i18n.DEFAULT, help="the game's language"
    )
    rep = sub.add_parser("replay", help="replay a record and print the result as JSON")
    rep.add_argument("file", help=RECORD_HELP)
    leg = sub.add_parser("legal", help="print the legal actions after a record's last action")
    leg.add_argument("file", help=RECORD_HELP)
    sim = sub.add_parser("simulate", help="let computer players play many deals")
    sim.add_argument("--games", type=_count, default=1000, help="deals to play (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    sim.add_argument("--rules", choices=sorted(PRESETS), default="1660", help=RULES_HELP)
    sim.add_argument(
        "--players",
        choices=sorted(PLAYERS),
        default="rules",
        metavar="PLAYER",
        help=f"one player for every seat (default rules, the novice): {PLAYER_HELP};"
        " --levels for each seat",
    )
    sim.add_argument(
        "--levels",
        help="a player for each seat, e.g. expert,novice,novice (or one for all): any player a"
        " duel takes, also cheater, expert:SETTING=VALUE or your own package.module.Factory",
    )
    mov = sub.add_parser("move", help="the action a computer player takes next in a record")
    mov.add_argument("file", help=RECORD_HELP)
    mov.add_argument(
        "--level",
        choices=list(PLAYERS),
        default="novice",
        metavar="PLAYER",
        help=f"the player (default novice): {PLAYER_HELP}",
    )
    mov.add_argument(
        "--seed", type=int, default=0, help="the player's seed: the same action again (default 0)"
    )
    du = sub.add_parser("duel", help="a duplicate-deal match of two computer players")
    named = (
        f"{', '.join(DUELISTS)}, LEVEL:SETTING=VALUE,... (a search player changed), or"
        " package.module.Factory (a player of your own)"
    )
    du.add_argument("a", type=_duelist, help=named)
    du.add_argument("b", type=_duelist, help=named)
    du.add_argument(
        "--deals",
        type=int,
        default=200,
        help="deals, each played with the seats turned (default 200)",
    )
    du.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    du.add_argument("--rules", choices=sorted(PRESETS), default="1660", help=RULES_HELP)
    du.add_argument("--jobs", type=_count, default=1, help="processes to play in (default 1)")
    du.add_argument(
        "--agreement",
        action="store_true",
        help="also how often each one's cards were among the solver's best on the true deal",
    )
    du.add_argument(
        "--scores",
        metavar="FILE",
        help="keep each deal's score in FILE (JSON lines) and skip the deals it already holds",
    )
    du.add_argument("--quiet", action="store_true", help="no progress on stderr")
    sol = sub.add_parser(
        "solve", help="the double-dummy value and best cards of a record in the trick play"
    )
    sol.add_argument("file", help=RECORD_HELP + ", stopped in the trick play")
    sol.add_argument("--budget", type=_count, help="give up after this many search nodes")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = build_parser().parse_args(argv)
    commands = {
        "replay": cmd_replay,
        "legal": cmd_legal,
        "simulate": cmd_simulate,
        "play": cmd_play,
        "move": cmd_move,
        "duel": cmd_duel,
        "solve": cmd_solve,
    }
    try:
        return commands[args.command](args, out)
    except OmbreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
