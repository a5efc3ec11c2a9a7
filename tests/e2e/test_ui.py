"""The table, played through the browser as a person would: clicks and keys, never engine calls.

Fixtures (``page``, ``base_url``, ``console_errors``, ``offline_log``) come from ``conftest.py``.
Every wait is on UI state (``body.dataset.engine`` / ``body.dataset.state`` and the DOM), never on
sleeps. The computer players' pace is set to "instant" through the UI's own settings key before the
page loads, so that a deal takes a second or two.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ombre_core.rules import RULES_1660
from ombre_core.session import Session

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

ENGINE_TIMEOUT_MS = 120_000
STEP_TIMEOUT_MS = 30_000
SETTLED = "['playable', 'over', 'error', 'watching'].includes(document.body.dataset.state)"
STATE_SETTLED = f"() => {SETTLED}"
INSTANT = "localStorage.setItem('ombre.settings', JSON.stringify({pace: 0}));"


# --------------------------------------------------------------------------------------------
# helpers


def open_table(page: Any, base_url: str, query: str = "", init: str = "") -> None:
    """Open the game with instant computer players; wait for the engine and a settled UI."""
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(INSTANT + init)
    page.goto(f"{base_url}/{query}")
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert page.evaluate("document.body.dataset.engine") == "ready", page.inner_text("body")[:2000]
    settle(page)


def settle(page: Any) -> str:
    """Wait for a settled state and return the state that satisfied the wait (read once: a
    second read could see the next state)."""
    handle = page.wait_for_function(
        f"() => {SETTLED} && document.body.dataset.state", timeout=STEP_TIMEOUT_MS
    )
    return str(handle.json_value())


def choose_action(names: list[str]) -> str:
    """The auction: ask leave when offered (so the human is ombre and exchanges), else the first."""
    for preferred in ("play", "trump s"):
        if preferred in names:
            return preferred
    return names[0]


def human_step(page: Any) -> None:
    """Make one move with the mouse, from what the table offers."""
    discard = page.locator("#discard-button")
    if discard.count():
        cards = page.locator("#hand button.hand-card")
        i = 0
        while discard.is_disabled():
            cards.nth(i).click()
            i += 1
        if i == 0:  # a defender may keep his cards; exchange one when the stock allows it
            cards.nth(0).click()
            i = 1
            if discard.is_disabled():
                cards.nth(0).click()
                i = 0
        expect(discard).to_have_text(f"Discard {i}" if i else "Discard none")
        discard.click()
        return
    legal = page.locator("#hand button.hand-card.legal")
    if legal.count():
        legal.first.click()
        return
    names = page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert names, "the human is to move but the table offers nothing"
    page.locator(f'#actions button[data-action="{choose_action(names)}"]').click()


def play_to_end(page: Any, step: Any = human_step, max_steps: int = 120) -> None:
    for _ in range(max_steps):
        state = settle(page)
        if state == "over":
            return
        assert state == "playable", page.inner_text("#notice")
        step(page)
    raise AssertionError("the deal did not end")


def check_result(page: Any, seats: int = 3) -> None:
    """The result shows its title, payments per seat, the ledger row and the Next deal button."""
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator("h2")).not_to_be_empty()
    expect(result.locator(".payments tbody tr")).to_have_count(seats)
    expect(page.locator("#next-deal")).to_be_enabled()
    deal = page.locator(".fact").filter(has_text="Deal").locator("dd").inner_text()
    expect(page.locator("#ledger tbody th", has_text=deal)).to_have_count(1)
    assert page.locator("#log li").count() > 5


def log_lines(page: Any) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def hand_codes(page: Any) -> list[str]:
    return page.locator("#hand button.hand-card").evaluate_all("bs => bs.map(b => b.dataset.code)")


# --------------------------------------------------------------------------------------------
# whole deals


@pytest.mark.parametrize(
    ("seed", "rules"), [(1, "1660"), (2, "classic"), (3, "1660"), (8, "classic")]
)
def test_whole_deal_through_the_ui(
    page: Any, base_url: str, console_errors: list[str], seed: int, rules: str
) -> None:
    open_table(page, base_url, f"?seed={seed}&rules={rules}")
    # The address is cleaned so that a reload resumes rather than starting again.
    assert "seed=" not in page.url
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    play_to_end(page)
    check_result(page)
    balances = page.locator("#ledger tfoot td").all_inner_texts()
    assert len(balances) == 3
    # Next deal: deal 2 begins, the ledger keeps deal 1.
    page.locator("#next-deal").click()
    settle(page)
    expect(page.locator(".fact", has_text="Deal").locator("dd")).to_have_text("2")
    expect(page.locator("#ledger tbody tr")).to_have_count(1)
    expect(page.locator("#result")).to_be_hidden()
    assert console_errors == []


def test_two_deals_running_ledger(page: Any, base_url: str, console_errors: list[str]) -> None:
    open_table(page, base_url, "?seed=21&rules=1660")
    play_to_end(page)
    page.locator("#next-deal").click()
    play_to_end(page)
    check_result(page)
    expect(page.locator("#ledger tbody tr")).to_have_count(2)
    # The totals are the engine's balances, shown on the seats as well.
    totals = page.locator("#ledger tfoot td").all_inner_texts()
    seat_balances = [
        t.replace("Counters:", "").strip() for t in page.locator(".seat .balance").all_inner_texts()
    ]
    assert sorted(totals) == sorted(seat_balances)
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# saving and resuming


def test_resume_after_reload(page: Any, base_url: str, console_errors: list[str]) -> None:
    open_table(page, base_url, "?seed=5&rules=classic")
    # Play into the deal: until the human has played at least one card.
    for _ in range(40):
        if settle(page) != "playable" or page.locator("#hand button.hand-card").count() < 9:
            break
        human_step(page)
    settle(page)
    before_log, before_hand = log_lines(page), hand_codes(page)
    before_title = page.locator("#rules-title").inner_text()
    assert len(before_log) > 3
    page.reload()
    page.wait_for_function(
        "() => document.body.dataset.engine === 'ready'", timeout=ENGINE_TIMEOUT_MS
    )
    settle(page)
    assert log_lines(page)[: len(before_log)] == before_log
    if page.evaluate("document.body.dataset.state") == "playable":
        assert hand_codes(page) == before_hand
    assert page.locator("#rules-title").inner_text() == before_title
    expect(page.locator("#notice")).to_be_hidden()
    play_to_end(page)
    check_result(page)
    assert console_errors == []


def test_plays_a_whole_deal_offline_after_a_first_visit(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """After one visit the service worker holds the whole site: with the network cut, a reload
    starts the engine from the cache and a whole deal is played through the table."""
    open_table(page, base_url, "?seed=11&rules=1660")
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
            timeout=ENGINE_TIMEOUT_MS,
        )
        assert page.evaluate("document.body.dataset.engine") == "ready", page.inner_text("body")
        play_to_end(page)
        check_result(page)
        page.locator("#next-deal").click()
        settle(page)
        expect(page.locator(".fact", has_text="Deal").locator("dd")).to_have_text("2")
    finally:
        page.context.set_offline(False)
    assert console_errors == []


@pytest.mark.parametrize(
    ("saved", "why"),
    [
        ("{this is not json", "not JSON"),
        (json.dumps({"format": "ombre-session/99", "rules": "1492"}), "format"),
        # the page's own checks leave the seat to the engine, where 1.5 escaped as a Python
        # TypeError until December 2026
        (json.dumps({**Session(RULES_1660, 5).to_json(), "human": 1.5}), "human seat must be"),
    ],
    ids=["broken-json", "wrong-document", "seat-a-fraction"],
)
def test_corrupted_saved_game(
    page: Any, base_url: str, console_errors: list[str], saved: str, why: str
) -> None:
    init = f"localStorage.setItem('ombre.session', {json.dumps(saved)});"
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(INSTANT + init)
    page.goto(base_url + "/")
    page.wait_for_function(
        "() => document.body.dataset.state === 'error'", timeout=ENGINE_TIMEOUT_MS
    )
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("saved game could not be read")
    expect(notice).to_contain_text(why)
    expect(notice).not_to_contain_text("Traceback")
    # The table is still there, and a new game is offered.
    expect(page.locator("#table")).to_be_visible()
    new_game = notice.get_by_role("button", name="New game")
    expect(new_game).to_be_visible()
    new_game.click()
    settle(page)
    expect(notice).to_be_hidden()
    expect(page.locator(".fact", has_text="Deal").locator("dd")).to_have_text("1")
    assert console_errors == []


@pytest.mark.parametrize(
    ("query", "words"),
    [("?seed=abc", "seed"), ("?rules=1700", "1700"), ("?seed=-3&rules=1660", "seed")],
)
def test_bad_address_parameter(
    page: Any, base_url: str, console_errors: list[str], query: str, words: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(INSTANT)
    page.goto(base_url + "/" + query)
    page.wait_for_function(
        "() => document.body.dataset.state === 'error'", timeout=ENGINE_TIMEOUT_MS
    )
    notice = page.locator("#notice")
    expect(notice).to_contain_text(words)
    notice.get_by_role("button", name="New game").click()
    assert settle(page) in ("playable", "over")
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert console_errors == []


def test_new_game_dialog_chooses_the_preset(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    dialog.locator('input[value="classic"]').check()
    dialog.get_by_role("button", name="Deal").click()
    settle(page)
    expect(page.locator("#rules-title")).to_contain_text("Court Gamester")
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# keyboard only


def focus_by_tab(page: Any, predicate: str, backwards: bool = False, limit: int = 80) -> None:
    """Press Tab (or Shift+Tab) until ``predicate(document.activeElement)`` holds."""
    check = f"(el => !!el && ({predicate}))(document.activeElement)"
    for _ in range(limit):
        if page.evaluate(check):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"Tab never reached {predicate}")


def keyboard_step(page: Any) -> None:
    """One move with the keyboard alone."""
    in_hand = "el.closest('#hand') !== null"
    if page.locator("#discard-button").count():
        focus_by_tab(page, in_hand)
        page.keyboard.press("Home")
        while page.locator("#discard-button").is_disabled():
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
        focus_by_tab(page, "el.id === 'discard-button'", backwards=True)
        page.keyboard.press("Enter")
        return
    if page.locator("#hand button.hand-card.legal").count():
        focus_by_tab(page, in_hand)
        page.keyboard.press("Home")
        for _ in range(10):
            if page.evaluate("document.activeElement.classList.contains('legal')"):
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        return
    names = page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    action = choose_action(names)
    focus_by_tab(page, f"el.dataset.action === {json.dumps(action)}")
    page.keyboard.press("Enter")


def test_whole_deal_with_the_keyboard_only(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=9&rules=1660")
    play_to_end(page, step=keyboard_step)
    check_result(page)
    focus_by_tab(page, "el.id === 'next-deal'")
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator(".fact", has_text="Deal").locator("dd")).to_have_text("2")
    assert console_errors == []


def test_hand_cards_are_named_buttons(page: Any, base_url: str, console_errors: list[str]) -> None:
    open_table(page, base_url, "?seed=3&rules=1660")
    cards = page.locator("#hand button.hand-card")
    labels = cards.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(labels) == 9 and all(labels)
    # One tab stop for the whole hand; arrows move along it.
    assert cards.evaluate_all("bs => bs.filter(b => b.tabIndex === 0).length") == 1
    cards.first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.code") == hand_codes(page)[1]
    # Historical names: a title with the plain name on hover.
    named = page.locator("#hand button.hand-card[title*=':']")
    for i in range(named.count()):
        assert "of" in named.nth(i).get_attribute("title")
    # The live region speaks.
    expect(page.locator("#live")).not_to_be_empty()
    # Game terms are explained on hover, and on a tap.
    term = page.locator("#log abbr[title]").first
    expect(term).to_have_attribute("title", re.compile(r".{20,}"))
    term.click()
    expect(page.locator(".term-tip")).to_have_text(term.get_attribute("title"))
    page.keyboard.press("Escape")
    expect(page.locator(".term-tip")).to_have_count(0)
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# accessibility and looks


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings; the page must have been opened after
    ``page.context.add_init_script(path=AXE)`` (an injected <script> tag would be inline script,
    which the page's Content-Security-Policy refuses)."""
    assert page.evaluate("typeof window.axe === 'object'"), "axe-core was not injected"
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.mark.skipif(not AXE.is_file(), reason="node_modules/axe-core is not installed (npm ci)")
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_axe_reports_no_serious_violations(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.context.add_init_script(path=str(AXE))
    open_table(page, base_url, "?seed=2&rules=1660")
    found = {"auction": axe_violations(page)}
    play_to_end(page)
    found["result"] = axe_violations(page)
    page.get_by_role("button", name="Review the deal").click()
    page.locator("#review-dialog").get_by_text("You made").wait_for(timeout=ENGINE_TIMEOUT_MS)
    found["review"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Saved games").click()
    expect(page.locator("#saves-dialog")).to_be_visible()
    found["saved games"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="How to play").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    found["rules"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="New game").click()
    found["new game"] = axe_violations(page)
    assert all(not v for v in found.values()), found
    assert console_errors == []


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (1280, 800)])
def test_screenshots(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, base_url, "?seed=7&rules=1660")
    page.screenshot(path=str(SCREENSHOTS / f"{width}x{height}-1-auction.png"))
    # Into the play of the cards: the first time the human has a card to play.
    for _ in range(40):
        if settle(page) != "playable" or page.locator("#hand button.hand-card.legal").count():
            break
        human_step(page)
    page.screenshot(path=str(SCREENSHOTS / f"{width}x{height}-2-play.png"))
    # Nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    play_to_end(page)
    page.screenshot(path=str(SCREENSHOTS / f"{width}x{height}-3-result.png"), full_page=True)
    page.get_by_role("button", name="How to play").click()
    page.screenshot(path=str(SCREENSHOTS / f"{width}x{height}-4-rules.png"))
    assert console_errors == []


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "da"])
@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_top_bar_takes_two_rows_on_a_phone(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int, lang: str
) -> None:
    """The title beside the buttons: the table starts high enough for the hand to show, in
    every language (the buttons and the pace take their short words there)."""
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, base_url, f"?seed=7&rules=1660&lang={lang}")
    tops = page.evaluate(
        "() => [...document.querySelectorAll('.topbar h1, .topnav > *')]"
        ".map((e) => e.getBoundingClientRect().top).sort((a, b) => a - b)"
    )
    rows = 1 + sum(1 for a, b in itertools.pairwise(tops) if b - a > 15)
    assert rows <= 2, f"the top bar wraps onto {rows} rows at {width} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert console_errors == []


