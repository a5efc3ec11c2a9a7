"""The review of a finished deal (issue #6): it opens from the result, lists the person's
decisions beside the expert's and the solver's, and is refused during a deal."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from test_replay_at_table import DATA, open_record
from test_ui import ENGINE_TIMEOUT_MS, open_table, play_to_end, settle

VOLE_UNPAID = DATA / "vole-unpaid-two.json"
"""Ombre by two, the rule player in both seats: seat 0 makes the vole without declaring it; its
17th action is his last chance to (``tests/test_review.py`` checks both)."""
KEPT_QUADRILLE = DATA / "review-kept-quadrille.json"
"""Quadrille, ``bench/review.py``'s deal 2 (seat 0 bids at random and passes, then defends; the
rule player everywhere else), stopped before the last trick: seat 0's card at trick 1 has
outcomes within ``review.ROW_BUDGET`` and tricks beyond it, so its row keeps the outcome (the
rule itself is checked in ``tests/test_review.py`` with a patched search; should the solver's
node counts change, ``bench/review.py``'s ``tricks_untold`` finds another such deal)."""


def open_review(page: Any) -> Any:
    """Open the review from the finished deal's result and wait until every row is in."""
    page.get_by_role("button", name="Review the deal").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
    return dialog


def test_the_review_opens_after_a_deal(page: Any, base_url: str, console_errors: list[str]) -> None:
    open_table(page, base_url, "?seed=8&rules=1660")
    play_to_end(page)
    dialog = open_review(page)
    expect(dialog).to_be_visible()
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
    # the bid, the discard and the trump unlike the expert's: all "before the play"
    expect(summary).to_contain_text("Of your 3 choices before the play unlike the expert's")
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
    dialog = open_review(page)
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


def test_the_last_chance_for_the_vole_is_hinted_and_a_vole_left_undeclared_reviewed(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=3&rules=two")
    open_record(page, VOLE_UNPAID)
    bar = page.locator("#replay-bar")
    expect(bar).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    for step in range(1, 18):
        page.locator("#replay-forward").click()
        expect(bar).to_contain_text(f"step {step} of 25")
    page.locator("#replay-play-on").click()
    expect(bar).to_be_hidden(timeout=ENGINE_TIMEOUT_MS)
    assert settle(page) == "playable"
    # the person leads to the seventh trick, having won six: the vole may be declared now only
    expect(page.locator('#actions button[data-action="vole"]')).to_be_visible()
    page.get_by_role("button", name="Hint", exact=True).click()
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Declare the vole now, the last moment it may be", timeout=60_000)
    assert hint.get_attribute("data-action") == "vole"
    page.screenshot(path=str(_shot("vole-hint-1280.png")))
    # he leads a card instead, and every card he holds is master: the vole is made, unpaid
    play_to_end(page)
    dialog = open_review(page)
    row = dialog.locator("#review-rows tr.verdict-vole")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Vole not declared")
    expect(row).to_contain_text("it would have paid 11 counters more")
    expect(row.locator("td[data-label='The expert']")).to_have_text("declare the vole")
    expect(dialog.locator("#review-summary")).to_contain_text(
        "Your vole, made but not declared, left 11 counters unpaid."
    )
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(_shot("review-vole-1280.png")))
    page.set_viewport_size({"width": 390, "height": 844})
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(_shot("review-vole-390.png")))
    assert console_errors == []


def _shot(name: str) -> Any:
    from pathlib import Path

    folder = Path(__file__).parent / "screenshots"
    folder.mkdir(exist_ok=True)
    return folder / name


def test_a_card_whose_tricks_were_too_long_to_count_keeps_its_outcome(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=2&rules=quadrille")
    open_record(page, KEPT_QUADRILLE)
    bar = page.locator("#replay-bar")
    expect(bar).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.locator("#replay-end").click()
    expect(bar).to_contain_text("step 42 of 42")
    page.locator("#replay-play-on").click()
    expect(bar).to_be_hidden(timeout=ENGINE_TIMEOUT_MS)
    play_to_end(page)
    dialog = open_review(page)
    row = dialog.locator("#review-rows tr.verdict-kept")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text("Trick 1")
    expect(row).to_contain_text("Kept the outcome")
    expect(row).to_contain_text("this card led to a sacada, as the best did")
    # the best cards for the outcome are shown, the card played among them
    expect(row.locator("td[data-label='Best for the outcome']")).to_contain_text("Six of Clubs")
    expect(dialog.locator("#review-summary")).to_contain_text(
        "1 card kept the outcome; its tricks were too long to count."
    )
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(_shot("review-kept-1280.png")))
    assert console_errors == []
