"""The game under a strict Content-Security-Policy; what a person meets where scripts cannot run.

Every shipped page carries its own policy in a ``<meta http-equiv>`` (docs/ui.md). These tests
play a whole deal under it, delivered by the meta tag alone and also as an HTTP header
(``csp_server``, as a host would send it, which also governs the engine worker and the service
worker), and collect every violation: ``securitypolicyviolation`` events in the page, the reports
the browser POSTs for pages and workers alike (header only: ``report-uri`` is not allowed in a meta
policy), and console errors. Then the pages where no script can run: a page opened from
``file://``, a frame sandboxed without ``allow-same-origin``, JavaScript turned off, a host policy
refusing the site's scripts; each must say so in plain words within seconds. Waits are on what is
shown, never on sleeps.

Screenshots go to ``tests/e2e/screenshots/csp-*.png`` (gitignored).
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect
from test_ui import check_result, open_table, play_to_end, settle

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# The static notice appears 3 s after the stylesheet applies (style.css); boot.js shows it at once
# where it can tell the cause. "Within seconds" is this bound.
NOTICE_TIMEOUT_MS = 6_000
COLLECT_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
});
"""
VIOLATIONS = "() => window.__cspViolations"


def with_headers(route: Any, **extra: str) -> None:
    """Fulfil ``route`` with the server's response plus ``extra`` headers (the body comes back
    decoded, so its encoding headers go)."""
    response = route.fetch()
    headers = {
        k: v
        for k, v in response.headers.items()
        if k.lower() not in ("content-encoding", "content-length")
    }
    route.fulfill(status=response.status, headers={**headers, **extra}, body=response.body())


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(SCREENSHOTS / f"csp-{name}-{size['width']}x{size['height']}.png"))


# --------------------------------------------------------------------------------------------
# the game under the policy


def test_pages_carry_a_strict_policy(site: dict[str, Any], csp_server: dict[str, Any]) -> None:
    policies = site["info"]["csp"]
    assert set(policies) >= {"index.html", "embed.html"}
    for page, policy in policies.items():
        html = (site["dist"] / page).read_text()
        assert f'<meta http-equiv="Content-Security-Policy" content="{policy}">' in html
        assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
        assert "<style" not in html and " style=" not in html.split("<pre>")[0]
    game = policies["index.html"]
    assert "default-src 'none'" in game and "'wasm-unsafe-eval'" in game
    # The header server sends each page its own policy, and the game's to every other file.
    worker = site["info"]["modules"]["engine-worker.js"]
    expected = {"/": game, "/embed.html": policies["embed.html"], f"/{worker}": game}
    for path, policy in expected.items():
        with urllib.request.urlopen(csp_server["url"] + path) as response:
            assert response.headers["Content-Security-Policy"].startswith(policy + ";"), path


@pytest.mark.parametrize(
    ("delivery", "width", "height"), [("meta", 1280, 800), ("header", 390, 844)]
)
def test_a_whole_deal_under_the_strict_policy(
    page: Any,
    base_url: str,
    csp_server: dict[str, Any],
    console_errors: list[str],
    delivery: str,
    width: int,
    height: int,
) -> None:
    base = csp_server["url"] if delivery == "header" else base_url
    reports = csp_server["reports"]
    seen_reports = len(reports)
    page.set_viewport_size({"width": width, "height": height})
    page.context.add_init_script(COLLECT_VIOLATIONS)
    open_table(page, base, "?seed=2&rules=1660")
    # The static "scripts did not run" notice never shows on a page whose scripts run.
    expect(page.locator("#boot-failed")).to_be_hidden()
    # The manifest (installing the game) is fetched under manifest-src: ask Chromium for it.
    manifest = page.context.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest"), manifest
    assert manifest["manifest"]["name"].startswith("Ombre")
    screenshot(page, f"game-{delivery}")
    play_to_end(page)
    check_result(page)
    # The dialogs (form method=dialog under form-action 'none'), the record download (a blob:
    # URL), the next deal, and the service worker taking over, all under the policy.
    page.get_by_role("button", name="How to play").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    with page.expect_download() as download:
        page.get_by_role("button", name="Save the record").click()
    assert download.value.suggested_filename == "ombre-deal-1.json"
    page.locator("#next-deal").click()
    settle(page)
    expect(page.locator(".fact", has_text="Deal").locator("dd")).to_have_text("2")
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"
    )
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=60_000)
    settle(page)
    assert page.evaluate(VIOLATIONS) == []
    assert reports[seen_reports:] == []
    assert console_errors == []


def test_the_embed_page_under_its_header_policy(
    page: Any, csp_server: dict[str, Any], console_errors: list[str]
) -> None:
    seen_reports = len(csp_server["reports"])
    page.context.add_init_script(COLLECT_VIOLATIONS)
    page.goto(csp_server["url"] + "/embed.html")
    expect(page.locator("#snippet")).to_contain_text(csp_server["url"] + "/index.html")
    frame = page.frame_locator("#example iframe")
    expect(frame.locator("#hand button.hand-card")).to_have_count(9, timeout=60_000)
    assert page.evaluate(VIOLATIONS) == []
    assert csp_server["reports"][seen_reports:] == []
    assert console_errors == []


