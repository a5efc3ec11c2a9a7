"""Duplicate-deal matches (``bots/duel.py``) and the ``move`` and ``duel`` commands (issue #6)."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from ombre_helpers import DATA

from ombre_core.__main__ import main
from ombre_core.actions import Act
from ombre_core.bots.cheater import CheaterPlayer
from ombre_core.bots.duel import (
    ROLES,
    Decisions,
    Timings,
    agree_before_play,
    deal_score,
    deal_score_by_role,
    deal_scores,
    differ_before_play,
    duel,
    make_duelist,
    play_deal,
    play_deal_with_roles,
)
from ombre_core.bots.levels import EXPERT
from ombre_core.bots.search import SearchPlayer
from ombre_core.bots.solver import solve
from ombre_core.errors import OmbreError
from ombre_core.rules import RULES_1660, RULES_CLASSIC
from ombre_core.state import Deal
from ombre_core.views import view_of


def test_a_player_against_itself_gains_nothing() -> None:
    for seed in range(3):
        assert deal_score(RULES_1660, "novice", "novice", seed, Timings()) == 0


def test_the_score_is_antisymmetric() -> None:
    for seed in range(4):
        ab = deal_score(RULES_CLASSIC, "novice", "random", seed, Timings())
        ba = deal_score(RULES_CLASSIC, "random", "novice", seed, Timings())
        assert ab == -ba


def test_the_parts_by_role_add_up_to_the_score() -> None:
    """Each gain is told by the role of the seat played alone: the parts sum to the score, and a
    part is non-zero only for a role that seat had."""
    seen: set[str] = set()
    for seed in range(8):
        score, parts = deal_score_by_role(RULES_1660, "novice", "random", seed, Timings())
        assert set(parts) == set(ROLES)
        assert abs(sum(parts.values()) - score) < 1e-9
        assert score == deal_score(RULES_1660, "novice", "random", seed, Timings())
        seen |= {role for role, x in parts.items() if x}
    assert {"ombre", "defender"} <= seen
    settled, roles = play_deal_with_roles(RULES_1660, 3, ["novice"] * 3, Timings())
    assert roles.count("ombre") <= 1 and set(roles) <= set(ROLES)
    assert settled.payments == play_deal(RULES_1660, 3, ["novice"] * 3, Timings())


@pytest.mark.breadth
def test_remembered_decisions_change_no_score_time_count_or_agreement() -> None:
    """The plays of a deal share their beginnings: a decision remembered from one play is the
    one the player would have made again (a search player saying *Gano*, then its card, too)."""
    reused = said = 0
    for seed in (2026 * 1_000_003, 2026 * 1_000_003 + 1, 5, 8):
        fresh, kept = Timings(), Timings()
        check = frozenset({"standard"})
        again = deal_score_by_role(RULES_1660, "standard", "novice", seed, fresh, check, False)
        once = deal_score_by_role(RULES_1660, "standard", "novice", seed, kept, check)
        assert once == again
        assert {k: len(v) for k, v in kept.ms.items()} == {k: len(v) for k, v in fresh.ms.items()}
        assert kept.agreement == fresh.agreement
        decisions = Decisions()
        play_deal(RULES_1660, seed, ["standard"] * 3, Timings(), decisions=decisions)
        play_deal(RULES_1660, seed, ["standard"] * 3, Timings(), decisions=decisions)
        assert decisions.reused == len(decisions.kept)  # the second play thought nothing again
        reused += decisions.reused
        said += sum(action == Act.GANO for action, _, _ in decisions.kept.values())
    assert reused > 0 and said > 0


def test_the_pools_part_counts_a_share_of_what_is_left_to_each_seat() -> None:
    """The pool left at the end (a repuesto's, or all passing) is no one's in the score; the
    pool's part gives each seat a 1/n share of it, as a session plays for it next deal."""
    seen = 0
    for seed in range(30):
        score, parts, pool = deal_scores(RULES_1660, "novice", "random", seed, Timings())
        assert (score, parts) == deal_score_by_role(RULES_1660, "novice", "random", seed, Timings())
        again = deal_scores(RULES_1660, "random", "novice", seed, Timings())
        assert again[2] == pytest.approx(-pool)
        changed = False  # did a guest ever change what the pool kept?
        for home, guest in (("random", "novice"), ("novice", "random")):
            left: set[int] = set()
            for s in range(-1, 3):
                seats = [guest if t == s else home for t in range(3)]
                left.add(play_deal_with_roles(RULES_1660, seed, seats, Timings())[0].pool_out)
            changed |= len(left) > 1
        if not changed:
            assert pool == 0
        seen += pool != 0
    assert seen > 0
    report = duel("novice", "random", "1660", deals=8, seed=3)
    shared = report["pool_shared"]
    assert shared["deals"] == 8 and shared["ci95"][0] <= shared["mean"] <= shared["ci95"][1]


def test_a_deal_replays_exactly() -> None:
    seats = ["novice", "random", "novice"]
    assert play_deal(RULES_1660, 17, seats, Timings()) == play_deal(
        RULES_1660, 17, seats, Timings()
    )


def test_the_rule_player_beats_random_play_with_an_interval_above_zero() -> None:
    report = duel("novice", "random", "1660", deals=30, seed=3)
    assert report["ci95"][0] > 0 < report["mean"]
    assert report["unit"] == "lesser counters per deal"
    assert set(report["decision_ms"]) == {"novice", "random"}
    assert report["decision_ms"]["novice"]["decisions"] > 0


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_duel_prints_one_json_object_on_its_last_line() -> None:
    code, text = run(
        "duel", "novice", "random", "--deals", "6", "--seed", "2", "--rules", "classic"
    )
    assert code == 0
    report = json.loads(text.strip().splitlines()[-1])
    assert {"a", "b", "rules", "deals", "mean", "ci95", "unit", "decision_ms"} <= set(report)
    assert (report["a"], report["b"], report["rules"], report["deals"]) == (
        "novice",
        "random",
        "classic",
        6,
    )


def test_a_duel_keeps_its_scores_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """--scores: each deal's score is kept as it comes; a second run of the same match plays
    only the deals not kept, and reports what one run of them all reports."""
    kept = tmp_path / "scores.jsonl"
    whole = duel("novice", "random", "classic", deals=25, seed=4)
    told: list[str] = []
    duel("novice", "random", "classic", deals=12, seed=4, scores_file=str(kept))
    other = {"a": "x", "b": "y", "deal": 1, "score": 9}
    kept.write_text(kept.read_text() + json.dumps(other) + "\n")
    resumed = duel(
        "novice", "random", "classic", deals=25, seed=4, scores_file=str(kept), progress=told.append
    )
    assert (resumed["mean"], resumed["ci95"]) == (whole["mean"], whole["ci95"])
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    assert len(lines) == 25 + 1  # 12, another match's line, then the 13 not kept
    assert resumed["by_role"] == whole["by_role"] and resumed["by_role"]["deals"] == 25
    roles = whole["by_role"]
    assert abs(sum(roles[r]["mean"] for r in ROLES) - whole["mean"]) < 1e-3
    assert resumed["pool_shared"] == whole["pool_shared"]
    assert all("pool_gain" in line for line in lines if line["a"] == "novice")
    assert told[-1].startswith("duel novice vs random: 25/25 deals, mean so far")
    assert len(told) == 2  # every CHUNK (10) deals of the 13 played


def test_a_broken_scores_file_is_named_not_crashed_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "scores.jsonl"
    kept.write_text('{"a": "novice", "b": "random", "rules": "1660", "seed": 0, "deal": 1}\n')
    code, _ = run("duel", "novice", "random", "--deals", "4", "--scores", str(kept), "--quiet")
    assert code != 0
    assert "scores.jsonl, line 1: not a duel score" in capsys.readouterr().err
    assert kept.read_text().count("\n") == 1  # left as it was


def test_move_answers_for_the_player_on_turn(tmp_path: Path) -> None:
    record = json.loads((DATA / "belinda.json").read_text(encoding="utf-8"))
    path = tmp_path / "r.json"
    for upto in (0, 3, 4, 7, 12):
        path.write_text(json.dumps({**record, "actions": record["actions"][:upto]}))
        code, text = run("move", str(path), "--level", "novice", "--seed", "5")
        assert code == 0
        answer = json.loads(text.strip().splitlines()[-1])
        _, legal = run("legal", str(path))
        assert answer["action"] in json.loads(legal)["actions"] or answer["action"].startswith(
            "discard"
        )
        assert (
            run("move", str(path), "--level", "novice", "--seed", "5")[1].split('"ms"')[0]
            == (text.split('"ms"')[0])
        )


@pytest.mark.parametrize("what", ["over", "garbage"])
def test_move_refuses_a_finished_or_broken_record(
    tmp_path: Path, what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    if what == "over":
        path.write_text((DATA / "belinda.json").read_text(encoding="utf-8"))
    else:
        path.write_text('{"format": "ombre-record/1", "rules": "1660"')
    code, _ = run("move", str(path))
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_replay_reports_a_deal_in_progress(tmp_path: Path) -> None:
    record = json.loads((DATA / "belinda.json").read_text(encoding="utf-8"))
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:12]}))
    code, text = run("replay", str(path))
    assert code == 0
    result = json.loads(text)
    assert (result["phase"], result["outcome"], result["counters"]) == ("play", None, None)


