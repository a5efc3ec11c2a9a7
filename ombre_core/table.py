"""The presenter: what the table shows one person, built from that person's :class:`View` alone.

The browser draws these snapshots as they are (``docs/bridge.md``); it decides nothing. Because a
snapshot is built from a view and the table's public facts (names, deal number, the ledger), it
cannot hold a card its reader may not see: the secrecy is the view's, not this module's care.
The same holds for the
partner at Ombre by five: a seat's role says ``partner`` only where the view names him.
Nothing here can rebuild a hidden hand either: the session seed stays out of the snapshot, and a
deal's record (every hand and the stock) is given only once the deal is over (``bridge``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import actions as A
from .actions import Act
from .bots.review import Decision
from .cards import QUEEN, cards_of, rank_of, suit_of
from .i18n import tr, tr_n
from .narrate import (
    Narrator,
    call_word,
    called_key,
    card_info,
    card_name,
    forced_spadille,
    gano_word,
    glossary,
    names_of,
    number_word,
    plain_lower,
    plain_name,
    said,
    suit_info,
    suit_lower,
    unit_word,
)
from .rules import preset_title
from .state import Phase
from .tables import DISPLAY_ORDER
from .views import View


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What everyone at the table knows beyond the deal: who sits where and the ledger."""

    names: tuple[str, ...]
    human: int | None
    """The person's seat (``None`` when only computer players sit)."""
    deal_number: int
    balances: tuple[int, ...]
    pool: int
    """The pool between deals, as the ledger holds it."""
    deals: int
    history: tuple[dict[str, Any], ...]
    """One entry per finished deal (see :class:`~ombre_core.session.Session`)."""
    level: str = "novice"
    """The computer players' level."""
    can_undo: bool = False
    """Whether the person has a decision in this deal to take back (practice)."""
    undos: int = 0
    """How many times undo was used in this deal."""


def _action_entry(view: View, action: int) -> dict[str, str]:
    if A.is_trump(action):
        suit = suit_info(action - Act.TRUMP)
        return {
            "action": A.format_action(action),
            "label": f"{suit['name']} {suit['symbol']}",
            "hint": tr("engine.action.trump.hint", suit=suit_lower(action - Act.TRUMP)),
        }
    if A.is_call(action):
        card = A.called_card(action)
        suit = suit_info(suit_of(card))
        key = called_key(f"engine.action.{call_word(view.rules)}.hint", card)
        hint = tr(key, king=plain_lower(card))
        return {
            "action": A.format_action(action),
            "label": f"{plain_name(card)} {suit['symbol']}",
            "hint": hint,
        }
    if A.is_give(action):
        card = action - Act.GIVE
        name = card_name(card, view.trump, view.rules)
        return {
            "action": A.format_action(action),
            "label": name,
            "hint": tr("engine.action.give.hint", card=name),
        }
    if action == Act.DRAW:
        return {
            "action": "draw",
            "label": tr("engine.action.draw"),
            "hint": tr("engine.action.draw.hint"),
        }
    if view.step == Phase.LATE_TRUMP and action == Act.PASS:
        return {
            "action": "pass",
            "label": tr("engine.action.let-pass"),
            "hint": tr("engine.action.let-pass.hint"),
        }
    if view.step == Phase.REPLY:
        if action == Act.SANS_PRENDRE:
            return {
                "action": "sans-prendre",
                "label": tr("engine.action.keep"),
                "hint": tr("engine.action.keep.hint"),
            }
        return {
            "action": "pass",
            "label": tr("engine.action.yield"),
            "hint": tr("engine.action.yield.hint"),
        }
    words = glossary(view.rules)
    labels = {
        Act.PASS: (tr("engine.action.pass"), words["pass"]),
        Act.PLAY: (tr("engine.action.play"), words["play"]),
        Act.SANS_PRENDRE: (tr("engine.action.sans-prendre"), words["sans-prendre"]),
        Act.VOLE: (
            tr("engine.action.vole"),
            tr("engine.action.vole.hint", n=number_word(view.rules.tricks)),
        ),
        Act.GANO: (
            tr("engine.action.gano", word=gano_word(view.rules)),
            tr("engine.action.gano.hint"),
        ),
    }
    label, hint = labels[action]
    return {"action": A.format_action(action), "label": label, "hint": hint}


