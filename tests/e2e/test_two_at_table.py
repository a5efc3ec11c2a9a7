"""Ombre by two at the table (issue #7 item 5): the person at the bottom, the opponent across the
top, the stock of twenty in the middle before the play, a trick of two cards; whole deals played
as the Ombre and as the defender at phone and desktop sizes, with screenshots; the New game
dialog offers it with its description (a modern reconstruction)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_ui import check_result, human_step, open_table, settle

SHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = {"360": (360, 640), "390": (390, 844), "1280": (1280, 800)}
# Seed 6: the person asks leave and wins as the Ombre; seed 3: the Baron plays, the person defends.
ROLES = {"ombre": 6, "defender": 3}


def fits(page: Any, width: int) -> None:
    """Nothing is wider than the screen."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width + 1, scroll


def boxes_apart(page: Any, a: str, b: str) -> None:
    """Two elements on screen do not overlap."""
    one, two = page.locator(a).bounding_box(), page.locator(b).bounding_box()
    assert one and two
    apart = (
        one["x"] + one["width"] <= two["x"] + 1
        or two["x"] + two["width"] <= one["x"] + 1
        or one["y"] + one["height"] <= two["y"] + 1
        or two["y"] + two["height"] <= one["y"] + 1
    )
    assert apart, (a, one, b, two)


def step(page: Any, role: str) -> None:
    """As the defender the person passes in the auction; otherwise as human_step."""
    passing = page.locator('#actions button[data-action="pass"]')
    if role == "defender" and passing.count():
        passing.click()
    else:
        human_step(page)


@pytest.mark.parametrize("role", list(ROLES))
@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_deal_of_ombre_by_two(
    page: Any, base_url: str, console_errors: list[str], size: str, role: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, base_url, f"?seed={ROLES[role]}&rules=two")
    expect(page.locator("#rules-title")).to_contain_text("Ombre by two")
    expect(page.locator("#table")).to_have_class("table seats-2")
    expect(page.locator(".seat-slot .seat")).to_have_count(2)
    expect(page.locator("#seat-bottom .seat")).to_have_count(1)
    expect(page.locator("#seat-top .seat .back")).to_have_count(10)
    for side in ("left", "right", "top-left", "top-right"):
        expect(page.locator(f"#seat-{side} .seat")).to_have_count(0)
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    # the stock of twenty lies in the middle before the play, as at three
    expect(page.locator("#trick .stock-pile")).to_contain_text("Stock: 20")
    fits(page, width)
    page.screenshot(path=str(SHOTS / f"two-{size}-{role}-auction.png"))
    shots: set[str] = set()
    for _ in range(80):
        state = settle(page)
        if state == "over":
            break
        assert state == "playable", page.inner_text("#notice")
        slots = page.locator("#trick .trick-slot")
        if slots.count() == 2 and "play" not in shots:
            expect(page.locator("#trick .slot-top")).to_have_count(1)
            expect(page.locator("#trick .slot-bottom")).to_have_count(1)
            boxes_apart(page, "#trick .slot-top", "#trick .slot-bottom")
            if page.locator("#trick .trick-caption").count():
                boxes_apart(page, "#trick .trick-caption", "#trick .slot-top")
                boxes_apart(page, "#trick .trick-caption", "#trick .slot-bottom")
            fits(page, width)
            page.locator("#trick").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"two-{size}-{role}-play.png"))
            shots.add("play")
        if page.locator("#discard-button").count() and "discard" not in shots:
            page.screenshot(path=str(SHOTS / f"two-{size}-{role}-discard.png"))
            shots.add("discard")
        step(page, role)
    assert "play" in shots
    check_result(page, seats=2)
    ombre = page.locator("#result .payments tr.is-ombre th")
    expect(ombre).to_contain_text("You" if role == "ombre" else "The Baron")
    expect(page.locator("#result .result-text")).to_contain_text(
        "your opponent" if role == "ombre" else "his opponent"
    )
    expect(page.locator(".seat .badge.defender")).to_have_count(1)
    # the last trick stays on the table with its caption, clear of both cards
    expect(page.locator("#trick .trick-caption")).to_contain_text("won the trick")
    boxes_apart(page, "#trick .trick-caption", "#trick .slot-top")
    boxes_apart(page, "#trick .trick-caption", "#trick .slot-bottom")
    boxes_apart(page, "#trick .slot-top", "#trick .slot-bottom")
    fits(page, width)
    page.screenshot(path=str(SHOTS / f"two-{size}-{role}-result.png"), full_page=True)
    assert console_errors == []


def test_the_new_game_dialog_offers_ombre_by_two(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, base_url, "?seed=4&rules=1660")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    choice = dialog.locator("label", has=page.locator('input[value="two"]'))
    expect(choice).to_contain_text("Ombre by two (a modern reconstruction)")
    expect(choice.locator(".desc")).to_contain_text("A modern reconstruction")
    expect(choice.locator(".desc")).to_contain_text("twenty to the stock")
    fits(page, 390)
    choice.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "two-390-new-game.png"))
    dialog.locator('input[value="two"]').check()
    dialog.get_by_role("button", name="Deal").click()
    settle(page)
    expect(page.locator("#rules-title")).to_contain_text("Ombre by two")
    expect(page.locator(".seat-slot .seat")).to_have_count(2)
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    assert console_errors == []
