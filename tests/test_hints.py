"""The reasons a hint gives in the auction (``ombre_core.hints``), where the expert may bid
otherwise than the pamphlet's count: the reason must not contradict the advice."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_search import rule_played

from ombre_core import actions as A
from ombre_core import hints, i18n
from ombre_core.actions import Act
from ombre_core.bots import RulePlayer
from ombre_core.bots.rulebot import bidding_thresholds
from ombre_core.cards import cards_of
from ombre_core.narrate import card_name, number_word, plain_lower, said
from ombre_core.rules import PRESETS, RULES_1660, Rules
from ombre_core.state import Deal, Phase
from ombre_core.tables import (
    EFFECTIVE_SUIT,
    MATADOR_MASK,
    POWER,
    SUIT_MASK,
    TRUMP,
    TRUMP_MASK,
    trick_winner,
)
from ombre_core.views import View, view_of


def first_views(count: int) -> list[View]:
    out = []
    for seed in range(count):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        assert deal.to_move is not None
        out.append(view_of(deal, deal.to_move))
    return out


def test_a_bid_the_pamphlet_would_make_is_explained_by_its_count() -> None:
    for view in first_views(30):
        action = RulePlayer().choose(view, random.Random(0))
        text = hints.reason(view, action)
        assert "likely layouts" not in text
        assert "pamphlet asks for three" in text or action == Act.SANS_PRENDRE


def test_a_bid_against_the_pamphlets_count_says_the_pricing_chose_it() -> None:
    """Every other bid open to the speaker is explained by the pricing, not by a count that
    would argue against it (before, an "Ask leave" hint on a two-trick hand said the pamphlet
    asks for three sure tricks)."""
    seen = set()
    for view in first_views(30):
        pamphlet = RulePlayer().choose(view, random.Random(0))
        for action in view.legal:
            if action == pamphlet:
                continue
            text = hints.reason(view, action)
            assert "pamphlet's count" in text and "likely layouts" in text
            opening = {Act.PASS: "Pass", Act.PLAY: "Ask leave", Act.SANS_PRENDRE: "Play sans"}
            assert text.startswith(opening[action])
            seen.add(action)
    assert seen == {Act.PASS, Act.PLAY, Act.SANS_PRENDRE}


UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def rule_player_steps(rules: Rules, seeds: int, play: bool = True) -> Iterator[tuple[View, int]]:
    """Each view and the rule player's action in ``seeds`` seeded deals played by it (seed ``s``
    dealt by seat ``s`` modulo the seats); with ``play=False``, up to the trick play only."""
    for seed in range(seeds):
        deal = Deal.from_seed(rules, seed, seed % rules.seats)
        rng = random.Random(seed)
        while not deal.is_over and (play or deal.phase != Phase.PLAY):
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            action = RulePlayer().choose(view, rng)
            yield view, action
            deal.apply(action)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_action_a_hint_may_name_is_said_in_words(lang: str) -> None:
    """The hint's label (``narrate.said``, shared with the review) names every kind of action
    in the language, at every table: cards, discards, trumps, calls, the king given back at
    Quadrille by three, *Gano*. Before, a discard or a trump was shown as its code
    ("Hint: trump c.")."""
    kinds: set[str] = set()
    with i18n.using(lang):
        for rules in PRESETS.values():
            for view, _ in rule_player_steps(rules, 6):
                for action in view.legal:
                    text = said(action, view)
                    assert text and not UNFILLED.search(text), (rules.id, action, text)
                    code = A.format_action(action)
                    payload = code.split(maxsplit=1)[-1]  # "c" of "trump c", "3s 5s" ...
                    if action < Act.PASS or (action >= Act.TRUMP and action != Act.GANO):
                        # a card, discard, trump, call or king given back: not its code
                        # ("pass", "play", "vole" ... are words already)
                        assert code not in text and text != payload, (rules.id, code, text)
                    kinds.add(code.split()[0][:4])
    assert {"pass", "play", "disc", "trum", "call", "give", "gano"} <= kinds, kinds


def test_the_ombres_discard_hint_names_the_suit_he_then_names_trumps() -> None:
    """The Ombre discards before naming the trump at every table, so "keep your trumps" told
    him nothing: the hint names the suit, and it is the one the expert then names."""
    from ombre_core.narrate import suit_lower

    checked = 0
    for seed in range(40):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        rng = random.Random(seed)
        reason = None
        while not deal.is_over and deal.phase_name != "play":
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            if deal.phase == Phase.DISCARD and deal.to_move == deal.ombre:
                advice = hints.hint(view, random.Random(seed))
                reason = advice["reason"]
                deal.apply(A.parse_action(advice["action"]))
                continue
            if deal.phase == Phase.TRUMP_CHOICE and reason is not None:
                named = A.parse_action(hints.hint(view, random.Random(seed))["action"])
                assert suit_lower(named - Act.TRUMP) in reason, (seed, reason)
                checked += 1
                reason = None
            deal.apply(RulePlayer().choose(view, rng))
    assert checked >= 10


def check_gano_hint(view: View, advice: dict[str, Any]) -> None:
    """A hint to say *Gano* marks the one card it is said with and names it in the reason, in
    the 1660 pamphlet's spelling."""
    assert view.trump is not None and len(advice["cards"]) == 1
    card = A.parse_action(advice["cards"][0])
    assert card_name(card, view.trump, view.rules) in advice["reason"]
    assert "Gagno" in advice["reason"]