def _prompt(view: View, narrator: Narrator) -> str:
    if view.is_over:
        return tr("engine.prompt.over")
    seat = view.to_move
    assert seat is not None
    if seat != view.seat:
        if view.step == Phase.GIVE and view.demanded_from == view.seat and view.called is not None:
            # Quadrille by three (CG p. 46): the person's king is handed over, in view of all
            key = called_key("engine.prompt.demanded", view.called)  # a queen, with four kings
            return tr(key, who=narrator.who(seat), king=plain_lower(view.called))
        return tr("engine.prompt.thinking", who=narrator.who(seat))
    if view.step == Phase.REPLY:
        if view.rules.seats == 2:
            return tr("engine.prompt.reply.opponent")
        return tr("engine.prompt.reply")
    if view.phase == "auction":
        if Act.PASS not in view.legal:
            return tr("engine.prompt.must-play")
        return tr("engine.prompt.speak")
    if view.step == Phase.TRUMP_CHOICE:
        if forced_spadille(view):
            return tr("engine.prompt.trump.forced", spadille=names_of(view.rules).spadille)
        if view.rules.stock_size == 0:
            return tr("engine.prompt.trump")
        if Act.DRAW in view.legal:
            return tr("engine.prompt.trump.or-draw")
        return tr("engine.prompt.trump.before-draw")
    if view.step == Phase.LATE_TRUMP:
        if seat == view.ombre:
            return tr("engine.prompt.late-trump.ombre")
        return tr("engine.prompt.late-trump")
    if view.step == Phase.CALL:
        # holding every king but the trump's, he may call a queen (HOY law 12)
        queens = any(A.is_call(a) and rank_of(A.called_card(a)) == QUEEN for a in view.legal)
        return tr(f"engine.prompt.{call_word(view.rules)}" + (".queen" if queens else ""))
    if view.step == Phase.GIVE and view.demanded_from is not None and view.called is not None:
        return tr(
            called_key("engine.prompt.give", view.called),
            who=narrator.whom(view.demanded_from),
            king=plain_lower(view.called),
        )
    if view.discard_bounds is not None:
        low, high = view.discard_bounds
        if seat == view.ombre:
            return tr("engine.prompt.discard.ombre", low=low, high=high)
        return tr("engine.prompt.discard", high=high)
    if view.gano == view.seat:
        return tr("engine.prompt.gano", word=gano_word(view.rules))
    return tr("engine.prompt.lead") if not view.trick else tr("engine.prompt.play")


def _history_title(narrator: Narrator, entry: dict[str, Any]) -> str:
    outcome = entry["outcome"]
    if outcome == "passed":
        return tr("engine.history.passed")
    if outcome == "codille":
        if entry["codille_winner"] is None:
            return tr("engine.history.codille-side", who=narrator.who(entry["ombre"]))
        return tr("engine.history.codille", who=narrator.who(entry["codille_winner"]))
    return tr(f"engine.history.{outcome}", who=narrator.who(entry["ombre"]))


def _seats(view: View, table: TableFacts, narrator: Narrator) -> list[dict[str, Any]]:
    seats = []
    for s in range(view.seats):
        role = None
        if view.ombre is not None:
            role = "ombre" if s == view.ombre else "defender"
            calling = view.rules.partnership == "called-king" and view.contract == Act.PLAY
            if calling and view.called is None and s != view.ombre:
                role = None  # a king is yet to be called: one of these seats will be the partner
            if view.called is not None and view.demanded_from is None and s != view.ombre:
                # the partner's side is known only where the view names him
                if s == view.partner:
                    role = "partner"
                elif view.partner is None and s != view.seat:
                    role = None
        bid = view.bids[s]
        seats.append(
            {
                "seat": s,
                "name": narrator.who(s),
                "is_human": s == table.human,
                "is_dealer": s == view.dealer,
                "is_eldest": s == view.eldest,
                "role": role,
                "bid": None if bid is None else A.format_action(bid),
                "cards": view.hand_counts[s],
                "tricks": view.tricks_won[s],
                "taken": view.taken[s],
                "balance": table.balances[s],
                "balance_text": narrator.short(table.balances[s], view.rules),
            }
        )
    return seats


def _trick_cards(view: View, leader: int, cards: Sequence[int]) -> list[dict[str, Any]]:
    return [
        {"seat": (leader + i) % view.seats, "card": card_info(c, view.trump, view.rules)}
        for i, c in enumerate(cards)
    ]


