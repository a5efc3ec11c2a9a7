"""The scenarios in every language (issue #8, languages): Belinda's game and the 1660 Tenaces
example told step by step, their notes, titles and players translated, the poem's lines and the
pamphlet's words kept as written with their translation beside them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_i18n_rules import UNFILLED, untranslated

from ombre_core import bridge, i18n
from ombre_core.scenarios import SCENARIOS

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


def _call(fn: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(fn(json.dumps(options)) if options is not None else fn())
    assert reply["ok"] is True, reply
    return reply


def _told(lang: str, scenario_id: str) -> list[dict[str, Any]]:
    """Every step of the scenario, opened and stepped through to its end in ``lang``."""
    with i18n.using(lang):
        snaps = [_call(bridge.scenario_open, {"id": scenario_id})]
        for step in range(1, snaps[0]["replay"]["steps"] + 1):
            snaps.append(_call(bridge.replay_step, {"step": step}))
    return snaps


def _words(snap: dict[str, Any], translation: bool = True) -> list[str]:
    replay = snap["replay"]
    prompt = snap.get("prompt") or "" if snap["phase"] != "over" else ""  # at the end: the table's
    texts = [replay["title"], prompt, *[s["name"] for s in snap["seats"]]]
    caption = replay["caption"] or {}
    keys = ("where", "note", "translation") if translation else ("where", "note")
    texts += [caption.get(k, "") for k in keys]
    texts += list((replay.get("mark_words") or {}).values())
    return texts


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("scenario_id", list(SCENARIOS))
def test_every_step_of_every_scenario_is_told_filled_in(lang: str, scenario_id: str) -> None:
    for snap in _told(lang, scenario_id):
        for text in _words(snap):
            assert not UNFILLED.search(text), (lang, scenario_id, snap["replay"]["step"], text)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("scenario_id", list(SCENARIOS))
def test_the_source_stays_as_written_with_its_translation_beside_it(
    lang: str, scenario_id: str
) -> None:
    english, translated = _told("en", scenario_id), _told(lang, scenario_id)
    for en, other in zip(english, translated, strict=True):
        a, b = en["replay"]["caption"], other["replay"]["caption"]
        assert "translation" not in a  # in English the lines are their own text
        assert b["text"] == a["text"]  # the poem's lines (the pamphlet's words) in English
        assert b["lines"] == a["lines"]
        assert b["translation"] and b["translation"] != a["text"]
        assert b["note"] != a["note"] and b["where"] != a["where"]
        assert other["replay"]["title"] != en["replay"]["title"]
        assert untranslated(lang, _words(en, False), _words(other, False)) == []
        if en.get("prompt") and en["phase"] != "over":
            assert other["prompt"] != en["prompt"]


@pytest.mark.parametrize("lang", OTHERS)
def test_belindas_players_and_marks_are_named_in_the_language(lang: str) -> None:
    english, translated = _told("en", "belinda")[0], _told(lang, "belinda")[0]
    assert [s["name"] for s in english["seats"]] == ["Belinda", "The Baron", "The Knight"]
    names = [s["name"] for s in translated["seats"]]
    assert names[0] == "Belinda" and names[1:] != ["The Baron", "The Knight"]
    marks = translated["replay"]["mark_words"]
    assert set(marks) == {"certain", "probable", "inferred"}
    assert all(marks[k] != english["replay"]["mark_words"][k] for k in marks)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_belindas_game_is_played_on_from_the_fifth_trick(lang: str) -> None:
    with i18n.using(lang):
        _call(bridge.scenario_open, {"id": "belinda"})
        at = _call(bridge.replay_step, {"step": 8 + 4 * 3})  # trick 5: the Baron's Queen
        assert at["replay"]["caption"]["lines"] == "65-74"
        snap = _call(bridge.replay_play_on, {"level": "novice"})
        while snap["phase"] != "over":
            if snap["human_to_move"]:
                card = next(c for c in snap["hand"] if c["legal"])
                snap = _call(bridge.apply, {"action": card["code"]})
            else:
                snap = _call(bridge.bot_move)
        for text in re.findall(r'"([^"]*)"', json.dumps(snap, ensure_ascii=False)):
            assert not UNFILLED.search(text), (lang, text)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_presets_list_names_the_scenarios_in_the_language(lang: str) -> None:
    english = _call(bridge.presets)
    with i18n.using(lang):
        translated = _call(bridge.presets)
    for a, b in zip(english["scenarios"], translated["scenarios"], strict=True):
        assert a["id"] == b["id"] and a["title"] != b["title"]
