"""Belinda's game from *The Rape of the Lock* (issue #8 item 3): told step by step beside the
poem, the cards the poem does not fix marked, from the help or from the address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from test_ui import ENGINE_TIMEOUT_MS, open_table


def test_belindas_game_is_told_beside_the_poem(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    page.get_by_role("button", name="How to play").click()
    page.get_by_role("button", name="Watch Belinda's game").click()
    bar = page.locator("#replay-bar")
    expect(bar).to_contain_text("Belinda's game", timeout=ENGINE_TIMEOUT_MS)
    expect(bar.locator(".replay-caption")).to_contain_text("Canto III, lines 25-30")
    expect(bar.locator(".poem")).to_contain_text("Belinda now, whom thirst of fame invites")
    for step in range(1, 9):  # the auction, the exchange and Spadillio's lead
        page.locator("#replay-forward").click()
        expect(bar).to_contain_text(f"step {step} of 34")
    expect(bar.locator(".replay-caption")).to_contain_text("lines 47-50")
    expect(page.locator('#trick [data-code="As"]')).to_be_visible()
    assert page.locator('#trick [data-code="As"]').get_attribute("data-mark") is None  # certain
    page.locator("#replay-forward").click()
    expect(bar).to_contain_text("step 9 of 34")
    expect(page.locator('#trick [data-code="4s"]')).to_have_attribute("data-mark", "inferred")
    page.locator("#replay-end").click()
    expect(bar.locator(".replay-caption")).to_contain_text("lines 93-100")
    expect(bar.locator(".poem")).to_contain_text("prostrate Ace")
    expect(page.locator("#result")).to_contain_text("Belinda wins")
    expect(bar.locator('.replay-hand [data-code="Kc"]')).to_have_attribute("data-mark", "probable")
    shots = Path(__file__).parent / "screenshots"
    page.screenshot(path=str(shots / "belinda-end-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#replay-start").click()
    expect(bar).to_contain_text("step 0 of 34")
    page.screenshot(path=str(shots / "belinda-start-390.png"), full_page=True)
    assert console_errors == []


def test_belindas_game_is_played_on_against_the_baron_and_the_knight(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """Taking Belinda's seat, the person plays on against the poem's players, not the table's
    usual Sir Plume (who watched at Hampton Court but never held a card)."""
    open_table(page, base_url, "?scenario=belinda&level=novice")
    bar = page.locator("#replay-bar")
    expect(bar).to_contain_text("Belinda's game", timeout=ENGINE_TIMEOUT_MS)
    for step in range(1, 13):
        page.locator("#replay-forward").click()
        expect(bar).to_contain_text(f"step {step} of 34")
    page.locator("#replay-play-on").click()
    expect(bar).to_be_hidden(timeout=ENGINE_TIMEOUT_MS)
    names = page.locator(".seat-name")
    expect(names).to_have_text(["The Knight", "The Baron", "You"], timeout=ENGINE_TIMEOUT_MS)
    assert console_errors == []


def test_the_address_opens_the_scenario_or_says_it_is_unknown(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?scenario=belinda")
    expect(page.locator("#replay-bar")).to_contain_text("Belinda's game", timeout=ENGINE_TIMEOUT_MS)
    page.locator("#replay-close").click()
    expect(page.locator("#replay-bar")).to_be_hidden()
    open_table(page, base_url, "?scenario=hamlet")
    expect(page.locator("#notice")).to_contain_text("scenario \u201chamlet\u201d")
    expect(page.locator("#replay-bar")).to_be_hidden()


def test_the_tenaces_example_is_told_from_the_hand_that_holds_them(
    page: Any, base_url: str
) -> None:
    open_table(page, base_url, "?scenario=tenaces")
    bar = page.locator("#replay-bar")
    expect(bar).to_contain_text("Tenaces", timeout=ENGINE_TIMEOUT_MS)
    expect(bar.locator(".replay-caption cite")).to_contain_text("Of the Tenaces")
    # Told from Belinda's seat (1): her panel is the one above the hand shown, the others
    # round the table in the order of play (the Baron next, on her right; Sir Plume, the Ombre,
    # on her left); before, seat 0 sat at the bottom, over Belinda's cards.
    expect(page.locator("#seat-bottom .seat-name")).to_have_text("Belinda")
    expect(page.locator("#seat-right .seat-name")).to_have_text("The Baron")
    expect(page.locator("#seat-left .seat-name")).to_have_text("Sir Plume")
    expect(page.locator("#seat-bottom .backs")).to_have_count(0)
    page.locator("#replay-end").click()
    expect(bar).to_contain_text("step 33 of 33")
    expect(bar.locator(".poem")).to_contain_text("Tenaces, because it so catches you")
