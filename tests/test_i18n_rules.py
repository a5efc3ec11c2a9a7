"""The rules panel and the presets in every language (issue #8, languages): every text comes from
the catalogues, is filled in whole, and is translated wherever the translation differs; the
quotations stay verbatim, with a gloss beside them outside English."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ombre_core import bridge, i18n
from ombre_core.rules import PRESETS, Rules
from ombre_core.sources import compare, gloss_key, rule_lines

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
UNFILLED = re.compile(r"\{[a-z_]*\}")


def _call(fn: Any, options: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(fn(json.dumps(options)))
    assert reply["ok"] is True, reply
    return reply


def _in(lang: str, fn: Any, options: dict[str, Any]) -> dict[str, Any]:
    with i18n.using(lang):
        return _call(fn, options)


def _texts(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a reply, with where it is (the quotations' own words apart)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "key", "field", "fields", "siglum", "text", "gloss", "ok", "glossary"):
                continue  # names, not words; a quotation's text is verbatim by design
            yield from _texts(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, f"{path}[{i}]")


def _same_in_both(lang: str) -> list[re.Pattern[str]]:
    """Texts a language writes as English does (a name, a title, ``Sans prendre``, ``p. 51``):
    the templates both catalogues share, their fields matching anything."""
    en, other = i18n.catalogue("en"), i18n.catalogue(lang)
    same = {v for k, v in other.items() if en.get(k) == v}
    return [re.compile(re.sub(r"\\\{[a-z_]*\\\}", ".+", re.escape(v))) for v in same]


def untranslated(lang: str, english: Any, translated: Any) -> list[str]:
    """The texts of ``translated`` left as English although the catalogue translates them."""
    same = _same_in_both(lang)
    left = []
    for (path, en), (path2, text) in zip(_texts(english), _texts(translated), strict=True):
        assert path == path2
        if text != en or not re.search(r"[a-z]{3}", text):
            continue
        if re.fullmatch(r"[A-Z]\w*(, [A-Z]\w*)*", text):
            continue  # a name, or the preset's names of the cards (Gagno; Spadillio, Mallilio)
        if not any(p.fullmatch(text) for p in same):
            left.append(f"{path}: {text}")
    return left


def _variants() -> list[Rules]:
    """Every preset, and each with one field taken from another: lines in every wording."""
    out = list(PRESETS.values())
    for a, b in itertools.permutations(PRESETS.values(), 2):
        for f in dataclasses.fields(Rules):
            if f.name in ("id", "title", "description", "sigla"):
                continue
            if getattr(a, f.name) == getattr(b, f.name):
                continue
            try:
                changed = {"id": f"{a.id}+{f.name}", f.name: getattr(b, f.name)}
                out.append(dataclasses.replace(a, **changed))
            except ValueError:
                continue  # a combination the rules refuse
    return out


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_presets_rules_panel_builds_filled_in(lang: str) -> None:
    for rules_id in PRESETS:
        panel = _in(lang, bridge.rules_panel, {"rules": rules_id})
        for path, text in _texts(panel):
            assert not UNFILLED.search(text), (lang, rules_id, path, text)
            assert text.strip() == text or path.endswith("note"), (lang, rules_id, path, text)
        for line in panel["lines"]:
            assert line["topic"] and line["statement"], (lang, rules_id, line["key"])
            for quote in line["quotes"]:
                if lang == "en":
                    assert "gloss" not in quote  # the quotation is its own English
                else:
                    assert quote["gloss"] and quote["gloss"] != quote["text"], quote


@pytest.mark.parametrize("lang", OTHERS)
def test_the_panel_and_presets_leave_no_english_where_translated(lang: str) -> None:
    for rules_id in PRESETS:
        english = _in("en", bridge.rules_panel, {"rules": rules_id})
        translated = _in(lang, bridge.rules_panel, {"rules": rules_id})
        # the quotations are the same words in every language
        assert [q["text"] for line in translated["lines"] for q in line["quotes"]] == [
            q["text"] for line in english["lines"] for q in line["quotes"]
        ]
        assert untranslated(lang, english, translated) == [], rules_id
    english = _in("en", bridge.presets, {"seats": "all"})
    translated = _in(lang, bridge.presets, {"seats": "all"})
    assert untranslated(lang, english["presets"], translated["presets"]) == []
    for a, b in zip(english["presets"], translated["presets"], strict=True):
        assert a["id"] == b["id"] and a["description"] != b["description"]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_wording_of_every_line_is_filled_in(lang: str) -> None:
    """Lines of presets that mix fields reach the wordings no preset has (a called king with a
    stock, a floor for the caller alone...)."""
    variants = _variants()
    assert len(variants) > 100
    with i18n.using(lang):
        for rules in variants:
            for line in rule_lines(rules):
                for text in (line.topic, line.statement, line.note):
                    assert not UNFILLED.search(text), (lang, rules.id, line.key, text)
                for quote in line.quotes:
                    assert quote.to_json().get("gloss", "x")
        table = compare(variants[:7])
        assert all(row["label"] and all(row["values"]) for row in table["rows"])  # type: ignore[index, union-attr]


def test_every_quotation_has_its_gloss_under_its_own_key() -> None:
    """A gloss's English is the quotation itself: the key is made from the words."""
    english = i18n.catalogue("en")
    glosses = {k: v for k, v in english.items() if k.startswith("rules.gloss.")}
    assert len(glosses) > 80
    for key, text in glosses.items():
        assert gloss_key(text) == key, key
    quoted = {q.text for rules in _variants() for line in rule_lines(rules) for q in line.quotes}
    assert quoted <= set(glosses.values())


def test_english_titles_stay_the_presets_own() -> None:
    """``Rules`` is the same value in every language: only what is shown is translated."""
    with i18n.using("de"):
        shown = _call(bridge.presets, {"seats": "all"})
    for preset in shown["presets"]:
        assert PRESETS[preset["id"]].title != preset["title"] or preset["id"] == "1660"
    english = _call(bridge.presets, {"seats": "all"})
    for preset in english["presets"]:
        assert PRESETS[preset["id"]].title == preset["title"]
        assert PRESETS[preset["id"]].description == preset["description"]