def test_a_hint_says_gano_with_the_card_it_is_said_with() -> None:
    """One position (seed 0, the rule players' deal): a defender's first chance to say *Gano*
    is one where the expert says it, and so does its hint, naming the card in the pamphlet's
    word. The breadth test below checks every such chance over five deals."""
    from ombre_core.bots import expert

    deal = Deal.from_seed(RULES_1660, 0, 0)
    rng = random.Random(0)
    while True:
        assert deal.to_move is not None and not deal.is_over
        view = view_of(deal, deal.to_move)
        if Act.GANO in view.legal and len(view.legal) > 2:
            break
        deal.apply(RulePlayer().choose(view, rng))
    advice = hints.hint(view, random.Random(0))
    assert advice["action"] == "gano", advice
    assert expert().choose(view, random.Random(0)) == Act.GANO
    check_gano_hint(view, advice)


@pytest.mark.breadth
def test_a_hint_says_gano_when_the_expert_would() -> None:
    """The expert says *Gano* before a card that holds the trick with a partner still to play
    (``gano.worth_saying``); its hint does the same, names the card in the reason and marks it,
    and otherwise names no card to say it with."""
    from ombre_core.bots import expert

    said_gano = 0
    for seed in range(5):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        rng = random.Random(seed)
        while not deal.is_over:
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            if Act.GANO in view.legal and len(view.legal) > 2:
                advice = hints.hint(view, random.Random(seed))
                again = expert().choose(view, random.Random(seed))
                assert (advice["action"] == "gano") == (again == Act.GANO), (seed, advice)
                if advice["action"] == "gano":
                    check_gano_hint(view, advice)
                    said_gano += 1
            deal.apply(RulePlayer().choose(view, rng))
    assert said_gano >= 2, said_gano


def lead_wordings(view: View) -> tuple[int, int]:
    """Check the reason for leading each card of a defender's hand; count the low and the
    "higher card still out" ones."""
    assert view.trump is not None
    power = POWER[view.trump]
    low = under = 0
    for card in cards_of(view.hand):
        text = hints.reason(view, card)
        suit = SUIT_MASK[view.trump][EFFECTIVE_SUIT[view.trump][card]]
        left = list(cards_of(view.unseen() & suit))
        above = sum(power[c] > power[card] for c in left)
        if "a low card" in text:
            low += 1
            assert above >= 2 and above >= len(left) - above, text
        elif "a higher card of its suit is still out" in text:
            under += 1
            assert any(power[c] > power[card] for c in cards_of(view.unseen() & suit)), text
    return low, under