def _forced(view: View) -> str | None:
    """The card the person must play, when it is the only legal action (their last card, or the
    one card that follows suit): the table may play it for them. Never a decision among others,
    and never the vole, which is a choice."""
    options = [a for a in view.legal if a != Act.GANO]  # Gano is a word, not a choice of card
    if not view.my_turn or view.is_over or view.phase != "play" or len(options) != 1:
        return None
    (action,) = options
    return A.format_action(action) if A.is_card(action) else None


def _tricks_played(view: View, narrator: Narrator) -> dict[str, Any]:
    """The tricks quitted so far in this deal, where the rules let the person look at them.

    RG lets anyone look at the tricks at any time ("which ordinarily is resolved on the
    Affirmative"); CG's Quadrille chapter only when it is his turn to play (compendium §15 #15):
    :attr:`~ombre_core.rules.Rules.tricks_seen`. Once the deal is over every trick may be seen.
    """
    own_turn = view.rules.tricks_seen == "own-turn"
    shown = not own_turn or view.is_over or (view.my_turn and view.phase == "play")
    rule = tr("engine.tricks-seen.own-turn" if own_turn else "engine.tricks-seen.any-time")
    tricks = []
    if shown:
        for number, (leader, cards, winner) in enumerate(view.tricks, 1):
            tricks.append(
                {
                    "number": number,
                    "leader": leader,
                    "cards": _trick_cards(view, leader, cards),
                    "winner": winner,
                    "title": narrator.trick_title(number, leader, winner),
                }
            )
    return {"count": len(view.tricks), "shown": shown, "rule": rule, "tricks": tricks}


def _demand(view: View) -> dict[str, Any] | None:
    """Quadrille by three's demand (CG p. 46): the king the Ombre demanded, who handed it over,
    and the card given back once given. All of it was done in view of all, so every seat's
    snapshot shows it."""
    if view.demanded_from is None or view.called is None or view.ombre is None:
        return None
    rules, trump = view.rules, view.trump
    given = view.given
    return {
        "card": card_info(view.called, trump, rules),
        "from": view.demanded_from,
        "ombre": view.ombre,
        "given": None if given is None else card_info(given, trump, rules),
        "hint": glossary(rules)["demand"],
    }


def _result(view: View, narrator: Narrator) -> dict[str, Any] | None:
    settled = view.result
    if settled is None:
        return None
    return {
        "outcome": settled.outcome,
        "title": narrator.result_title(settled),
        "text": narrator.result_text(settled),
        "ombre": settled.ombre,
        "codille_winner": settled.codille_winner,
        "partner": settled.partner,
        "vole": settled.vole,
        "vole_declared": settled.vole_declared,
        "matadors": settled.matadors,
        "tricks": list(settled.tricks),
        "payments": list(settled.payments),
        "payments_text": [narrator.short(p, view.rules) for p in settled.payments],
        "lines": narrator.result_lines(settled, view.rules),
        "pool": settled.pool_out,
    }


