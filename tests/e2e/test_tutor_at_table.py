"""A first game with each step explained (issue #8 item 3): from How to play, the tutor's words
on each of the person's steps, and off again in Settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from test_ui import human_step, open_table, settle


def test_a_first_game_explains_each_step(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    page.get_by_role("button", name="How to play").click()
    page.get_by_role("button", name="Play a first game").click()
    tutor = page.locator("#tutor")
    seen = set()
    for _ in range(60):
        state = settle(page)
        if state == "over":
            break
        expect(tutor).to_be_visible()
        expect(tutor).to_contain_text("What this step is")
        seen.add(tutor.locator("p").nth(1).inner_text()[:24])
        if len(seen) == 1:
            page.screenshot(path=str(Path(__file__).parent / "screenshots" / "tutor-1280.png"))
        human_step(page)
    assert len(seen) >= 3, seen  # the auction, the exchange or the trump, the play
    expect(tutor).to_be_hidden()  # nothing to explain once the deal is over
    assert console_errors == []


def test_the_tutor_is_off_unless_asked(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    assert settle(page) in ("playable", "over")
    expect(page.locator("#tutor")).to_be_hidden()
