"""The rules panel in How to play (issue #8, item 2): the chosen rule set's rules, each with its
source and a short quotation, and the side-by-side table of how the rule sets differ, at phone and
desktop sizes, under the site's strict CSP, and clean for axe-core.

Everything checked here comes from the engine (``bridge.rules_panel``); the test asserts what a
reader meets: the encyclopaedia's own words beside its rules, the table's caption and headers,
the historical names explained on hover, the table scrolling sideways on a phone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_ui import AXE, axe_violations, check_result, human_step, log_lines, open_table, settle

SHOTS = Path(__file__).resolve().parent / "screenshots"


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=lambda s: f"{s[0]}")
def test_the_encyclopaedia_rules_with_their_sources_and_the_table(
    page: Any, base_url: str, console_errors: list[str], size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    if AXE.is_file():
        page.context.add_init_script(path=str(AXE))
    open_table(page, base_url, "?seed=3&rules=encyclopaedia")
    page.locator("#btn-rules").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    # the game's own rule set is chosen, and its rules come with the encyclopaedia's words
    expect(page.locator("#sources-preset")).to_have_value("encyclopaedia")
    matadors = dialog.locator('dd[data-key="matadors"]')
    expect(matadors).to_contain_text("3 greater counters for the three")
    expect(matadors.locator("q.verbatim").first).to_have_text(
        "the others pay three of the greater counters a-piece"
    )
    source = "the encyclopaedia entry \u201cOmbre\u201d"
    expect(matadors.locator("cite abbr").first).to_have_attribute("title", source)
    auction = dialog.locator('dd[data-key="auction"]')
    expect(auction).to_contain_text("the first who chooses to play")
    expect(auction.locator("cite").first).to_have_text("ENC")
    # the historical names are explained on hover, in the encyclopaedia's spelling
    pipillo = dialog.locator('dd[data-key="names"] abbr', has_text="Pipillo").first
    spadille = "Pipillo: the ace of spades, always the highest trump."
    expect(pipillo).to_have_attribute("title", spadille)
    # the side-by-side table: caption, column and row headers, the chosen column marked
    table = dialog.locator("#compare-table")
    expect(table.locator("caption")).to_contain_text("How the rule sets differ")
    headers = table.locator('thead th[scope="col"]')
    sets = page.locator("#sources-preset option").count()
    assert sets >= 4  # 1660, classic, five, encyclopaedia
    expect(headers).to_have_count(1 + sets)  # Rule, and a column for each rule set
    expect(table.locator("thead th.chosen")).to_have_attribute("data-preset", "encyclopaedia")
    row = table.locator('tr[data-field="matador_base"]')
    expect(row.locator('th[scope="row"]')).to_have_text("Matadors: the three, from each opponent")
    expect(row.locator("td.chosen")).to_have_text("3 greater counters")
    expect(table.locator('tr[data-field="overcall"] td.chosen')).to_have_text("no")
    box = page.locator("#compare-box")
    if size[0] < 700:  # on a phone the table scrolls sideways inside its box, not the page
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 1
    SHOTS.mkdir(exist_ok=True)
    page.locator("#sources-preset").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SHOTS / f"sources-{size[0]}-lines.png"))
    table.locator("caption").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SHOTS / f"sources-{size[0]}-table.png"))
    # another rule set: the 1660 pamphlet's words
    page.locator("#sources-preset").select_option("1660")
    expect(dialog.locator('dd[data-key="matadors"] q.verbatim').first).to_have_text(
        "the others pay three of the greater Marks or Counters the piece"
    )
    expect(table.locator("thead th.chosen")).to_have_attribute("data-preset", "1660")
    if AXE.is_file():
        assert axe_violations(page) == []
    assert console_errors == []


def test_a_trump_named_by_another_at_the_table(
    page: Any, base_url: str, console_errors: list[str]
) -> None:
    """The encyclopaedia's rule at the table: the person, Ombre, takes in before naming the
    trump ("Take in first"), and a computer defender names it for him."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, base_url, "?seed=3&rules=encyclopaedia")
    drew = False
    for _ in range(8):  # deals, until the person is the Ombre who takes in
        for _ in range(120):
            if settle(page) == "over":
                break
            draw = page.locator('#actions button[data-action="draw"]')
            if not drew and draw.count():
                expect(draw).to_have_text("Take in first")
                expect(page.locator("#prompt")).to_contain_text("let the others name it")
                SHOTS.mkdir(exist_ok=True)
                page.screenshot(path=str(SHOTS / "sources-1280-draw.png"))
                draw.click()
                drew = True
                continue
            human_step(page)
        if drew:
            break
        page.locator("#next-deal").click()
    assert drew, "the person was never an Ombre who took in"
    lines = log_lines(page)
    assert any("The trump was not named first" in line for line in lines), lines
    named = [line for line in lines if line.startswith(("The Baron names", "Sir Plume names"))]
    assert named, lines
    check_result(page)
    assert console_errors == []
