"""Scripted deals told step by step: Belinda's game from *The Rape of the Lock* (issue #8).

A scenario is a game record (``docs/record.md``) with the seats' names, a caption for the steps
from which it holds (the lines of the source that tell them), and how sure each card is. Belinda's
game follows the compendium's reconstruction (``shared/rules/rape-of-the-lock.md`` §3): the poem
(Canto III, lines 25-100, the 1717 text; public domain) fixes some cards outright (*certain*), the
commentators agree on one (*probable*: the King of clubs), and the rest are one consistent
completion (*inferred*), as are the deal, the stock and the exchange, which the poem does not tell.
"""

from __future__ import annotations

from typing import Any, Final

from .errors import OmbreError
from .i18n import language, tr
from .jsontext import brief

BELINDA_RECORD: Final[dict[str, Any]] = {
    "format": "ombre-record/1",
    "rules": "1660",
    "dealer": 2,
    "names": ["Belinda", "The Baron", "The Knight"],
    "hands": [
        ["As", "2s", "Ac", "Ks", "Kc", "Kh", "Qh", "7c", "7h"],
        ["Qs", "Js", "7s", "6s", "Kd", "Qd", "2c", "3c", "7d"],
        ["5s", "3s", "4c", "Jc", "Jh", "6h", "5h", "2d", "3d"],
    ],
    "stock": ["5d", "6d", "4s", "Jd", "Ah", "4h", "3h", "Qc", "6c", "5c", "2h", "Ad", "4d"],
    "actions": [
        "play", "pass", "pass",
        "discard 7c 7h", "trump s", "discard 2c 3c 7d", "discard 2d 3d",
        "As", "4s", "3s",
        "2s", "6s", "5s",
        "Ac", "7s", "4c",
        "Ks", "Js", "Jc",
        "Kc", "Qs", "3h",
        "Kd", "4h", "6d",
        "Qd", "5h", "5d",
        "Jd", "Jh", "Qh",
        "Ah", "6h", "Kh",
    ],
}  # fmt: skip

# (first step, lines, the lines' text, a note): the caption holds from its step (the number of
# actions taken: a trick's from its first card) to the next one's.
BELINDA_CAPTIONS: Final[tuple[tuple[int, str, str, str], ...]] = (
    (0, "25-30",
     "Belinda now, whom thirst of fame invites, / Burns to encounter two adventrous Knights, / "
     "At Ombre singly to decide their doom; / And swells her breast with conquests yet to come. / "
     "Strait the three bands prepare in arms to join, / Each band the number of the sacred nine.",
     "Belinda is eldest hand and will be the Ombre, alone against the Baron and the Knight. The "
     "poem does not tell the deal, the asking or the exchange: those steps, and every card marked "
     "inferred, are one consistent reading (the compendium's), not Pope's."),
    (1, "31-44",
     "Soon as she spreads her hand, th' aerial guard / Descend, and sit on each important card: / "
     "First Ariel perch'd upon a Matadore, / Then each, according to the rank they bore; \u2026",
     "Belinda asks leave to play; both knights pass. Lines 37-44 describe the court cards of the "
     "whole pack, not her hand."),
    (5, "45-46",
     "The skilful Nymph reviews her force with care: / Let Spades be trumps! she said, and trumps "
     "they were.",
     "In 1660 the Ombre names the trump before looking at the cards taken in."),
    (8, "47-50",
     "Now move to war her sable Matadores, / In show like leaders of the swarthy Moors. / "
     "Spadillio first, unconquerable Lord! / Led off two captive trumps, and swept the board.",
     "Spadillio, the ace of spades, is always the highest trump. Which two small trumps fell is "
     "not told."),
    (11, "51-52",
     "As many more Manillio forc'd to yield, / And march'd a victor from the verdant field.",
     "Manillio: the two of spades, the second trump when spades are trumps."),
    (14, "53-54",
     "Him Basto follow'd, but his fate more hard / Gain'd but one trump and one Plebeian card.",
     "Basto, the ace of clubs, the third trump. The Knight is out of trumps: a plebeian card is a "
     "common card, neither trump nor court card."),
    (17, "55-64",
     "With his broad sabre next, a chief in years, / The hoary Majesty of Spades appears; \u2026 / "
     "The rebel Knave, who dares his prince engage, / Proves the just victim of his royal rage. / "
     "Ev'n mighty Pam, that Kings and Queens o'erthrew, \u2026 / Falls undistinguish'd by the "
     "victor Spade!",
     "The King of spades takes the Baron's Knave of spades and Pam, the Knave of clubs (the top "
     "card at Loo). Four tricks to Belinda, none to the others."),
    (20, "65-74",
     "Thus far both armies to Belinda yield; / Now to the Baron fate inclines the field. / "
     "His warlike Amazon her host invades, / Th' imperial consort of the crown of Spades. / "
     "The Club's black Tyrant first her victim dy'd, \u2026",
     "The Baron, void of clubs, trumps the King of clubs with his Queen of spades. (Hindsight: a "
     "heart led here would have won the trick, but Belinda could not know it.)"),
    (23, "75-78",
     "The Baron now his Diamonds pours apace; / "
     "Th' embroider'd King who shows but half his face, / "
     "And his refulgent Queen, with pow'rs combin'd, / Of broken troops an easy conquest find.",
     "The Baron has the lead and his diamonds are masters."),
    (26, "79-86",
     "Clubs, Diamonds, Hearts, in wild disorder seen, / With throngs promiscuous strow the level "
     "green. \u2026 / In heaps on heaps; one fate o'erwhelms them all.",
     "Which small cards fell is not told."),
    (29, "87-92",
     "The Knave of Diamonds tries his wily arts, / And wins (oh shameful chance!) the Queen of "
     "Hearts. / \u2026 She sees, and trembles at th' approaching ill, / Just in the jaws of ruin, "
     "and Codille.",
     "Four tricks each to Belinda and the Baron: one more to him would be codille."),
    (32, "93-100",
     "And now, (as oft in some distemper'd State) / On one nice Trick depends the gen'ral fate. / "
     "An Ace of Hearts steps forth: The King unseen / Lurk'd in her hand, and mourn'd his captive "
     "Queen: / He springs to vengeance with an eager pace, / And falls like thunder on the "
     "prostrate Ace. / The nymph exulting fills with shouts the sky; \u2026",
     "In a red plain suit the ace ranks below the knave: the King of hearts takes it. Belinda wins "
     "five tricks to four, and is paid for four matadors (Spadillio, Manillio, Basto and the King "
     "of trumps in sequence)."),
)  # fmt: skip

