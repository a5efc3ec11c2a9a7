"""``python -m ombre_core play``: the terminal game tells every action, once, in order."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest

import ombre_core.__main__ as cli
from ombre_core import actions as A
from ombre_core.__main__ import build_parser, cmd_play
from ombre_core.narrate import Narrator
from ombre_core.record import replay, to_record
from ombre_core.rules import get_rules
from ombre_core.session import Session
from ombre_core.views import view_of


def played_as_answered(session: Session, before: Callable[[], object] = lambda: None) -> Session:
    """``session``'s deal played to its end as the tests answer the terminal: the person takes
    the first choice offered, and in the exchange nothing; ``before`` is called at each of
    the person's turns."""
    while not session.deal.is_over:
        if session.deal.to_move == 0:
            before()
            legal = session.deal.legal_actions()
            session.apply(A.discard_action(0) if A.is_discard(legal[0]) else legal[0], 0)
        else:
            session.bot_move()
    return session


@pytest.mark.parametrize("rules", ["1660", "classic", "five"])
def test_the_terminal_tells_the_whole_log_of_the_deal(rules: str) -> None:
    """Every line of the deal's log is printed once, in order (a line after each "The pool
    holds" was lost: the others' passes and bids never showed)."""
    args = build_parser().parse_args(["play", "--rules", rules, "--seed", "4"])
    out = io.StringIO()

    def read(prompt: str) -> str:  # the first choice; in the exchange, take in nothing
        if prompt.startswith("Next"):
            return "n"
        return "discard" if out.getvalue().splitlines()[-1].startswith("Discard ") else "0"

    assert cmd_play(args, out, read) == 0
    printed = out.getvalue().splitlines()
    # The same deal again, to read its log as the person's seat saw it.
    session = played_as_answered(Session(get_rules(rules), 4, human=0, bot="novice"))
    deal = session.deal
    log = Narrator(session.names, 0).log(view_of(deal, 0), session.number)
    told = [line for line in printed if line in set(log)]
    expected = [line for line in log if not line.startswith("The pool holds")]
    assert [line for line in told if not line.startswith("The pool holds")] == expected
    assert replay(to_record(deal)).is_over


def test_the_help_names_every_command_in_plain_words() -> None:
    """``python -m ombre_core --help`` printed the module's first docstring line, reST marks and
    all, naming every command but ``solve``; the module's doc lists every command too."""
    parser = build_parser()
    text = parser.format_help()
    [commands] = [a.choices for a in parser._actions if isinstance(a.choices, dict)]
    assert "``" not in text
    assert commands
    for command in commands:
        assert command in text
        assert f"* ``{command}" in (cli.__doc__ or ""), command


def test_the_terminal_ledger_counts_in_the_presets_counters() -> None:
    """1660's ledger line says "−1g 2l" and what that means, as the table does (it said "-14" of
    lesser counters beside a log in greater and lesser ones); Enter alone shows the choices
    again instead of refusing "an empty action"."""
    args = build_parser().parse_args(["play", "--rules", "1660", "--seed", "3"])
    out = io.StringIO()
    answers = iter(["", "pass"])

    def read(prompt: str) -> str:
        if prompt.startswith("Next"):
            return "n"
        return next(answers, "0")

    assert cmd_play(args, out, read) == 0
    printed = out.getvalue()
    assert "1 greater counter = 12 lesser counters" in printed.splitlines()[1]
    assert "empty action" not in printed
    assert printed.count("Legal: [0] pass  [1] play") >= 2  # shown again after Enter
    ledger = next(line for line in printed.splitlines() if line.startswith("Ledger: "))
    assert "you \u22121g 1l, the Baron" in ledger and "greater counters and" in ledger, ledger


def test_the_terminal_exchange_says_how_it_is_typed() -> None:
    """A number in the exchange (which is not numbered) shows how to discard, and the Ombre of
    classic, who must take in at least one card, is not told "'discard' for none"."""
    args = build_parser().parse_args(["play", "--rules", "classic", "--seed", "11"])
    out = io.StringIO()
    answers = iter(["1", "5", "discard 4d"])

    def read(prompt: str) -> str:
        return "n" if prompt.startswith("Next") else next(answers, "q")

    assert cmd_play(args, out, read) == 0
    lines = out.getvalue().splitlines()
    asked = [line for line in lines if "Discard 1 to 9 cards" in line]
    assert len(asked) == 2 and all("for none" not in line for line in asked), asked
    assert "You discard 1 (Four of Diamonds)." in lines
    assert "not an action" not in out.getvalue()


def test_the_terminal_gives_the_tables_hint_and_leaves_the_deal_as_it_was() -> None:
    """'hint' at the prompt prints what the table's Hint shows (the same words, the same
    draw), at every decision of a deal, and the deal goes on as if it had not been asked."""
    from ombre_core import bridge

    argv = ["play", "--rules", "1660", "--seed", "7", "--level", "novice"]
    args = build_parser().parse_args(argv)
    out = io.StringIO()

    def read(prompt: str) -> str:  # a hint, then the first choice; in the exchange nothing
        if prompt.startswith("Next"):
            return "n"
        lines = out.getvalue().splitlines()
        if not lines[-1].startswith("Hint: "):
            return "hint"
        return "discard" if lines[-2].startswith("Discard ") else "0"

    assert cmd_play(args, out, read) == 0
    hints = [line for line in out.getvalue().splitlines() if line.startswith("Hint: ")]
    assert len(hints) >= 5
    # The table's words for the same decisions: the same deal played the same way.
    bridge.new_session('{"rules": "1660", "seed": 7, "level": "novice"}')
    session = bridge._session
    assert session is not None
    shown: list[str] = []
    played_as_answered(session, lambda: shown.append(json.loads(bridge.hint())["text"]))
    assert hints == shown


def test_the_terminal_reviews_the_deal_as_the_table_does() -> None:
    """'review' at the end of a deal prints the table's review: a line for each of the
    person's decisions, with the expert's choice and the verdict, then the summary; the next
    deal is still asked for."""
    argv = ["play", "--rules", "1660", "--seed", "4", "--level", "novice"]
    args = build_parser().parse_args(argv)
    out = io.StringIO()
    answers = iter(["review", "n"])

    def read(prompt: str) -> str:
        if prompt.startswith("Next deal?"):
            return next(answers)
        return "discard" if out.getvalue().splitlines()[-1].startswith("Discard ") else "0"

    assert cmd_play(args, out, read) == 0
    printed = out.getvalue().splitlines()
    start = printed.index("Review of the deal")
    rows = printed[start + 1 : -1]  # then the summary
    session = played_as_answered(Session(get_rules("1660"), 4, human=0, bot="novice"))
    shown = json.loads(bridge_review(session))
    assert len(rows) == len(shown["decisions"]) >= 3
    for line, row in zip(rows, shown["decisions"], strict=True):
        assert f"You: {row['you']}; The expert: {row['expert']}" in line
        assert row["label"] in line and row["text"] in line
    assert printed[-1] == shown["summary"]


def bridge_review(session: Session) -> str:
    """The table's review of ``session``'s finished deal, through the bridge."""
    from ombre_core import bridge

    bridge._session = session
    return bridge.review()
