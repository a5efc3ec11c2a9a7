"""The catalogues (issue #8, languages): every language has every key, with the same fields."""

from __future__ import annotations

import json
import string

import pytest

from ombre_core import i18n


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_catalogue_has_exactly_the_english_keys() -> None:
    english = set(i18n.catalogue("en"))
    for lang in i18n.LANGUAGES:
        keys = set(i18n.catalogue(lang))
        assert keys - english == set(), f"{lang} has keys English lacks"
        assert english - keys == set(), f"{lang} misses keys"


def test_every_translation_fills_the_same_fields() -> None:
    english = i18n.catalogue("en")
    for lang in i18n.LANGUAGES:
        for key, template in i18n.catalogue(lang).items():
            assert isinstance(template, str) and template, (lang, key)
            assert _fields(template) == _fields(english[key]), (lang, key)


def test_catalogues_are_kept_sorted_and_in_one_layout() -> None:
    """One layout, so that a diff shows what changed and a merge joins by key."""
    for lang in i18n.LANGUAGES:
        path = i18n.LOCALE_DIR / f"{lang}.json"
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        assert text == json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", lang


def test_each_catalogue_names_its_language_in_itself() -> None:
    for lang, name in i18n.LANGUAGES.items():
        assert i18n.catalogue(lang)["meta.language"] == name


def test_the_language_is_set_and_restored() -> None:
    assert i18n.language() == "en"
    with i18n.using("fr"):
        assert i18n.tr("meta.language") == "Français"
    assert i18n.tr("meta.language") == "English"


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(i18n.UnknownLanguage, match="'xx'"):
        i18n.set_language("xx")
    assert i18n.language() == "en"


def test_the_bridge_sets_the_language_and_refuses_an_unknown_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ombre_core import bridge

    monkeypatch.setattr(bridge, "_session", None)  # another test's game may still be open
    try:
        reply = json.loads(bridge.set_language('{"lang": "da"}'))
        assert reply == {"ok": True, "lang": "da"}  # no game in progress: no snapshot
        bad_options = ('{"lang": "xx"}', '{"lang": 3}', '{"lang": []}', '{"lang": "fr", "x": 1}')
        for bad in (*bad_options, "[]", "{"):
            reply = json.loads(bridge.set_language(bad))
            assert reply["ok"] is False, bad
            assert i18n.language() == "da", bad
    finally:
        i18n.set_language("en")