def test_a_lead_is_called_a_low_card_only_when_it_is_one() -> None:
    """Before, every lead that was not the best left of its suit was "a low card": a King of
    trumps under one unseen Manille, or a red Ace (below the Knave, RG1660) were so called. Now
    a card is low only with two or more of the unseen cards of its suit above it, and no more of
    them below it than above (the leader's own higher cards do not make it low: a King of trumps
    led while keeping Manille was "a low card" until December 2026); any other lead under a
    higher card says only that one is still out."""
    low = under = 0
    for rules in (RULES_1660, PRESETS["classic"]):
        for seed in range(12):
            deal = Deal.from_seed(rules, seed, seed % 3)
            rng = random.Random(seed)
            while not deal.is_over:
                assert deal.to_move is not None
                view = view_of(deal, deal.to_move)
                if deal.phase == Phase.PLAY and not view.trick and view.seat != view.ombre:
                    counted = lead_wordings(view)
                    low, under = low + counted[0], under + counted[1]
                deal.apply(RulePlayer().choose(view, rng))
    assert low and under


def test_a_pass_never_says_three_tricks_are_too_few_for_three() -> None:
    """Before, a hand worth 2.5 to 3.2 expected tricks passed "worth about three tricks, too few
    ... (the pamphlet asks for three sure ones)", and a pass behind another's asking leave gave
    a count at or above three as "too few": now the first is "just under three", the second says
    only sans prendre would outbid him."""
    near = outbid = 0
    for seed in range(60):
        deal = Deal.from_seed(RULES_1660, seed, seed % 3)
        while deal.phase == Phase.AUCTION:
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            action = RulePlayer().choose(view, random.Random(0))
            text = hints.reason(view, action)
            if action == Act.PASS and "only sans prendre would outbid" in text:
                outbid += 1  # worth a count of tricks without taking in, below sans prendre's
            elif action == Act.PASS:
                assert "about three tricks" not in text and "about four" not in text, text
                near += "just under three" in text
            deal.apply(action)
    assert near and outbid


def test_just_under_three_is_said_only_where_the_table_asks_for_three() -> None:
    """Quadrille by three asks leave from about 5.5 expected tricks: a pass there on four or five
    is not "just under three"."""
    rules = PRESETS["quadrille-3"]
    passes = 0
    for seed in range(40):
        deal = Deal.from_seed(rules, seed, seed % rules.seats)
        while deal.phase == Phase.AUCTION:
            assert deal.to_move is not None
            view = view_of(deal, deal.to_move)
            action = RulePlayer().choose(view, random.Random(0))
            if action == Act.PASS:
                passes += 1
                assert "just under three" not in hints.reason(view, action)
            deal.apply(action)
    assert passes


def auction_and_exchange(rules: Rules, seeds: int) -> Iterator[tuple[View, int]]:
    """Each view and the rule player's action (the expert's, where it has a king to call) in
    the auction and the exchange of ``seeds`` seeded deals."""
    return rule_player_steps(rules, seeds, play=False)


def test_each_table_explains_bids_and_calls_by_its_own_count() -> None:
    """Before, every table's bid was measured against "the pamphlet asks for three sure ones"
    (at Quadrille by three a pass on four tricks was "too few"), and a call, a king demanded or
    a card given for it was explained as "Ask leave to play: ...". Now the count is the table's
    (:func:`bidding_thresholds`), a pass is never on as many tricks as the table asks for, and
    calls and gifts say what they do."""
    words = {number_word(n): n for n in range(17)}
    seen: set[str] = set()
    for rules in PRESETS.values():
        need = round(bidding_thresholds(rules)[0])
        # by five the youngest must play when the rest pass (CG): seeds 58, 63, 65, 68, 85
        for view, action in auction_and_exchange(rules, 90 if rules.id == "five" else 30):
            text = hints.reason(view, action)
            if rules.partnership != "alone":  # nor where the expert's pricing bids otherwise
                for other in set(view.legal) & {Act.PASS, Act.PLAY, Act.SANS_PRENDRE}:
                    assert "pamphlet" not in hints.reason(view, other), (rules.id, other)
            if A.is_call(action):
                card = card_name(A.called_card(action), view.trump, rules)
                verb = "Demand" if rules.partnership == "demanded-king" else "Call"
                assert text.startswith(f"{verb} {card}"), (rules.id, text)
                seen.add(verb + (" own" if view.hand >> A.called_card(action) & 1 else ""))
            elif A.is_give(action):
                assert view.called is not None
                demanded = f"for the {plain_lower(view.called)}"  # a king, or a queen (HOY)
                assert text.startswith("Give ") and demanded in text, text
                seen.add("Give")
            elif action in (Act.PASS, Act.PLAY):
                assert ("pamphlet asks" in text) == (rules.partnership == "alone") or (
                    "must play" in text or "only sans prendre" in text
                ), (rules.id, text)
                count = re.search(r"about (\w+) tricks?(?! without)", text)
                if action == Act.PASS and count and "(" in text[count.end() :]:
                    assert words[count.group(1)] < need, (rules.id, text)
                if "must play" in text:
                    assert Act.PASS not in view.legal
                    seen.add("forced")
    assert {"Call", "Call own", "Demand", "Give", "forced"} <= seen, seen


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_auction_and_exchange_reasons_are_whole_in_every_language(lang: str) -> None:
    with i18n.using(lang):
        for rules in PRESETS.values():
            for view, action in auction_and_exchange(rules, 8):
                text = hints.reason(view, action)
                assert text and not UNFILLED.search(text), (rules.id, lang, text)


