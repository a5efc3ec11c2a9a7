"""The benchmark scripts still run, and the duels' kept scores still read.

The scripts in ``bench/`` print figures and are not tests (speed is never asserted here), but a
script the code has moved away from stops with a traceback, and nobody sees it until its figure
is wanted: ``bench/decision_work.py`` wrapped a solver function the search no longer called, and
stopped with an AttributeError until December 2026. Each script's CPython part runs here on the
smallest input that takes it through its code, in a subprocess as a person would run it, and
must exit 0 and print the figure it is for. The browser parts (``latency.py`` without
``--no-browser``, ``startup.py``, ``chromium.py``, ``hint_walk.py``) need the built site and
Chromium: the browser tests' job. ``engine_vs.py`` checks out another commit: left out.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ombre_core.bots.duel import read_scores

ROOT = Path(__file__).resolve().parent.parent
DUELS = ROOT / "bench" / "duels"

in_a_subprocess = pytest.mark.skipif(
    sys.platform == "emscripten", reason="the scripts run in a subprocess, which Pyodide lacks"
)


def run_bench(*argv: str) -> str:
    """Run ``python ARGV`` from the root; what it prints on stdout, if it exits 0."""
    run = subprocess.run(
        [sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, f"{' '.join(argv)} exited {run.returncode}:\n{run.stderr[-2000:]}"
    return run.stdout


SCRIPTS = {
    "decision_work": (["--rules", "1660", "--deals", "1"], "solver nodes median"),
    "sampler": (["2"], "effective sample size"),
    "solver": (["--deals", "2", "--no-pyodide", "--rounds", "1"], "nodes per second"),
    "latency": (["--deals", "1", "--levels", "novice,standard", "--no-browser"], "trick 1"),
    "review": (["--deals", "1", "--rules", "1660"], '"median_s"'),
    "priced_bids": (["--deals", "3"], "priced auction positions"),
    "bounds": (["--deals", "2", "--level", "standard", "--only", "level"], "among the solver"),
    "card_choices": (["standard", "standard:exact_from=3", "--deals", "1"], '"best_card_share"'),
    "engine": ([], "deals/s"),
    "one_seat": (["standard", "novice", "--deals", "2"], '"pool_shared"'),
    "hint_chance": (["--rules", "quadrille", "--deals", "1"], '"hint_less_choice"'),
    "partner_read": (["--deals", "2"], "seen by defender"),
}


@in_a_subprocess
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_bench_script_runs_and_prints_its_figure(script: str) -> None:
    args, figure = SCRIPTS[script]
    assert figure in run_bench(f"bench/{script}.py", *args)


@in_a_subprocess
def test_paired_compares_two_kept_duels() -> None:
    out = run_bench(
        "bench/paired.py",
        str(DUELS / "expert-novice-two-2026.jsonl"),
        str(DUELS / "standard-novice-two-2026.jsonl"),
    )
    assert "over 2000 deals in common" in out


@in_a_subprocess
def test_makeup_tells_a_changed_duel_by_the_table() -> None:
    """The deals two kept duels scored otherwise, one replayed by the table's make-up."""
    out = run_bench(
        "bench/makeup.py",
        str(DUELS / "expert-owncodille-novice-classic-4242.jsonl"),
        str(DUELS / "expert-bw16-novice-classic-4242.jsonl"),
        *("--deals", "1"),
    )
    report = json.loads(out.strip().splitlines()[-1])
    assert (report["deals"], report["differ"]) == (1, 452)
    changed = report["expert:own_codille=true"]
    assert changed and all(row["plays"] >= 1 for row in changed.values())
    assert all(" vs " in makeup for makeup in changed)


@in_a_subprocess
def test_a_screened_duel_takes_its_base_deals(tmp_path: Path) -> None:
    """A change that bids as its base on every deal plays none of them again."""
    base = tmp_path / "base.jsonl"
    lines = (DUELS / "standard-novice-two-2026.jsonl").read_text().splitlines()[:3]
    base.write_text("\n".join(lines) + "\n")
    scores = tmp_path / "scores.jsonl"
    out = run_bench(
        "bench/screened_duel.py",
        *("standard:gray_zone=0.5", "standard", "novice", "--deals", "3", "--rules", "two"),
        *("--seed", "2026", "--base-scores", str(base), "--scores", str(scores)),
    )
    result = json.loads(out.strip().splitlines()[-1])
    assert (result["deals"], result["played_in_full"]) == (3, 0)
    assert len(scores.read_text().splitlines()) == 3


@pytest.mark.parametrize("path", sorted(DUELS.glob("*.jsonl")), ids=lambda p: p.stem)
def test_each_kept_duel_reads_with_no_deal_twice(path: Path) -> None:
    """What ``duel --scores`` goes on from: one match (players, rules, seed), each deal once,
    read by the reader the duel and ``bench/paired.py`` use (:func:`duel.read_scores`)."""
    matches = read_scores(str(path))
    assert len(matches) == 1, f"not one match: {sorted(matches)}"
    [by_deal] = matches.values()
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    assert len(by_deal) == len(lines), "a deal scored twice"
    assert all(isinstance(x["score"], int | float) for x in lines)