_CERTAIN = "As 2s Ac Ks Kh Qh Qs Js Kd Qd Jd Ah Jc"
_PROBABLE = "Kc"
BELINDA_MARKS: Final[dict[str, str]] = {
    **{c: "certain" for c in _CERTAIN.split()},
    **{c: "probable" for c in _PROBABLE.split()},
}
"""How sure each card is (compendium §3.3); every card not listed is inferred."""

TENACES_RECORD: Final[dict[str, Any]] = {
    "format": "ombre-record/1",
    "rules": "1660",
    "dealer": 2,
    "names": ["Sir Plume", "Belinda", "The Baron"],
    "hands": [
        ["2s", "7s", "Kh", "Qh", "Jh", "Kd", "Qd", "Jd", "Kc"],
        ["As", "Ac", "4h", "5h", "6h", "5d", "6d", "7d", "4c"],
        ["2h", "3h", "7h", "2d", "3d", "4d", "2c", "3c", "5c"],
    ],
    "stock": ["3s", "4s", "5s", "6s", "Js", "Qs", "Ks", "6c", "7c", "Jc", "Qc", "Ah", "Ad"],
    "actions": [
        "sans-prendre", "pass", "pass", "trump s", "discard", "discard",
        "Kh", "4h", "2h", "Qh", "5h", "3h", "Jh", "6h", "7h",
        "Kd", "5d", "2d", "Qd", "6d", "3d", "Jd", "7d", "4d",
        "Kc", "4c", "2c",
        "2s", "As", "3c",
        "Ac", "5c", "7s",
    ],
}  # fmt: skip
"""The 1660 pamphlet's example of Tenaces, in a deal made for it (the pamphlet gives only the four
trumps): Belinda holds Spadillio and Basto, the Ombre Mallilio and a small trump, and he must lead
into them."""

