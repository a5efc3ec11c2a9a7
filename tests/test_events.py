"""``Deal.apply`` returns what happened as a frozen event; each view holds them censored for its
seat (issue #7; STYLE, "return what happened"). Belinda's game (rape-of-the-lock.md) as example."""

from __future__ import annotations

from ombre_helpers import load_json, m

from ombre_core.actions import Act
from ombre_core.cards import parse_card
from ombre_core.record import start_of
from ombre_core.state import Deal, Event, Phase
from ombre_core.views import view_of

BELINDA, BARON, THIRD = 0, 1, 2


def played_belinda() -> tuple[list[Event], Deal]:
    record = load_json("belinda.json")
    deal = start_of(record)
    returned = [deal.apply(text) for text in record["actions"]]
    return returned, deal


def test_apply_returns_the_event_the_deal_keeps() -> None:
    returned, deal = played_belinda()
    assert returned == deal.events
    assert [e.action for e in returned] == deal.history
    assert all(isinstance(e, Event) for e in returned)


def test_events_say_what_each_action_did() -> None:
    returned, _ = played_belinda()
    bid, _, _, discard, trump, baron, third = returned[:7]
    assert (bid.seat, bid.action, bid.phase) == (BELINDA, Act.PLAY, Phase.AUCTION)
    # the Ombre discards two, names spades, and only then takes in (RG Addition 2)
    assert (discard.discarded, discard.taken, discard.drawn) == (2, 0, 0)
    assert trump.action == Act.TRUMP + 0 and trump.phase == Phase.TRUMP_CHOICE
    assert (trump.taken, trump.drawn) == (2, m("5d 6d"))
    assert (baron.discarded, baron.taken, baron.drawn) == (3, 3, m("4s Jd Ah"))
    assert (third.discarded, third.taken, third.drawn) == (2, 2, m("4h 3h"))
    # a card that completes a trick names its winner; the others say -1
    cards = [e for e in returned if e.phase == Phase.PLAY and e.action < 40]
    assert len(cards) == 27
    assert [e.won for e in cards[:3]] == [-1, -1, BELINDA]
    assert cards[-1].action == parse_card("Kh") and cards[-1].won == BELINDA  # "The nice trick"


def test_each_view_holds_the_events_censored_for_its_seat() -> None:
    returned, deal = played_belinda()
    baron = view_of(deal, BARON).events
    # the Baron sees that Belinda discarded two and took two in, not which
    assert baron[3] == Event(BELINDA, Act.DISCARD, Phase.DISCARD, 0, 0, -1, 2)
    assert baron[4].drawn == 0 and baron[4].taken == 2
    assert baron[5] == returned[5]  # his own discard and draw, in full
    assert baron[6].action == Act.DISCARD and baron[6].drawn == 0
    # everything public is the same for every seat
    for seat in (BELINDA, BARON, THIRD):
        seen = view_of(deal, seat).events
        assert [(e.seat, e.phase, e.taken, e.discarded, e.won) for e in seen] == [
            (e.seat, e.phase, e.taken, e.discarded, e.won) for e in returned
        ]
