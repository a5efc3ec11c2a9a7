"""Watching a record at the table (issue #8 item 4): open a file, step forward and back, every
hand at the end, play on from a step, a malformed record refused with its index while the game in
progress is kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from test_ui import ENGINE_TIMEOUT_MS, open_table, settle

DATA = Path(__file__).resolve().parent.parent / "data"
BELINDA = DATA / "belinda.json"


def open_record(page: Any, path: Path) -> None:
    page.get_by_role("button", name="Saved games").click()
    page.locator("#record-file").set_input_files(str(path))


def test_a_record_is_watched_step_by_step_and_played_on(
    page: Any, base_url: str, console_errors: list[str], tmp_path: Path
) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    game_log = page.locator("#log").inner_text()
    open_record(page, BELINDA)
    bar = page.locator("#replay-bar")
    expect(bar).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    steps = len(json.loads(BELINDA.read_text())["actions"])
    expect(bar).to_contain_text(f"step 0 of {steps}")
    expect(page.locator("#hand button.hand-card")).to_have_count(9)
    expect(page.locator("#hand button.hand-card.legal")).to_have_count(0)
    page.locator("#replay-forward").click()
    expect(bar).to_contain_text(f"step 1 of {steps}")
    expect(bar).to_contain_text("play")  # Belinda asks leave
    page.locator("#replay-back").click()
    expect(bar).to_contain_text(f"step 0 of {steps}")
    page.locator("#replay-end").click()
    expect(bar).to_contain_text(f"step {steps} of {steps}")
    expect(bar.locator(".replay-hand")).to_have_count(3)
    expect(page.locator("#replay-play-on")).to_be_disabled()
    page.screenshot(path=str(Path(__file__).parent / "screenshots" / "replay-end-1280.png"))
    # the game in progress comes back as it was
    page.locator("#replay-close").click()
    expect(bar).to_be_hidden()
    assert page.locator("#log").inner_text() == game_log
    # play on from a step in the play: a new game, in the watching seat
    open_record(page, BELINDA)
    expect(bar).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    for step in range(1, 11):
        page.locator("#replay-forward").click()
        expect(bar).to_contain_text(f"step {step} of {steps}")
    expect(bar).to_contain_text(f"step 10 of {steps}")
    page.locator("#replay-play-on").click()
    expect(bar).to_be_hidden(timeout=ENGINE_TIMEOUT_MS)
    state = settle(page)
    assert state in ("playable", "over")
    assert console_errors == []


def test_a_malformed_record_is_refused_and_the_game_kept(
    page: Any, base_url: str, tmp_path: Path
) -> None:
    open_table(page, base_url, "?seed=4&rules=1660")
    before = page.locator("#log").inner_text()
    record = json.loads(BELINDA.read_text())
    record["actions"][7] = "Zz"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    open_record(page, bad)
    expect(page.locator("#notice")).to_contain_text("action 7", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#replay-bar")).to_be_hidden()
    assert page.locator("#log").inner_text() == before
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe not a record")
    page.locator("#notice button").first.click()
    open_record(page, garbage)
    expect(page.locator("#notice")).to_contain_text("cannot be watched", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator("#log").inner_text() == before


def test_a_damaged_record_is_refused_in_the_pages_language(
    page: Any, base_url: str, console_errors: list[str], tmp_path: Path
) -> None:
    """The page's words and the engine's reason in one language (French typography: a space
    before the colon), the file's own name quoted as it is, not capitalised."""
    open_table(page, base_url, "?seed=4&rules=1660&lang=fr")
    record = json.loads(BELINDA.read_text())
    record["actions"][7] = "Zz"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    page.locator("#record-file").set_input_files(str(bad))
    expect(page.locator("#notice")).to_contain_text(
        "\u201cbad.json\u201d ne peut pas être regardé : enregistrement invalide : action 7 : "
        "ce n'est pas une action : 'Zz'",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert "invalid record" not in page.locator("#notice").inner_text()
    # the table's own labels set the colon the French way too
    assert page.locator(".pool-line").inner_text().startswith("Dans la poule\u00a0: ")
    after = page.locator(".fact dt").first.evaluate("dt => getComputedStyle(dt, '::after').content")
    assert after == '"\u00a0:"', after
    assert console_errors == []
