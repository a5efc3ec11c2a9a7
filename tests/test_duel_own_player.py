"""A player of your own in a duel (``duel package.module.Factory expert``) or a simulation
(``simulate --levels package.module.Factory,novice,novice``): imported by its dotted name, in
this process and in each of the duel's worker processes, and refused with an error that names it
when it cannot be imported, is not a player, or takes an illegal action."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ombre_core.__main__ import main, seat_players
from ombre_core.bots.duel import duel, make_duelist
from ombre_core.errors import OmbreError

ROOT = Path(__file__).resolve().parents[1]

MODULE = '''
from ombre_core.bots import RulePlayer


class FirstLegal:
    """The first action the view offers: a weak player, but a legal one."""

    name = "first-legal"

    def choose(self, view, rng):
        return view.legal[0]


class Rules(RulePlayer):
    """The rule player under another name: it must score exactly as ``novice`` does."""


class Careless(FirstLegal):
    """Plays the first legal action until the trick play, then a card it does not hold."""

    def choose(self, view, rng):
        if view.phase == "play":
            return next(c for c in range(40) if not view.hand >> c & 1)
        return view.legal[0]


NOT_A_FACTORY = 3


def not_a_player():
    return "nobody"


def wants_a_name(name):
    return FirstLegal()
'''


@pytest.fixture
def own_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "own_bots.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_a_player_of_your_own_is_imported_by_its_dotted_name(own_bots: Path) -> None:
    player = make_duelist("own_bots.FirstLegal")
    assert player.name == "first-legal"
    assert make_duelist("own_bots.FirstLegal") is not player  # each seat its own


def test_a_copy_of_the_rule_player_scores_nothing_against_it(own_bots: Path) -> None:
    report = duel("own_bots.Rules", "novice", "1660", deals=6, seed=4)
    assert (report["mean"], report["ci95"]) == (0.0, [0.0, 0.0])
    assert set(report["decision_ms"]) == {"own_bots.Rules", "novice"}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("no_such_module_here.Bot", "cannot import 'no_such_module_here'"),
        ("own_bots.Missing", "own_bots has nothing named 'Missing'"),
        ("own_bots.NOT_A_FACTORY", "nothing named 'NOT_A_FACTORY' to call"),
        ("own_bots.not_a_player", "returned str, not a player"),
        ("own_bots.wants_a_name", r"wants_a_name\(\) cannot be called so \(.*name"),
    ],
)
def test_a_player_that_cannot_be_made_is_named(own_bots: Path, name: str, words: str) -> None:
    with pytest.raises(OmbreError, match=words):
        make_duelist(name)


def test_an_illegal_action_names_the_player_the_seat_and_the_deal(own_bots: Path) -> None:
    with pytest.raises(OmbreError, match=r"own_bots\.Careless at seat \d, deal seed \d+: "):
        duel("own_bots.Careless", "novice", "1660", deals=20, seed=1)


in_a_subprocess = pytest.mark.skipif(
    sys.platform == "emscripten", reason="the duel's workers are processes, which Pyodide lacks"
)


def run_duel(own_bots: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(own_bots), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-m", "ombre_core", "duel", *argv, "--quiet"],
        capture_output=True,
        text=True,
        env=env,
        cwd=own_bots,
        timeout=300,
    )


@in_a_subprocess
def test_the_workers_import_it_too_and_score_as_one_process_does(own_bots: Path) -> None:
    """Twenty deals make two parts, so ``--jobs 2`` plays them in two worker processes."""
    ran = run_duel(own_bots, "own_bots.FirstLegal", "novice", "--deals", "20", "--jobs", "2")
    assert ran.returncode == 0, ran.stderr
    report = json.loads(ran.stdout.splitlines()[-1])
    alone = duel("own_bots.FirstLegal", "novice", "1660", deals=20, seed=0)
    assert (report["a"], report["mean"], report["ci95"]) == (
        "own_bots.FirstLegal",
        alone["mean"],
        alone["ci95"],
    )
    assert report["mean"] < 0  # the first legal action, against the pamphlet's rules


@in_a_subprocess
def test_an_illegal_action_in_a_worker_is_one_line_naming_the_player(own_bots: Path) -> None:
    ran = run_duel(own_bots, "own_bots.Careless", "novice", "--deals", "20", "--jobs", "2")
    assert ran.returncode == 2
    assert "Traceback" not in ran.stderr
    assert "own_bots.Careless at seat" in ran.stderr, ran.stderr


def simulated(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``simulate`` run in this process: its exit code, its report, its error output."""
    printed = io.StringIO()
    code = main(["simulate", "--seed", "3", *argv], printed)
    return code, printed.getvalue(), capsys.readouterr().err


def test_a_simulation_seats_a_player_of_your_own(
    own_bots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The rule player under another name decides as ``novice``: the same balances, deal for
    deal, as three novices."""
    code, out, err = simulated(capsys, "--games", "12", "--levels", "own_bots.Rules,novice,novice")
    assert code == 0, err
    ours = json.loads(out)
    assert ours["players"] == ["own_bots.Rules", "novice", "novice"]
    assert ours["unit"] == "lesser counters"  # 1660's balances, in the pamphlet's counters
    code, out, _ = simulated(capsys, "--games", "12", "--levels", "novice")
    assert (ours["balances"], ours["outcomes"]) == (
        json.loads(out)["balances"],
        json.loads(out)["outcomes"],
    )


def test_a_simulation_seats_the_cheater_and_a_search_player_with_settings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The cheater is handed the deal, as in a duel; a search player's settings keep their comma."""
    levels = "cheater,standard:decision_nodes=1500,margin_nodes=300,novice"
    code, out, err = simulated(capsys, "--games", "3", "--levels", levels)
    assert code == 0, err
    assert json.loads(out)["players"] == [
        "cheater",
        "standard:decision_nodes=1500,margin_nodes=300",
        "novice",
    ]


def test_seat_players_keep_a_players_settings_together() -> None:
    assert seat_players("expert") == ["expert"]
    assert seat_players("expert:a=1,b=2,novice,own.Bot") == ["expert:a=1,b=2", "novice", "own.Bot"]
    assert seat_players("novice,expert:a=1") == ["novice", "expert:a=1"]


@pytest.mark.parametrize(
    ("levels", "words"),
    [
        ("nobody,novice,novice", "--levels: .*'nobody'"),
        ("own_bots.Missing", "--levels: player 'own_bots.Missing': own_bots has nothing named"),
        ("expert:no_such_setting=1", "--levels: 'no_such_setting' is not a search setting"),
        ("novice,novice", "--levels names 2 players for 3 seats"),
    ],
)
def test_a_simulation_refuses_a_player_it_cannot_make_in_one_line(
    own_bots: Path, capsys: pytest.CaptureFixture[str], levels: str, words: str
) -> None:
    code, out, err = simulated(capsys, "--games", "2", "--levels", levels)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and len(err.splitlines()) == 1, err
    assert re.search(words, err), err


def test_an_illegal_action_in_a_simulation_names_the_player_and_the_deal(
    own_bots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = simulated(
        capsys, "--games", "20", "--levels", "own_bots.Careless,novice,novice"
    )
    assert (code, out) == (2, "")
    assert re.match(r"error: own_bots\.Careless at seat 0, deal \d+: ", err), err