def snapshot(view: View, table: TableFacts) -> dict[str, Any]:
    """Everything the table shows the reader of ``view`` (see ``docs/bridge.md``)."""
    rules = view.rules
    trump = view.trump
    narrator = Narrator(table.names, table.human)
    names = names_of(rules)  # in the reader's language
    my_turn = view.my_turn and not view.is_over
    legal_cards = view.legal_cards if my_turn else 0
    hand = [
        {**card_info(c, trump, rules), "legal": bool(legal_cards >> c & 1)}
        for c in DISPLAY_ORDER[trump]
        if view.hand >> c & 1
    ]
    legal: list[dict[str, str]] = []
    discard = None
    if my_turn:
        if view.discard_bounds is not None:
            low, high = view.discard_bounds
            discard = {"min": low, "max": high}
        else:
            legal = [_action_entry(view, a) for a in view.legal if not A.is_card(a)]
    last_trick = None
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        cards_shown = _trick_cards(view, leader, cards)
        last_trick = {"leader": leader, "cards": cards_shown, "winner": winner}
    contract = None
    if view.contract is not None:
        word = A.format_action(view.contract)
        # taking in from the stock; else calling a king, or demanding one (Quadrille by three)
        taking = "engine.contract." + ("take-in" if rules.stock_size else call_word(rules))
        contract = {
            "id": word,
            "name": tr("engine.contract.sans-prendre" if word == "sans-prendre" else taking),
            "hint": glossary(rules)[word],
        }
        if forced_spadille(view):  # all passed: the holder of Spadille plays (HOY law 2)
            contract["name"] = tr("engine.contract.forced", spadille=names_of(rules).spadille)
            contract["hint"] = glossary(rules)["forced-spadille"]
    partnership = None
    if view.called is not None and view.demanded_from is None:  # a demanded king: no partner
        partnership = {
            "called": card_info(view.called, trump, rules),
            "partner": view.partner,
            "hint": glossary(rules)["call"],
        }
    return {
        "rules": {
            "id": rules.id,
            "title": preset_title(rules),
            "unit": unit_word(rules, 1),
            "units": unit_word(rules, 2),
            "big_unit": unit_word(rules, 1, big=True),
            "big_unit_value": rules.big_unit_value,
            "seats": rules.seats,
            "stock_size": rules.stock_size,
            "names": {  # the preset's spelling of the named cards, for the help text too
                "spadille": names.spadille,
                "manille": names.manille,
                "basto": names.basto,
                "punto": names.punto,
                "matadors": names.matadors,
            },
            "gano": gano_word(rules),
        },
        "deal_number": table.deal_number,
        "level": table.level,
        "human": table.human,
        "phase": view.phase,
        "to_move": view.to_move,
        "human_to_move": my_turn,
        "prompt": _prompt(view, narrator),
        "dealer": view.dealer,
        "eldest": view.eldest,
        "ombre": view.ombre,
        "contract": contract,
        "partnership": partnership,
        "demand": _demand(view),
        "trump": None if trump is None else suit_info(trump),
        "seats": _seats(view, table, narrator),
        "hand": hand,
        "legal": legal,
        "discard": discard,
        "trick": {
            "leader": view.leader,
            "cards": _trick_cards(view, view.leader, view.trick),
            "gano": None if view.gano is None else {"seat": view.gano, "word": gano_word(rules)},
        },
        "last_trick": last_trick,
        "stock": {
            "count": view.stock_count,
            "cards": None
            if view.stock_seen is None
            else [card_info(c, trump, rules) for c in view.stock_seen],
        },
        "discards": [card_info(c, trump, rules) for c in cards_of(view.discards)],
        "log": narrator.log(view, table.deal_number),
        "result": _result(view, narrator),
        "ledger": {
            "balances": list(table.balances),
            "balances_text": [narrator.short(b, rules) for b in table.balances],
            "note": narrator.counters_note(rules),
            "pool": table.pool,
            "deals": table.deals,
            "unit": unit_word(rules, 2),
            "pool_now": view.pool,
            "pool_text": narrator.count(view.pool, rules),
            "history": [
                {
                    **entry,
                    "undos": entry.get("undos", 0),
                    "title": _history_title(narrator, entry),
                    "payments_text": [narrator.short(p, rules) for p in entry["payments"]],
                }
                for entry in table.history
            ],
        },
        "vole_declared": view.vole_declared,
        "gano": view.gano,
        "glossary": glossary(rules),
        "forced": _forced(view),
        "undo": {"available": table.can_undo, "used": table.undos},
        "tricks_played": _tricks_played(view, narrator),
    }


# ---- the review of a finished deal ---------------------------------------------------------------

_OUTCOME_KEYS = ("codille", "repuesto", "sacada", "vole")
"""The solver's rungs (:data:`~ombre_core.bots.ladder.RUNG_NAMES`), each named in a sentence by
``engine.review.outcome.<rung>`` ("a codille", "the vole")."""


def _outcome_words(rung: int) -> str:
    return tr(f"engine.review.outcome.{_OUTCOME_KEYS[rung]}")


