"""The command line on files it cannot read, and on counts that are no counts: one line on
stderr (after argparse's usage line for an argument), exit code 2, never a traceback.

Run as a person runs it (``python -m ombre_core replay FILE``), in a subprocess, so that what is
checked is what the terminal shows.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from ombre_core.__main__ import main

ROOT = Path(__file__).resolve().parents[1]

BAD_FILES = {
    "missing": None,
    "a directory": "DIR",
    "not UTF-8": b"\xff\xfe{\x00}\x00",
    "Latin-1 text": '{"rules": "1660", "note": "caf\xe9"}'.encode("latin-1"),
    "empty": b"",
    "not JSON": b"this is not a record\n",
    "JSON nested too deeply": b"[" * 100_000 + b"]" * 100_000,
    "JSON, not an object": b"[1, 2, 3]",
    "an object, not a record": b'{"format": "ombre-record/1"}',
}

WORDS = {
    "missing": "No such file",
    "a directory": "directory",
    "not UTF-8": "not UTF-8",
    "Latin-1 text": "not UTF-8",
    "empty": "not JSON",
    "not JSON": "not JSON",
    "JSON nested too deeply": "nested too deeply",
    "JSON, not an object": "record",
    "an object, not a record": "record",
}


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``python -m ombre_core ARGV``: in a subprocess where there
    are subprocesses; inside Pyodide (no subprocesses) by calling ``main`` itself, where any
    exception escaping it fails the test just as a traceback would."""
    if sys.platform != "emscripten":
        run = subprocess.run(
            [sys.executable, "-m", "ombre_core", *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return run.returncode, run.stdout, run.stderr
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = main(argv, out=out)
        except SystemExit as exit_:  # argparse's refusal of an argument
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("command", ["replay", "legal"])
@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_unreadable_file_gives_one_line_and_exit_2(tmp_path: Path, command: str, kind: str) -> None:
    content = BAD_FILES[kind]
    path = tmp_path / "record.json"
    if content == "DIR":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    returncode, stdout, stderr = run_cli([command, str(path)])
    assert returncode == 2, stderr
    assert stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    assert lines[0].startswith("error: ")
    assert WORDS[kind] in lines[0]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--games", "-3"], "argument --games: -3 is too few: at least 1"),
        (["simulate", "--games", "0"], "argument --games: 0 is too few: at least 1"),
        (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["duel", "novice", "novice", "--jobs", "0"], "argument --jobs: 0 is too few: at least 1"),
        (["solve", "game.json", "--budget", "-1"], "argument --budget: -1 is too few: at least 1"),
    ],
)
def test_a_count_below_one_is_refused_in_one_line(argv: list[str], words: str) -> None:
    """Before, ``simulate --games -3`` printed a report of -3 games a negative rate, and
    ``--jobs 0`` ran as one job."""
    returncode, stdout, stderr = run_cli(argv)
    assert (returncode, stdout) == (2, "")
    assert "Traceback" not in stderr
    assert stderr.splitlines()[-1].endswith(words), stderr
