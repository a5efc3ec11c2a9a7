"""What card players expect (issue #9, item 5): forced cards played for you, undo in practice,
the tricks played so far, statistics kept across sessions, card size and the four-colour pack,
and the dealing and gathering animations (none with reduced motion).

Everything is driven as a person would (clicks and keys); waits are on the page's state, never on
sleeps. Screenshots of the new dialogs go to ``tests/e2e/screenshots/extras-*.png`` (gitignored).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_ui import AXE, ENGINE_TIMEOUT_MS, axe_violations, human_step, play_to_end, settle

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
STATS_KEY = "ombre.stats.v1"

# Settings written once (a reload keeps what the page saved since), instant computer players.
INIT_SETTINGS = """
if (!sessionStorage.getItem('extras-init')) {
  sessionStorage.setItem('extras-init', '1');
  localStorage.setItem('ombre.settings', %s);
}
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.effectiveDirective} refused ${e.blockedURI}`);
});
window.__animations = [];
document.addEventListener('animationstart', (e) => window.__animations.push(e.animationName));
window.__prompts = [];
new MutationObserver(() => {
  const p = document.getElementById('prompt');
  if (p) window.__prompts.push(p.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def open_game(
    page: Any,
    base_url: str,
    query: str,
    settings: dict[str, Any] | None = None,
    init: str = "",
    reduced: bool = True,
) -> None:
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    text = json.dumps({"pace": 0, **(settings or {})})
    page.context.add_init_script(INIT_SETTINGS % json.dumps(text) + init)
    page.goto(f"{base_url}/{query}")
    wait_ready(page)


def wait_ready(page: Any) -> None:
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert page.evaluate("document.body.dataset.engine") == "ready", page.inner_text("body")[:2000]
    settle(page)


def hand_count(page: Any) -> int:
    count: int = page.locator("#hand button.hand-card").count()
    return count


def csp_violations(page: Any) -> list[str]:
    found: list[str] = page.evaluate("() => window.__cspViolations")
    return found


def shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(SCREENSHOTS / f"extras-{name}-{size['width']}x{size['height']}.png"))


def play_until(page: Any, done: Any, max_steps: int = 120) -> None:
    for _ in range(max_steps):
        state = settle(page)
        if done(page) or state == "over":
            return
        human_step(page)
    raise AssertionError("never reached")


# --------------------------------------------------------------------------------------------
# forced cards


def test_the_last_card_is_played_without_a_click(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660")
    for _ in range(120):
        state = settle(page)
        if state == "over":
            break
        # The table never waits for a click on a card that is the only one that may be played.
        legal = page.locator("#hand button.hand-card.legal").count()
        assert not (legal == 1 and page.locator("#actions button").count() == 0), (
            "a forced card waits"
        )
        assert hand_count(page) > 1 or page.locator("#hand button.hand-card.legal").count() == 0
        human_step(page)
    assert settle(page) == "over"
    assert hand_count(page) == 0
    prompts = page.evaluate("() => window.__prompts")
    assert any("is played for you" in p for p in prompts), prompts[-10:]
    assert console_errors == []


def test_with_the_setting_off_the_last_card_waits_for_the_person(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660", {"autoplay": False})
    play_until(
        page,
        lambda p: hand_count(p) == 1 and p.evaluate("document.body.dataset.state") == "playable",
    )
    assert settle(page) == "playable"
    last = page.locator("#hand button.hand-card")
    expect(last).to_have_class(re.compile(r"\blegal\b"))
    # Focus is on it, as on any card to play; Enter plays it.
    assert page.evaluate("document.activeElement.dataset.code") == last.get_attribute("data-code")
    page.keyboard.press("Enter")
    play_to_end(page)
    assert hand_count(page) == 0
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# undo


def test_undo_in_practice_mode(page: Any, base_url: str, console_errors: list[str]) -> None:
    open_game(page, base_url, "?seed=7&rules=1660", {"practice": True})
    undo = page.locator("#btn-undo")
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()  # nothing decided yet
    # Make decisions until the computer players have moved after one of the person's.
    play_until(
        page,
        lambda p: (
            p.locator("#hand button.hand-card").count() == 9
            and p.locator("#actions button").count() > 0
        ),
    )
    before = page.locator("#log li").all_inner_texts()
    human_step(page)  # the person speaks; then the others do
    settle(page)
    after = page.locator("#log li").all_inner_texts()
    assert len(after) > len(before) + 1, "the computer players did not move after the person"
    expect(undo).to_be_enabled()
    undo.click()
    settle(page)
    assert page.locator("#log li").all_inner_texts() == before
    expect(page.locator(".fact.practice dd")).to_have_text("Undo used once")
    # Focus went back to the person's next action: the decision taken back.
    assert page.evaluate("document.activeElement.closest('#actions') !== null")
    saved = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('ombre.save.'))"
        ".map(k => JSON.parse(JSON.parse(localStorage.getItem(k)).session).undos)"
    )
    assert saved == [1]
    play_to_end(page)
    row = page.locator("#ledger tbody tr").first
    expect(row).to_have_class(re.compile(r"\bpractice\b"))
    expect(row.locator(".practice-mark")).to_have_attribute("title", re.compile("Undo once"))
    # Watching a record nothing can be taken back: no Undo (it stood there, disabled).
    page.get_by_role("button", name="Saved games").click()
    belinda = Path(__file__).resolve().parent.parent / "data" / "belinda.json"
    page.locator("#record-file").set_input_files(str(belinda))
    expect(page.locator("#replay-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(undo).to_be_hidden()
    page.locator("#replay-close").click()
    expect(page.locator("#replay-bar")).to_be_hidden(timeout=ENGINE_TIMEOUT_MS)
    expect(undo).to_be_visible()
    # Practice off: no Undo.
    page.locator("#btn-settings").click()
    page.locator('#settings-form input[name="practice"]').uncheck()
    page.keyboard.press("Escape")
    expect(undo).to_be_hidden()
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# the tricks played


def test_the_tricks_played_dialog_lists_every_trick(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660")
    button = page.locator("#btn-tricks")
    play_until(
        page,
        lambda p: (
            p.locator("#btn-tricks").is_visible()
            and int(re.sub(r"\D", "", p.locator("#btn-tricks").inner_text()) or 0) >= 3
        ),
    )
    count = int(re.sub(r"\D", "", button.inner_text()))
    assert count >= 3
    tricks_won = sum(int(t) for t in page.locator(".seat .tricks .count").all_inner_texts())
    assert count == tricks_won
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#tricks-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".played-trick")).to_have_count(count)
    for i in range(count):
        trick = dialog.locator(".played-trick").nth(i)
        expect(trick.locator(".played-card")).to_have_count(3)
        expect(trick.locator(".played-card.winner")).to_have_count(1)
        expect(trick.locator("h3")).to_have_text(
            re.compile(rf"^Trick {i + 1}: led (by .+, won by .+|and won by you)$")
        )
    expect(dialog.locator("#tricks-rule")).to_contain_text("1660")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# statistics


def lesser(text: str) -> int:
    """An amount as the table writes it in 1660 ("\u22125g 4l", "+2l", "0") in lesser counters."""
    sign = -1 if text.startswith(("\u2212", "-")) else 1
    total = 0
    for part in text.lstrip("+-\u2212").split():
        total += int(part[:-1]) * (12 if part.endswith("g") else 1)
    return sign * total


def stats_cell(page: Any, row: str) -> str:
    text: str = page.locator(f'#stats-body tr[data-row="{row}"] td').first.inner_text()
    return text


def test_statistics_persist_across_a_reload(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660")
    play_to_end(page)
    pay = page.locator("#result .payments tbody tr").first.locator("td").last.inner_text()
    page.locator("#btn-stats").click()
    expect(page.locator("#stats-dialog")).to_be_visible()
    assert stats_cell(page, "deals") == "1"
    assert int(stats_cell(page, "counters").replace("\u2212", "-")) == lesser(pay)
    expect(page.locator("#stats-body svg.balance-chart polyline")).to_have_count(1)
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)  # the finished deal, shown again, is not counted twice
    page.locator("#next-deal").click()
    play_to_end(page)
    page.locator("#btn-stats").click()
    assert stats_cell(page, "deals") == "2"
    kept = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))
    assert kept["format"] == "ombre-stats/1" and len(kept["deals"]) == 2
    # Reset asks first; keeping them changes nothing, forgetting empties them.
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-no").click()
    assert stats_cell(page, "deals") == "2"
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-yes").click()
    expect(page.locator("#stats-body .stats-empty")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{STATS_KEY}')") is None
    assert console_errors == []


RULE_SETS = ["1660", "classic", "encyclopaedia", "five", "quadrille", "quadrille-3", "two"]


def every_rule_set() -> dict[str, Any]:
    """Statistics of a person who played every rule set: three deals of each kept, but those by
    five, which are all folded into totals (as after 500 later deals)."""
    counts = {"deals": 3, "ombre": 1, "won": 1, "suffered": 0, "given": 0, "counters": 5}
    return {
        "format": "ombre-stats/1",
        "before": {"five": {**counts, "undone": 0}},
        "deals": [
            {
                "key": f"g{i}:{n}",
                "rules": r,
                "pay": (-1) ** n * (i + 1),
                "t": 1_700_000_000_000,
                "undos": 0,
                "ombre": False,
                "won": False,
                "codille": None,
            }
            for i, r in enumerate(reversed([r for r in RULE_SETS if r != "five"]))
            for n in range(3)
        ],
    }


def open_statistics(
    page: Any, base_url: str, kept: dict[str, Any], query: str = "?seed=7&rules=1660"
) -> None:
    """The table with ``kept`` as this browser's statistics, their dialog open."""
    stored = json.dumps(json.dumps(kept))
    open_game(page, base_url, query, init=f"localStorage.setItem('{STATS_KEY}', {stored});")
    page.locator("#btn-stats").click()


def test_the_chart_tells_seven_rule_sets_apart_and_matches_its_legend(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """A person who played every rule set reads each line by the legend: seven looks (three of
    them once drew the same colour as three others), and the same look for a rule set in the
    chart as in the legend, also when one set's deals are all folded into totals (its legend came
    first, and every line after it took the next one's look)."""
    open_statistics(page, base_url, every_rule_set())
    legend = {
        span.get_attribute("data-rules"): span.get_attribute("class")
        for span in page.locator("#stats-body .legend").all()
    }
    assert sorted(legend) == sorted(RULE_SETS) and len(set(legend.values())) == 7, legend
    lines = page.locator("#stats-body polyline.chart-line")
    expect(lines).to_have_count(6)  # the folded rule set has no line
    drawn = set()
    for line in lines.all():
        look = line.get_attribute("class").split()[-1]
        assert (
            legend[line.get_attribute("data-rules")] == f"legend {look.replace('line', 'legend')}"
        )
        drawn.add(
            line.evaluate(
                "e => [getComputedStyle(e).stroke, getComputedStyle(e).strokeDasharray].join()"
            )
        )
    assert len(drawn) == 6, drawn
    assert console_errors == []


def test_the_statistics_count_as_the_language_writes_figures(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """A German page counts 1.200 deals, not 1200."""
    counts = {"deals": 1200, "ombre": 1100, "won": 700, "suffered": 0, "given": 0}
    kept = {
        "format": "ombre-stats/1",
        "before": {"classic": {**counts, "counters": -2400, "undone": 0}},
        "deals": [],
    }
    open_statistics(page, base_url, kept, "?seed=7&rules=classic&lang=de")
    assert stats_cell(page, "deals") == "1.200"
    assert "700" in stats_cell(page, "won") and "1.100" in stats_cell(page, "won")
    assert stats_cell(page, "counters") == "\u22122.400"
    assert console_errors == []


@pytest.mark.skipif(not AXE.is_file(), reason="node_modules/axe-core is not installed (npm ci)")
def test_the_statistics_of_every_rule_set_fit_a_phone(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """Seven columns of rule sets on a 390-px phone: the table scrolls sideways in its own box,
    reachable from the keyboard, its row labels kept in view; the dialog no longer scrolled
    sideways as a whole, its caption cut at the screen's edge."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.add_init_script(path=str(AXE))
    open_statistics(page, base_url, every_rule_set())
    dialog, box = page.locator("#stats-dialog"), page.locator("#stats-body .stats-scroll")
    wider = "e => e.scrollWidth > e.clientWidth"
    assert not dialog.evaluate(wider) and box.evaluate(wider)
    expect(
        page.get_by_role("region", name="Your statistics by rules (scrolls sideways)")
    ).to_be_visible()
    box.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('#stats-body .stats-scroll').scrollLeft > 0"
    )
    label = page.locator('#stats-body tr[data-row="deals"] th')
    assert label.evaluate("e => e.getBoundingClientRect().left") >= box.evaluate(
        "e => e.getBoundingClientRect().left"
    )
    assert axe_violations(page) == []
    assert console_errors == []


@pytest.mark.parametrize(
    "value",
    ["{not json", '{"format": "ombre-stats/1", "before": {}, "deals": [{"key": 3}]}', "[]"],
)
def test_a_corrupt_statistics_value_is_reported_and_reset(
    page: Any, base_url: str, console_errors: list[str], value: str
) -> None:
    open_game(
        page,
        base_url,
        "?seed=7&rules=1660",
        init=f"localStorage.setItem('{STATS_KEY}', {json.dumps(value)});",
    )
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Your statistics could not be read")
    expect(notice).to_contain_text("start again from nothing")
    assert settle(page) == "playable" or settle(page) == "waiting"
    page.locator("#btn-stats").click()
    expect(page.locator("#stats-body .stats-empty")).to_be_visible()
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# settings


def test_settings_persist_and_apply_their_classes(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660")
    body = page.locator("body")
    expect(body).not_to_have_class(re.compile(r"cards-large|four-colour"))
    normal = page.locator("#hand button.hand-card").first.bounding_box()["width"]
    page.locator("#btn-settings").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Large").check()
    dialog.get_by_label("Four-colour pack").check()
    expect(body).to_have_class(re.compile(r"\bcards-large\b"))
    expect(body).to_have_class(re.compile(r"\bfour-colour\b"))
    page.keyboard.press("Escape")
    assert page.locator("#hand button.hand-card").first.bounding_box()["width"] > normal
    srcs = page.locator("#hand img.card-img").evaluate_all(
        "is => is.map(i => decodeURIComponent(i.src))"
    )
    assert all("four" in s for s in srcs)
    page.reload()
    wait_ready(page)
    expect(body).to_have_class(re.compile(r"\bcards-large\b"))
    expect(body).to_have_class(re.compile(r"\bfour-colour\b"))
    kept = json.loads(page.evaluate("localStorage.getItem('ombre.settings')"))
    assert kept == {
        "pace": 0,
        "autoplay": True,
        "practice": False,
        "cardSize": "large",
        "fourColour": True,
        "tutor": False,
        "theme": "modern",
    }
    assert csp_violations(page) == []
    assert console_errors == []


def test_a_bad_saved_setting_is_named_and_its_default_used(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660", {"cardSize": "huge", "practice": "yes"})
    notice = page.locator("#notice")
    expect(notice).to_contain_text('Your saved card size “"huge"” is not small, normal or large')
    expect(notice).to_contain_text("Your saved setting for practice (undo)")
    expect(page.locator("body")).not_to_have_class(re.compile(r"cards-"))
    expect(page.locator("#btn-undo")).to_be_hidden()
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# motion


MOTION = ("deal-card", "gather", "deal-in")


@pytest.mark.parametrize("reduced", [True, False], ids=["reduce", "no-preference"])
def test_dealing_and_gathering_respect_reduced_motion(
    page: Any, base_url: str, console_errors: list[str], reduced: bool
) -> None:
    open_game(page, base_url, "?seed=7&rules=1660", {"pace": 300}, reduced=reduced)
    play_until(
        page,
        lambda p: (
            p.locator("#trick.done").count() > 0
            or sum(int(t) for t in p.locator(".seat .tricks .count").all_inner_texts()) >= 2
        ),
    )
    started = set(page.evaluate("() => window.__animations")) & set(MOTION)
    # The CSS itself: a hand being dealt and a trick being gathered.
    names = page.evaluate("""() => {
      const hand = document.getElementById('hand');
      hand.classList.add('dealing');
      const card = hand.querySelector('.hand-card');
      const area = document.getElementById('trick');
      area.classList.add('done', 'gather');
      const slot = document.createElement('li');
      slot.className = 'trick-slot';
      area.append(slot);
      const out = [getComputedStyle(card).animationName, getComputedStyle(slot).animationName];
      slot.remove();
      return out;
    }""")
    if reduced:
        assert started == set(), started
        assert names == ["none", "none"]
    else:
        assert "deal-card" in started
        assert names == ["deal-card", "gather"]
    assert console_errors == []


# --------------------------------------------------------------------------------------------
# screenshots and the policy


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_screenshots_of_the_new_dialogs(
    page: Any, base_url: str, console_errors: list[str], width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, base_url, "?seed=7&rules=1660", {"practice": True, "fourColour": True})
    play_until(
        page,
        lambda p: sum(int(t) for t in p.locator(".seat .tricks .count").all_inner_texts()) >= 4,
    )
    shoot(page, "1-table")
    page.locator("#btn-tricks").click()
    shoot(page, "2-tricks")
    page.keyboard.press("Escape")
    play_to_end(page)
    page.locator("#next-deal").click()
    play_to_end(page)
    page.locator("#btn-stats").click()
    expect(page.locator("#stats-body svg polyline")).to_have_count(1)
    shoot(page, "3-stats")
    page.keyboard.press("Escape")
    page.locator("#btn-settings").click()
    shoot(page, "4-settings")
    page.keyboard.press("Escape")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert csp_violations(page) == []
    assert console_errors == []


@pytest.mark.skipif(not AXE.is_file(), reason="node_modules/axe-core is not installed (npm ci)")
def test_axe_reports_no_serious_violations_in_the_new_dialogs(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    page.context.add_init_script(path=str(AXE))
    open_game(page, base_url, "?seed=7&rules=1660", {"practice": True})
    play_until(page, lambda p: p.locator("#btn-tricks").is_visible())
    found = {"table": axe_violations(page)}
    page.locator("#btn-tricks").click()
    found["tricks"] = axe_violations(page)
    page.keyboard.press("Escape")
    play_to_end(page)
    # nine tricks: the list scrolls, so the keyboard must reach it
    page.locator("#btn-tricks").click()
    tricks = page.locator("#tricks-list")
    assert tricks.evaluate("e => e.scrollHeight > e.clientHeight")
    found["the deal's tricks"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.locator("#btn-stats").click()
    found["statistics"] = axe_violations(page)
    page.keyboard.press("Escape")
    page.locator("#btn-settings").click()
    found["settings"] = axe_violations(page)
    assert all(not v for v in found.values()), found
    assert console_errors == []