def review_snapshot(decisions: Sequence[Decision], view: View) -> dict[str, Any]:
    """The review as the table shows it (``docs/bridge.md``): one row per decision of the
    view's seat, and a summary, all in words; built once the deal is over."""
    rows = []
    # By five and at Quadrille there is no stock: no exchange to name, and what is chosen before
    # the play differs by table (a trump, a king called or demanded, a card given back).
    stock = view.rules.stock_size > 0
    cards = best = tricks_lost = games_lost = agreed = differed = costly = unsolved = 0
    unpaid = untold = 0
    for d in decisions:
        row: dict[str, Any] = {
            "index": d.index,
            "stage": "play" if d.step == Phase.PLAY else _STAGES_OF.get(d.step, "auction"),
            "trick": d.trick,
            "you": said(d.action, view),
            "expert": said(d.expert, view),
            "agrees": d.expert == d.action,
            "best": None,
            "verdict": None,
            "label": "",
            "text": "",
        }
        agreed += d.expert == d.action
        if d.best_rung is not None and d.rung is not None:
            cards += 1
            row["best"] = [card_name(c, view.trump, view.rules) for c in d.best]
            if d.cost_game:
                games_lost += 1
                row["verdict"] = "game"
                row["label"] = tr("engine.review.game")
                row["text"] = tr(
                    "engine.review.game.text",
                    best=_outcome_words(d.best_rung),
                    this=_outcome_words(d.rung),
                )
            elif d.tricks_untold:  # the outcome kept; whether a trick went, not worked out
                untold += 1
                row["verdict"] = "kept"
                row["label"] = tr("engine.review.kept")
                row["text"] = tr("engine.review.kept.text", best=_outcome_words(d.best_rung))
            elif d.cost_tricks:
                tricks_lost += 1
                row["verdict"] = "trick"
                lost = d.cost_tricks
                row["label"] = tr_n("engine.review.trick", lost, words=number_word(lost))
                row["text"] = tr("engine.review.trick.text", tricks=d.tricks, best=d.best_tricks)
            else:
                best += 1
                row["verdict"] = "best"
                row["label"] = tr("engine.review.best")
                row["text"] = tr("engine.review.best.text")
        elif d.counters is not None and d.expert_counters is not None:
            differed += 1
            costly += d.cost_counters > 0
            row["verdict"], row["label"] = _choice_verdict(d.counters, d.expert_counters, view)
            row["text"] = tr(
                "engine.review.choice.text" if stock else "engine.review.choice.nostock.text",
                this=_counters_words(d.counters, view),
                expert=_counters_words(d.expert_counters, view),
            )
        elif d.unsolved:
            unsolved += 1
            row["verdict"] = "unsolved"
            row["label"] = tr("engine.review.unsolved")
            row["text"] = tr("engine.review.unsolved.text")
        if d.vole_gain:  # the card kept the vole (it was made): what was lost is the word
            unpaid = d.vole_gain
            row["verdict"] = "vole"
            row["label"] = tr("engine.review.vole")
            row["text"] = tr(
                "engine.review.vole.text", amount=Narrator.count(d.vole_gain, view.rules)
            )
        rows.append(row)
    parts = [tr_n("engine.review.summary.decisions", len(decisions))]
    if cards:
        parts.append(
            tr_n(
                "engine.review.summary.best",
                best,
                cards=cards,
                card=tr(f"engine.review.summary.card.{'one' if cards == 1 else 'other'}"),
                tricks=tr_n("engine.review.summary.tricks", tricks_lost),
                games=tr_n("engine.review.summary.games", games_lost),
            )
        )
    if untold:
        parts.append(tr_n("engine.review.summary.kept", untold))
    if differed:
        # "before the play": a bid, an exchange or a trump named (tables with a stock or not)
        worth = tr_n("engine.review.summary.costly", costly)  # its verb agrees with its count
        parts.append(tr_n("engine.review.summary.choices", differed, costly=worth))
    if unsolved:
        parts.append(tr_n("engine.review.summary.unsolved", unsolved))
    if unpaid:
        parts.append(tr("engine.review.summary.vole", amount=Narrator.count(unpaid, view.rules)))
    if decisions:
        parts.append(tr_n("engine.review.summary.expert", agreed, total=len(decisions)))
    return {"decisions": rows, "summary": " ".join(parts)}


def _choice_verdict(counters: int, expert: int, view: View) -> tuple[str, str]:
    """A bid's or an exchange's verdict against the expert's choice, on the true cards: what it
    cost (``counters``), or that it did as well (``even``) or better (``better``)."""
    if counters < expert:
        lost = expert - counters
        return "counters", tr("engine.review.cost", amount=Narrator.count(lost, view.rules))
    verdict = "even" if counters == expert else "better"
    return verdict, tr(f"engine.review.{verdict}")


def _counters_words(n: int, view: View) -> str:
    """ "you win 12 counters", "you lose 5 counters", "you neither win nor lose"."""
    if n == 0:
        return tr("engine.review.sum.none")
    key = "engine.review.sum.win" if n > 0 else "engine.review.sum.lose"
    return tr(key, amount=Narrator.count(abs(n), view.rules))


_STAGES_OF = {
    Phase.AUCTION: "auction",
    Phase.REPLY: "auction",
    Phase.DISCARD: "exchange",
    Phase.TRUMP_CHOICE: "trump",
    Phase.CALL: "call",
    Phase.GIVE: "exchange",
    Phase.LATE_TRUMP: "trump",
}