def test_the_policy_is_enforced(page: Any, base_url: str) -> None:
    """A control: what the policy forbids is refused and seen by the collector, so the zero counts
    above mean something."""
    page.context.add_init_script(COLLECT_VIOLATIONS)
    open_table(page, base_url, "?seed=2&rules=1660")
    # An inline <style>, an inline <script>, a style="" attribute and an inline onclick handler.
    ran = page.evaluate(
        """() => {
            const style = document.createElement("style");
            style.textContent = "body { color: rgb(255, 0, 0); }";
            document.head.append(style);
            const script = document.createElement("script");
            script.textContent = "window.__inline = true;";
            document.head.append(script);
            const probe = document.createElement("p");
            probe.setAttribute("style", "color: rgb(0, 0, 255)");
            probe.setAttribute("onclick", "window.__handler = true;");
            document.body.append(probe);
            probe.click();
            return {
                style: getComputedStyle(document.body).color === "rgb(255, 0, 0)",
                script: window.__inline === true,
                attribute: getComputedStyle(probe).color === "rgb(0, 0, 255)",
                handler: window.__handler === true,
            };
        }"""
    )
    assert ran == {"style": False, "script": False, "attribute": False, "handler": False}
    page.wait_for_function("() => window.__cspViolations.length >= 4")
    directives = {v.split()[0] for v in page.evaluate(VIOLATIONS)}
    assert directives == {"style-src-elem", "script-src-elem", "style-src-attr", "script-src-attr"}


# --------------------------------------------------------------------------------------------
# where scripts cannot run


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_opened_from_a_file_says_to_serve_over_http(
    page: Any, site: dict[str, Any], width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto((site["dist"] / "index.html").as_uri())
    notice = page.locator("#boot-failed")
    expect(notice).to_be_visible(timeout=NOTICE_TIMEOUT_MS)
    expect(notice.get_by_role("heading")).to_have_text(re.compile("file", re.IGNORECASE))
    expect(notice).to_contain_text("file://")
    expect(notice).to_contain_text("python3 -m http.server")
    expect(notice).to_contain_text("http://127.0.0.1:8000/")
    screenshot(page, "file")


def test_a_frame_sandboxed_without_same_origin_says_what_the_host_must_allow(
    page: Any, base_url: str
) -> None:
    page.goto(base_url + "/__tests__/sandboxed.html")
    frame = page.frame_locator("#game")
    notice = frame.locator("#boot-failed")
    expect(notice).to_be_visible(timeout=NOTICE_TIMEOUT_MS)
    expect(notice.get_by_role("heading")).to_have_text(re.compile("frame"))
    expect(notice).to_contain_text('sandbox="allow-scripts allow-same-origin"')
    screenshot(page, "sandboxed")


def test_a_sandboxed_frame_whose_modules_load_explains_itself(page: Any, base_url: str) -> None:
    """A host that sends Access-Control-Allow-Origin: * lets the modules load in an opaque origin;
    then the app runs, and says why storage and the engine worker are refused."""

    def allow_any_origin(route: Any) -> None:
        if urlparse(route.request.url).hostname != "127.0.0.1":
            route.fallback()  # conftest's guard aborts and records it
            return
        with_headers(route, **{"access-control-allow-origin": "*"})

    page.route("**/*", allow_any_origin)
    page.goto(base_url + "/__tests__/sandboxed.html")
    frame = page.frame_locator("#game")
    notice = frame.locator("#notice")
    expect(notice).to_be_visible(timeout=NOTICE_TIMEOUT_MS)
    expect(notice).to_contain_text("sandboxed without allow-same-origin")
    expect(notice).to_contain_text('sandbox="allow-scripts allow-same-origin"')
    expect(frame.locator("body")).to_have_attribute("data-engine", "failed")
    expect(frame.locator("#boot-failed")).to_be_hidden()


def test_javascript_turned_off(browser: Any, base_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + "/")
        expect(page.get_by_role("heading", name="The game needs JavaScript")).to_be_visible()
        # Only the <noscript> words: the delayed notice and the loader are not shown at all.
        display = "e => getComputedStyle(e).display"
        assert page.locator("#boot-failed").evaluate(display) == "none"
        assert page.locator("#loader").evaluate(display) == "none"
        screenshot(page, "noscript")
    finally:
        context.close()


def test_a_host_policy_that_refuses_scripts(page: Any, base_url: str) -> None:
    """A host whose own header refuses every script: nothing of the game runs, and the static
    notice appears by itself."""

    page.route(
        re.compile(r"/(\?.*)?$"),
        lambda route: with_headers(route, **{"content-security-policy": "script-src 'none'"}),
    )
    page.goto(base_url + "/")
    notice = page.locator("#boot-failed")
    expect(notice).to_be_visible(timeout=NOTICE_TIMEOUT_MS)
    heading = "The game cannot start: its scripts did not run"
    expect(notice.get_by_role("heading")).to_have_text(heading)
    expect(notice).to_contain_text("Content-Security-Policy")
    expect(page.locator("body")).to_have_attribute("data-engine", "loading")
    screenshot(page, "scripts-refused")
