"""Computer players: only legal actions, from views only; the rule player plays better than chance.

Sources: ``ombre_core/bots`` (RulePlayer follows RG1660's advice: "never to play unless he have
three sure Tricks"; draw trumps with the matadors before the Kings); STYLE.md habit 5 (bots see
only ``view(seat)``, randomness is injected).
"""

from __future__ import annotations

import random

import pytest
from ombre_helpers import PRESET_LIST, m

from ombre_core.bots import PLAYERS, Player, RandomPlayer, RulePlayer
from ombre_core.bots.rulebot import ASK_THRESHOLD, best_trump, hand_strength
from ombre_core.rules import RULES_1660, RULES_CLASSIC
from ombre_core.scoring import settle
from ombre_core.state import Deal
from ombre_core.views import view_of


def play_out(deal: Deal, players: list[Player], rng: random.Random) -> Deal:
    """Each seat's player chooses from its own view; the checked path applies the choice."""
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        view = view_of(deal, seat)
        action = players[seat].choose(view, rng)
        assert action in view.legal, f"{players[seat].name} chose an illegal action"
        deal.apply(action)
    return deal


@pytest.mark.parametrize("mix", ["random", "rules", "mixed"])
def test_players_only_choose_legal_actions(mix: str) -> None:
    rng = random.Random(7)
    for seed in range(150):
        rules = PRESET_LIST[seed % 2]
        if mix == "mixed":
            players: list[Player] = [RulePlayer(), RandomPlayer(), RulePlayer()]
            players = players[seed % 3 :] + players[: seed % 3]
        else:
            players = [PLAYERS[mix]() for _ in range(3)]
        deal = play_out(Deal.from_seed(rules, 500 + seed, seed % 3), players, rng)
        assert deal.is_over


def test_players_refuse_when_it_is_not_their_turn() -> None:
    deal = Deal.from_seed(RULES_1660, 3, 2)
    idle = (deal.eldest + 1) % 3
    for player in (RandomPlayer(), RulePlayer()):
        with pytest.raises(ValueError, match="no legal action"):
            player.choose(view_of(deal, idle), random.Random(0))


def test_players_are_reproducible_from_their_rng() -> None:
    for player in (RandomPlayer(), RulePlayer()):
        runs = []
        for _ in range(2):
            deal = Deal.from_seed(RULES_CLASSIC, 99, 1)
            play_out(deal, [player] * 3, random.Random(5))
            runs.append(deal.history)
        assert runs[0] == runs[1]


def test_rule_player_bids_on_sure_tricks() -> None:
    """RG1660 "What Games are to be played": play with "the three Matadors, or six or seven good
    Trumps"; "never ... unless he have three sure Tricks"."""
    assert best_trump(m("As 2s Ac 4h 5h 6h 3d 4d 5d"))[1] >= ASK_THRESHOLD
    assert best_trump(m("Ks Qs Js 7s 6s 5s 3c 4c 4d"))[1] >= ASK_THRESHOLD
    assert best_trump(m("3s 4s 3c 4c 5h 6h 4d 5d 6d"))[1] < ASK_THRESHOLD
    assert hand_strength(m("As 2s Ac 4h 5h 6h 3d 4d 5d"), 0) > 2.8


def ombre_wins(seed: int, ombre_player: Player) -> bool | None:
    """Bid with rule players; if someone becomes Ombre, let ``ombre_player`` finish his game
    (exchange and play) against rule-playing defenders. None when all pass."""
    rules = PRESET_LIST[seed % 2]
    deal = Deal.from_seed(rules, 7000 + seed, seed % 3)
    rng = random.Random(seed)
    bidder = RulePlayer()
    while deal.phase_name == "auction" and not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(bidder.choose(view_of(deal, seat), rng))
    if deal.ombre is None:
        return None
    players: list[Player] = [RulePlayer(), RulePlayer(), RulePlayer()]
    players[deal.ombre] = ombre_player
    play_out(deal, players, rng)
    assert deal.is_over
    return settle(deal).outcome == "sacada"


def test_rule_player_as_ombre_beats_chance() -> None:
    """A statistical sanity check over fixed seeds, with a generous margin: the same hands, bid by
    the rule player, are won far more often when the rule player plays them than at random."""
    rule_wins = random_wins = games = 0
    for seed in range(200):
        ruled = ombre_wins(seed, RulePlayer())
        if ruled is None:
            continue
        games += 1
        rule_wins += ruled
        random_wins += bool(ombre_wins(seed, RandomPlayer()))
    assert games >= 60
    assert rule_wins / games >= 0.5
    assert rule_wins - random_wins >= 0.2 * games, (rule_wins, random_wins, games)
