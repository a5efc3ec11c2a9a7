"""The command line on files it cannot read: one line on stderr, exit code 2, never a traceback.

Run as a person runs it (``python -m ombre_core replay FILE``), in a subprocess, so that what is
checked is what the terminal shows.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("command", ["replay", "legal"])
@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_unreadable_file_gives_one_line_and_exit_2(tmp_path: Path, command: str, kind: str) -> None:
    content = BAD_FILES[kind]
    path = tmp_path / "record.json"
    if content == "DIR":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    run = subprocess.run(
        [sys.executable, "-m", "ombre_core", command, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert lines[0].startswith("error: ")
    assert WORDS[kind] in lines[0]
