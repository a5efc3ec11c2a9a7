"""The page's words (issue #8, languages): web/index.html keeps its English beside its keys.

Every text of the static page carries its catalogue key (``data-i18n`` for the content,
``data-i18n-<attribute>`` for ``title``, ``aria-label``, ``placeholder``, ``alt``, ``content``);
web/i18n.js puts the chosen language's text in its place. The English written in index.html must be
the English catalogue's, so the page reads the same before and after its scripts run; the page's
own keys (``ui.*``) used in web/ must all exist; and the catalogues fill the same fields.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
LOCALE = ROOT / "ombre_core" / "locale"
ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "content")
VOID = {"meta", "link", "input", "br", "img", "source"}


class _Static(HTMLParser):
    """Collects {key: English} from data-i18n elements (their inner markup as a template) and
    data-i18n-<attribute> attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: dict[str, str] = {}
        self.open: list[tuple[str, str, list[str], int]] = []  # (tag, key, parts, depth)
        self.depth = 0
        self.name_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for attribute in ATTRIBUTES:
            key = a.get(f"data-i18n-{attribute}")
            if key:
                self.texts[key] = " ".join((a.get(attribute) or "").split())
        if tag in VOID:
            return
        self.depth += 1
        if self.open and self.name_depth is None:
            if "data-name" in a:
                self.open[-1][2].append("{" + (a["data-name"] or "") + "}")
                self.name_depth = self.depth
            else:
                self.open[-1][2].append(f"<{tag}>")
        if a.get("data-i18n"):
            self.open.append((tag, a["data-i18n"] or "", [], self.depth))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.open and self.open[-1][3] == self.depth:
            _, key, parts, _ = self.open.pop()
            self.texts[key] = " ".join("".join(parts).split())
        elif self.name_depth == self.depth:
            self.name_depth = None
        elif self.open and self.name_depth is None:
            self.open[-1][2].append(f"</{tag}>")
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.open and self.name_depth is None:
            self.open[-1][2].append(data)


def static_texts(html: str) -> dict[str, str]:
    parser = _Static()
    parser.feed(html)
    return parser.texts


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))


def test_index_html_is_written_in_the_english_of_its_keys() -> None:
    english = catalogue("en")
    texts = static_texts((WEB / "index.html").read_text(encoding="utf-8"))
    assert texts, "index.html has no data-i18n keys"
    for key, text in texts.items():
        assert key.startswith("ui."), key
        said = english.get(key)
        assert said == text, f"{key}: index.html says {text!r}, en.json {said!r}"


KEY_RE = re.compile(r"""["'`](ui\.[a-z0-9_.-]+[a-z0-9])["'`]""")


def test_every_ui_key_the_scripts_name_is_in_the_catalogues() -> None:
    english = catalogue("en")
    for path in sorted(WEB.glob("*.js")):
        for key in KEY_RE.findall(path.read_text(encoding="utf-8")):
            if key.endswith("."):
                continue
            known = key in english or any(k.startswith(key + ".") for k in english)
            assert known, f"{path.name}: {key}"


def test_the_page_keys_are_translated_not_copied_in_bulk() -> None:
    """A language whose page texts were left in English would pass the key checks: at least nine in
    ten of the ui.* texts of a language must differ from the English (names and numbers may not)."""
    english = {k: v for k, v in catalogue("en").items() if k.startswith("ui.")}
    for lang in ("es", "fr", "da", "de"):
        other = catalogue(lang)
        same = [k for k, v in english.items() if other.get(k) == v]
        assert len(same) <= len(english) // 10, (lang, same)


def test_the_pages_counters_are_the_engines() -> None:
    """The ledger's caption leaves out a unit that is its own word (render.js compares the
    engine's unit with ``ui.ledger.unit``): the two words must be one in every language."""
    for lang in ("en", "es", "fr", "da", "de"):
        words = catalogue(lang)
        assert words["ui.ledger.unit"] == words["engine.unit.counter.other"], lang


def test_a_number_keeps_its_percent_sign_on_its_line() -> None:
    """French, German and Danish write a space before %: a no-break one, so that a narrow box
    (the hint's) never ends a line with "42" and begins the next with "%"."""
    for lang in ("en", "es", "fr", "da", "de"):
        for key, text in catalogue(lang).items():
            assert not re.search(r"[\d}] %", text), (lang, key, text)
