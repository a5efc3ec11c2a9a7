"""Focus is where the next action is, after every kind of step, and the live region says what
changed. Each test asserts ``document.activeElement`` after the step (it never tabs to look for
it), then acts on that element with Enter or Space alone, as a keyboard user would.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect
from test_ui import ENGINE_TIMEOUT_MS, open_table, settle

ACTIVE = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {where: 'body'};
  return {
    where: el.closest('#hand') ? 'hand' : el.closest('#actions') ? 'actions'
      : el.id === 'prompt' ? 'prompt' : el.id === 'next-deal' ? 'next-deal' : el.id || el.tagName,
    code: el.dataset.code ?? null,
    action: el.dataset.action ?? null,
    legal: el.classList.contains('legal'),
    ariaDisabled: el.getAttribute('aria-disabled'),
    disabled: !!el.disabled,
    text: el.textContent,
  };
}"""


def active(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(ACTIVE)
    return result


def live_text(page: Any) -> str:
    text: str = page.locator("#live").inner_text()
    return text


def check_focus(page: Any, seen: set[str]) -> None:
    """Where focus must be in the settled state the page is in; records the kind of step."""
    state = settle(page)
    now = active(page)
    if state == "over":
        assert now["where"] == "next-deal", now
        assert page.locator("#result h2").inner_text() in live_text(page)
        seen.add("result")
        return
    assert state == "playable", page.inner_text("#notice")
    prompt = page.locator("#prompt").inner_text()
    if page.locator("#discard-button").count():
        first = page.locator("#hand button.hand-card").first.get_attribute("data-code")
        assert now["where"] == "hand" and now["code"] == first, now
        seen.add("discard")
    elif page.locator("#hand button.hand-card.legal").count():
        first = page.locator("#hand button.hand-card.legal").first.get_attribute("data-code")
        assert now["where"] == "hand" and now["legal"] and now["code"] == first, now
        assert now["ariaDisabled"] == "false"
        # The hand's one tab stop is on a card that can be played, too.
        stop = page.locator('#hand button[tabindex="0"]')
        expect(stop).to_have_count(1)
        expect(stop).to_have_class(re.compile(r"\blegal\b"))
        seen.add("play")
    else:
        first = page.locator("#actions button:not(:disabled)").first
        assert now["where"] == "actions" and not now["disabled"], now
        assert now["action"] == first.get_attribute("data-action"), now
        seen.add("trump" if now["action"].startswith("trump") else "auction")
    # The live region has told a screen reader what is asked now.
    assert prompt.split(".")[0] in live_text(page), (prompt, live_text(page))


def keyboard_move(page: Any, seen: set[str]) -> None:
    """One move from where focus already is: Enter on the action or card, Space to choose."""
    now = active(page)
    if page.locator("#discard-button").count():
        # Choose cards with Space, moving right; then Shift+Tab is the Discard button.
        while page.locator("#discard-button").is_disabled():
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
        assert active(page)["where"] == "hand"
        page.keyboard.press("Shift+Tab")
        assert active(page)["where"] == "actions"
        assert page.evaluate("document.activeElement.id") == "discard-button"
        page.keyboard.press("Enter")
        return
    if now["where"] == "actions" and now["action"] == "pass" and "play" in actions(page):
        # Ask leave (to be ombre and exchange): one arrow-free Tab along the action bar.
        page.keyboard.press("Tab")
        assert active(page)["action"] == "play"
    page.keyboard.press("Enter")


def actions(page: Any) -> list[str]:
    names: list[str] = page.locator("#actions button").evaluate_all(
        "bs => bs.map(b => b.dataset.action)"
    )
    return names


def test_focus_follows_every_step_of_a_deal_and_the_next(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    # 1660, seed 9: the person is eldest, asks leave and becomes ombre, so the deal has every kind
    # of step: the auction, the discard, the trump, the play, the result; in deal 2 a computer
    # player speaks first.
    open_table(page, base_url, "?seed=9&rules=1660")
    seen: set[str] = set()
    for _ in range(60):
        check_focus(page, seen)
        if "result" in seen:
            break
        kind = "discard" if page.locator("#discard-button").count() else None
        keyboard_move(page, seen)
        if kind == "discard":
            # After Discard N as ombre: straight on the trump choice.
            settle(page)
            assert active(page)["action"].startswith("trump"), active(page)
    assert seen >= {"auction", "discard", "trump", "play", "result"}, seen

    # Next deal, and a computer speaks first: focus is not lost to <body> while it thinks.
    page.locator("#pace").select_option("1400")
    page.locator("#next-deal").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.body.dataset.state === 'waiting'"
        " && document.querySelector('.seat.to-move:not([aria-label=\"Your seat\"])')",
        timeout=ENGINE_TIMEOUT_MS,
    )
    now = active(page)
    assert now["where"] == "prompt", now
    assert "thinking" in now["text"]
    # Then, when the person's turn comes, on the first action.
    page.wait_for_function(
        "() => document.body.dataset.state === 'playable'", timeout=ENGINE_TIMEOUT_MS
    )
    seen2: set[str] = set()
    check_focus(page, seen2)
    assert seen2 == {"auction"}
    assert console_errors == []


def test_focus_never_rests_on_a_card_that_cannot_be_played(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    # Trick play with the mouse and the keyboard mixed: after each computer move the focus is on
    # the first playable card, never on one that cannot be played (checked in check_focus).
    open_table(page, base_url, "?seed=3&rules=1660")
    seen: set[str] = set()
    illegal_seen = False
    for _ in range(80):
        check_focus(page, seen)
        if "result" in seen:
            break
        if page.locator("#hand button.hand-card.illegal").count():
            illegal_seen = True
            # Arrow onto a card that cannot be played: Enter there does nothing, and says so in
            # its name; the next move puts focus back on a playable card.
            page.locator("#hand button.hand-card.illegal").first.focus()
            label = page.evaluate("document.activeElement.getAttribute('aria-label')")
            assert label.endswith("(cannot be played now)")
            page.keyboard.press("Enter")
            assert settle(page) == "playable"
            page.locator("#hand button.hand-card.legal").first.focus()
        keyboard_move(page, seen)
    assert "play" in seen and illegal_seen
    assert console_errors == []


def test_focus_after_a_notice_is_dismissed(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    # A notice's button had the focus; once it is gone, focus goes to the next action, not <body>.
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script("localStorage.setItem('ombre.settings', '{\"pace\": \"fast\"}');")
    page.goto(base_url + "/?seed=9&rules=1660&colour=red")
    page.wait_for_function(
        "() => document.body.dataset.state === 'playable'", timeout=ENGINE_TIMEOUT_MS
    )
    notice = page.locator("#notice")
    expect(notice).to_contain_text("\u201ccolour\u201d")
    notice.get_by_role("button", name="OK").focus()
    page.keyboard.press("Enter")
    expect(notice).to_be_hidden()
    now = active(page)
    assert now["where"] == "actions", now
    assert json.dumps(console_errors) == "[]"
