"""The instant start on return: the engine's Pyodide memory snapshot, in Debian's Chromium.

After a normal start has answered a call and been idle for a moment, the engine worker makes a
memory snapshot of a fresh interpreter with the engine imported (in a nested worker) and saves it in
Cache Storage; the next visit of the same build restores it instead of booting
(``web/engine-worker.js``, docs/build.md). These tests follow visits in one browser context (one
profile): the first visit saves the snapshot, later ones must use it, deal fresh games (a restored
interpreter repeats the random state it was saved with), and fall back to a normal start, deleting
the entry, when it is corrupt or belongs to another build; and the whole of it under the strict
Content-Security-Policy sent as a header. Which path a start took is in the ready message
(``readyInfo.boot``) and in the worker's ``self.ombreBoot``. Waits are on state, never on sleeps.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, collect_console_errors, engine_call, wait_engine
from test_csp import COLLECT_VIOLATIONS, VIOLATIONS
from test_ui import open_table, settle

CACHE = "ombre.snapshot"
KEY = "/__ombre__/engine-snapshot"

READ_ENTRY = """async ([name, key]) => {
  const response = await (await caches.open(name)).match(new URL(key, location.href).href);
  if (!response) return null;
  const size = (await response.arrayBuffer()).byteLength;
  const build = response.headers.get("X-Ombre-Build");
  return { build, bytes: response.headers.get("X-Ombre-Bytes"), size };
}"""

# Replace the entry's body (keeping its headers, so only the runtime can tell) or its build tag.
SPOIL_ENTRY = """async ([name, key, how]) => {
  const cache = await caches.open(name);
  const url = new URL(key, location.href).href;
  const response = await cache.match(url);
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  if (how === "garbage") {
    for (let i = 0; i < body.length; i += 65536) {
      crypto.getRandomValues(body.subarray(i, Math.min(i + 65536, body.length)));
    }
  } else {
    headers.set("X-Ombre-Build", "engine-worker.000000000000.js");
  }
  await cache.put(url, new Response(body, { headers }));
}"""


WAIT_FOR_ENTRY = """async ([name, key, timeout]) => {
  const url = new URL(key, location.href).href;
  const until = performance.now() + timeout;
  while (performance.now() < until) {
    if (await (await caches.open(name)).match(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def entry(page: Any) -> dict[str, Any] | None:
    return page.evaluate(READ_ENTRY, [CACHE, KEY])


def visit(context: Any, base_url: str, errors: list[str]) -> Any:
    """A new page of ``context`` at the engine test page, once the engine is ready."""
    page = context.new_page()
    errors_here = collect_console_errors(page)
    page.on("close", lambda _: errors.extend(errors_here))
    page.goto(base_url + "/__tests__/engine.html")
    wait_engine(page, "engine test page")
    return page


def deal_and_wait_for_the_snapshot(page: Any) -> dict[str, Any]:
    """Show a deal (an answered call arms the snapshot job), then wait for the job's outcome."""
    assert engine_call(page, "new_session", {"rules": "1660", "seed": None, "human": 0})["ok"]
    page.wait_for_function("() => window.snapshotInfo !== null", timeout=ENGINE_TIMEOUT_MS)
    info = page.evaluate("window.snapshotInfo")
    assert info["state"] == "saved", info
    return info


def engine_worker(page: Any) -> Any:
    (worker,) = [w for w in page.workers if "engine-worker" in w.url and "role=" not in w.url]
    return worker


def new_hand(page: Any) -> list[str]:
    reply = engine_call(page, "new_session", {"rules": "1660", "seed": None, "human": 0})
    assert reply["ok"], reply
    return [card["code"] for card in reply["hand"]]


def test_a_second_visit_boots_from_the_snapshot_and_deals_fresh_games(
    context: Any, base_url: str, site: dict[str, Any]
) -> None:
    errors: list[str] = []
    first = visit(context, base_url, errors)
    info = first.evaluate("window.readyInfo")
    assert (info["boot"], info["boot_note"]) == ("normal", "none"), info
    saved = deal_and_wait_for_the_snapshot(first)
    stored = entry(first)
    # Tagged with the worker's content-hashed name, which covers the runtime, stdlib and wheel.
    worker_name = site["info"]["modules"]["engine-worker.js"].rsplit("/", 1)[-1]
    assert stored == {"build": worker_name, "bytes": str(saved["bytes"]), "size": saved["bytes"]}
    first.close()

    hands = []
    for _ in range(2):
        page = visit(context, base_url, errors)
        info = page.evaluate("window.readyInfo")
        assert (info["boot"], info["boot_note"]) == ("snapshot", None), info
        assert engine_worker(page).evaluate("self.ombreBoot") == {"boot": "snapshot", "note": None}
        hands.append(new_hand(page))
        assert engine_call(page, "snapshot")["ok"]
        assert entry(page) == stored  # used, not replaced
        page.close()
    # Two restored interpreters started from the same memory, yet deal different games.
    assert hands[0] != hands[1], hands
    assert errors == []


@pytest.mark.parametrize("how", ["garbage", "other build"])
def test_a_bad_snapshot_falls_back_to_a_normal_start_and_is_replaced(
    context: Any, base_url: str, how: str
) -> None:
    errors: list[str] = []
    first = visit(context, base_url, errors)
    deal_and_wait_for_the_snapshot(first)
    good = entry(first)
    first.evaluate(SPOIL_ENTRY, [CACHE, KEY, how])
    first.close()

    second = visit(context, base_url, errors)
    info = second.evaluate("window.readyInfo")
    assert info["boot"] == "normal", info
    if how == "garbage":
        assert info["boot_note"].startswith("failed: "), info
    else:
        assert info["boot_note"] == "other build", info
    assert entry(second) is None  # deleted before the normal start
    assert len(new_hand(second)) == 9  # the game starts
    # ... and, idle again, the worker saves a good snapshot in its place.
    second.wait_for_function("() => window.snapshotInfo !== null", timeout=ENGINE_TIMEOUT_MS)
    assert entry(second) == good
    second.close()

    third = visit(context, base_url, errors)
    assert third.evaluate("window.readyInfo.boot") == "snapshot"
    assert errors == []


def test_the_snapshot_start_under_the_strict_policy_header(
    context: Any, csp_server: dict[str, Any]
) -> None:
    """The game page itself, with the policy as an HTTP header (it also governs both workers)."""
    reports = csp_server["reports"]
    seen_reports = len(reports)
    context.add_init_script(COLLECT_VIOLATIONS)
    errors: list[str] = []
    first = context.new_page()
    errors += collect_console_errors(first)
    open_table(first, csp_server["url"], "?seed=2&rules=1660")
    # wait_for_function does not await a promise: poll Cache Storage in the page instead.
    assert first.evaluate(WAIT_FOR_ENTRY, [CACHE, KEY, ENGINE_TIMEOUT_MS])
    assert first.evaluate(VIOLATIONS) == []
    first.close()

    second = context.new_page()
    errors += collect_console_errors(second)
    open_table(second, csp_server["url"], "?seed=3&rules=1660")
    assert engine_worker(second).evaluate("self.ombreBoot") == {"boot": "snapshot", "note": None}
    settle(second)
    assert second.evaluate(VIOLATIONS) == []
    assert reports[seen_reports:] == []
    assert errors == []