def test_the_ombre_is_not_told_to_draw_trumps_that_are_all_his() -> None:
    """At Quadrille the Ombre often holds every trump left; "Lead Manille to draw trumps: no
    trumps are still out" told him to draw what no one holds. Now such a lead takes the trick."""
    last = 0
    for rules in PRESETS.values():
        for view, action in rule_player_steps(rules, 30):
            if view.step == Phase.PLAY and A.is_card(action):
                text = hints.reason(view, action)
                assert not ("draw trumps" in text and "no trumps" in text), (rules.id, text)
                last += "no one else holds a trump" in text
    assert last


def test_the_trumps_said_to_be_out_are_those_the_others_may_hold() -> None:
    """Before, "still out" counted every trump the person had not seen, some of them in the
    stock's rest or the others' discards: at Ombre by two "seven trumps are still out" against
    an opponent holding six. Now the count is the trumps the other hands hold where the view
    tells it exactly, and "up to" the most they may hold where it does not; checked against the
    true deal, at every table."""
    exact = most = 0
    for rules in PRESETS.values():
        for seed in range(10):
            deal = Deal.from_seed(rules, seed, seed % rules.seats)
            rng = random.Random(seed)
            while not deal.is_over:
                assert deal.to_move is not None
                view = view_of(deal, deal.to_move)
                action = RulePlayer().choose(view, rng)
                if view.step == Phase.PLAY and A.is_card(action) and not view.trick:
                    assert view.trump is not None
                    least, upto = hints.trumps_out_between(view)
                    trumps = TRUMP_MASK[view.trump]
                    held = sum(
                        (deal.hands[s] & trumps).bit_count()
                        for s in range(rules.seats)
                        if s != view.seat
                    )
                    assert least <= held <= upto, (rules.id, seed, least, held, upto)
                    text = hints.reason(view, action)
                    if "still out" in text:
                        assert f"{number_word(upto)} trump" in text, (rules.id, text)
                        assert ("up to" in text) == (least != upto), (rules.id, text)
                        exact += least == upto
                        most += least != upto
                deal.apply(action)
    assert exact and most, (exact, most)


def test_a_follower_is_told_whose_trick_it_is_as_far_as_he_can_tell() -> None:
    """Before, the Ombre at Quadrille was told he "cannot take this trick with profit" while his
    partner, shown, was winning it, and a ruff was "the trick is yours" with a higher trump still
    to come: now a friend's trick is his side's, and a ruff others may overtrump says so."""
    side = ruffs = 0
    for name in ("1660", "quadrille", "five"):
        for view, action in rule_player_steps(PRESETS[name], 30):
            if view.step != Phase.PLAY or not A.is_card(action) or not view.trick:
                continue
            if forced(view):
                continue  # no choice to explain: test_a_forced_card_is_explained_by_its_rule
            assert view.trump is not None
            text = hints.reason(view, action)
            trick = (*view.trick, action)
            ahead = (view.leader + trick_winner(view.trick, view.trump)) % view.seats
            if (view.leader + trick_winner(trick, view.trump)) % view.seats != view.seat:
                assert ("Your side is winning" in text) == (ahead in view.friends), text
                side += view.seat == view.ombre and ahead in view.friends
            if "the trick is yours" in text and len(trick) < view.seats:
                power, trumps = POWER[view.trump], SUIT_MASK[view.trump]
                out = view.unseen() & trumps[EFFECTIVE_SUIT[view.trump][action]]
                assert all(power[c] < power[action] for c in cards_of(out)), text
            ruffs += "unless someone after you trumps higher" in text
    assert side and ruffs


