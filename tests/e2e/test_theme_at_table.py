"""The period look (issue #8 item 6): a parchment table and engraved card faces of our own, beside
today's modern look; chosen in Settings (kept in this browser) and by the ``theme`` address option
or ``<ombre-game theme>`` attribute, which wins for the visit; a bad value is reported and the
table keeps its look. A whole deal in the period look: no console error, no CSP violation, axe
clean; screenshots at phone and desktop size in ``tests/e2e/screenshots/theme-*.png``.

Driven as a person would (clicks and keys); waits are on the page's state, never on sleeps.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_embed import events, game_frame
from test_table_extras import csp_violations, open_game, play_until, wait_ready
from test_ui import AXE, axe_violations, human_step, play_to_end, settle

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PERIOD = re.compile(r"\btheme-period\b")


def card_sources(page: Any) -> list[str]:
    found: list[str] = page.locator("#hand img.card-img").evaluate_all(
        "is => is.map(i => decodeURIComponent(i.src))"
    )
    return found


def drawn_in(page: Any) -> set[str]:
    """Which looks the hand's faces are drawn in ("period" or "modern")."""
    return {"period" if "card-face period" in s else "modern" for s in card_sources(page)}


def saved_settings(page: Any) -> dict[str, Any]:
    kept: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('ombre.settings')"))
    return kept


def open_settings(page: Any) -> Any:
    page.locator("#btn-settings").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    return dialog


