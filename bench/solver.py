"""Double-dummy solver speed, in CPython and in Pyodide under Node: a script that prints figures.

    python bench/solver.py                 # 200 deals, CPython then Pyodide (if node_modules)
    python bench/solver.py --deals 50 --no-pyodide
    python bench/solver.py --off tt        # switch a technique off (see ombre_core/bots/solver.py)
    python bench/solver.py --baseline 76dcc9d --no-pyodide   # old and new solver, same run
    python bench/solver.py --chromium      # also in Pyodide in Debian's Chromium (builds dist/)

With ``--baseline REV`` the solver of that commit (checked out in a temporary git worktree) and
this tree's take turns as fresh processes, ``--rounds`` times each (old, new, then new, old ...),
on the same deals; each solve keeps its best time over every run, and the ratios old / new of the
medians, p90s, maxima and means are printed: on a shared machine the ratio measured in one run is
the figure to trust, the absolute times move with the others' load. Unless ``--no-pyodide``,
both solvers are then timed in Pyodide under Node as well (this tree, then the baseline).

Deals: seeds 0, 1, 2... dealt and played by the rule player (``RulePlayer``) through the auction
and the exchange (all-pass deals are skipped), so the hands are what a real exchange leaves. For
each deal: the value of the full nine-trick position at the first lead, then every legal card's
value at the root (a separate solve); then the rule player plays on and the same is measured with
7, 5 and 3 tricks left. Times are CPU time of this process (the machine is shared: wall time would
count the others' work), the better of ``--repeat`` runs of each solve; nodes per second counts
trick-boundary nodes over the whole run.

Targets (issue 6, from ``solver-feasibility.md``): value median <= 3 ms, p90 <= 35 ms, max <= 200
ms in CPython; every root card median <= 8 ms; Pyodide <= 2.1x CPython under Node.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TREE = Path(os.environ.get("OMBRE_BENCH_TREE", ROOT))
"""The work tree whose ``ombre_core`` is timed (``--baseline`` sets it for the old solver)."""
if str(TREE) not in sys.path:
    sys.path.insert(0, str(TREE))

from ombre_core.bots import RulePlayer  # noqa: E402
from ombre_core.bots.solver import TECHNIQUES, position_of, solve_position  # noqa: E402
from ombre_core.rules import RULES_1660  # noqa: E402
from ombre_core.state import Deal  # noqa: E402
from ombre_core.views import view_of  # noqa: E402

LEFT = (9, 7, 5, 3)


def positions(deals: int) -> list[tuple[int, dict[int, Any]]]:
    """``deals`` deals after the exchange, each with its positions at 9, 7, 5 and 3 tricks left."""
    out = []
    seed = 0
    bot = RulePlayer()
    while len(out) < deals:
        rng = random.Random(seed)
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        seed += 1
        while deal.phase_name != "play" and not deal.is_over:
            assert deal.to_move is not None
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
        if deal.is_over:
            continue  # all passed
        at: dict[int, Any] = {}
        while not deal.is_over:
            left = 9 - len(deal.tricks)
            if not deal.trick and left in LEFT:
                at[left] = position_of(deal)
            assert deal.to_move is not None
            deal.apply(bot.choose(view_of(deal, deal.to_move), rng))
        out.append((seed - 1, at))
    return out


def cpu_clock() -> Any:
    """Seconds of CPU this process used: the machine is shared, and wall time counts the others'
    work too. In Pyodide, Node's ``process.cpuUsage()`` (the time module there reads the wall)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        process = getattr(js, "process", None)  # Node's; a browser has none
        if process is None:
            # In Chromium no CPU clock reaches a page: the wall, by performance.now() (coarsened to
            # 0.1 ms there, 5 us when cross-origin isolated); keep the machine quiet while it runs.
            def wall() -> float:
                return float(js.performance.now()) / 1000

            return wall

        def clock() -> float:
            usage = process.cpuUsage()
            return float(usage.user + usage.system) / 1e6

        return clock
    return time.process_time


CLOCK = cpu_clock()


