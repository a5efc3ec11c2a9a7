"""The table in five languages (issue #8, item 5): every text of the page from its catalogue.

For each language a whole deal is played through the UI with ``?lang=xx``: ``<html lang>`` says the
language, no English text of a ``ui.*`` key whose translation differs is shown at any step (text
nodes and the title, aria-label and placeholder attributes of what is on screen; the engine's own
words, which another catalogue section translates, are left aside), and axe-core finds nothing
serious. Also: the Settings list switches the language mid-deal without losing the deal, and the
choice is kept; the browser's languages choose when nothing else does; a bad ``lang`` is reported
and English used; ``<ombre-game lang>`` passes through; a language never fetched plays offline;
the worker sets the language on a boot from the memory snapshot. Screenshots ``lang-*.png`` in
``tests/e2e/screenshots/`` at 360x640, 390x844 and 1280x800.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_embed import game_frame
from test_ui import AXE, ENGINE_TIMEOUT_MS, axe_violations, open_table, settle

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "ombre_core" / "locale"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
LANGUAGES = ("en", "es", "fr", "da", "de")

# What stays in its own language whatever the reader's: the sources' and the poem's words (marked
# lang="en", their translation beside them), cited titles of works, and the seats' and cards'
# names (the same in several languages).
KEPT_TEXT = '[lang="en"], .rules i, .rules cite, cite, abbr[title]'
# Elements none of whose own text nodes are checked (none now: the engine's words are translated).
OWN_TEXT_SKIPPED = ":not(*)"

# The page's own text nodes and attributes on screen: [text, ...].
SHOWN_TEXTS = """([skip, own]) => {
  const out = [];
  const shown = (el) => el && el.getClientRects().length > 0 && !el.closest(skip)
    && getComputedStyle(el).visibility !== 'hidden';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, ' ').trim();
    if (text && shown(n.parentElement) && !n.parentElement.matches(own)) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (!shown(el) || el.closest('abbr, .hand-card, .card')) continue;
    for (const a of ['title', 'aria-label', 'placeholder']) {
      const v = el.getAttribute(a);
      if (v) out.push(v.replace(/\\s+/g, ' ').trim());
    }
  }
  return out;
}"""


@cache
def catalogue(lang: str) -> dict[str, str]:
    return json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))


def _plain(template: str) -> str:
    return " ".join(re.sub(r"</?[a-z]+>", "", template).split())


@cache
def vocabulary(lang: str) -> frozenset[str]:
    """Every word `lang`'s catalogue uses."""
    return frozenset(re.findall(r"\w+", " ".join(catalogue(lang).values())))


