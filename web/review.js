// The review of a finished deal (issue #6): each of the person's decisions beside the expert's
// choice from what they could see, and the solver's best cards with every hand known. Python
// decides every word and verdict (bridge.review); this module only lays the rows out.

import { h, withTerms } from "./render.js";
import { t } from "./i18n.js";

const STAGES = {
  auction: "ui.review.auction", exchange: "ui.review.exchange", trump: "ui.review.trump", call: "ui.review.call",
  play: "ui.review.trick",
};

function when(row) {
  if (row.stage === "play" && row.trick) return t("ui.review.trick_n", { n: row.trick });
  return STAGES[row.stage] ? t(STAGES[row.stage]) : row.stage;
}

function rowOf(row) {
  const verdict = row.label ?? "";
  // data-label names each cell where a narrow screen stacks them (style.css).
  return h("tr", { class: row.verdict ? `verdict-${row.verdict}` : "" },
    h("th", { scope: "row", text: when(row) }),
    h("td", { dataset: { label: t("ui.review.you") }, text: row.you }),
    h("td", { dataset: { label: t("ui.review.expert") }, class: row.agrees ? "agrees" : "", text: row.agrees ? t("ui.review.same", { card: row.expert }) : row.expert }),
    h("td", { dataset: { label: t("ui.review.best_short") }, class: row.best ? "" : "none", text: row.best ? row.best.join(", ") : "—" }),
    h("td", { dataset: { label: t("ui.review.verdict") }, class: verdict ? "" : "none", title: row.text || undefined }, verdict ? h("b", { text: verdict }) : "",
      row.text ? h("span", { class: "review-why" }, " ", withTerms(row.text)) : ""));
}

let opened = 0;  // each opening of the dialog; an older one's loop stops when it sees a newer

/**
 * Open the review dialog and fill it from `fetchRows()`, a promise of the bridge's reply with
 * one more decision worked out (`review({"rows": 1})`): the rows are shown as they come, and
 * asking stops when the review is done or the dialog is closed, so the engine is free for the
 * next deal between two rows (a row of the first tricks at four or five seats takes seconds).
 * The dialog says it is working meanwhile; an error is shown inside it, never thrown.
 */
export async function openReview(fetchRows) {
  const dialog = document.getElementById("review-dialog");
  const status = document.getElementById("review-status");
  const summary = document.getElementById("review-summary");
  const table = document.getElementById("review-table");
  const rows = document.getElementById("review-rows");
  const mine = ++opened;
  rows.replaceChildren();
  table.hidden = true;
  summary.textContent = "";
  status.textContent = t("ui.review.working");
  dialog.dataset.state = "working";
  if (!dialog.open) dialog.showModal();
  document.getElementById("review-close").focus();
  try {
    for (;;) {
      const review = await fetchRows();
      if (mine !== opened || !dialog.open) return;  // closed, or opened again: leave it be
      if (review.decisions.length !== rows.childElementCount) {  // the last call may bring none
        rows.replaceChildren(...review.decisions.map(rowOf));
        table.hidden = review.decisions.length === 0;
      }
      if (!review.done) continue;
      summary.replaceChildren(withTerms(review.summary ?? ""));
      status.textContent = review.decisions.length ? "" : t("ui.review.no_decision");
      dialog.dataset.state = "ready";
      return;
    }
  } catch (err) {
    if (mine !== opened) return;
    status.textContent = t("ui.review.error", { reason: err.message ?? err });
    dialog.dataset.state = "error";
  }
}
