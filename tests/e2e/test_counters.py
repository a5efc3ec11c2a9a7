"""Counters a person can follow (issue #9 item 4): the 1660 amounts in greater and lesser
counters everywhere, with 1 greater = 12 lesser said in the ledger; stakes and fees in the log
when they are paid in; the help names the cards as the preset spells them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from test_ui import open_table, play_to_end


def test_1660_counts_in_greater_and_lesser_counters_everywhere(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=8&rules=1660")
    log = page.locator("#log")
    # the stakes are in the pool from the start of the deal, and the log says so then
    expect(log).to_contain_text("Each player stakes 1 greater counter for the game.")
    play_to_end(page)
    ledger = page.locator("#ledger")
    expect(ledger).to_contain_text("1 greater counter = 12 lesser counters")
    cells = page.locator("#ledger tfoot td").all_inner_texts()
    assert cells and all(c == "0" or c[-1] in "gl" for c in cells), cells
    payments = page.locator("#result .payments td:last-child").all_inner_texts()
    assert all(c == "0" or c[-1] in "gl" for c in payments), payments
    page.get_by_role("button", name="How to play").click()
    rules = page.locator("#rules-dialog")
    expect(rules.locator('[data-name="spadille"]')).to_have_text("Spadillio")
    expect(rules.locator('[data-name="manille"]')).to_have_text("Mallilio")
    expect(rules.locator('[data-name="gano"]')).to_have_text("Gagno")
    assert console_errors == []


def test_classic_counts_in_counters(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=8&rules=classic")
    play_to_end(page)
    cells = page.locator("#ledger tfoot td").all_inner_texts()
    assert all(c.lstrip("+\u2212").isdigit() for c in cells), cells
    expect(page.locator("#ledger .counters-note")).to_have_count(0)
    # the unit is the caption's own word: not "Counters after 1 deal (counters)"
    expect(page.locator("#ledger caption")).to_have_text("Counters after 1 deal")
    page.get_by_role("button", name="How to play").click()
    expect(page.locator('#rules-dialog [data-name="spadille"]')).to_have_text("Spadille")