_RG = "The Royal Game of the Ombre (1660), \u201cOf the Tenaces\u201d"
TENACES_CAPTIONS: Final[tuple[tuple[int, str, str, str], ...]] = (
    (0, _RG,
     "There may be divers advantages in refusing to take the Players trick, but the chiefest is "
     "if you have Tenaces in your hands, that is, two Cards, which if you have the leading, you "
     "are sure to lose one of them. If the player lead to you, you are sure to win them both.",
     "Watch Belinda's hand: Spadillio and Basto. The deal is made for the example; only the four "
     "trumps are the pamphlet's."),
    (6, _RG,
     "\u2026 for example, if you have Spadillio and Basto in your hand, he have the Mallilio and "
     "another Trump \u2026",
     "Sir Plume plays sans prendre in spades and cashes his kings, queens and knaves; Belinda "
     "follows suit and keeps her two trumps."),
    (27, _RG,
     "\u2026 whereas if he leads, he loses both; for if he lead his Mallilio, you take it with "
     "your Spadillio, and with your Basto win the other Trump \u2026",
     "Sir Plume has only Mallilio and the seven of spades left, and the lead. (Take over Belinda "
     "here with Play on from here, or Sir Plume's line: had Belinda been made to lead, she would "
     "have lost one of the two.)"),
    (30, _RG,
     "\u2026 and \u2019tis called Tenaces, because it so catches you betwixt them, there is no "
     "avoiding it, &c.",
     "Spadillio took Mallilio; now Basto takes the last trump. Had Belinda led first, Spadillio "
     "would have drawn the seven, and Mallilio would have taken her Basto."),
)  # fmt: skip

SCENARIOS: Final[dict[str, dict[str, Any]]] = {
    "belinda": {
        "id": "belinda",
        "title": "Belinda's game (The Rape of the Lock, Canto III)",
        "source": "Alexander Pope, The Rape of the Lock (1714; text of 1717), Canto III, 25-100",
        "record": BELINDA_RECORD,
        "captions": BELINDA_CAPTIONS,
        "marks": BELINDA_MARKS,
        "seat": 0,
        "cite": "Canto III, lines {}",
    },
    "tenaces": {
        "id": "tenaces",
        "title": "Tenaces (The Royal Game of the Ombre, 1660)",
        "source": _RG,
        "record": TENACES_RECORD,
        "captions": TENACES_CAPTIONS,
        "marks": None,
        "seat": 1,
        "cite": "{}",
    },
}
"""The scenarios by id."""


def scenario(scenario_id: str) -> dict[str, Any]:
    """The scenario ``scenario_id``, or a clear error naming those there are."""
    try:
        return SCENARIOS[scenario_id]
    except (KeyError, TypeError):
        raise OmbreError(
            f"unknown scenario {brief(scenario_id)}: expected one of {', '.join(SCENARIOS)}"
        ) from None


def caption_at(
    captions: tuple[tuple[int, str, str, str], ...],
    step: int,
    cite: str = "{}",
    scenario_id: str | None = None,
) -> dict[str, str] | None:
    """The caption that holds at ``step``: the last whose first step is not after it, with where
    its text is from (``cite`` formatted with the caption's lines).

    A scenario's caption (``scenario_id``) is told in the current language: where it is from and
    the note (``scenario.<id>.cite``, ``scenario.<id>.<first step>.note``); its text, the poem's
    lines or the pamphlet's words, stays as written, with a ``translation`` beside it outside
    English (``scenario.<id>.<first step>.text``)."""
    found = None
    for first, lines, text, note in captions:
        if first <= step:
            found = {"lines": lines, "where": cite.format(lines), "text": text, "note": note}
            if scenario_id is not None:
                key = f"scenario.{scenario_id}.{first}"
                found["where"] = tr(f"scenario.{scenario_id}.cite", lines=lines)
                found["note"] = tr(f"{key}.note")
                if language() != "en":
                    found["translation"] = tr(f"{key}.text")
    return found


def scenario_title(scenario_id: str) -> str:
    """The scenario's title in the current language."""
    return tr(f"scenario.{scenario_id}.title")


def scenario_names(scenario_id: str) -> tuple[str, ...]:
    """The scenario's players, named in the current language (the Baron, el Barón)."""
    names = SCENARIOS[scenario_id]["record"]["names"]
    return tuple(tr(f"scenario.{scenario_id}.name.{seat}") for seat in range(len(names)))


MARKS: Final = ("certain", "probable", "inferred")
"""How sure a scenario's card is; :func:`mark_words` says each in words."""


def mark_words() -> dict[str, str]:
    """Each mark in words of the current language (the page shows them beside a marked card)."""
    return {mark: tr(f"scenario.mark.{mark}") for mark in MARKS}


__all__ = [
    "BELINDA_RECORD",
    "MARKS",
    "SCENARIOS",
    "caption_at",
    "mark_words",
    "scenario",
    "scenario_title",
]
