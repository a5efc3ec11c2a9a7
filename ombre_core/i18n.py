"""The table's words in five languages: one catalogue per language (issue #8).

Every text the engine shows a person (the log, the prompts, the result, the glossary, the rules
panel, the scenarios) is a template in ``ombre_core/locale/<lang>.json``, looked up by key. The
browser reads the same files (``build.py`` ships them beside the page), so a text is written
once per language, for both sides.

A catalogue is one flat JSON object, ``key -> template``, its keys sorted. Templates use
``str.format`` fields by name (``"{seat} wins the trick"``); the JavaScript side fills the same
``{name}`` fields. The period terms keep each language's historical spelling (Spadille,
Espadilla; Basto, Baste, Basta; Codille, Codillo): see ``../shared/rules/glossary.md``.

The language is one setting for the whole process (the browser's worker holds one game), set by
:func:`set_language` or for a block by :func:`using`. English is the default and the fallback of
a key missing elsewhere; ``tests/test_i18n.py`` checks that no catalogue misses a key.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping
from pathlib import Path

from . import jsontext

LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "da": "Dansk",
    "de": "Deutsch",
}
"""The languages offered, by code, each named in itself."""

DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_language = DEFAULT


class UnknownLanguage(ValueError):
    """A language code that is not one of :data:`LANGUAGES`."""

    def __init__(self, code: object) -> None:
        offered = ", ".join(LANGUAGES)
        super().__init__(f"unknown language {jsontext.brief(code)}: choose one of {offered}")


class MissingCatalogue(LookupError):
    """A language offered whose catalogue is neither in the package nor installed."""

    def __init__(self, lang: str) -> None:
        super().__init__(f"the {lang} catalogue is not here: install it first")


_catalogues: dict[str, Mapping[str, str]] = {}
"""The catalogues read or installed so far, by language."""


def _checked(lang: str, data: object) -> Mapping[str, str]:
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"the {lang} catalogue is not a JSON object of texts")
    return data


def catalogue(lang: str) -> Mapping[str, str]:
    """The catalogue of ``lang``: installed, or read once from the package.

    The site's wheel carries only English (``build.py``: the page fetches the reader's language
    anyway, and the worker hands it over with :func:`install`), so a missing file is
    :class:`MissingCatalogue`, not a crash."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    found = _catalogues.get(lang)
    if found is None:
        try:
            with open(LOCALE_DIR / f"{lang}.json", encoding="utf-8") as f:
                found = _checked(lang, json.load(f))
        except FileNotFoundError:
            raise MissingCatalogue(lang) from None
        _catalogues[lang] = found
    return found


def install(lang: str, text: str) -> None:
    """Take ``lang``'s catalogue from its JSON ``text`` (the site's ``locale/<lang>.json``).

    Checked whole before it replaces anything: every key of English, each a text with the same
    fields. A bad catalogue raises ``ValueError`` and changes nothing."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    data = _checked(lang, jsontext.loads(text))
    english = catalogue(DEFAULT)
    missing = english.keys() - data.keys()
    if missing:
        raise ValueError(f"the {lang} catalogue lacks {len(missing)} texts, e.g. {min(missing)}")
    _catalogues[lang] = data


def load_all() -> None:
    """Read every catalogue the package has now. The browser's start-up snapshot keeps the
    interpreter's memory but not its files (``web/engine-worker.js``), so it reads them before
    it is made."""
    for lang in LANGUAGES:
        with contextlib.suppress(MissingCatalogue):
            catalogue(lang)


def language() -> str:
    """The language texts are made in now."""
    return _language


def set_language(lang: str) -> None:
    """Make the texts in ``lang`` from now on."""
    global _language
    catalogue(lang)  # an unknown language, or one not here, is refused before anything changes
    _language = lang


@contextlib.contextmanager
def using(lang: str) -> Iterator[None]:
    """Make the texts in ``lang`` within a ``with`` block."""
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def tr(key: str, /, **fields: object) -> str:
    """The text of ``key`` in the current language, its ``{fields}`` filled in.

    A key missing from the language falls back to English; a key missing from English is a bug
    and raises ``KeyError``.
    """
    template = catalogue(_language).get(key)
    if template is None:
        template = catalogue(DEFAULT)[key]
    return template.format(**fields) if fields else template


def tr_n(key: str, n: int, /, **fields: object) -> str:
    """The text of ``key`` for a count ``n``: ``key.one`` when ``n`` is 1, else ``key.other``,
    with ``{n}`` and the other fields filled in. Each language writes both forms as whole
    sentences, so no text adds an "s" to a word."""
    return tr(f"{key}.{'one' if n == 1 else 'other'}", n=n, **fields)


def number_word(n: int) -> str:
    """``n`` in words (``number.0`` ... ``number.16``), as the period texts write small numbers;
    figures from seventeen on."""
    key = f"number.{n}"
    return tr(key) if key in catalogue(DEFAULT) else str(n)


def figure(n: int) -> str:
    """``n`` in figures, its thousands grouped as the language groups them (``figure.thousands``:
    "1,000,001", "1.000.001", French a narrow no-break space), as the page's
    ``toLocaleString`` writes the same count."""
    return f"{n:,}".replace(",", tr("figure.thousands"))


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "MissingCatalogue",
    "UnknownLanguage",
    "catalogue",
    "figure",
    "install",
    "language",
    "load_all",
    "number_word",
    "set_language",
    "tr",
    "tr_n",
    "using",
]
