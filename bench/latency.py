#!/usr/bin/env python3
"""Decision latency of the computer players, per level and kind of decision, in CPython and in
Pyodide in Chromium, on the same decisions.

    python bench/latency.py [--deals 4] [--levels novice,standard,expert] [--rules 1660]
                            [--no-browser] [--no-build]

Every seat is a computer player of one level (``new_session`` with ``human: null``), and each
decision is one ``bot_move()`` of the bridge: the move and the snapshot the table gets after it,
as a person waits for it. The same seeded deals are played in CPython (in this process) and in
Pyodide in Debian's Chromium (the built site's worker, through ``/__tests__/engine.html`` as the
browser tests use it; the time there also holds the message to the worker and back). Bots are
deterministic given the seed, so both runtimes make exactly the same decisions, and the script
prints the median and 95th percentile per level and kind (auction, exchange, play) in each, and
the median of the per-decision ratio Chromium / CPython, and then the cards alone trick by trick
(the budgets are counts of nodes, so the first tricks, where a full solve costs most, are where
the 95th percentile lies). A deal of novices is played first in
each runtime and not counted: WebAssembly compiles the hot code again, faster, after its first
calls (tier-up), and a person meets that once per visit, in the first deal.

A measuring script, not a test: it asserts nothing. The issue's target (#6): every ``expert``
decision within 300 ms at the 95th percentile in Pyodide in Chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chromium import ARGS, CHROMIUM, served_site  # noqa: E402

from ombre_core import bridge  # noqa: E402

KINDS = ("auction", "exchange", "play")

Timing = tuple[str, int, float]
"""(kind of decision, tricks played before it, milliseconds)."""

PAGE_LOOP = """
async ([levels, deals, rules, seed]) => {
  const parse = (reply) => typeof reply === "string" ? JSON.parse(reply) : reply;
  const out = {};
  for (const level of levels) {
    out[level] = [];
    let snap = parse(await window.engine.call("new_session",
      JSON.stringify({rules, seed, human: null, level})));
    for (let played = 0, dealt = 0; played < deals && dealt < 4 * deals; dealt++) {
      if (dealt) snap = parse(await window.engine.call("next_deal"));
      while (snap.phase !== "over") {
        const kind = snap.phase;
        const trick = snap.tricks_played.count;
        const t = performance.now();
        snap = parse(await window.engine.call("bot_move"));
        if (snap.ok === false) throw new Error(JSON.stringify(snap.error));
        out[level].push([kind, trick, performance.now() - t]);
      }
      if (snap.result.outcome !== "passed") played++;
    }
  }
  return out;
}
"""


def in_cpython(levels: list[str], deals: int, rules: str, seed: int) -> dict[str, list[Timing]]:
    """The page's loop, in this process: ``deals`` deals that come to trick play (all-pass deals
    are played too, and not counted), one session per level."""
    out: dict[str, list[Timing]] = {}
    for level in levels:
        out[level] = []
        options = {"rules": rules, "seed": seed, "human": None, "level": level}
        snap = json.loads(bridge.new_session(json.dumps(options)))
        played = dealt = 0
        while played < deals and dealt < 4 * deals:
            if dealt:
                snap = json.loads(bridge.next_deal())
            dealt += 1
            while snap["phase"] != "over":
                kind, trick = snap["phase"], snap["tricks_played"]["count"]
                start = time.perf_counter()
                snap = json.loads(bridge.bot_move())
                out[level].append((kind, trick, (time.perf_counter() - start) * 1000))
            played += snap["result"]["outcome"] != "passed"
    return out


def in_chromium(
    levels: list[str], deals: int, rules: str, seed: int, build: bool
) -> dict[str, list[Timing]]:
    from playwright.sync_api import sync_playwright

    pages = ROOT / "tests" / "e2e" / "pages"
    with served_site(build, {"/__tests__/": pages}) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(base + "/__tests__/engine.html")
        page.wait_for_function("() => document.body.dataset.engine !== 'loading'", timeout=120_000)
        if page.evaluate("document.body.dataset.engine") != "ready":
            raise SystemExit("the engine did not start: " + page.inner_text("body"))
        page.set_default_timeout(0)
        page.evaluate(PAGE_LOOP, [["novice"], 1, rules, seed + 99])  # warm-up: not counted
        raw = page.evaluate(PAGE_LOOP, [levels, deals, rules, seed])
        browser.close()
    return {level: [(k, int(n), float(ms)) for k, n, ms in rows] for level, rows in raw.items()}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def table(name: str, timings: dict[str, list[Timing]]) -> None:
    print(f"\n{name}: ms per decision (median / p95, n)")
    print(f"{'level':10}" + "".join(f"{k:>22}" for k in (*KINDS, "all")))
    for level, rows in timings.items():
        cells = []
        for kind in (*KINDS, "all"):
            ms = [t for k, _, t in rows if kind in ("all", k)]
            if ms:
                cells.append(f"{statistics.median(ms):8.1f} / {p95(ms):7.1f} ({len(ms):3})")
            else:
                cells.append(f"{'-':>21}")
        print(f"{level:10}" + "".join(f"{c:>22}" for c in cells))
    for level, rows in timings.items():
        tricks = sorted({n for k, n, _ in rows if k == "play"})
        if not tricks:
            continue
        print(f"{level}: the cards by trick (median / p95, n)")
        for n in tricks:
            ms = [t for k, played, t in rows if k == "play" and played == n]
            print(f"  trick {n + 1}: {statistics.median(ms):7.1f} / {p95(ms):7.1f} ({len(ms)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--levels", default="novice,standard,expert")
    parser.add_argument("--rules", default="1660")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    levels = args.levels.split(",")
    in_cpython(["novice"], 1, args.rules, args.seed + 99)  # warm-up, as in the browser
    cpython = in_cpython(levels, args.deals, args.rules, args.seed)
    table("CPython " + sys.version.split()[0], cpython)
    if args.no_browser:
        return 0
    chromium = in_chromium(levels, args.deals, args.rules, args.seed, not args.no_build)
    table("Pyodide in Chromium", chromium)
    print("\nChromium / CPython, median of the per-decision ratios (the same decisions):")
    for level in levels:
        a, b = cpython[level], chromium[level]
        if len(a) != len(b) or [k for k, _, _ in a] != [k for k, _, _ in b]:
            print(f"  {level}: the two runs made different decisions ({len(a)} vs {len(b)})")
            continue
        ratios = [y / x for (_, _, x), (_, _, y) in zip(a, b, strict=True) if x > 0]
        print(f"  {level}: {statistics.median(ratios):.2f}x over {len(ratios)} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
