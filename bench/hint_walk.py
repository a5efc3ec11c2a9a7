#!/usr/bin/env python3
"""How long a visitor waits for a hint at the table: a script that prints figures (issue #6).

    python bench/hint_walk.py [--rules 1660,quadrille] [--seeds 5,6] [--build] [--shots DIR]

The built site is served on a free port and opened in Debian's Chromium, as a visitor opens it
(``/?rules=R&seed=S&level=expert``); the deal is played to its end by the person following every
hint: *Hint* is clicked, the advised action taken through the table's own controls. For each hint
the wait from the click to the words shown is timed (wall time: the hint's search runs in the
engine's worker, and the page shows "thinking" meanwhile), and told apart by the decision's kind
(the auction and other choices before the play, the exchange, a card). Printed per table: the
hints' median, 95th percentile and longest wait, how the deal ended, and what should be nothing:
requests to another origin (each aborted) and console errors. ``--shots`` keeps a screenshot of
the table at the deal's end and of the review of the deal.

The hint's own wait is not a bot's decision (the issue's 300 ms is the bots': ``latency.py``); a
machine's load moves it, so only figures taken in one run compare. ``--build`` builds ``dist/``
from this tree first (else the site last built is served).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chromium import ARGS, CHROMIUM, served_site

from ombre_core import actions as A

SETTLED = (
    "() => document.body?.dataset.engine === 'ready'"
    " && ['playable', 'over', 'error'].includes(document.body.dataset.state)"
)
"""The table waits for the person, or the deal is over (or failed): the engine is not busy."""


def kind_of(text: str) -> str:
    """A hint's kind, by its action as the engine reads it (*Gano* goes with its card)."""
    action = A.parse_action(text)
    if A.is_discard(action):
        return "exchange"
    return "card" if A.is_card(action) or action == A.Act.GANO else "auction"


def take(page: Any, action: str) -> None:
    """The advised action, through the table's own controls (as the browser tests do)."""
    if page.locator("#discard-button").count():
        for code in action.split()[1:]:
            page.locator(f'#hand button.hand-card[data-code="{code}"]').click()
        page.locator("#discard-button").click()
    elif page.locator(f'#actions button[data-action="{action}"]').count():
        page.locator(f'#actions button[data-action="{action}"]').click()
    elif action == "gano":  # said with the card the hint marks
        page.locator("#hand button.hand-card.hinted").click()
    elif page.locator(f'#hand button.hand-card[data-code="{action}"]').count():
        page.locator(f'#hand button.hand-card[data-code="{action}"]').click()
    else:
        raise SystemExit(f"the hint named {action!r}, and the table has no control for it")


def walk(browser: Any, base: str, rules: str, seed: int, shots: Path | None) -> dict[str, Any]:
    """One deal played by following every hint; its figures."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    offsite: list[str] = []
    errors: list[str] = []

    def route(request_route: Any) -> None:
        if request_route.request.url.startswith(base):
            request_route.continue_()
        else:
            offsite.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.goto(f"{base}/?rules={rules}&seed={seed}&level=expert")
    waits: dict[str, list[float]] = {}
    for _ in range(300):  # a deal has far fewer decisions: a guard against a table that sticks
        page.wait_for_function(SETTLED, timeout=180_000)
        if page.evaluate("document.body.dataset.state") != "playable":
            break
        text = page.locator("#hint-text")
        started = time.perf_counter()
        # its handler clears data-action at once
        page.get_by_role("button", name="Hint", exact=True).click()
        page.wait_for_function(
            "() => document.querySelector('#hint-text')?.dataset.action !== undefined",
            timeout=60_000,
        )
        waited = (time.perf_counter() - started) * 1000
        action = text.get_attribute("data-action") or ""
        waits.setdefault(kind_of(action), []).append(waited)
        take(page, action)
    state = page.evaluate("document.body.dataset.state")
    result = page.locator("#result").inner_text().splitlines()[0] if state == "over" else state
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"{rules}-{seed}-end.png"), full_page=True)
        page.get_by_role("button", name="Review the deal").click()
        summary = page.locator("#review-dialog").get_by_text("You made")  # after every row
        summary.wait_for(timeout=180_000)
        page.screenshot(path=str(shots / f"{rules}-{seed}-review.png"), full_page=True)
    page.close()
    return {"result": result, "waits": waits, "offsite": offsite, "errors": errors}


def figures(waits: list[float]) -> dict[str, float | int]:
    ordered = sorted(waits)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "hints": len(ordered),
        "median_ms": round(statistics.median(ordered)),
        "p95_ms": round(p95),
        "max_ms": round(ordered[-1]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="1660", help="tables, comma-separated")
    parser.add_argument("--seeds", default="5", help="deal seeds, comma-separated")
    parser.add_argument("--build", action="store_true", help="build dist/ from this tree first")
    parser.add_argument("--shots", type=Path, help="keep screenshots of each deal's end here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    report: dict[str, Any] = {}
    with served_site(args.build, {}) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for rules in args.rules.split(","):
            deals = [walk(browser, base, rules, int(s), args.shots) for s in args.seeds.split(",")]
            every: dict[str, list[float]] = {}
            for deal in deals:
                for kind, waits in deal["waits"].items():
                    every.setdefault(kind, []).extend(waits)
            report[rules] = {
                "deals": [deal["result"] for deal in deals],
                "every hint": figures([w for waits in every.values() for w in waits]),
                **{kind: figures(waits) for kind, waits in sorted(every.items())},
                "offsite_requests": sum(len(deal["offsite"]) for deal in deals),
                "console_errors": [e for deal in deals for e in deal["errors"]],
            }
        browser.close()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
