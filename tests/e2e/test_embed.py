"""Embedding (issue #8 item 1): the <ombre-game> element from embed.js, its options, the events
it passes to the host page, and the game served from a sub-path."""

from __future__ import annotations

from typing import Any

from conftest import PAGES, load_build_module
from playwright.sync_api import expect
from test_ui import ENGINE_TIMEOUT_MS, INSTANT, play_to_end


def game_frame(page: Any) -> Any:
    page.wait_for_function("() => document.querySelector('ombre-game iframe')")
    handle = page.locator("ombre-game iframe").element_handle()
    frame = handle.content_frame()
    # the frame may still hold a document being parsed, with no body yet (after a reload)
    frame.wait_for_function(
        "() => ['playable', 'waiting', 'over', 'error'].includes(document.body?.dataset.state)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    return frame


def events(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("window.events")


def test_the_element_frames_the_game_with_its_options_and_passes_its_events(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    page.context.add_init_script(INSTANT)  # the deal at pace 0 (the frame shares the origin)
    page.goto(base_url + "/__tests__/host.html?rules=classic&seed=7&level=novice&log=hide")
    frame = game_frame(page)
    expect(frame.locator("#rules-title")).to_contain_text("Court Gamester")
    expect(frame.locator("#log-panel")).to_be_hidden()
    expect(frame.locator("#ledger-panel")).to_be_visible()
    page.wait_for_function("() => window.events.some((e) => e.type === 'ready')")
    ready = next(e for e in events(page) if e["type"] == "ready")
    assert ready == {
        "source": "ombre",
        "version": 1,
        "type": "ready",
        "rules": "classic",
        "deal": 1,
        "level": "novice",
    }
    play_to_end(frame)
    page.wait_for_function("() => window.events.some((e) => e.type === 'deal-finished')")
    done = next(e for e in events(page) if e["type"] == "deal-finished")
    assert done["rules"] == "classic" and done["deal"] == 1 and done["human"] == 0
    assert done["outcome"] in ("sacada", "codille", "repuesto", "passed")
    assert len(done["payments"]) == 3 and sum(done["payments"]) <= 0
    assert console_errors == []


def test_two_games_on_one_page_each_play_their_own(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """A curator's page with two <ombre-game>: the game saved on an earlier visit goes to one
    frame, and the other starts a game of its own instead of asking to take it over."""
    page.goto(base_url + "/__tests__/host.html")
    game_frame(page)
    page.wait_for_function("() => window.events.some((e) => e.type === 'ready')")
    page.goto(base_url + "/__tests__/host.html?games=2")
    page.wait_for_function("() => document.querySelectorAll('ombre-game iframe').length === 2")
    frames = [h.content_frame() for h in page.locator("ombre-game iframe").element_handles()]
    for frame in frames:
        frame.wait_for_function(
            "() => ['playable', 'waiting', 'over'].includes(document.body?.dataset.state)",
            timeout=ENGINE_TIMEOUT_MS,
        )
        expect(frame.locator("#notice")).to_be_hidden()
        expect(frame.locator("#hand button.hand-card")).to_have_count(9)
    page.wait_for_function("() => window.events.filter((e) => e.type === 'ready').length === 2")
    assert console_errors == []


def test_a_returning_visitor_goes_on_with_the_game_the_element_set_up(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """The element's rules and level are there on every visit: not a link to ask about. A game
    of those rules goes on; other rules start their own game, unasked (the first is kept)."""
    hand = "() => [...document.querySelectorAll('#hand button.hand-card')].map(b => b.dataset.code)"
    cards = "#hand button.hand-card"
    page.goto(base_url + "/__tests__/host.html?rules=classic&level=novice")
    frame = game_frame(page)
    expect(frame.locator("#rules-title")).to_contain_text("Court Gamester")
    # "waiting" is also the state while a saved game is read back, before any hand is shown
    # (resumeSave): wait for the hand itself (an empty hand here once, on a loaded machine)
    expect(frame.locator(cards)).to_have_count(9, timeout=ENGINE_TIMEOUT_MS)
    first = frame.evaluate(hand)
    page.reload()
    frame = game_frame(page)
    expect(frame.locator(cards)).to_have_count(9, timeout=ENGINE_TIMEOUT_MS)
    expect(frame.locator("#notice")).to_be_hidden()
    assert frame.evaluate(hand) == first
    page.goto(base_url + "/__tests__/host.html?rules=1660&level=novice")
    frame = game_frame(page)
    expect(frame.locator("#rules-title")).to_contain_text("1660")
    expect(frame.locator("#notice")).to_be_hidden()
    saved = "() => Object.keys(localStorage).filter((k) => k.startsWith('ombre.save.')).length"
    assert frame.evaluate(saved) == 2  # the classic game is kept
    assert console_errors == []


def test_a_bad_option_is_reported_inside_and_to_the_host(page: Any, base_url: str) -> None:
    page.goto(base_url + "/__tests__/host.html?level=grandmaster&ledger=maybe")
    frame = game_frame(page)
    expect(frame.locator("#notice")).to_contain_text("level \u201cgrandmaster\u201d")
    page.wait_for_function("() => window.events.some((e) => e.type === 'error')")
    errors = [e for e in events(page) if e["type"] == "error"]
    assert any("grandmaster" in e["message"] for e in errors)
    assert all(e["fatal"] is False for e in errors)


def test_the_game_plays_from_a_sub_path(page: Any, site: dict[str, Any]) -> None:
    builder = load_build_module()
    mounts = {"/__tests__/": PAGES, "/games/ombre/": site["dist"]}
    server = builder.serve(site["dist"], port=0, mounts=mounts)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        page.goto(url + "/__tests__/host.html?embed=/games/ombre/embed.js&rules=1660&seed=3")
        frame = game_frame(page)
        assert "/games/ombre/index.html" in frame.url
        expect(frame.locator("#rules-title")).to_contain_text("1660")
        page.wait_for_function("() => window.events.some((e) => e.type === 'ready')")
    finally:
        server.shutdown()
        server.server_close()