def test_the_cheater_plays_only_the_solvers_best_cards_and_only_given_the_deal() -> None:
    view = view_of(Deal.from_seed(RULES_1660, 1, 0), 0)
    with pytest.raises(OmbreError, match="only given the deal"):
        CheaterPlayer().choose(view, random.Random(1))
    timings = Timings()
    seats = ["cheater", "novice", "novice"]
    for seed in (5, 6):
        play_deal(RULES_1660, seed, seats, timings, frozenset(seats))
    cheater = timings.agreement_summary("cheater")
    assert cheater["cards"] > 0
    assert cheater["tricks 1-5"] in (1.0, None) and cheater["tricks 6-"] in (1.0, None)
    novice = timings.agreement_summary("novice")
    assert novice["cards"] > 0


def test_the_cheater_expert_bids_as_the_expert_and_plays_as_the_cheater() -> None:
    """``cheater-expert``: every auction and exchange decision is the expert's from the seat's
    view (the same seed, the same action); every card is among the solver's best."""
    cheater = make_duelist("cheater-expert")
    assert isinstance(cheater, CheaterPlayer) and cheater.name == "cheater-expert"
    expert = make_duelist("expert")
    deal = Deal.from_seed(RULES_1660, 7, 1)
    decided = 0
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        mine = cheater.choose_seeing(deal.copy(), random.Random(decided))
        if deal.phase_name != "play":
            theirs = expert.choose(view_of(deal, seat), random.Random(decided))
            assert mine == theirs
        elif mine != Act.VOLE:
            assert mine in solve(deal.copy()).best
        deal.apply(mine)
        decided += 1
    assert decided > 9