@pytest.mark.parametrize(
    ("rules", "cards"), [("1660", 9), ("five", 8), ("quadrille", 10)], ids=lambda v: str(v)
)
def test_a_hand_is_one_row_beside_the_side_panels(
    page: Any, base_url: str, console_errors: list[str], rules: str, cards: int
) -> None:
    """At 1100 px the side panels take the right of the screen: the hand's cards narrow to the
    width left rather than one card wrapping alone onto a second row."""
    page.set_viewport_size({"width": 1100, "height": 800})
    open_table(page, base_url, f"?seed=7&rules={rules}")
    tops = page.evaluate(
        "() => [...document.querySelectorAll('#hand .hand-card')]"
        ".map((c) => c.getBoundingClientRect().top)"
    )
    assert len(tops) == cards
    assert max(tops) - min(tops) < 20, f"the hand wraps: card tops {tops}"
    assert console_errors == []


def test_embed_page_runs_the_game_in_a_frame(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    page.context.add_init_script(INSTANT)
    page.goto(base_url + "/embed.html")
    expect(page.locator("#snippet")).to_contain_text(base_url + "/index.html")
    frame = page.frame_locator("#example iframe")
    expect(frame.locator("body[data-engine='ready']")).to_have_count(1, timeout=ENGINE_TIMEOUT_MS)
    expect(frame.locator("#hand button.hand-card")).to_have_count(9, timeout=STEP_TIMEOUT_MS)
    # The second example, for a page on Pope: Belinda's game, period look, in French.
    page.locator("#example-period").scroll_into_view_if_needed()
    period = page.frame_locator("#example-period iframe")
    expect(period.locator("body[data-engine='ready']")).to_have_count(1, timeout=ENGINE_TIMEOUT_MS)
    expect(period.locator("html")).to_have_attribute("lang", "fr")
    expect(period.locator("body.theme-period")).to_have_count(1)
    expect(period.locator("#replay-bar .poem")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(period.locator("#replay-bar .poem-translation")).to_be_visible()
    # It does not ask to take over the game the first example plays.
    expect(period.locator("#notice")).to_be_hidden()
    page.screenshot(path=str(SCREENSHOTS / "embed-guide-period-1280.png"), full_page=False)
    assert console_errors == []


def test_all_pass_deal_shows_its_result(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    # Classic seed 1: when the human passes, so do both computer players.
    open_table(page, base_url, "?seed=1&rules=classic")

    def always_pass(page: Any) -> None:
        page.locator('#actions button[data-action="pass"]').click()

    play_to_end(page, step=always_pass)
    expect(page.locator("#result h2")).to_have_text("All passed")
    check_result(page)
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# when the engine cannot start


def test_no_webassembly_gives_a_clear_message(page: Any, base_url: str) -> None:
    page.context.add_init_script("delete window.WebAssembly;")
    page.goto(base_url + "/")
    page.wait_for_function(
        "() => document.body.dataset.engine === 'failed'", timeout=STEP_TIMEOUT_MS
    )
    expect(page.locator("#notice")).to_contain_text("WebAssembly")
    expect(page.locator("#notice").get_by_role("button", name="Try again")).to_be_visible()
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate("document.body.dataset.state") == "error"


@pytest.mark.parametrize("pattern", ["**/pyodide.mjs", "**/*.whl"], ids=["runtime", "engine"])
def test_a_file_that_fails_to_load_gives_a_clear_message(
    page: Any, base_url: str, pattern: str
) -> None:
    # Registered after conftest's guard, so it runs first: this file of the site cannot be had.
    # (A failed .wasm is tested in test_infra.py: the worker reports it, though Pyodide hangs.)
    page.context.route(pattern, lambda route: route.abort("failed"))
    page.goto(base_url + "/")
    page.wait_for_function(
        "() => document.body.dataset.engine === 'failed'", timeout=ENGINE_TIMEOUT_MS
    )
    notice = page.locator("#notice")
    expect(notice).to_contain_text("could not be loaded")
    expect(page.locator(".stages li.failed")).to_have_count(1)
    expect(page.locator("#table")).to_be_visible()


def test_save_the_record_downloads_the_deal(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=12&rules=classic")
    play_to_end(page)
    with page.expect_download() as info:
        page.get_by_role("button", name="Save the record").click()
    download = info.value
    assert download.suggested_filename == "ombre-deal-1.json"
    record = json.loads(Path(download.path()).read_text())
    assert record.get("format") == "ombre-record/1"
    assert record["names"] == ["You", "The Baron", "Sir Plume"]
    # Watched again, the deal is the person's: their seat at the bottom, their moves as theirs.
    page.get_by_role("button", name="Saved games").click()
    page.locator("#record-file").set_input_files(download.path())
    expect(page.locator("#replay-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#seat-bottom .seat-name")).to_have_text("You")
    expect(page.locator("#log li").first).to_contain_text("You dealt")
    assert console_errors == []


def test_new_game_while_the_computer_players_move(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    # At the slow pace the computer players are still at work when the person starts over: the old
    # loop must stop, and the new game must play on normally (no move for the wrong seat).
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script("localStorage.setItem('ombre.settings', '{\"pace\": 1400}');")
    page.goto(base_url + "/?seed=3&rules=1660")  # the Baron is eldest: the computers speak first
    page.wait_for_function(
        "() => document.body.dataset.state === 'waiting'", timeout=ENGINE_TIMEOUT_MS
    )
    page.get_by_role("button", name="New game").click()
    page.locator('#new-dialog input[value="classic"]').check()
    page.locator("#new-dialog").get_by_role("button", name="Deal").click()
    page.locator("#pace").select_option("0")
    play_to_end(page)
    check_result(page)
    expect(page.locator("#rules-title")).to_contain_text("Court Gamester")
    expect(page.locator("#notice")).to_be_hidden()
    assert console_errors == []
