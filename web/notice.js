// notice.js: the notice over the table: an error or a question ("alert", red), or a word in
// passing ("info", which does not take the focus from the game unless asked).
//
// Its text and its buttons ([label, onclick, primary?] each) may be functions that build them:
// such a notice is worded again (word()) when the language changes while it is open, so a
// notice's words should be given as functions wherever they are the page's own.

import { h } from "./render.js";
import { t } from "./i18n.js";

/**
 * The notice drawn in `box` (its words in `textBox`, its buttons in `actionsBox`); `afterHide`
 * runs when a notice that held the focus closes, to give the focus back to the game.
 */
export function createNotice({ box, textBox, actionsBox }, { afterHide = () => {} } = {}) {
  let shown = null;  // the open notice's {text, actions}

  /** Word the open notice (again) in the page's language, keeping the focus on its button. */
  function word() {
    if (!shown) return;
    const { text, actions } = shown;
    const hadFocus = actionsBox.contains(document.activeElement);
    const focused = [...actionsBox.children].indexOf(document.activeElement);
    textBox.textContent = typeof text === "function" ? text() : text;
    const made = typeof actions === "function" ? actions() : actions;
    actionsBox.replaceChildren(...made.map(([label, fn, primary]) =>
      h("button", { type: "button", class: primary ? "primary" : "", onclick: fn, text: label })));
    if (hadFocus) actionsBox.children[Math.max(0, focused)]?.focus();
  }

  function show(text, actions = [], { kind = "alert", focus = true } = {}) {
    shown = { text, actions };
    word();
    box.classList.toggle("info", kind === "info");
    box.hidden = false;
    if (focus) actionsBox.querySelector("button")?.focus();
  }

  function hide() {
    const hadFocus = box.contains(document.activeElement);
    box.hidden = true;
    box.classList.remove("info");
    if (hadFocus) queueMicrotask(afterHide);
    textBox.textContent = "";
    actionsBox.replaceChildren();
    shown = null;
  }

  /** Say something that asks nothing: one OK button (the primary one in an alert). */
  function tell(text, { kind = "alert", focus = true } = {}) {
    show(text, () => [[t("ui.notice.ok"), hide, kind === "alert"]], { kind, focus });
  }

  return {
    show,
    tell,
    hide,
    word,
    get open() { return shown !== null; },
  };
}
