#!/usr/bin/env python3
"""Start-up benchmark: our game page against a bare page running stock Pyodide.

    python bench/startup.py [--runs 5] [--no-build]

For each of ``--runs`` interleaved rounds (the order of the two pages alternates), in headless
Debian Chromium against build.py's server on 127.0.0.1:

* **cold**: a new browser context (empty HTTP cache, no service worker), navigation to the page;
* **warm**: a second page in the same context (HTTP cache and, for the game, the service worker).

Time = ``performance.now()`` (from navigation start) when the page is usable: for the game,
``document.body.dataset.state == "playable"`` (the first deal is shown and actionable; set by the
UI; the computer players' pace is set to 0); for the baseline (``bench/baseline/index.html``: the
stock runtime and unmodified ``python_stdlib.zip`` from node_modules, served at ``/__stock__/``),
when ``loadPyodide`` resolved and a trivial module was imported. Prints the medians, their ratio
(game / baseline), and the bytes the server sent for the game on a first visit (including the
service worker's precache) and on a repeat visit, as delivered (headers and bodies; Chromium
accepts brotli from 127.0.0.1) and as the bodies would be if every file were sent with brotli.

This is a measuring script, not a test: it asserts nothing and takes about a minute.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

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


def load_builder() -> Any:
    spec = importlib.util.spec_from_file_location("ombre_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["ombre_build"] = module
    spec.loader.exec_module(module)
    return module


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


def visit(context: Any, url: str, game: bool) -> float:
    page = context.new_page()
    page.add_init_script(MARK)
    page.goto(url)
    page.wait_for_function("() => window.__usable !== null", timeout=TIMEOUT_MS)
    elapsed = float(page.evaluate("window.__usable"))
    if game:
        # Let the service worker finish installing (its precache belongs to the first visit).
        page.wait_for_function(
            "() => navigator.serviceWorker.ready.then((r) => !!r.active)", timeout=TIMEOUT_MS
        )
    page.wait_for_load_state("networkidle")
    page.close()
    return elapsed


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
    times: dict[tuple[str, str], list[float]] = {
        (p, w): [] for p in pages for w in ("cold", "warm")
    }
    first_bytes: list[int] = []
    repeat_bytes: list[int] = []
    first_br: list[int] = []
    outside: list[str] = []

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for round_ in range(args.runs):
            order = list(pages) if round_ % 2 == 0 else list(reversed(pages))
            for name in order:
                context = browser.new_context()
                context.on(
                    "request",
                    lambda r: outside.append(r.url) if not r.url.startswith(base) else None,
                )
                meter.reset()
                times[(name, "cold")].append(visit(context, pages[name], name == "game"))
                if name == "game":
                    first_bytes.append(meter.sent)
                    first_br.append(brotli_estimate(builder, meter.requests))
                meter.reset()
                times[(name, "warm")].append(visit(context, pages[name], name == "game"))
                if name == "game":
                    repeat_bytes.append(meter.sent)
                context.close()
            print(
                f"round {round_ + 1}: "
                + ", ".join(f"{p} {w} {times[(p, w)][-1]:.0f} ms" for p, w in times),
                flush=True,
            )
        browser.close()
    server.shutdown()

    print(f"\nmedian of {args.runs} interleaved runs, ms from navigation start to usable:")
    for warmth in ("cold", "warm"):
        game = statistics.median(times[("game", warmth)])
        baseline = statistics.median(times[("baseline", warmth)])
        print(
            f"  {warmth}: game (first playable deal) {game:.0f} ms, baseline (stock Pyodide +"
            f" trivial import) {baseline:.0f} ms, ratio {game / baseline:.2f}"
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