def forced(view: View) -> bool:
    """Whether the rules leave ``view``'s seat one card to play."""
    return view.legal_cards.bit_count() == 1


FORCED_KEYS = ("last", "follow", "trump", "matador")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_forced_card_is_explained_by_its_rule(lang: str) -> None:
    """A card the rules leave alone was explained as a choice: "throw Queen of Clubs, your
    least useful card" to a person holding no other club, "keep your strength" with nothing
    else to play. Now its hint says which rule forces it, in the language, whichever table:
    the last card, following the suit led, a trump to a trump lead, or a lone matador forced
    by a higher one (RG; compendium §3.1)."""
    seen: set[str] = set()
    with i18n.using(lang):
        said_for = {k: i18n.tr(f"engine.hint.forced.{k}", card="{card}") for k in FORCED_KEYS}
        for name in ("1660", "quadrille", "five"):
            for view, action in rule_player_steps(PRESETS[name], 20):
                if view.step != Phase.PLAY or not A.is_card(action) or not forced(view):
                    continue
                assert view.trump is not None
                text = hints.reason(view, action)
                name_said = card_name(action, view.trump, view.rules)
                kind = next(k for k, v in said_for.items() if v.format(card=name_said) == text)
                seen.add(kind)
                led = EFFECTIVE_SUIT[view.trump][view.trick[0]] if view.trick else None
                if kind == "last":
                    assert view.hand.bit_count() == 1
                elif kind == "follow":
                    assert led == EFFECTIVE_SUIT[view.trump][action] and led != TRUMP
                else:
                    assert led == TRUMP and EFFECTIVE_SUIT[view.trump][action] == TRUMP
                    assert view.hand & TRUMP_MASK[view.trump] == 1 << action  # his only trump
                    matador = MATADOR_MASK[view.trump] >> action & 1
                    assert bool(matador) == (kind == "matador"), text
    assert seen == set(FORCED_KEYS), seen


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_vole_at_its_last_chance_is_hinted_as_costing_nothing(lang: str) -> None:
    """The expert declares the vole at the window's last moment whenever a world makes it (a
    failed vole costs nothing: compendium §15 #24), so its hint says that, not that every card
    is master."""
    view = rule_played("classic", 233, 22)
    with i18n.using(lang):
        shown = hints.hint(view, random.Random(0))
        assert shown["action"] == "vole"
        assert shown["reason"] == i18n.tr("engine.hint.vole.last")
        assert shown["reason"] != i18n.tr("engine.hint.vole")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_sans_prendre_is_explained_by_what_the_table_goes_without(lang: str) -> None:
    """Sans prendre goes without the stock where there is one, and without the king called (by
    five, at Quadrille: CG) or demanded (Quadrille by three) where there is none: the hints once
    said "without taking in" at every table, though by five no one takes in."""
    with i18n.using(lang):
        stock = i18n.tr("engine.hint.alone.alone")
        kings = {i18n.tr(f"engine.hint.alone.{p}") for p in ("called-king", "demanded-king")}
        for rules in PRESETS.values():
            gloss = i18n.tr("engine.hint.alone." + rules.partnership)
            said_here = 0
            for view, _ in auction_and_exchange(rules, 12):
                if Act.SANS_PRENDRE not in view.legal:
                    continue
                text = hints.reason(view, Act.SANS_PRENDRE)
                if rules.partnership == "alone":
                    assert not any(king in text for king in kings), (rules.id, text)
                else:
                    assert gloss in text and stock not in text, (rules.id, text)
                said_here += 1
            assert said_here, rules.id
