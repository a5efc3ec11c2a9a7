"""Saying *Gano* from the table (issue #6): a defender's button in the trick play, the prompt that
follows, and the word in the log in the preset's spelling."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from test_ui import open_table, settle


def test_a_defender_says_gano_then_plays_his_card(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=3&rules=1660")
    said = False
    for _ in range(200):
        state = settle(page)
        if state == "over":
            page.locator("#next-deal").click()
            continue
        assert state == "playable", page.inner_text("#notice")
        gano = page.locator('#actions button[data-action="gano"]')
        if gano.count():
            expect(gano).to_have_text("Say \u201cGagno\u201d")
            gano.click()
            settle(page)
            expect(page.locator("#prompt")).to_contain_text("You said \u201cGagno\u201d")
            expect(page.locator('#actions button[data-action="gano"]')).to_have_count(0)
            focused = page.evaluate("document.activeElement.className")
            assert "legal" in focused  # the card it goes with is next
            page.locator("#hand button.hand-card.legal").first.click()
            said = True
            break
        names = page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.action)")
        legal = page.locator("#hand button.hand-card.legal")
        if "pass" in names:
            page.locator('#actions button[data-action="pass"]').click()  # a defender, then
        elif page.locator("#discard-button").count():
            page.locator("#discard-button").click()  # keep the cards
        elif legal.count():
            legal.first.click()
        else:
            page.locator(f'#actions button[data-action="{names[0]}"]').click()
    assert said, "the table never offered Gano to the human defender"
    expect(page.locator("#log")).to_contain_text("saying \u201cGagno\u201d")
    assert console_errors == []
