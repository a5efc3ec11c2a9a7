"""The rules panel's data (``ombre_core/sources.py``): every line cites a source and quotes it
truly, and the side-by-side table's rows are exactly the rule fields that differ.

The quotations are checked against copies of the seed texts and of the compendium in
``tests/data/sources/`` (see its README), whitespace normalised; a quotation with `` ... `` must
occur piece by piece, in order. When the originals (``../shared``) are beside the work tree, the
copies must still match them.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from ombre_helpers import DATA

from ombre_core import bridge
from ombre_core.rules import PRESETS, RULES_1660, RULES_CLASSIC, RULES_ENCYCLOPAEDIA, Rules
from ombre_core.sources import (
    DOCUMENTS,
    FIELD_LABELS,
    NOT_RULES,
    SIGLA,
    compare,
    differing_fields,
    rule_lines,
)

SOURCES = DATA / "sources"
SHARED = Path(__file__).resolve().parents[2] / "shared"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


TEXTS = {
    doc: _norm((SOURCES / name).read_text(encoding="utf-8")) for doc, name in DOCUMENTS.items()
}


def _occurs(quote: str, text: str) -> bool:
    at = 0
    for piece in _norm(quote).split(" ... "):
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_every_line_cites_a_source_and_quotes_it_verbatim(rules: Rules) -> None:
    lines = rule_lines(rules)
    assert lines
    for line in lines:
        assert line.statement and line.quotes, line.key
        for quote in line.quotes:
            assert quote.siglum in SIGLA, quote
            assert _occurs(quote.text, TEXTS[quote.document]), (rules.id, line.key, quote.text)
            if quote.document.startswith("seed"):
                assert not quote.reported  # a seed is the source's own words


def test_the_seed_copies_match_the_shared_originals() -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this work tree")
    for name in DOCUMENTS.values():
        folder = "seeds" if name[0].isdigit() else "rules"
        original = SHARED / folder / name
        assert (SOURCES / name).read_bytes() == original.read_bytes(), name


def test_the_encyclopaedia_preset_quotes_the_encyclopaedia_for_its_own_readings() -> None:
    lines = {line.key: line for line in rule_lines(RULES_ENCYCLOPAEDIA)}
    for key in ("auction", "passing", "matadors", "names"):
        assert lines[key].quotes[0].siglum == "ENC", key
        assert not lines[key].note
    assert "three of the greater counters a-piece" in lines["matadors"].quotes[0].text
    assert "3 greater counters for the three" in lines["matadors"].statement
    # ENC says nothing of the vole's price: RG's rule is kept, and the panel says so
    assert lines["vole"].quotes[0].siglum == "RG" and "RG" in lines["vole"].note


def test_lines_follow_the_fields_not_the_preset() -> None:
    """A new preset gets its lines from its fields: the 1660 rules with the encyclopaedia's
    auction state the encyclopaedia's auction."""
    mixed = dataclasses.replace(RULES_1660, id="mixed", overcall=False)
    auction = next(line for line in rule_lines(mixed) if line.key == "auction")
    assert "first who chooses to play" in auction.statement
    assert [q.text for q in auction.quotes] == [
        "the first hand having always the choice to play or pass, after him the second"
    ]


def test_the_table_rows_are_exactly_the_fields_that_differ() -> None:
    presets = list(PRESETS.values())
    table = compare(presets)
    rows = [row["field"] for row in table["rows"]]  # type: ignore[index]
    expected = [
        f.name
        for f in dataclasses.fields(Rules)
        if f.name not in NOT_RULES and len({repr(getattr(r, f.name)) for r in presets}) > 1
    ]
    assert rows == expected
    for row in table["rows"]:  # type: ignore[attr-defined]
        assert len(row["values"]) == len(presets)
        assert len(set(row["values"])) > 1, row  # the words differ where the values do
        assert row["label"] == FIELD_LABELS[row["field"]]


def test_two_presets_differ_only_where_their_fields_do() -> None:
    assert differing_fields([RULES_1660, RULES_1660]) == []
    assert set(differing_fields([RULES_1660, RULES_ENCYCLOPAEDIA])) == {
        "names", "overcall", "eldest_ante", "pass_fee_eldest_only", "matador_base",
        "matador_value", "trump_named_late",
    }  # fmt: skip
    assert "overcall" not in differing_fields([RULES_1660, RULES_CLASSIC])


def test_the_bridge_gives_the_panel_and_the_table() -> None:
    reply = json.loads(bridge.rules_panel('{"rules": "encyclopaedia"}'))
    assert reply["ok"] and reply["preset"]["id"] == "encyclopaedia"
    assert reply["lines"][0]["quotes"][0]["source"]
    ids = [p["id"] for p in reply["compare"]["presets"]]
    assert "encyclopaedia" in ids and "1660" in ids and "classic" in ids
    bad = json.loads(bridge.rules_panel('{"rules": "nowhere"}'))
    assert not bad["ok"] and "nowhere" in bad["error"]["message"]
    assert not json.loads(bridge.rules_panel('{"rule": "1660"}'))["ok"]


def test_every_rule_field_is_stated_by_some_line() -> None:
    """A field is a promise: each rule field appears in a panel line of some preset, so a new
    field without a line (and a source) is caught here."""
    stated = {name for r in PRESETS.values() for line in rule_lines(r) for name in line.fields}
    names = {f.name for f in dataclasses.fields(Rules)}
    assert stated <= names
    assert names - NOT_RULES - stated == set()
