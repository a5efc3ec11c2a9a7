"""The review of a finished deal (issue #6): it opens from the result, lists the person's
decisions beside the expert's and the solver's, and is refused during a deal."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from test_ui import ENGINE_TIMEOUT_MS, open_table, play_to_end, settle


def test_the_review_opens_after_a_deal(page: Any, base_url: str, console_errors: list[str]) -> None:
    open_table(page, base_url, "?seed=8&rules=1660")
    play_to_end(page)
    page.get_by_role("button", name="Review the deal").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
    rows = dialog.locator("#review-rows tr")
    assert rows.count() >= 1
    trick = page.locator("th", has_text=re.compile(r"^Trick \d"))
    cards = dialog.locator("#review-rows tr[class^='verdict-']").filter(has=trick)
    assert cards.count() >= 1  # the person played cards, and each has a verdict
    for i in range(cards.count()):
        text = cards.nth(i).inner_text()
        assert any(v in text for v in ("Best", "Cost a trick", "tricks", "Cost the game")), text
    # The test's person bids and throws his first cards, unlike the expert: judged in counters.
    otherwise = page.locator("td[data-label='The expert']:not(.agrees)")
    unlike = dialog.locator("#review-rows tr").filter(has=otherwise)
    choices = unlike.filter(has=page.locator("th", has_text=re.compile("^(Auction|Exchange)$")))
    assert choices.count() >= 1
    for i in range(choices.count()):
        row = choices.nth(i)
        assert row.get_attribute("class") in ("verdict-counters", "verdict-even", "verdict-better")
        expect(row).to_contain_text("On these cards, with the stock as it lay")
    summary = dialog.locator("#review-summary")
    expect(summary).to_contain_text("The expert, seeing only what you saw")
    page.screenshot(path=str(_shot("review-1280.png")))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(_shot("review-390.png")))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Next deal")).to_be_visible()
    assert console_errors == []


WATCH_ROWS = """() => {
  window.__reviewRows = [];
  const rows = document.getElementById("review-rows");
  new MutationObserver(() => window.__reviewRows.push(rows.childElementCount))
    .observe(rows, { childList: true });
}"""
"""Records how many rows the review shows after each change of its rows."""


def test_the_review_shows_its_rows_as_they_come_and_stops_when_closed(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=8&rules=1660")
    play_to_end(page)
    page.evaluate(WATCH_ROWS)
    page.get_by_role("button", name="Review the deal").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
    total = dialog.locator("#review-rows tr").count()
    seen = [n for n in page.evaluate("window.__reviewRows") if n]
    assert total >= 3 and seen == list(range(1, total + 1)), seen  # one more row each time
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The next deal's review, closed as soon as its first row shows: no more rows are asked
    # for, and the table goes on at once.
    page.get_by_role("button", name="Next deal").click()
    play_to_end(page)
    page.evaluate(WATCH_ROWS)
    page.get_by_role("button", name="Review the deal").click()
    first_row = "() => window.__reviewRows.some((n) => n > 0)"
    page.wait_for_function(first_row, timeout=ENGINE_TIMEOUT_MS)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    shown = dialog.locator("#review-rows tr").count()
    page.get_by_role("button", name="Next deal").click()
    assert settle(page) in ("playable", "over")
    expect(dialog).to_have_attribute("data-state", "working")  # left as it was when closed
    assert dialog.locator("#review-rows tr").count() == shown
    assert console_errors == []


def _shot(name: str) -> Any:
    from pathlib import Path

    folder = Path(__file__).parent / "screenshots"
    folder.mkdir(exist_ok=True)
    return folder / name