def test_the_look_chosen_in_settings_is_kept_across_a_reload(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660")
    body = page.locator("body")
    expect(body).not_to_have_class(PERIOD)
    assert drawn_in(page) == {"modern"}
    dialog = open_settings(page)
    expect(dialog.get_by_label("Modern", exact=True)).to_be_checked()
    dialog.get_by_label("Period", exact=True).check()
    expect(body).to_have_class(PERIOD)
    page.keyboard.press("Escape")
    assert drawn_in(page) == {"period"}
    assert saved_settings(page)["theme"] == "period"
    page.reload()
    wait_ready(page)
    expect(body).to_have_class(PERIOD)
    assert drawn_in(page) == {"period"}
    # The backs of the other hands are the period's too.
    backs = page.locator(".seat .back img").evaluate_all(
        "is => is.map(i => decodeURIComponent(i.src))"
    )
    assert backs and all("card-back period" in s for s in backs)
    dialog = open_settings(page)
    expect(dialog.get_by_label("Period", exact=True)).to_be_checked()
    dialog.get_by_label("Modern", exact=True).check()
    expect(body).not_to_have_class(PERIOD)
    page.keyboard.press("Escape")
    assert drawn_in(page) == {"modern"}
    assert saved_settings(page)["theme"] == "modern"
    assert csp_violations(page) == []
    assert console_errors == []


def test_the_theme_option_wins_for_the_visit_without_changing_the_setting(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?theme=period&seed=7&rules=1660")
    body = page.locator("body")
    expect(body).to_have_class(PERIOD)
    expect(page.locator("#notice")).to_be_hidden()
    assert drawn_in(page) == {"period"}
    # The game's options are used once; the look stays in the address, as ledger and log do.
    assert page.url.endswith("/?theme=period")
    assert "theme" not in saved_settings(page)
    page.reload()
    wait_ready(page)
    expect(body).to_have_class(PERIOD)
    # The person's own choice in Settings ends the visit's look, and is kept.
    dialog = open_settings(page)
    expect(dialog.get_by_label("Period", exact=True)).to_be_checked()
    dialog.get_by_label("Modern", exact=True).check()
    expect(body).not_to_have_class(PERIOD)
    page.keyboard.press("Escape")
    assert "theme=" not in page.url
    page.reload()
    wait_ready(page)
    expect(body).not_to_have_class(PERIOD)
    assert saved_settings(page)["theme"] == "modern"
    assert console_errors == []


def test_the_theme_option_wins_over_a_saved_look(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?theme=modern&seed=7&rules=1660", {"theme": "period"})
    expect(page.locator("body")).not_to_have_class(PERIOD)
    assert drawn_in(page) == {"modern"}
    assert saved_settings(page)["theme"] == "period"
    assert console_errors == []


@pytest.mark.parametrize("saved", [None, "period"], ids=["default", "saved-period"])
def test_a_bad_theme_is_reported_and_the_table_keeps_its_look(
    page: Any, base_url: str, console_errors: list[str], saved: str | None
) -> None:
    open_game(page, base_url, "?theme=bogus&seed=7&rules=1660", {"theme": saved} if saved else {})
    expect(page.locator("#notice-text")).to_have_text(
        "The address gives theme=\u201cbogus\u201d, which is not modern or period: the table keeps"
        " the look chosen in Settings."
    )
    body = page.locator("body")
    if saved:
        expect(body).to_have_class(PERIOD)
    else:
        expect(body).not_to_have_class(PERIOD)
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert console_errors == []


def test_a_bad_saved_look_is_named_and_the_modern_one_used(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660", {"theme": "gothic"})
    expect(page.locator("#notice")).to_contain_text(
        'Your saved look \u201c"gothic"\u201d is not modern or period, so the modern look is used.'
    )
    expect(page.locator("body")).not_to_have_class(PERIOD)
    assert console_errors == []


def test_the_element_passes_the_theme(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.goto(base_url + "/__tests__/host.html?theme=period&seed=7&rules=1660")
    frame = game_frame(page)
    expect(frame.locator("body")).to_have_class(PERIOD)
    assert frame.locator("#notice").is_hidden()
    assert console_errors == []


def test_the_element_reports_a_bad_theme(page: Any, base_url: str) -> None:
    page.goto(base_url + "/__tests__/host.html?theme=sepia&seed=7")
    frame = game_frame(page)
    expect(frame.locator("#notice")).to_contain_text(
        "theme=\u201csepia\u201d, which is not modern or period"
    )
    expect(frame.locator("body")).not_to_have_class(PERIOD)
    page.wait_for_function("() => window.events.some((e) => e.type === 'error')")
    errors = [e for e in events(page) if e["type"] == "error"]
    assert any("sepia" in e["message"] and e["fatal"] is False for e in errors)


# --------------------------------------------------------------------------------------------
# a whole deal in the period look


def in_play(page: Any) -> bool:
    return (
        bool(page.locator("#hand.playing").count())
        and sum(int(t) for t in page.locator(".seat .tricks .count").all_inner_texts()) >= 2
    )


@pytest.mark.skipif(not AXE.is_file(), reason="node_modules/axe-core is not installed (npm ci)")
def test_a_whole_deal_in_the_period_look_is_clean(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    page.context.add_init_script(path=str(AXE))
    open_game(page, base_url, "?seed=7&rules=1660", {"theme": "period", "fourColour": True})
    expect(page.locator("body")).to_have_class(PERIOD)
    found = {"auction": axe_violations(page)}
    play_until(page, in_play)
    found["play"] = axe_violations(page)
    play_to_end(page)
    found["result"] = axe_violations(page)
    page.locator("#btn-settings").click()
    found["settings"] = axe_violations(page)
    page.keyboard.press("Escape")
    # The next deal, as far as the play: the look holds from deal to deal.
    page.locator("#next-deal").click()
    settle(page)
    assert drawn_in(page) == {"period"}
    assert all(not v for v in found.values()), found
    assert csp_violations(page) == []
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# screenshots, to be looked at


def shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(SCREENSHOTS / f"theme-{name}-{size['width']}x{size['height']}.png"))


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_screenshots_of_the_period_look(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, base_url, "?theme=period&seed=7&rules=1660")
    shoot(page, "1-auction")
    play_until(page, in_play)
    shoot(page, "2-play")
    play_to_end(page)
    page.locator("#result").scroll_into_view_if_needed()
    shoot(page, "3-result")
    open_settings(page)
    shoot(page, "4-settings")
    page.keyboard.press("Escape")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert csp_violations(page) == []
    assert console_errors == []


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_screenshots_of_belindas_game_in_the_period_look(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int
) -> None:
    """Where the period look is most at home: the poem's game, its trick 9 of 34."""
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, base_url, "?theme=period&scenario=belinda")
    bar = page.locator("#replay-bar")
    expect(bar).to_contain_text("Belinda's game")
    for step in range(1, 10):
        page.locator("#replay-forward").click()
        expect(bar).to_contain_text(f"step {step} of 34")
    expect(page.locator("body")).to_have_class(PERIOD)
    page.locator("#replay-bar").scroll_into_view_if_needed()
    shoot(page, "6-belinda")
    assert csp_violations(page) == []
    assert console_errors == []


@pytest.mark.parametrize(("width", "height", "size"), [(390, 844, "small"), (1280, 800, "large")])
def test_screenshots_of_the_period_cards_at_each_size_in_four_colours(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int, size: str
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    settings = {"theme": "period", "fourColour": True, "cardSize": size}
    open_game(page, base_url, "?seed=7&rules=1660", settings)
    play_until(page, in_play)
    page.locator("#hand").scroll_into_view_if_needed()
    shoot(page, f"5-{size}-four")
    assert console_errors == []


def test_a_step_of_the_play_in_the_period_look_shows_trumps_and_matadors(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """The gold frame of a trump and the matadors' seal are drawn in the period faces too (the
    rules text promises them); the engine says which cards they are (the buttons' data)."""
    open_game(page, base_url, "?seed=7&rules=1660", {"theme": "period"})
    play_until(page, lambda p: p.locator("#hand.playing").count() > 0)
    sources = card_sources(page)
    assert sources and all("card-face period" in src for src in sources)
    classes = [src.split('class="', 1)[1].split('"', 1)[0].split() for src in sources]
    assert any("trump" in c for c in classes), classes  # spades are trumps: the 3 is in the hand
    for src, face in zip(sources, classes, strict=True):
        assert ('class="trump-frame"' in src) == ("trump" in face), face
        assert ('class="seal"' in src) == ("matador" in face), face
    human_step(page)
    assert console_errors == []
