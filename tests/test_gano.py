"""*Gano* ('tis mine): the one word a defender may say in the play (RG "General Rules"; MOR; CG).

The engine records it as an action of its own (``gano``), said by a defender on his turn before
the card it goes with; it never changes what is legal, and the computer players heed a partner's.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from ombre_helpers import PRESET_LIST, act, sans_prendre_deal

from ombre_core import record
from ombre_core.actions import Act, format_action, parse_action
from ombre_core.bots import RandomPlayer, RulePlayer, make_player
from ombre_core.bots.gano import heed, worth_saying
from ombre_core.errors import IllegalAction
from ombre_core.narrate import Narrator, glossary
from ombre_core.rules import RULES_1660, RULES_CLASSIC, Rules
from ombre_core.state import Deal
from ombre_core.tricks import trick_winner
from ombre_core.views import view_of

OMBRE = "As 2s Ac Ks Qs 2h 3h 2d 3d"  # seat 0, eldest, sans prendre in spades
BARON = "Kh Qh Jh 4s Kc Qc Jc 7c 6c"
KNIGHT = "5s 6s 7s Kd Qd Jd 4c 5c Ad"  # void in hearts: free to ruff the Baron's king


def table(rules: Rules = RULES_1660) -> Deal:
    return sans_prendre_deal(rules, [OMBRE, BARON, KNIGHT])


def test_the_word_reads_and_writes_like_any_action() -> None:
    assert parse_action("gano") == Act.GANO
    assert format_action(Act.GANO) == "gano"


def test_the_ombre_may_not_say_it() -> None:
    deal = table()
    assert deal.to_move == deal.ombre == 0
    assert Act.GANO not in deal.legal_actions()
    with pytest.raises(IllegalAction, match="Ombre may not say Gano"):
        deal.apply("gano")


def test_a_defender_says_it_on_his_turn_and_keeps_the_turn() -> None:
    deal = act(table(), "2h")
    assert Act.GANO in deal.legal_actions()
    event = deal.apply("gano")
    assert (event.seat, event.action) == (1, Act.GANO)
    assert deal.to_move == 1 and deal.trick == [parse_action("2h")]
    assert Act.GANO not in deal.legal_actions()  # once a trick
    for seat in range(3):
        assert view_of(deal, seat).gano == 1  # said aloud: everyone hears it
    with pytest.raises(IllegalAction, match="said in this trick already"):
        deal.apply("gano")
    act(deal, "Kh")
    assert view_of(deal, 2).gano == 1
    assert Act.GANO not in deal.legal_actions()  # the last to play: nobody after him


def test_the_last_to_play_cannot_say_it() -> None:
    deal = act(table(), "2h", "Kh")
    assert deal.to_move == 2
    with pytest.raises(IllegalAction, match="someone plays after you"):
        deal.apply("gano")


def test_it_lasts_one_trick() -> None:
    deal = act(table(), "2h", "gano", "Kh", "4c")
    assert deal.gano_by == -1 and view_of(deal, 0).gano is None
    assert deal.tricks[-1][2] == 1  # the Baron's king held
    act(deal, "Qh")  # the Baron leads
    assert Act.GANO in deal.legal_actions() or deal.to_move == deal.ombre


def test_a_refused_word_changes_nothing() -> None:
    deal = act(table(), "2h", "Kh")
    before = (deal.history, deal.to_move, deal.gano_by, list(deal.trick))
    with pytest.raises(IllegalAction):
        deal.apply("gano")
    assert (deal.history, deal.to_move, deal.gano_by, list(deal.trick)) == before


def test_rules_without_speech_never_offer_it() -> None:
    silent = dataclasses.replace(RULES_CLASSIC, gano=None)
    deal = act(table(silent), "2h")
    assert Act.GANO not in deal.legal_actions()
    with pytest.raises(IllegalAction, match="no speech"):
        deal.apply("gano")


def test_the_record_keeps_it_and_replays_it() -> None:
    deal = act(table(), "2h", "gano", "Kh", "4c")
    text = record.dumps(deal)
    assert json.loads(text)["actions"][-4:] == ["2h", "gano", "Kh", "4c"]
    again = record.loads(text)
    assert again.history == deal.history and again.tricks == deal.tricks


@pytest.mark.parametrize(("rules", "word"), [(RULES_1660, "Gagno"), (RULES_CLASSIC, "Gano")])
def test_the_log_tells_it_with_the_card_in_the_presets_spelling(rules: Rules, word: str) -> None:
    deal = act(table(rules), "2h", "gano", "Kh")
    lines = Narrator(["You", "The Baron", "The Knight"], 0).log(view_of(deal, 0))
    assert any(f"The Baron plays King of Hearts, saying \u201c{word}\u201d" in x for x in lines)
    assert glossary(rules)["gano"].startswith(word)


# ---- the computer players ------------------------------------------------------------------------


def test_heeding_leaves_the_trick_to_the_partner() -> None:
    deal = act(table(), "2h", "gano", "Kh")
    view = view_of(deal, 2)
    keep_off = heed(view)
    assert keep_off and not keep_off & (1 << parse_action("5s"))  # no ruffing his king
    assert RulePlayer().choose(view, random.Random(1)) not in (
        parse_action(c) for c in ("5s", "6s", "7s")
    )
    for level in ("standard", "expert"):
        assert keep_off >> make_player(level).choose(view, random.Random(1)) & 1


def test_nothing_to_heed_without_the_word() -> None:
    deal = act(table(), "2h", "Kh")
    assert heed(view_of(deal, 2)) == 0


def test_a_defender_says_it_when_only_his_partner_could_take_the_trick() -> None:
    deal = act(table(), "2h")
    view = view_of(deal, 1)
    assert worth_saying(view, parse_action("Kh"))  # beats the Ombre's card; the Knight is after
    player = make_player("standard")
    first = player.choose(view, random.Random(5))
    if first == Act.GANO:  # then the card that holds the trick, without a second search
        deal.apply(first)
        card = player.choose(view_of(deal, 1), random.Random(5))
        assert deal.why_illegal(card) is None
        assert worth_saying(view, card)
    # leading a plain king with the Ombre still to play and trumps out: he may ruff it, so no
    led = act(table(), "2h", "gano", "Kh", "4c")
    assert led.to_move == 1 and not worth_saying(view_of(led, 1), parse_action("Kc"))


def test_not_in_the_last_trick_where_the_partner_has_no_choice() -> None:
    """At the last trick each hand holds one card: the word would spare nothing."""
    asked = 0
    for seed in range(40):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = view_of(deal, seat)
            if Act.GANO in view.legal and view.hand.bit_count() == 1:
                card = view.hand.bit_length() - 1
                assert view.trump is not None
                holds = (view.leader + trick_winner((*view.trick, card), view.trump)) % 3 == seat
                if holds and len(view.trick) == 1 and (seat + 1) % 3 in view.friends:
                    asked += 1  # the Ombre led, the card holds it, the partner plays last
                assert not worth_saying(view, card)
            deal.apply(RulePlayer().choose(view, random.Random(seed)))
    assert asked > 0


@pytest.mark.parametrize("rules", PRESET_LIST, ids=lambda r: r.id)
def test_players_heed_every_gano_over_many_deals(rules: Rules) -> None:
    """Random players say Gano at random; the rule player, seated as a defender, always leaves a
    trick to a partner who said it and holds it, whenever following suit allows."""
    rng = random.Random(11)
    heeded = 0
    for seed in range(60):
        deal = Deal.from_seed(rules, seed, seed % 3)
        players = [RandomPlayer(), RandomPlayer(), RulePlayer()]
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = view_of(deal, seat)
            action = players[seat].choose(view, rng)
            keep_off = heed(view)
            if keep_off and isinstance(players[seat], RulePlayer):
                assert keep_off >> action & 1
                heeded += 1
            deal.apply(action)
    assert heeded > 0