def test_duel_names_the_cheater_but_move_does_not(tmp_path: Path) -> None:
    code, out = run("duel", "cheater", "random", "--deals", "2", "--seed", "1")
    assert code == 0 and json.loads(out.strip().splitlines()[-1])["a"] == "cheater"
    with pytest.raises(SystemExit):
        run("move", str(DATA / "belinda.json"), "--level", "cheater")


PRICED = "standard:priced_auction=true,bid_worlds=3,bid_budget=300,price_confidence=0.0"
"""``standard`` with a quick priced auction: a change to its auction alone."""


def test_a_changed_search_player_is_named_and_a_bad_change_refused() -> None:
    player = make_duelist("expert:price_confidence=1.0")
    assert isinstance(player, SearchPlayer)
    assert player.name == "expert:price_confidence=1.0"
    assert player.config == replace(EXPERT, price_confidence=1.0)
    for bad, named in (
        ("expert:nope=1", "'nope' is not a search setting"),
        ("expert:budget=true", "not a value budget takes"),
        ("expert:budget=null", "not a value budget takes"),
        ("expert:gano=1", "not a value gano takes"),
        ("expert:budget=x", "not JSON"),
        # values no search can run on (play_worlds=-5 was a division by zero a decision later)
        ("expert:play_worlds=-5", "play_worlds must be at least 1, not -5"),
        ("expert:budget=-1", "budget must be at least 0"),
        ("expert:worlds_at_two=0", "worlds_at_two must be at least 1"),
        ("expert:vole_confidence=2", "vole_confidence is a share"),
        ("novice:budget=1", "not a search player"),
        ("nobody", "unknown computer player 'nobody'.*also cheater or cheater-expert"),
    ):
        with pytest.raises(ValueError, match=named):
            make_duelist(bad)


