"""The player of docs/bots.md, "Writing a player of your own", runs as the doc prints it: the
block is taken from the doc and written as a module, then seated in a duel by its dotted name
and made to finish deals at every table, each action applied through ``Deal.apply`` (which
raises on an illegal one). So the example a Python user copies cannot rot while the sampler,
the solver or the rung values change under it."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ombre_core import Deal, view_of
from ombre_core.bots import RulePlayer
from ombre_core.bots.duel import duel
from ombre_core.rules import PRESETS, get_rules
from ombre_core.state import Phase

DOC = Path(__file__).resolve().parents[1] / "docs" / "bots.md"
SECTION = "## Writing a player of your own"


def doc_module() -> str:
    """The first Python block of the section."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(SECTION) :]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block, f"no Python block under {SECTION!r} in {DOC}"
    return block.group(1)


@pytest.fixture
def mybots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    (tmp_path / "mybots.py").write_text(doc_module(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybots", raising=False)
    import mybots  # type: ignore[import-not-found]

    return mybots  # type: ignore[no-any-return]


def test_the_docs_player_plays_a_duel_by_its_dotted_name(mybots: ModuleType) -> None:
    report = duel("mybots.Sampling", "novice", "1660", deals=2, seed=3)
    assert report["deals"] == 2
    assert report["decision_ms"]["mybots.Sampling"]["decisions"] > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_docs_player_finishes_deals_at_every_table(mybots: ModuleType, preset: str) -> None:
    """The rule player to the third trick (the first tricks' solves are the long ones), then
    the doc's player in every seat to the end, on three worlds a card."""
    rules = get_rules(preset)
    rng = random.Random(7)
    for seed in range(1, 30):
        deal = Deal.from_seed(rules, seed=seed)
        novice = RulePlayer()
        while not deal.is_over and not (
            deal.phase == Phase.PLAY and not deal.trick and sum(deal.tricks_won) >= 2
        ):
            assert deal.to_move is not None
            deal.apply(novice.choose(view_of(deal, deal.to_move), rng))
        if not deal.is_over:
            break
    else:
        pytest.fail(f"no deal of {preset} reached the play")
    player = mybots.Sampling(worlds=3)
    cards = 0
    while not deal.is_over:
        assert deal.to_move is not None
        view = view_of(deal, deal.to_move)
        action = player.choose(view, rng)
        assert action in view.legal
        deal.apply(action)
        cards += 1
    assert cards >= rules.seats  # a trick at least, chosen by the doc's player