@cache
def english_patterns(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """(key, pattern) for each English text (the page's and the engine's) that `lang` words
    otherwise: a whole text node or attribute equal to it (fields match anything). Names, the
    quotations' own words and the poem's lines are left out: they stay as written."""
    english, other = catalogue("en"), catalogue(lang)
    found = []
    for key, template in english.items():
        kept = key.startswith(("ui.name.", "engine.name.", "rules.gloss.", "card.", "meta."))
        poem = key.startswith("scenario.") and key.endswith(".text")
        if kept or poem or other.get(key) == template:
            continue
        text = _plain(template)
        literal = re.sub(r"\{\w+\}", "", text)
        if len(re.findall(r"[A-Za-z]", literal)) < 3:
            continue
        if "{" in text and len(re.findall(r"[A-Za-z]{2,}", literal)) < 2:
            continue  # "{card} from {seat}" would match any English sentence with "from"
        if " " not in text and text in vocabulary(lang):
            continue  # one word that is also the language's own (Partner, Matador, Gano)
        parts = re.split(r"(\{\w+\})", text)
        pattern = "".join(".+" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)
        found.append((key, re.compile(pattern.strip())))
    return found


def english_shown(page: Any, lang: str) -> list[str]:
    """The page's English texts on screen where `lang` has its own words: [key: text]."""
    if lang == "en":
        return []
    texts = set(page.evaluate(SHOWN_TEXTS, [KEPT_TEXT, OWN_TEXT_SKIPPED]))
    return sorted(
        f"{key}: {text!r}"
        for text in texts
        for key, pattern in english_patterns(lang)
        if pattern.fullmatch(text)
    )


def step(page: Any) -> None:
    """One move through the UI, as test_ui.human_step, without reading its English words."""
    discard = page.locator("#discard-button")
    if discard.count():
        cards = page.locator("#hand button.hand-card")
        i = 0
        while discard.is_disabled():
            cards.nth(i).click()
            i += 1
        discard.click()
        return
    legal = page.locator("#hand button.hand-card.legal")
    if legal.count():
        legal.first.click()
        return
    names = page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert names, "the human is to move but the table offers nothing"
    choice = next((n for n in ("play", "trump s") if n in names), names[0])
    page.locator(f'#actions button[data-action="{choice}"]').click()


def play_deal(page: Any, lang: str, check: bool = True) -> None:
    for _ in range(120):
        state = settle(page)
        if check:
            shown = english_shown(page, lang)
            assert shown == [], (state, shown)
        if state == "over":
            return
        assert state == "playable", page.inner_text("#notice")
        step(page)
    raise AssertionError("the deal did not end")


def expect_language(page: Any, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    narrow = page.viewport_size["width"] < 440  # a phone's width: the top bar's short words
    expect(page.locator("#btn-new")).to_have_text(
        catalogue(lang)["ui.top.new.short" if narrow else "ui.top.new"]
    )


# --------------------------------------------------------------------------------------------


@pytest.mark.skipif(not AXE.is_file(), reason="node_modules/axe-core is not installed (npm ci)")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_deal_in_each_language(
    page: Any, base_url: str, console_errors: list[str], lang: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.add_init_script(path=str(AXE))
    open_table(page, base_url, f"?lang={lang}&seed=3&rules=1660")
    expect_language(page, lang)
    assert axe_violations(page) == []
    play_deal(page, lang)
    expect(page.locator("#next-deal")).to_have_text(catalogue(lang)["ui.result.next"])
    assert axe_violations(page) == []
    # The address keeps the page's language (a display option), not the game's options.
    assert f"lang={lang}" in page.url and "seed=" not in page.url
    # The dialogs speak it too.
    page.locator("#btn-settings").click()
    expect(page.locator("#settings-title")).to_have_text(catalogue(lang)["ui.settings.title"])
    assert english_shown(page, lang) == []
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.locator("#btn-rules").click()
    expect(page.locator("#rules-heading")).to_have_text(catalogue(lang)["ui.rules.heading"])
    assert english_shown(page, lang) == []
    assert console_errors == []


def test_the_settings_list_switches_the_language_mid_deal(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?seed=5&rules=classic")
    expect_language(page, "en")
    for _ in range(3):
        if settle(page) != "playable":
            break
        step(page)
    settle(page)
    before = {
        "hand": page.locator("#hand button.hand-card").evaluate_all(
            "bs => bs.map(b => b.dataset.code)"
        ),
        "log": page.locator("#log li").count(),
        "deal": page.locator(".fact dd").first.inner_text(),
    }
    page.locator("#btn-settings").click()
    names = page.locator("#language option").all_inner_texts()
    assert names == ["English", "Español", "Français", "Dansk", "Deutsch"]
    page.locator("#language").select_option("fr")
    expect_language(page, "fr")
    expect(page.locator("#settings-title")).to_have_text("Réglages")
    page.keyboard.press("Escape")
    settle(page)
    after = {
        "hand": page.locator("#hand button.hand-card").evaluate_all(
            "bs => bs.map(b => b.dataset.code)"
        ),
        "log": page.locator("#log li").count(),
        "deal": page.locator(".fact dd").first.inner_text(),
    }
    assert after == before  # the same deal, at the same point
    expect(page.locator(".fact dt").first).to_have_text("Donne")
    play_deal(page, "fr")
    # The choice is kept in the settings (a reload would start in French; open_table's init
    # script rewrites the settings on every load, so the saved value is read here).
    saved = page.evaluate("JSON.parse(localStorage.getItem('ombre.settings'))")
    assert saved["lang"] == "fr"
    assert "lang=" not in page.url
    assert console_errors == []


@pytest.mark.parametrize(("locale", "lang"), [("de-DE", "de"), ("da", "da"), ("pt-BR", "en")])
def test_the_browser_languages_choose_when_nothing_else_does(
    browser: Any, base_url: str, locale: str, lang: str
) -> None:
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        open_table(page, base_url)
        expect_language(page, lang)
        assert page.evaluate("navigator.languages[0]").startswith(locale.split("-")[0])
    finally:
        context.close()


def test_a_bad_lang_option_is_reported_and_english_used(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    open_table(page, base_url, "?lang=xx")
    expect_language(page, "en")
    expect(page.locator("#notice-text")).to_contain_text(
        "The address gives lang=\u201cxx\u201d, which is not en, es, fr, da or de:"
        " the page is shown in English."
    )
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    assert console_errors == []


@pytest.mark.parametrize(("asked", "lang"), [("fr-CA", "fr"), ("DE_at", "de"), ("es-419", "es")])
def test_a_lang_option_with_a_region_is_read_by_its_language(
    page: Any, base_url: str, console_errors: list[str], asked: str, lang: str
) -> None:
    """A curator's ``lang="fr-CA"`` is French, as a browser's fr-CA already was, not a bad
    option shown in English."""
    open_table(page, base_url, f"?lang={asked}&seed=3")
    expect_language(page, lang)
    expect(page.locator("#notice")).to_be_hidden()
    assert console_errors == []


def test_an_open_notice_is_worded_again_in_the_new_language(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """A notice open when the language changes takes the new words for its own texts and buttons;
    the reason it quotes (here the address's) stays as it was given."""
    open_table(page, base_url, "?rules=1700")
    buttons = page.locator("#notice-actions button")
    expect(buttons.nth(1)).to_have_text(catalogue("en")["ui.notice.choose_rules"])
    reason = page.locator("#notice-text").inner_text()
    assert "1700" in reason
    page.locator("#btn-settings").click()
    page.locator("#language").select_option("de")
    expect_language(page, "de")
    page.keyboard.press("Escape")
    expect(page.locator("#notice")).to_be_visible()
    expect(buttons.nth(1)).to_have_text(catalogue("de")["ui.notice.choose_rules"])
    expect(page.locator("#notice-text")).to_have_text(reason)
    assert console_errors == []


def test_the_element_passes_its_lang(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.goto(base_url + "/__tests__/host.html?lang=da&seed=4")
    frame = game_frame(page)
    expect(frame.locator("html")).to_have_attribute("lang", "da")
    expect(frame.locator("#btn-new")).to_have_text("Nyt spil")
    assert console_errors == []


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (1280, 800)])
@pytest.mark.parametrize("lang", ["de", "es"])
def test_screenshots_in_two_languages(
    page: Any, base_url: str, console_errors: list[str], lang: str, width: int, height: int
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, base_url, f"?lang={lang}&seed=7&rules=1660")
    page.screenshot(path=str(SCREENSHOTS / f"lang-{lang}-{width}x{height}-1-auction.png"))
    for _ in range(40):
        if settle(page) != "playable" or page.locator("#hand button.hand-card.legal").count():
            break
        step(page)
    page.screenshot(path=str(SCREENSHOTS / f"lang-{lang}-{width}x{height}-2-play.png"))
    # Long words must not make the page wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    play_deal(page, lang, check=False)
    page.screenshot(
        path=str(SCREENSHOTS / f"lang-{lang}-{width}x{height}-3-result.png"), full_page=True
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#btn-settings").click()
    page.screenshot(path=str(SCREENSHOTS / f"lang-{lang}-{width}x{height}-4-settings.png"))
    assert console_errors == []


def test_every_language_plays_offline_after_a_first_visit(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """The catalogues are precached with the site: a language never fetched before is there
    offline, on a reload and from the Settings list."""
    open_table(page, base_url, "?seed=11&rules=1660")
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    page.context.set_offline(True)
    try:
        page.goto(base_url + "/?lang=da")
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.body.dataset.engine)",
            timeout=ENGINE_TIMEOUT_MS,
        )
        settle(page)
        expect_language(page, "da")
        page.locator("#btn-settings").click()
        page.locator("#language").select_option("es")
        expect_language(page, "es")
        page.keyboard.press("Escape")
        play_deal(page, "es")
    finally:
        page.context.set_offline(False)
    assert console_errors == []


def test_the_worker_applies_the_language_when_it_boots_from_the_snapshot(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """The memory snapshot is made in English; the worker sets the page's language on every
    start, from the snapshot too, before the page's first call."""
    from test_infra_snapshot import CACHE, KEY, WAIT_FOR_ENTRY, engine_worker

    open_table(page, base_url, "?lang=da&seed=2&rules=1660")
    assert engine_worker(page).evaluate("self.ombreBoot")["boot"] == "normal"
    assert engine_worker(page).evaluate("self.ombreLanguage") == "da"
    assert page.evaluate(WAIT_FOR_ENTRY, [CACHE, KEY, ENGINE_TIMEOUT_MS])
    page.goto(base_url + "/?lang=de")
    page.wait_for_function(
        "() => document.body.dataset.engine === 'ready'", timeout=ENGINE_TIMEOUT_MS
    )
    settle(page)
    assert engine_worker(page).evaluate("self.ombreBoot")["boot"] == "snapshot"
    assert engine_worker(page).evaluate("self.ombreLanguage") == "de"
    expect_language(page, "de")
    assert console_errors == []


def test_the_top_bar_takes_its_short_words_on_a_phones_width(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """Below 440 px the buttons and the pace say their short words (the button's name is the
    word shown: WCAG's label in name); a window widened again says the whole words, and the
    game's own words stay (the prompt once went back to the page's first "shuffling")."""
    words = catalogue("fr")
    open_table(page, base_url, "?seed=7&rules=1660&lang=fr")
    saves, pace = page.locator("#btn-saves"), page.locator("#pace option:checked")
    chosen = pace.get_attribute("data-i18n")  # the tests' pace
    assert chosen
    prompt = page.locator("#prompt")
    said = prompt.text_content()
    assert said and said != words["ui.prompt.shuffling"]
    expect(saves).to_have_text(words["ui.top.saves"])
    page.set_viewport_size({"width": 390, "height": 844})
    expect(saves).to_have_text(words["ui.top.saves.short"])
    expect(page.get_by_role("button", name=words["ui.top.saves.short"], exact=True)).to_be_visible()
    expect(pace).to_have_text(words[f"{chosen}.short"])
    expect(prompt).to_have_text(said)
    page.set_viewport_size({"width": 1200, "height": 844})
    expect(saves).to_have_text(words["ui.top.saves"])
    expect(pace).to_have_text(words[chosen])
    expect(prompt).to_have_text(said)
    assert console_errors == []


def test_the_figures_are_written_as_the_language_writes_them(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """The statistics and the saved games write a French balance "−7" and an average "−7,0",
    as the engine's ledger writes its minus, not "-7.0" (English digits in a French page)."""
    open_table(page, base_url, "?seed=7&rules=classic&lang=fr")
    play_deal(page, "fr", check=False)
    page.locator("#btn-stats").click()
    cell = "#stats-body tr[data-row='{}'] td"
    balance = page.locator(cell.format("counters")).first.inner_text()
    average = page.locator(cell.format("average")).first.inner_text()
    assert re.fullmatch(r"0|[+\u2212]\d+", balance), balance
    assert average == ("0,0" if balance == "0" else f"{balance},0"), (balance, average)
    shown = page.locator("#stats-body svg .chart-label").all_text_contents()
    assert shown and all("-" not in label for label in shown), shown
    page.keyboard.press("Escape")
    page.locator("#btn-saves").click()
    expect(page.locator("#saves-list .save-facts").first).to_contain_text(balance)
    assert console_errors == []
