// The review of a finished deal (issue #6): each of the person's decisions beside the expert's
// choice from what they could see, and the solver's best cards with every hand known. Python
// decides every word and verdict (bridge.review); this module only lays the rows out.

import { h, withTerms } from "./render.js";
import { t } from "./i18n.js";

const STAGES = { auction: "ui.review.auction", exchange: "ui.review.exchange", play: "ui.review.trick" };

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

/**
 * Open the review dialog and fill it from `fetchReview()` (a promise of the bridge's reply).
 * The dialog says it is thinking meanwhile; an error is shown inside it, never thrown.
 */
export async function openReview(fetchReview) {
  const dialog = document.getElementById("review-dialog");
  const status = document.getElementById("review-status");
  const summary = document.getElementById("review-summary");
  const table = document.getElementById("review-table");
  const rows = document.getElementById("review-rows");
  rows.replaceChildren();
  table.hidden = true;
  summary.textContent = "";
  status.textContent = t("ui.review.working");
  dialog.dataset.state = "working";
  if (!dialog.open) dialog.showModal();
  document.getElementById("review-close").focus();
  try {
    const review = await fetchReview();
    rows.replaceChildren(...review.decisions.map(rowOf));
    summary.replaceChildren(withTerms(review.summary ?? ""));
    table.hidden = review.decisions.length === 0;
    status.textContent = review.decisions.length ? "" : t("ui.review.no_decision");
    dialog.dataset.state = "ready";
  } catch (err) {
    status.textContent = t("ui.review.error", { reason: err.message ?? err });
    dialog.dataset.state = "error";
  }
}