def test_duel_takes_a_changed_player_and_refuses_a_bad_one() -> None:
    out = io.StringIO()
    assert main(["duel", PRICED, "novice", "--deals", "2", "--seed", "1", "--quiet"], out) == 0
    assert json.loads(out.getvalue().splitlines()[-1])["a"] == PRICED
    with pytest.raises(SystemExit):
        main(["duel", "standard:nope=1", "novice", "--deals", "2"], io.StringIO())


def test_only_a_change_before_the_play_is_screened() -> None:
    assert differ_before_play(PRICED, "standard")
    assert differ_before_play("expert:gray_zone=1.0,pass_value=0.0", "expert")
    assert differ_before_play("expert-priced:bid_worlds=4", "expert-priced")
    assert differ_before_play("expert:priced_exchange=true", "expert")
    assert not differ_before_play("expert:budget=100", "expert")
    assert not differ_before_play("expert:margin_nodes=100,priced_exchange=true", "expert")
    assert not differ_before_play("novice", "novice")
    with pytest.raises(ValueError, match="may differ in the trick play"):
        agree_before_play(RULES_1660, 1, "expert:budget=100", "expert", "novice")
    # the screen itself, on one deal each way (the breadth test below scores them too)
    assert agree_before_play(RULES_1660, 12, PRICED, "standard", "novice")
    assert not agree_before_play(RULES_1660, 0, PRICED, "standard", "novice")


def test_the_screen_reaches_the_exchange() -> None:
    """A change to the exchange alone: where every exchange agrees as well as the auction, the
    deal scores the same (seed 3); where one does not, the screen says so, and here it
    mattered (seed 0)."""
    exchange = "standard:priced_exchange=true,bid_worlds=3,bid_budget=300,price_confidence=0.0"
    assert agree_before_play(RULES_1660, 3, exchange, "standard", "novice")
    assert not agree_before_play(RULES_1660, 0, exchange, "standard", "novice")
    for seed, same in ((3, True), (0, False)):
        mine = deal_scores(RULES_1660, exchange, "novice", seed, Timings())
        theirs = deal_scores(RULES_1660, "standard", "novice", seed, Timings())
        assert (mine == theirs) is same


@pytest.mark.breadth
def test_a_deal_decided_alike_before_the_play_scores_the_same_for_both() -> None:
    """The screen is exact: where A bids as BASE in every play, A's deal scores BASE's; and it
    finds the deals where they bid otherwise (seeds 0, 3 and 5 here, scored otherwise)."""
    agreeing = 0
    for seed in (0, 3, 5, 12, 13, 15):
        agrees = agree_before_play(RULES_1660, seed, PRICED, "standard", "novice")
        mine = deal_scores(RULES_1660, PRICED, "novice", seed, Timings())
        theirs = deal_scores(RULES_1660, "standard", "novice", seed, Timings())
        if agrees:
            agreeing += 1
            assert mine == theirs, seed
        else:
            assert mine[0] != theirs[0], seed  # here the change to the auction mattered
    assert agreeing == 3