def timed(position: Any, every_card: bool, repeat: int, off: frozenset[str]) -> tuple[float, int]:
    best = float("inf")
    nodes = 0
    for _ in range(repeat):
        start = CLOCK()
        solution = solve_position(position, every_card, off=off)
        best = min(best, CLOCK() - start)
        nodes = solution.nodes
    return best * 1000, nodes


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(deals: int, repeat: int, off: frozenset[str]) -> dict[str, Any]:
    """The figures, as JSON-able data (what the Pyodide run sends back)."""
    data = positions(deals)
    figures: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    total_ms = 0.0
    total_nodes = 0
    for left in LEFT:
        for every_card in (False, True):
            times = []
            nodes_of = []
            for _, at in data:
                if left in at:
                    ms, nodes = timed(at[left], every_card, repeat, off)
                    times.append(ms)
                    nodes_of.append(nodes)
                    total_ms += ms
                    total_nodes += nodes
            name = f"{left} left, {'every card' if every_card else 'value'}"
            figures[name] = {
                "n": len(times),
                "median": statistics.median(times),
                "p90": pct(times, 0.9),
                "max": max(times),
                "mean": statistics.fmean(times),
                "times": times,
                "nodes": nodes_of,
            }
    figures["nodes_per_second"] = total_nodes / total_ms * 1000
    return figures


def show(title: str, figures: dict[str, Any], base: dict[str, Any] | None = None) -> None:
    print(f"\n{title}: Python {figures['python']} on {figures['platform']}")
    print(f"  {'solve (ms)':<26}{'n':>5}{'median':>9}{'p90':>9}{'max':>9}{'mean':>9}")
    for key, f in figures.items():
        if not isinstance(f, dict):
            continue
        line = f"  {key:<26}{f['n']:>5}{f['median']:>9.2f}{f['p90']:>9.2f}{f['max']:>9.1f}"
        line += f"{f['mean']:>9.2f}"
        if base is not None:
            line += f"   x{f['mean'] / base[key]['mean']:.2f} (median x"
            line += f"{f['median'] / base[key]['median']:.2f})"
        print(line)
    print(f"  trick-boundary nodes per second: {figures['nodes_per_second']:,.0f}")


def summary(times: list[float]) -> dict[str, Any]:
    return {
        "n": len(times),
        "median": statistics.median(times),
        "p90": pct(times, 0.9),
        "max": max(times),
        "mean": statistics.fmean(times),
    }


def in_tree(tree: Path, deals: int, repeat: int, off: frozenset[str]) -> dict[str, Any]:
    """The figures of the solver in ``tree``, measured by this script in a fresh process."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--json", "--no-pyodide"]
        + ["--deals", str(deals), "--repeat", str(repeat)]
        + [f"--off={name}" for name in sorted(off)],
        cwd=tree,
        env={**os.environ, "OMBRE_BENCH_TREE": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def against(
    old_tree: Path, deals: int, repeat: int, rounds: int, off: frozenset[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Old (the solver in ``old_tree``) and new solver taking turns; prints the ratios; returns
    the old and the new figures (each solve's best time over the rounds)."""
    runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    for i in range(rounds):
        order = [("old", old_tree), ("new", ROOT)]
        for name, tree in order if i % 2 == 0 else order[::-1]:
            # the baseline is timed with every technique on: ``off`` names may be new
            runs[name].append(in_tree(tree, deals, repeat, off if name == "new" else frozenset()))
    best: dict[str, dict[str, Any]] = {}
    for name, figures in runs.items():
        merged: dict[str, Any] = {"python": figures[0]["python"], "platform": sys.platform}
        ms = nodes = 0.0
        for key, f in figures[0].items():
            if isinstance(f, dict):
                times = [min(t) for t in zip(*(g[key]["times"] for g in figures), strict=True)]
                merged[key] = summary(times)
                ms += sum(times)
                nodes += sum(f["nodes"])
        merged["nodes_per_second"] = nodes / ms * 1000
        merged["nodes"] = nodes
        best[name] = merged
    old, new = best["old"], best["new"]
    print(f"{deals} deals, {rounds} rounds of old and new, best of every run, in ms")
    print(f"  {'solve':<24}{'old median/p90/max':>22}{'new median/p90/max':>22}  old/new ratios")
    for key, f in new.items():
        if not isinstance(f, dict):
            continue
        o = old[key]
        trio = "{median:.2f}/{p90:.1f}/{max:.0f}"
        each = "/".join(f"{o[k] / f[k]:.2f}" for k in ("median", "p90", "max", "mean"))
        print(f"  {key:<24}{trio.format(**o):>22}{trio.format(**f):>22}  {each} (mean last)")
    print(
        f"  nodes per second: old {old['nodes_per_second']:,.0f},"
        f" new {new['nodes_per_second']:,.0f};"
        f" nodes: old {old['nodes']:,.0f}, new {new['nodes']:,.0f}"
    )
    return old, new


