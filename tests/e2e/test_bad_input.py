"""Bad input from outside the game, and the exact words a person reads about it: every bad address
option, every bad saved value, a bad saved setting. Each message names the parameter and what is
allowed, cuts long inputs short (the page never grows wider than the screen), and puts a full stop
between its sentences.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from test_ui import ENGINE_TIMEOUT_MS, INSTANT, open_table, settle

MAX = "9007199254740991"
RANGE = f"a whole number from 0 to {MAX}"
RULES = (
    "Choose rules=1660 (The Royal Game of the Ombre (1660)), rules=classic"
    " (Ombre as in The Court Gamester (18th century)), rules=five"
    " (Ombre by five, or Quintille (The Court Gamester)), rules=quadrille"
    " (Quadrille, or Ombre by four (Hoyle; The Court Gamester)), rules=quadrille-3"
    " (Quadrille by three (The Court Gamester)), rules=two"
    " (Ombre by two (a modern reconstruction)) or rules=encyclopaedia"
    " (Ombre as the encyclopaedia gives it (18th century))."
)

BAD_OPTIONS = {
    "16 digits, too large": (
        "?seed=9999999999999999",
        f"The address asks for seed \u201c9999999999999999\u201d, which is too large: a seed must"
        f" be {RANGE}.",
    ),
    "38 digits": (
        "?seed=" + "9" * 38,
        "The address asks for seed \u201c" + "9" * 24 + "\u2026\u201d (38 digits), which is too"
        f" large: a seed must be {RANGE}.",
    ),
    "negative": (
        "?seed=-5",
        f"The address asks for seed \u201c-5\u201d, but a seed cannot be negative: it must be"
        f" {RANGE}.",
    ),
    "5,000 digits": (
        "?seed=" + "7" * 5000,
        "The address asks for seed \u201c" + "7" * 24 + "\u2026\u201d (5,000 digits), which is too"
        f" large: a seed must be {RANGE}.",
    ),
    "not whole": (
        "?seed=1.5",
        f"The address asks for seed \u201c1.5\u201d, but a seed must be {RANGE}, such as seed=7.",
    ),
    "a word": (
        "?seed=abc&rules=1660",
        f"The address asks for seed \u201cabc\u201d, but a seed must be {RANGE}, such as seed=7.",
    ),
    "empty seed": (
        "?seed=",
        f"The address gives seed= with no value, but a seed must be {RANGE}, such as seed=7.",
    ),
    "seed twice": ("?seed=1&seed=2", "The address gives seed 2 times: give it once."),
    "unknown rules": (
        "?rules=1700",
        f"The address asks for rules \u201c1700\u201d, which this game does not know. {RULES}",
    ),
    "long unknown rules": (
        "?rules=" + "x" * 50_000,
        "The address asks for rules \u201c" + "x" * 24 + "\u2026\u201d (50,000 characters),"
        f" which this game does not know. {RULES}",
    ),
    "empty rules": ("?rules=", f"The address gives rules= with no value. {RULES}"),
    "two bad options and an unknown one": (
        "?seed=-1&rules=1700&colour=red",
        f"The address asks for seed \u201c-1\u201d, but a seed cannot be negative: it must be"
        f" {RANGE}. The address asks for rules \u201c1700\u201d, which this game does not know."
        f" {RULES} The address has an option this game does not know, \u201ccolour\u201d, so it"
        " was left aside: the game knows only seed, rules, level, ledger, log, scenario, theme"
        " and lang.",
    ),
}


@pytest.mark.parametrize(("query", "message"), BAD_OPTIONS.values(), ids=BAD_OPTIONS.keys())
def test_bad_address_option_says_exactly_what_is_wrong(
    page: Any, base_url: str, console_errors: list[str], query: str, message: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(INSTANT)
    page.goto(base_url + "/" + query)
    page.wait_for_function(
        "() => document.body.dataset.state === 'error'", timeout=ENGINE_TIMEOUT_MS
    )
    expect(page.locator("#notice-text")).to_have_text(message)
    # Nothing wider than the screen, however long the input.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The notice offers a way on, and the game plays.
    expect(page.locator("#notice").get_by_role("button", name="New game")).to_be_focused()
    page.locator("#notice").get_by_role("button", name="New game").click()
    assert settle(page) in ("playable", "over")
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert console_errors == []


@pytest.mark.parametrize(
    ("query", "seed_shown"),
    [("?seed=1234567890123456", None), ("?seed=" + MAX, None), ("?seed=007", None)],
    ids=["16 digits", "the largest seed", "leading zeros"],
)
def test_every_seed_the_bridge_accepts_is_accepted(
    page: Any, base_url: str, console_errors: list[str], query: str, seed_shown: Any
) -> None:
    open_table(page, base_url, query)
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert "seed=" not in page.url
    assert console_errors == []


def test_an_option_typed_with_capitals_is_read(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """A link typed by hand, ``rules=Classic`` or ``theme=Period``, names what it names: the
    values are the game's words, their letters' case aside (as ``lang=DE`` already was)."""
    open_table(page, base_url, "?seed=4&rules=Classic&level=Novice&theme=Period&log=Hide")
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("body")).to_have_class(re.compile(r"\btheme-period\b"))
    expect(page.locator("#log")).to_be_hidden()
    expect(page.locator("#rules-title")).to_contain_text("The Court Gamester")
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert console_errors == []


def test_unknown_option_is_left_aside_with_a_word(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=4&utm_source=newsletter&ref=museum")
    expect(page.locator("#notice-text")).to_have_text(
        "The address has options this game does not know, \u201cutm_source\u201d and"
        " \u201cref\u201d, so they were left aside: the game knows only seed, rules, level,"
        " ledger, log, scenario, theme and lang."
    )
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert page.url.endswith("/")
    assert console_errors == []


def saved_session(page: Any, base_url: str) -> dict[str, Any]:
    """A real saved game (the bridge's save() document), read from the page's storage."""
    open_table(page, base_url, "?seed=6&rules=1660")
    text = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('ombre.save.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).session)[0]"
    )
    doc: dict[str, Any] = json.loads(text)
    return doc


BIG = 10**30
BAD_SAVES = {
    "deal_number 10^30": (
        {"deal_number": BIG},
        "its deal_number is \u201c1000000000000000000000000000000\u201d, but a deal number must"
        f" be a whole number from 1 to {MAX}.",
    ),
    "deal_number 0": (
        {"deal_number": 0},
        f"its deal_number is \u201c0\u201d, but a deal number must be a whole number from 1 to"
        f" {MAX}.",
    ),
    "deal_number 2.5": (
        {"deal_number": 2.5},
        f"its deal_number is \u201c2.5\u201d, but a deal number must be a whole number from 1 to"
        f" {MAX}.",
    ),
    "deal_number missing": (
        {"deal_number": None},
        f"its deal_number is missing, but a deal number must be a whole number from 1 to {MAX}.",
    ),
    "seed 2^53": (
        {"seed": 2**53},
        f"its seed is \u201c9007199254740992\u201d, but a seed must be {RANGE}.",
    ),
    "seed -1": ({"seed": -1}, f"its seed is \u201c-1\u201d, but a seed must be {RANGE}."),
    "rules": (
        {"rules": "1492"},
        "its rules are \u201c1492\u201d, which this game does not know: the rules must be"
        " \u201c1660\u201d, \u201cclassic\u201d, \u201cfive\u201d, \u201cquadrille\u201d,"
        " \u201cquadrille-3\u201d, \u201ctwo\u201d or \u201cencyclopaedia\u201d.",
    ),
    "long rules": (
        {"rules": "y" * 5000},
        "its rules are \u201c" + "y" * 24 + "\u2026\u201d (5,000 characters), which this game"
        " does not know: the rules must be \u201c1660\u201d, \u201cclassic\u201d,"
        " \u201cfive\u201d, \u201cquadrille\u201d, \u201cquadrille-3\u201d,"
        " \u201ctwo\u201d or \u201cencyclopaedia\u201d.",
    ),
    "format": (
        {"format": "ombre-session/99"},
        "its format is \u201combre-session/99\u201d, but this game reads the format"
        " \u201combre-session/1\u201d.",
    ),
    "balance": (
        {"ledger": {"balances": [1.5, 0, 0], "pool": 0, "deals": 0}},
        f"its ledger balance \u201c1.5\u201d is not a whole number from -{MAX} to {MAX}.",
    ),
    "pool": (
        {"ledger": {"balances": [0, 0, 0], "pool": -3, "deals": 0}},
        f"its ledger pool is \u201c-3\u201d, but it must be a whole number from 0 to {MAX}.",
    ),
}


@pytest.mark.parametrize(("change", "reason"), BAD_SAVES.values(), ids=BAD_SAVES.keys())
def test_bad_saved_value_says_exactly_what_is_wrong(
    page: Any, base_url: str, console_errors: list[str], change: dict[str, Any], reason: str
) -> None:
    doc = saved_session(page, base_url)
    for key, value in change.items():
        if value is None:
            doc.pop(key)
        else:
            doc[key] = value
    # Saved as a game of the earlier single-save format: the table takes it into its saved games.
    page.evaluate(
        "text => { localStorage.clear(); localStorage.setItem('ombre.session', text); }",
        json.dumps(doc),
    )
    page.reload()
    page.wait_for_function(
        "() => document.body.dataset.state === 'error'", timeout=ENGINE_TIMEOUT_MS
    )
    expect(page.locator("#notice-text")).to_have_text(
        f"Your saved game could not be read: {reason} You can start a new game."
    )
    assert "e+" not in page.locator("#facts").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.locator("#notice").get_by_role("button", name="New game").click()
    assert settle(page) in ("playable", "over")
    expect(page.locator(".fact", has_text="Deal").locator("dd")).to_have_text("1")
    assert console_errors == []


def test_a_saved_game_the_engine_refuses_gives_its_reason_as_a_sentence(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    doc = saved_session(page, base_url)
    doc["deal"]["actions"] = ["vole", "vole"]
    page.evaluate(
        "text => { localStorage.clear(); localStorage.setItem('ombre.session', text); }",
        json.dumps(doc),
    )
    page.reload()
    page.wait_for_function(
        "() => document.body.dataset.state === 'error'", timeout=ENGINE_TIMEOUT_MS
    )
    text = page.locator("#notice-text").inner_text()
    assert text.startswith("Your saved game could not be read: ")
    assert text.endswith(". You can start a new game."), text
    assert console_errors == []


def test_bad_saved_setting_is_said_and_the_normal_pace_used(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.context.add_init_script(
        "localStorage.setItem('ombre.settings', JSON.stringify({pace: 'x'.repeat(3000)}));"
    )
    page.goto(base_url + "/?seed=9&rules=1660")
    page.wait_for_function(
        "() => document.body.dataset.state === 'playable'", timeout=ENGINE_TIMEOUT_MS
    )
    expect(page.locator("#notice-text")).to_have_text(
        'Your saved pace \u201c"' + "x" * 23 + "\u2026\u201d (3,002 characters) is not a number"
        " of milliseconds from 0 to 5000, so the normal pace is used."
    )
    expect(page.locator("#pace")).to_have_value("800")
    assert console_errors == []
