"""Ombre by five at the table (issue #7): chosen in the New game dialog, five seats round the
table, the king called, the partner shown once known, a whole deal played, at phone and desktop
sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_ui import check_result, human_step, open_table, settle

SHOTS = Path(__file__).resolve().parent / "screenshots"


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1280, 800)], ids=lambda s: f"{s[0]}")
def test_a_whole_deal_of_ombre_by_five(
    page: Any, base_url: str, console_errors: list[str], size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_table(page, base_url, "?seed=12&rules=five")
    expect(page.locator("#rules-title")).to_contain_text("five", ignore_case=True)
    expect(page.locator(".seat-slot .seat")).to_have_count(5)
    expect(page.locator("#hand button.hand-card")).to_have_count(8)
    # every seat panel is on screen, none off the sides
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size[0] + 1, width
    shot = 0
    for _ in range(200):
        state = settle(page)
        if state == "over":
            break
        if page.locator("#trick .trick-slot").count() >= 3 and shot == 0:
            page.screenshot(path=str(SHOTS / f"five-{size[0]}-play.png"))
            shot = 1
        human_step(page)
    check_result(page, seats=5)
    # the ledger's six columns (the deal and five seats) fit its panel: none cut off at its edge
    ledger = page.locator("#ledger")
    assert ledger.evaluate("l => l.scrollWidth <= l.clientWidth + 1"), ledger.evaluate(
        "l => [l.scrollWidth, l.clientWidth]"
    )
    page.locator("#ledger-panel").screenshot(path=str(SHOTS / f"five-{size[0]}-ledger.png"))
    page.screenshot(path=str(SHOTS / f"five-{size[0]}-result.png"))
    assert console_errors == []


def test_the_called_king_and_the_partner_are_shown(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=12&rules=five")
    facts = page.locator("#facts")
    for _ in range(60):
        if facts.locator(".called").count():
            break
        if settle(page) == "over":
            break
        human_step(page)
    expect(facts.locator(".called")).to_contain_text("King of")
    expect(facts.locator(".called")).to_contain_text("partner:")


def test_a_king_called_from_the_ombres_own_hand_names_no_partner(page: Any, base_url: str) -> None:
    """Seed 31: the person asks leave and calls the king of clubs, which he holds; he has no
    partner (HOY law 12: "or to call one of your own kings"), and the facts say so rather than
    naming him his own partner."""
    open_table(page, base_url, "?seed=31&rules=five")
    facts = page.locator("#facts")
    for _ in range(30):
        if facts.locator(".called").count() or settle(page) == "over":
            break
        human_step(page)
    expect(facts.locator(".called")).to_contain_text("King of Clubs")
    expect(page.locator("#hand").get_by_role("button", name="King of Clubs")).to_have_count(1)
    expect(facts.locator(".called")).to_contain_text("(partner: none, the Ombre holds it)")


@pytest.mark.parametrize("lang", ["en", "es", "fr", "da", "de"])
def test_the_ledger_fits_its_panel_in_every_language(page: Any, base_url: str, lang: str) -> None:
    """Five seats' names side by side, in the period look's wider letters: every column in view
    (Danish "Baronen" and French names once ran past the panel's edge at 1280 px)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, base_url, f"?seed=12&rules=five&theme=period&lang={lang}")
    ledger = page.locator("#ledger")
    expect(ledger.locator("thead th")).to_have_count(6)
    sizes = ledger.evaluate("l => [l.scrollWidth, l.clientWidth]")
    assert sizes[0] <= sizes[1] + 1, sizes