def ratios(title: str, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Medians side by side and old / new."""
    print(f"\n{title}")
    for key, f in new.items():
        if isinstance(f, dict) and key in old:
            o = old[key]
            print(
                f"  {key:<24} old {o['median']:8.2f}  new {f['median']:8.2f}  old/new median"
                f" x{o['median'] / f['median']:.2f}, mean x{o['mean'] / f['mean']:.2f}"
            )


def in_pyodide(
    deals: int, repeat: int, off: frozenset[str], tree: Path = ROOT
) -> dict[str, Any] | None:
    runner = ROOT / "bench" / "solver_pyodide.mjs"
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("\n(no node or node_modules/pyodide: run `python3 build.py` once for Pyodide)")
        return None
    args = ["--json", "--deals", str(deals), "--repeat", str(repeat)]
    for name in sorted(off):
        args += ["--off", name]
    done = subprocess.run(
        ["node", str(runner), str(tree), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ},
        check=False,
    )
    if done.returncode:
        print(done.stdout, done.stderr, file=sys.stderr)
        return None
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


WORKER_RUN = """
async (args) => await new Promise((resolve) => {
  const worker = new Worker("/__bench__/solver_worker.mjs", { type: "module" });
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.onerror = (event) => resolve({ error: event.message || "the worker failed to start" });
  worker.postMessage(args);
})
"""


def in_chromium(deals: int, repeat: int, off: frozenset[str], build: bool) -> dict[str, Any]:
    """The figures of this script run in Pyodide in a Web Worker of Debian's Chromium, with the
    built site's runtime and wheel (``bench/solver_worker.mjs``); ``build``: build ``dist/``
    from this tree first."""
    from chromium import ARGS, CHROMIUM, served_site
    from playwright.sync_api import sync_playwright

    args = ["--json", "--no-pyodide", "--deals", str(deals), "--repeat", str(repeat)]
    args += [f"--off={name}" for name in sorted(off)]
    mounts = {"/__bench__/": ROOT / "bench", "/__pyodide__/": ROOT / "node_modules" / "pyodide"}
    with served_site(build, mounts) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(base + "/__bench__/solver_chromium.html")
        page.set_default_timeout(0)
        reply = page.evaluate(WORKER_RUN, args)
        browser.close()
    if "error" in reply:
        raise SystemExit("the bench failed in Chromium: " + reply["error"])
    result: dict[str, Any] = json.loads(reply["lines"][-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=2, help="runs of each solve (the best)")
    parser.add_argument("--off", action="append", default=[], choices=sorted(TECHNIQUES))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument(
        "--chromium", action="store_true", help="also in Pyodide in Chromium (builds dist/ first)"
    )
    parser.add_argument("--no-build", action="store_true", help="with --chromium: dist/ as it is")
    parser.add_argument("--baseline", metavar="REV", help="time that commit's solver too")
    parser.add_argument("--rounds", type=int, default=2, help="with --baseline: runs of each")
    args = parser.parse_args(argv)
    off = frozenset(args.off)
    if args.baseline:
        with tempfile.TemporaryDirectory(prefix="ombre-solver-bench-") as tmp:
            old_tree = Path(tmp) / "old"
            subprocess.run(
                ["git", "worktree", "add", "--detach", "-q", str(old_tree), args.baseline],
                cwd=ROOT,
                check=True,
            )
            try:
                print(f"baseline: {args.baseline}")
                old, new = against(old_tree, args.deals, args.repeat, args.rounds, off)
                if not args.no_pyodide:
                    py_new = in_pyodide(args.deals, args.repeat, off)
                    py_old = in_pyodide(args.deals, args.repeat, frozenset(), old_tree)
                    if py_new is not None and py_old is not None:
                        show("Pyodide under Node, this tree (ratio to CPython)", py_new, new)
                        show("Pyodide under Node, baseline (ratio to CPython)", py_old, old)
                        ratios("Pyodide, baseline against this tree (ms)", py_old, py_new)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT)
        return 0
    cpython = measure(args.deals, args.repeat, off)
    if args.json:
        print(json.dumps(cpython))
        return 0
    label = f"techniques off: {', '.join(sorted(off))}" if off else "every technique on"
    print(f"{args.deals} deals after the rule player's auction and exchange; {label}")
    show("CPython", cpython)
    if not args.no_pyodide:
        pyodide = in_pyodide(args.deals, args.repeat, off)
        if pyodide is not None:
            show("Pyodide under Node (ratio to CPython)", pyodide, cpython)
    if args.chromium:
        chromium = in_chromium(args.deals, args.repeat, off, not args.no_build)
        show("Pyodide in Chromium, wall time (ratio to CPython)", chromium, cpython)
    return 0


if __name__ == "__main__":
    sys.exit(main())
