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

    monkeypatch.setattr(bridge, "_session", None)  # a session an earlier test left is not ours
    try:
        reply = json.loads(bridge.set_language('{"lang": "da"}'))
        assert reply["ok"] is True and reply["lang"] == "da"
        assert ("snapshot" in reply) == (bridge._session is not None)  # only with a game on
        bad_options = ('{"lang": "xx"}', '{"lang": 3}', '{"lang": []}', '{"lang": "fr", "x": 1}')
        for bad in (*bad_options, "[]", "{"):
            reply = json.loads(bridge.set_language(bad))
            assert reply["ok"] is False, bad
            assert i18n.language() == "da", bad
    finally:
        i18n.set_language("en")


def test_a_catalogue_is_installed_from_its_text_and_a_bad_one_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The site's wheel carries English only; the worker hands over the reader's language."""
    from ombre_core import bridge

    monkeypatch.setattr(bridge, "_session", None)
    monkeypatch.setattr(i18n, "_catalogues", {})
    french = (i18n.LOCALE_DIR / "fr.json").read_text(encoding="utf-8")
    only_english = i18n.LOCALE_DIR.parent / "no-such-locale"
    english = (i18n.LOCALE_DIR / "en.json").read_text(encoding="utf-8")
    i18n.install("en", english)  # as if read before the files went away
    monkeypatch.setattr(i18n, "LOCALE_DIR", only_english)
    try:
        missing = json.loads(bridge.set_language('{"lang": "fr"}'))
        assert missing["ok"] is False and "not here" in missing["error"]["message"]
        assert i18n.language() == "en"
        for bad in ("[]", '{"meta.language": "Français"}', "{", json.dumps({"x": 1})):
            reply = json.loads(bridge.set_language(json.dumps({"lang": "fr", "catalogue": bad})))
            assert reply["ok"] is False, bad
            assert i18n.language() == "en"
        reply = json.loads(bridge.set_language(json.dumps({"lang": "fr", "catalogue": french})))
        assert reply["ok"] is True and i18n.tr("meta.language") == "Français"
    finally:
        i18n.set_language("en")
