// saves-list.js: the saved games in words (for the list of saved games and for the notices that
// name a game) and the list itself, built from what saves.js keeps with createElement only.

import { h } from "./render.js";
import { sentences } from "./checks.js";
import { language, signedNumber, t } from "./i18n.js";

/** "5 minutes ago", "yesterday", "on 3 March 2026" (in the page's language). */
export function whenPlayed(ms, now = Date.now()) {
  if (!ms) return null;
  const RELATIVE = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  const minutes = Math.round((now - ms) / 60000);
  if (minutes < 1) return t("ui.when.now");
  if (minutes < 60) return RELATIVE.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return RELATIVE.format(-hours, "hour");
  const days = Math.round(hours / 24);
  if (days < 7) return RELATIVE.format(-days, "day");
  const locale = language() === "en" ? "en-GB" : language();
  return t("ui.when.on", { date: new Date(ms).toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric" }) });
}

/** The saved game's rules by their title (`presets`: the engine's list). */
function rulesTitle(save, presets) {
  return save.title ?? presets.find((p) => p.id === save.rules)?.title ?? t("ui.saves.a_game");
}

/** What a saved game is, in a few words: rules, deal, balance, when last played. */
function describeParts(save, presets) {
  if (save.damaged) return [t("ui.saves.damaged_lower")];
  const parts = [rulesTitle(save, presets)];
  if (save.deal !== null) parts.push(t(save.over ? "ui.saves.deal_over" : "ui.saves.deal", { n: save.deal }));
  if (save.balance !== null) parts.push(t("ui.saves.balance", { balance: signedNumber(save.balance) }));
  const when = whenPlayed(save.updated);
  if (when) parts.push(t("ui.saves.last", { when }));
  return parts;
}

/** A saved game in one phrase, as a notice names it. */
export function describeSave(save, presets) {
  return describeParts(save, presets).join(", ");
}

/**
 * The list of saved games in `list` (its `empty` line shown when there are none). `current`: the
 * id this tab plays, if any; `elsewhere`: the ids other tabs play; a game this tab does not play
 * has a button to resume it (to play it here, when another tab has it and `canTakeOver`), which
 * calls `onResume(id, {takeOver})`.
 */
export function renderSavesList(listBox, emptyLine, saved, { current, elsewhere, canTakeOver, presets, onResume }) {
  listBox.replaceChildren(...saved.map((save) => {
    const here = save.id === current;
    const away = elsewhere.has(save.id);
    const status = here ? t("ui.saves.here") : away ? t("ui.saves.away") : "";
    let button = null;
    if (!here && !save.damaged && (!away || canTakeOver)) {
      const action = away ? t("ui.saves.play_here") : t("ui.saves.resume");
      button = h("button", {
        type: "button",
        class: "resume",
        text: action,
        "aria-label": t("ui.saves.button_label", { action, game: describeSave(save, presets) }),
        onclick: () => onResume(save.id, { takeOver: away }),
      });
    }
    return h("li", { class: `save${here ? " current" : ""}`, dataset: { id: save.id } },
      h("div", { class: "save-info" },
        h("span", { class: "save-title", text: save.damaged ? t("ui.saves.damaged") : rulesTitle(save, presets) }),
        save.damaged ? null : h("span", { class: "save-facts", text: sentences(describeParts(save, presets).slice(1).join(" \u00b7 ")).slice(0, -1) }),
        status ? h("span", { class: "save-status", text: status }) : null),
      button);
  }));
  emptyLine.hidden = saved.length > 0;
}
