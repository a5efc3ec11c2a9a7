// advice.js: what the engine says to the person on their turn: the Hint (the expert's choice, why,
// and how often the deal goes their way: bridge.hint) and the tutor (a setting for a first game:
// the step explained, bridge.explain). Both belong to the turn they were asked on, and are
// dropped when the table moves on.

import { h, withTerms } from "./render.js";
import { t } from "./i18n.js";

/** A turn of a deal: the hint and the tutor's words are for this turn only. */
export function turnKey(snap) {
  return snap ? `${snap.deal_number}:${(snap.log ?? []).length}:${snap.phase}` : "";
}

/**
 * The advice of the table: `call(fn)` asks the bridge; `current()` is the snapshot on the table
 * now (a reply that comes after the table moved on is dropped); the elements are the Hint button,
 * the hint's text, the tutor's box, and the action buttons and the hand that the hint marks.
 */
export function createAdvice({ call, current, button, text, tutor, actions, hand }) {
  let hinted = null;  // {for: turnKey, action, cards}: what the hint names, marked on its turn

  /** The Hint button on the person's turn; the hint's text belongs to the snapshot it was for. */
  function renderHint(snap, { busy, away }) {
    button.hidden = !(snap && snap.human_to_move && !away);
    button.disabled = busy;
    if (text.dataset.for !== turnKey(snap)) {
      text.hidden = true;
      text.textContent = "";
    }
  }

  /** Marks the hint's button or cards (the card it plays, the cards it discards) on the turn it
   * was asked for: after each drawing of the table, and in place when the hint comes, so focus
   * stays on the Hint button. The table is drawn anew with no marks, so marks are only added. */
  function markHinted(snap) {
    if (!hinted || hinted.for !== turnKey(snap)) return;
    const { action, cards } = hinted;
    for (const b of actions.querySelectorAll("button[data-action]")) b.classList.toggle("hinted", b.dataset.action === action);
    for (const b of hand.querySelectorAll("button.hand-card")) {
      if (!cards.has(b.dataset.code) || b.classList.contains("hinted")) continue;
      b.classList.add("hinted");
      b.setAttribute("aria-label", b.getAttribute("aria-label") + t("ui.card.hinted"));
    }
  }

  /** Ask the engine for the hint on the person's turn, and show it where it was asked. */
  async function showHint(snap) {
    button.disabled = true;
    text.hidden = false;
    text.textContent = t("ui.hint.thinking");
    text.dataset.for = turnKey(snap);
    delete text.dataset.action;
    try {
      const advice = await call("hint");
      if (text.dataset.for !== turnKey(current())) return;
      text.textContent = advice.text;  // the action, why, and the chance: the engine's words
      text.dataset.action = advice.action;  // the code, for tests and tools: the words are shown
      hinted = { for: turnKey(snap), action: advice.action, cards: new Set(advice.cards ?? []) };
      markHinted(current());
    } catch (err) {
      text.textContent = t("ui.hint.none", { reason: err.message ?? err }).replace(/\.\.$/, ".");
    } finally {
      button.disabled = false;
    }
  }

  /** The tutor (a setting): on the person's turn, the engine's words on the step. */
  function renderTutor(snap, { on }) {
    if (!(on && snap && snap.human_to_move && !snap.replay)) {
      tutor.hidden = true;
      tutor.dataset.for = "";
      return;
    }
    const key = turnKey(snap);
    if (tutor.dataset.for === key) return;
    tutor.dataset.for = key;
    tutor.hidden = true;
    call("explain").then((reply) => {
      if (tutor.dataset.for !== key || !reply.lines?.length) return;
      tutor.replaceChildren(h("p", { class: "tutor-title", text: t("ui.tutor.title") }),
        ...reply.lines.map((line) => h("p", {}, withTerms(line))));
      tutor.hidden = false;
    }, () => { /* the tutor is a help: the table goes on without it */ });
  }

  /** The words shown belong to the language they were asked in: ask again when next drawn. */
  function forgetWords() {
    tutor.dataset.for = "";
    text.dataset.for = "";
  }

  return { renderHint, markHinted, showHint, renderTutor, forgetWords };
}
