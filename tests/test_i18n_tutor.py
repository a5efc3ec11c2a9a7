"""The first game's tutor in every language (issue #8, languages): every step it explains, in
every preset, is told whole in each language, and not in English where the language differs."""

from __future__ import annotations

import random

import pytest
from test_i18n_rules import UNFILLED, untranslated

from ombre_core import i18n
from ombre_core.actions import Act
from ombre_core.bots import make_player
from ombre_core.errors import OmbreError
from ombre_core.rules import PRESETS
from ombre_core.state import Deal, Phase
from ombre_core.tutor import explain
from ombre_core.views import view_of

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


def _steps(seeds: int) -> list[tuple[Phase, object]]:
    """Views of every step of deals in every preset, played by a novice and by chance (chance
    reaches what a novice never does: a trump named by another, a sans-prendre overcall)."""
    views = []
    for rules in PRESETS.values():
        for seed in range(seeds):
            deal = Deal.from_seed(rules, seed, seed % rules.seats)
            novice = make_player("novice")
            rng = random.Random(seed)
            while not deal.is_over:
                seat = deal.to_move
                assert seat is not None
                view = view_of(deal, seat)
                views.append((view.step, view))
                action = novice.choose(view, rng)
                if rng.random() < 0.5 and view.legal:
                    action = rng.choice(view.legal)
                if Act.DRAW in view.legal and seed % 2:
                    action = Act.DRAW  # take in before naming: another may name the trump
                try:
                    deal.apply(action)
                except OmbreError:
                    deal.apply(novice.choose(view, rng))
    return views


STEPS = _steps(12)


def test_the_steps_reach_every_kind_of_explanation() -> None:
    phases = {phase for phase, _ in STEPS}
    assert {Phase.AUCTION, Phase.REPLY, Phase.TRUMP_CHOICE, Phase.LATE_TRUMP} <= phases
    assert {Phase.CALL, Phase.DISCARD, Phase.PLAY} <= phases


@pytest.mark.parametrize("lang", OTHERS)
def test_every_step_is_explained_in_the_language(lang: str) -> None:
    for phase, view in STEPS:
        english = explain(view)  # type: ignore[arg-type]
        with i18n.using(lang):
            lines = explain(view)  # type: ignore[arg-type]
        assert len(lines) == len(english), (lang, phase)
        for line in lines:
            assert not UNFILLED.search(line), (lang, phase, line)
            assert line.endswith((".", ")")), (lang, phase, line)
        assert untranslated(lang, english, lines) == [], (lang, phase)
