#!/usr/bin/env python3
"""Start-up benchmark: our game page against a bare page running stock Pyodide.

    python bench/startup.py [--runs 5] [--no-build]

For each of ``--runs`` interleaved rounds (the order of the two pages alternates), in headless
Debian Chromium against build.py's server on 127.0.0.1, each page gets a new browser profile
(a persistent context in a temporary folder) and three visits:

* **first**: the first visit (empty HTTP cache, no service worker, no snapshot);
* **repeat warm**: a second page in the same running browser (HTTP cache and, for the game, the
  service worker and the engine's memory snapshot, which the first visit saved; the script waits
  for it);
* **repeat cold**: the browser is closed and started again on the same profile, then the page is
  opened (what a person returning the next day meets: everything on disk, nothing in memory).

Time = ``performance.now()`` (from navigation start) when the page is usable: for the game,
``document.body.dataset.state == "playable"`` (the first deal is shown and actionable; set by the
UI; the computer players' pace is set to 0); for the baseline (``bench/baseline/index.html``: the
stock runtime and unmodified ``python_stdlib.zip`` from node_modules, served at ``/__stock__/``),
when ``loadPyodide`` resolved and a trivial module was imported. Prints the medians, their ratio
(game / baseline) for each kind of visit, the engine's start-up path on repeat visits (``snapshot``
or ``normal``), and the bytes the server sent for the game on a first visit (including the service
worker's precache and whatever the snapshot job fetched) and on a repeat visit, as delivered
(headers and bodies; Chromium accepts brotli from 127.0.0.1) and as the bodies would be if every
file were sent with brotli.

This is a measuring script, not a test: it asserts nothing and takes a few minutes.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from chromium import load_builder

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-default-apps",
    "--disable-extensions",
]
TIMEOUT_MS = 120_000
VISITS = ("first", "repeat warm", "repeat cold")
# The engine worker's memory snapshot (web/engine-worker.js): wait until the first visit saved it.
WAIT_FOR_SNAPSHOT = """async (timeout) => {
  const url = new URL("__ombre__/engine-snapshot", location.href).href;
  const until = performance.now() + timeout;
  while (performance.now() < until) {
    if (await (await caches.open("ombre.snapshot")).match(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""
MARK = """
// The computer players' deliberate pause before each move is not start-up: make it 0 (as the UI
// tests do), so a deal where a computer player speaks first is measured like any other.
if (location.pathname === "/") localStorage.setItem("ombre.settings", JSON.stringify({pace: 0}));
window.__usable = null;
new MutationObserver(() => {
  if (window.__usable === null && document.body && document.body.dataset.state === "playable") {
    window.__usable = performance.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["data-state"]});
"""


class Meter:
    """Bytes written by the server (headers and bodies), with the paths and encodings served."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.sent = 0
            self.requests: list[tuple[str, str]] = []

    def add(self, n: int) -> None:
        with self.lock:
            self.sent += n


def start_server(builder: Any, meter: Meter) -> Any:
    class Counting:
        def __init__(self, raw: Any) -> None:
            self.raw = raw

        def write(self, data: bytes) -> int:
            meter.add(len(data))
            return self.raw.write(data)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.raw, name)

    class Handler(builder.SiteHandler):
        mounts = {  # noqa: RUF012
            "/__bench__/": ROOT / "bench" / "baseline",
            "/__stock__/": builder.NPM_PYODIDE,
        }

        def setup(self) -> None:
            super().setup()
            self.wfile = Counting(self.wfile)

        def send_response(self, code: int, message: str | None = None) -> None:
            encoding = "identity"
            accepted = self.headers.get("Accept-Encoding", "")
            path = self.translate_path(self.path)
            for name, suffix in (("br", ".br"), ("gzip", ".gz")):
                if name in accepted and Path(path + suffix).is_file():
                    encoding = name
                    break
            with meter.lock:
                status = encoding if code == 200 else str(code)
                meter.requests.append((self.path.split("?")[0], status))
            super().send_response(code, message)

    server = builder.QuietServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(builder.DIST))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def brotli_estimate(builder: Any, requests: list[tuple[str, str]]) -> int:
    """Body bytes if every response had been sent with brotli where a .br exists."""
    total = 0
    for path, status in requests:
        if status not in ("identity", "gzip", "br"):
            continue
        local = builder.DIST / path.lstrip("/")
        if path.startswith(("/__bench__/", "/__stock__/")) or not local.is_file():
            continue
        br = Path(str(local) + ".br")
        total += br.stat().st_size if br.is_file() else local.stat().st_size
    return total


def visit(context: Any, url: str, game: bool, first: bool) -> tuple[float, str | None]:
    """(ms to usable, the engine's start-up path) for one page load in ``context``."""
    page = context.new_page()
    page.add_init_script(MARK)
    page.goto(url)
    page.wait_for_function("() => window.__usable !== null", timeout=TIMEOUT_MS)
    elapsed = float(page.evaluate("window.__usable"))
    boot = None
    if game:
        workers = [w for w in page.workers if "engine-worker" in w.url and "role=" not in w.url]
        boot = workers[0].evaluate("self.ombreBoot && self.ombreBoot.boot") if workers else None
        # Let the service worker finish installing and the snapshot be saved: both belong to the
        # first visit.
        # evaluate awaits the promise (wait_for_function would not: a promise is truthy at once).
        page.evaluate("() => navigator.serviceWorker.ready.then((r) => !!r.active)")
        if first and not page.evaluate(WAIT_FOR_SNAPSHOT, TIMEOUT_MS):
            print("  (the first visit saved no snapshot)", flush=True)
    page.wait_for_load_state("networkidle")
    page.close()
    return elapsed, boot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    builder = load_builder()
    if not args.no_build:
        builder.build()
    meter = Meter()
    server = start_server(builder, meter)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    pages = {"game": base + "/", "baseline": base + "/__bench__/index.html"}
    times: dict[tuple[str, str], list[float]] = {(p, v): [] for p in pages for v in VISITS}
    boots: dict[str, list[str | None]] = {v: [] for v in VISITS}
    first_bytes: list[int] = []
    repeat_bytes: list[int] = []
    first_br: list[int] = []
    outside: list[str] = []

    def launch(pw: Any, profile: str) -> Any:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True
        )
        context.on(
            "request", lambda r: outside.append(r.url) if not r.url.startswith(base) else None
        )
        return context

    with sync_playwright() as pw:
        for round_ in range(args.runs):
            order = list(pages) if round_ % 2 == 0 else list(reversed(pages))
            for name in order:
                game = name == "game"
                with tempfile.TemporaryDirectory(prefix="ombre-bench-") as profile:
                    context = launch(pw, profile)
                    for kind in VISITS:
                        if kind == "repeat cold":
                            context.close()
                            context = launch(pw, profile)
                        meter.reset()
                        ms, boot = visit(context, pages[name], game, kind == "first")
                        times[(name, kind)].append(ms)
                        if not game:
                            continue
                        boots[kind].append(boot)
                        if kind == "first":
                            first_bytes.append(meter.sent)
                            first_br.append(brotli_estimate(builder, meter.requests))
                        elif kind == "repeat warm":
                            repeat_bytes.append(meter.sent)
                    context.close()
            print(
                f"round {round_ + 1}: "
                + ", ".join(f"{p} {v} {times[(p, v)][-1]:.0f} ms" for p, v in times)
                + f"; game boots {[boots[v][-1] for v in VISITS]}",
                flush=True,
            )
    server.shutdown()

    print(f"\nmedian of {args.runs} interleaved runs, ms from navigation start to usable:")
    for kind in VISITS:
        game = statistics.median(times[("game", kind)])
        baseline = statistics.median(times[("baseline", kind)])
        print(
            f"  {kind}: game (first playable deal) {game:.0f} ms, baseline (stock Pyodide +"
            f" trivial import) {baseline:.0f} ms, ratio {game / baseline:.2f};"
            f" engine start-up paths: {', '.join(sorted(set(map(str, boots[kind]))))}"
        )
    print(
        f"bytes sent for the game, first visit: {statistics.median(first_bytes) / 1e6:.2f} MB as"
        f" delivered (headers included), {statistics.median(first_br) / 1e6:.2f} MB of bodies"
        f" if all were brotli; repeat visit: {statistics.median(repeat_bytes) / 1e3:.1f} KB"
    )
    if outside:
        print(f"requests to other hosts: {sorted(set(outside))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
