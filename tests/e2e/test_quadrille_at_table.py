"""Quadrille at the table (issue #7 item 5): four seats round it and a whole deal played, the
partner named only once the called card has fallen; Quadrille by three's demand and give step
(the Ombre gives a card back, by keyboard too; a computer Ombre demanding the person's king),
at phone and desktop sizes, with screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_ui import check_result, human_step, open_table, settle

SHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = {"360": (360, 640), "390": (390, 844), "1280": (1280, 800)}


def fits(page: Any, width: int) -> None:
    """Nothing is wider than the screen."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width + 1, scroll


def pass_step(page: Any) -> None:
    """Like human_step, but the person passes whenever he may: the computers play."""
    if page.locator('#actions button[data-action="pass"]').count():
        page.locator('#actions button[data-action="pass"]').click()
    else:
        human_step(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_deal_of_quadrille(
    page: Any, base_url: str, console_errors: list[str], size: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    # seed 5: the person asks leave and calls a king held by another; it falls in the play
    open_table(page, base_url, "?seed=5&rules=quadrille")
    expect(page.locator("#rules-title")).to_contain_text("Quadrille")
    expect(page.locator(".seat-slot .seat")).to_have_count(4)
    expect(page.locator("#seat-top .seat")).to_have_count(1)
    expect(page.locator("#table")).to_have_class("table seats-4")
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    fits(page, width)
    called = page.locator("#facts .called")
    shots: set[str] = set()
    fell = False
    for _ in range(120):
        state = settle(page)
        if state == "over":
            break
        assert state == "playable", page.inner_text("#notice")
        log = page.locator("#log li").all_inner_texts()
        fell = any("falls:" in line for line in log)
        if called.count():
            # the partner is named only once the called card has fallen
            text = called.inner_text()
            assert ("partner: secret" in text) is not fell, (text, log[-3:])
            if not fell:
                expect(page.locator(".seat .badge.partner")).to_have_count(0)
                shots.add("secret")
        if page.locator("#actions button.action-call").count() and "call" not in shots:
            page.screenshot(path=str(SHOTS / f"quadrille-{size}-call.png"))
            shots.add("call")
        if page.locator("#trick .trick-slot").count() == 3 and "play" not in shots:
            page.screenshot(path=str(SHOTS / f"quadrille-{size}-play.png"))
            fits(page, width)
            shots.add("play")
        human_step(page)
    assert fell and "secret" in shots
    expect(called).to_contain_text("King of")
    expect(called).not_to_contain_text("secret")
    expect(page.locator(".seat .badge.partner")).to_have_count(1)
    check_result(page, seats=4)
    # the caller made fewer than three tricks himself: beasted alone, explained on hover
    alone = page.locator("#result abbr", has_text="beasted alone")
    expect(alone).to_have_count(1)
    assert "partner pays nothing" in (alone.get_attribute("title") or "")
    fits(page, width)
    page.screenshot(path=str(SHOTS / f"quadrille-{size}-result.png"), full_page=True)
    assert console_errors == []


def test_forced_spadille_is_said_and_explained(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """All pass: the holder of Spadille must play (HOY law 2); the words are explained."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, base_url, "?seed=27&rules=quadrille")
    for _ in range(10):
        if settle(page) != "playable" or page.locator("#actions button.action-trump").count():
            break
        pass_step(page)
    expect(page.locator("#prompt")).to_contain_text("you must play (forced Spadille)")
    term = page.locator("#prompt abbr", has_text="forced Spadille")
    assert "Hoyle, law 2" in (term.get_attribute("title") or "")
    ombre = page.locator("#facts .fact", has_text="Ombre")
    expect(ombre).to_contain_text("Forced Spadille")
    expect(page.locator("#log")).to_contain_text("All passed: You hold Spadille and must play")
    page.screenshot(path=str(SHOTS / "quadrille-390-forced.png"))
    assert console_errors == []


@pytest.mark.parametrize("size", ["390", "1280"])
def test_a_whole_deal_of_quadrille_by_three(
    page: Any, base_url: str, console_errors: list[str], size: str
) -> None:
    """The person asks leave, names the trump, demands a king and gives a card back."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, base_url, "?seed=1&rules=quadrille-3")
    expect(page.locator("#rules-title")).to_contain_text("Quadrille by three")
    expect(page.locator(".seat-slot .seat")).to_have_count(3)
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    demanded = page.locator("#facts .demanded")
    gave = ""
    for _ in range(80):
        state = settle(page)
        if state == "over":
            break
        gives = page.locator("#actions button.action-give")
        if gives.count():
            # the demand: the king is in the person's hand, shown on the table, a card to give
            expect(page.locator("#prompt")).to_contain_text("for the king of")
            expect(page.locator("#hand button.hand-card")).to_have_count(11)
            expect(demanded).to_contain_text("King of")
            expect(page.locator("#trick .demand-card")).to_have_count(2)
            expect(page.locator("#trick .demand-card.pending")).to_have_count(1)
            assert "Court Gamester" in (demanded.locator("abbr").get_attribute("title") or "")
            fits(page, width)
            page.screenshot(path=str(SHOTS / f"quadrille3-{size}-give.png"))
            last = gives.last
            gave = last.inner_text()
            last.click()
            settle(page)
            # the king given stays, the card given back is gone (a forced card may follow)
            assert page.locator("#hand button.hand-card").count() <= 10
            expect(demanded).to_contain_text("given back")
            expect(page.locator("#extras .mini-cards .card")).to_have_count(2)
            continue
        if page.locator("#trick .trick-slot").count() == 2 and "play" not in gave:
            page.screenshot(path=str(SHOTS / f"quadrille3-{size}-play.png"))
            gave += " play"
        human_step(page)
    assert gave, "the person never gave a card back"
    expect(page.locator("#log")).to_contain_text(f"You give {gave.replace(' play', '')}")
    check_result(page, seats=3)
    fits(page, width)
    page.screenshot(path=str(SHOTS / f"quadrille3-{size}-result.png"), full_page=True)
    assert console_errors == []


def test_the_give_step_by_keyboard(page: Any, base_url: str, console_errors: list[str]) -> None:
    """After the demand, focus is on the first card to give; Tab and Enter give another."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, base_url, "?seed=1&rules=quadrille-3")
    for _ in range(10):
        settle(page)
        if page.locator("#actions button.action-call").count():
            break
        human_step(page)
    focused = page.evaluate("document.activeElement.dataset.action ?? ''")
    assert focused.startswith("call "), focused
    page.keyboard.press("Enter")
    settle(page)
    gives = page.locator("#actions button.action-give")
    expect(gives.first).to_be_focused()
    page.keyboard.press("Tab")
    expect(gives.nth(1)).to_be_focused()
    card = gives.nth(1).inner_text()
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator("#log")).to_contain_text(f"You give {card} for the demanded card.")
    expect(page.locator("#facts .demanded")).to_contain_text("given back")
    assert console_errors == []


def test_a_computer_ombre_demands_your_king(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """Seed 3: all pass, Sir Plume holds Spadille and must play; he demands the person's king.
    The table says so while he chooses the card to give back (the slow pace lets it be seen)."""
    page.set_viewport_size({"width": 390, "height": 844})
    slow = "localStorage.setItem('ombre.settings', JSON.stringify({pace: 1400}));"
    open_table(page, base_url, "?seed=3&rules=quadrille-3", init=slow)
    page.locator('#actions button[data-action="pass"]').click()  # the others pass too
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("demands your king of", timeout=30_000)
    expect(prompt).to_contain_text("you hand it over")
    expect(page.locator("#facts .demanded")).to_contain_text("from You")
    expect(page.locator("#trick .demand-card.pending")).to_have_count(1)
    expect(page.locator("#log")).to_contain_text("demands the king of spades from you.")
    expect(page.locator("#log")).to_contain_text("must play (forced Spadille)")
    page.screenshot(path=str(SHOTS / "quadrille3-390-demanded.png"))
    page.locator("#pace").select_option("0")
    expect(page.locator("#facts .demanded")).to_contain_text("given back", timeout=30_000)
    assert settle(page) == "playable"
    assert console_errors == []


def test_the_new_game_dialog_offers_both_quadrilles(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator('input[value="quadrille"]')).to_have_count(1)
    dialog.locator('input[value="quadrille-3"]').check()
    dialog.get_by_role("button", name="Deal").click()
    settle(page)
    expect(page.locator("#rules-title")).to_contain_text("Quadrille by three")
    expect(page.locator(".seat-slot .seat")).to_have_count(3)
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    assert console_errors == []
