"""The build, the worker plumbing and offline play, in Debian's Chromium (no UI involved).

These use the test-only page ``/__tests__/engine.html`` (tests/e2e/pages/), which starts the engine
through ``engine-client.js`` exactly as the game does, and the real game page for the offline test.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

BRIDGE_TIMEOUT_MS = 120_000


def preset_list(reply: Any) -> list[dict[str, Any]]:
    """presets() replies {"ok": true, "presets": [...]} (docs/bridge.md once said a bare list)."""
    return reply["presets"] if isinstance(reply, dict) else reply


def test_engine_boots_with_progress_and_answers(
    engine_page: Any, call_engine: Any, console_errors: list[str], offline_log: dict
) -> None:
    stages = [m["stage"] for m in engine_page.evaluate("window.progress")]
    assert stages[0] == "runtime" and stages[-1] == "ready", stages
    assert "engine" in stages
    info = engine_page.evaluate("window.readyInfo")
    assert info["loader"] == "lock"
    assert info["pyodide"] == "314.0.7"
    presets = preset_list(call_engine(engine_page, "presets"))
    assert presets
    assert all({"id", "title", "description"} <= set(p) for p in presets)
    snap = call_engine(
        engine_page, "new_session", {"rules": presets[0]["id"], "seed": 7, "human": 0}
    )
    assert snap["ok"] is True, snap
    assert call_engine(engine_page, "snapshot")["ok"] is True
    assert console_errors == []
    assert offline_log["blocked"] == []
    assert any("/pyodide/wheels/" in url for url in offline_log["local"])


def test_rpc_errors_are_typed_and_game_errors_are_replies(
    engine_page: Any, call_engine: Any, console_errors: list[str]
) -> None:
    # A function outside the bridge's whitelist is refused before reaching Python.
    refused = engine_page.evaluate(
        "window.engine.call('__import__', '\"os\"').then(() => null, (e) => [e.type, e.message])"
    )
    assert refused[0] == "UnknownFunction", refused
    refused = engine_page.evaluate("window.engine.call('apply').then(() => null, (e) => e.type)")
    assert refused == "BadArgument"
    # A game error is an ordinary reply with ok: false, and the state is kept.
    call_engine(engine_page, "new_session", {"rules": "1660", "seed": 1, "human": 0})
    before = call_engine(engine_page, "snapshot")
    reply = call_engine(engine_page, "apply", {"action": "not-an-action"})
    assert reply["ok"] is False and reply["error"]["type"], reply
    assert call_engine(engine_page, "snapshot") == before
    # Concurrent calls are matched to their own replies.
    replies = engine_page.evaluate(
        "Promise.all([window.engine.call('presets'), window.engine.call('snapshot'),"
        " window.engine.call('presets')])"
    )
    assert preset_list(replies[0]) and replies[1]["ok"] is True and replies[2] == replies[0]
    assert console_errors == []


def test_micropip_route_installs_the_same_wheel(
    page: Any, base_url: str, call_engine: Any, console_errors: list[str], offline_log: dict
) -> None:
    page.goto(base_url + "/__tests__/engine.html?loader=micropip")
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
        timeout=BRIDGE_TIMEOUT_MS,
    )
    assert page.evaluate("document.body.dataset.engine") == "ready", page.inner_text("body")
    assert page.evaluate("window.readyInfo.loader") == "micropip"
    assert call_engine(page, "presets")
    assert any("micropip-0.11.1" in url for url in offline_log["local"])
    assert console_errors == []


def test_fatal_start_is_reported_without_webassembly(page: Any, base_url: str) -> None:
    page.add_init_script("delete globalThis.WebAssembly")
    page.goto(base_url + "/__tests__/engine.html")
    page.wait_for_function(
        "() => document.body.dataset.engine === 'failed'", timeout=BRIDGE_TIMEOUT_MS
    )
    assert "WebAssembly" in page.evaluate("window.fatal")
    rejected = page.evaluate("window.engine.call('presets').then(() => null, (e) => e.type)")
    assert rejected == "EngineUnavailable"


def test_fatal_when_the_wheel_is_missing(page: Any, base_url: str, site: dict) -> None:
    wheel = site["info"]["config"]["wheel"]
    page.route(f"**/{wheel}", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url + "/__tests__/engine.html")
    page.wait_for_function(
        "() => document.body.dataset.engine === 'failed'", timeout=BRIDGE_TIMEOUT_MS
    )
    assert "could not be loaded" in page.evaluate("window.fatal")


def test_fatal_when_the_runtime_wasm_fails_to_download(page: Any, base_url: str) -> None:
    """Pyodide never settles when its wasm is missing; the worker must still report the failure."""
    page.route("**/*.wasm", lambda route: route.abort())
    page.goto(base_url + "/__tests__/engine.html")
    page.wait_for_function(
        "() => document.body.dataset.engine === 'failed'", timeout=BRIDGE_TIMEOUT_MS
    )
    assert "runtime" in page.evaluate("window.fatal")


@pytest.mark.allow_blocked
def test_requests_to_other_hosts_are_blocked_and_recorded(
    engine_page: Any, offline_log: dict
) -> None:
    outcome = engine_page.evaluate(
        "fetch('https://example.com/x.js').then(() => 'fetched', () => 'failed')"
    )
    assert outcome == "failed"
    assert offline_log["blocked"] == ["https://example.com/x.js"]


def test_server_mime_types_caching_and_compression(base_url: str, site: dict) -> None:
    config = site["info"]["config"]
    expected = {
        config["runtime"] + "pyodide.asm.wasm": "application/wasm",
        config["runtime"] + "pyodide.mjs": "text/javascript",
        site["info"]["modules"]["engine-worker.js"]: "text/javascript",
        config["wheel"]: "application/zip",
        "manifest.webmanifest": "application/manifest+json",
    }
    for path, mime in expected.items():
        with urllib.request.urlopen(f"{base_url}/{path}") as response:
            assert response.headers["Content-Type"].startswith(mime), path
            cache = response.headers["Cache-Control"]
            immutable = path != "manifest.webmanifest"
            assert ("immutable" in cache) == immutable, (path, cache)
    request = urllib.request.Request(
        f"{base_url}/{config['runtime']}pyodide.asm.wasm", headers={"Accept-Encoding": "br, gzip"}
    )
    with urllib.request.urlopen(request) as response:
        assert response.headers["Content-Encoding"] == "br"
        assert int(response.headers["Content-Length"]) < 4_000_000
    with urllib.request.urlopen(f"{base_url}/sw.js") as response:
        assert "no-cache" in response.headers["Cache-Control"]


def test_built_files_name_each_other_by_content_hash(site: dict) -> None:
    dist, info = site["dist"], site["info"]
    lock = json.loads((dist / info["config"]["lock"]).read_text())
    assert lock["info"]["abi_version"] == "2026_0"
    assert sorted(lock["packages"]) == ["micropip", "ombre-core"]
    for entry in lock["packages"].values():
        shipped = dist / "pyodide" / entry["file_name"]
        assert info["files"][shipped.relative_to(dist).as_posix()] == entry["sha256"]
    sw = (dist / "sw.js").read_text()
    assert info["version"] in sw
    worker = (dist / info["modules"]["engine-worker.js"]).read_text()
    assert info["config"]["lock"] in worker and "@OMBRE_BUILD@" not in worker
    client = (dist / info["modules"]["engine-client.js"]).read_text()
    assert info["modules"]["engine-worker.js"] in client
    for original, hashed in info["modules"].items():
        assert re.search(r"\.[0-9a-f]{12}\.(js|css)$", hashed), hashed
        assert (dist / hashed).is_file(), original
    # Modules import each other by their hashed names (no import map: pages are strict-CSP).
    app = (dist / info["modules"]["app.js"]).read_text()
    assert f'from "./{info["modules"]["engine-client.js"]}"' in app
    assert 'from "./engine-client.js"' not in app
    html = (dist / "index.html").read_text()
    assert f'src="{info["modules"]["app.js"]}"' in html and "importmap" not in html


def test_game_works_offline_after_first_visit(
    page: Any, base_url: str, site: dict, console_errors: list[str], offline_log: dict
) -> None:
    page.goto(base_url + "/")
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
        timeout=BRIDGE_TIMEOUT_MS,
    )
    # The client registers sw.js once the engine is ready; wait until it controls the page.
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
        timeout=BRIDGE_TIMEOUT_MS,
    )
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
            timeout=BRIDGE_TIMEOUT_MS,
        )
        assert page.evaluate("document.body.dataset.engine") == "ready", page.inner_text("body")
        # A second engine, started from the page by the client's hashed name, answers the bridge
        # too: every runtime file is served from the service worker's cache.
        reply = page.evaluate(
            """async (client) => {
                const { startEngine } = await import("./" + client);
                const engine = await startEngine({ serviceWorker: false });
                const reply = await engine.call("presets");
                const presets = Array.isArray(reply) ? reply : reply.presets;
                const snap = await engine.call("new_session", {rules: presets[0].id, seed: 3});
                engine.terminate();
                return snap;
            }""",
            site["info"]["modules"]["engine-client.js"],
        )
        assert reply["ok"] is True, reply
    finally:
        page.context.set_offline(False)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready")
    assert console_errors == []


def test_pages_link_an_installable_manifest(site: dict) -> None:
    dist = site["dist"]
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (dist / icon["src"]).is_file(), icon["src"]
    if (dist / "index.html").is_file():
        assert 'rel="manifest"' in (dist / "index.html").read_text()
