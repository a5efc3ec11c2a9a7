// dialogs.js: the contents of the Tricks played and Statistics dialogs, built from what they are
// given (the engine's snapshot; the statistics kept by stats.js) with createElement only.

import { cardFigure, h, term } from "./render.js";
import { LOOKS, balanceChart, balances, totals } from "./stats.js";
import { count, richText, signedNumber, t } from "./i18n.js";

const seatName = (snap, seat) => snap.seats?.[seat]?.name ?? t("ui.seat.number", { n: seat });

/**
 * The tricks quitted so far (snap.tricks_played): for each, who led, the cards in the order they
 * were played and by whom, and who won it. Where the rules let the person look at them only on
 * their turn, the engine sends none at other times, and the dialog says why.
 */
export function renderTricksDialog(snap, ruleBox, list) {
  const played = snap?.tricks_played ?? { count: 0, shown: false, rule: "", tricks: [] };
  ruleBox.replaceChildren(played.rule ?? "");
  if (!played.shown && played.count) {
    ruleBox.append(" ", h("b", { text: t(played.count === 1 ? "ui.tricks.later_one" : "ui.tricks.later", { n: played.count }) }));
  } else if (!played.count) {
    ruleBox.append(" ", h("b", { text: t("ui.tricks.none") }));
  }
  list.replaceChildren(...(played.tricks ?? []).map((trick) => {
    const heading = trick.title;  // the engine's words: who led it and who won it
    return h("li", { class: "played-trick", dataset: { number: String(trick.number) } },
      h("h3", { class: "played-title", text: heading }),
      h("ol", { class: "played-cards", "aria-label": heading },
        trick.cards.map(({ seat, card }, i) => h("li", { class: `played-card${seat === trick.winner ? " winner" : ""}` },
          cardFigure(card, "mini"),
          h("span", { class: "played-who" },
            h("span", { class: "visually-hidden", text: t(i === 0 ? "ui.tricks.led" : "ui.tricks.then", { card: card.label }) }),
            seatName(snap, seat),
            seat === trick.winner ? h("span", { class: "played-won", text: ` \u2014 ${t("ui.tricks.won")}` }) : null)))));
  }));
}

// Each row's words: a template whose {ombre}, {sacada} and {codilles} are explained on hover.
const ROWS = [
  ["deals", "ui.stats.row.deals"],
  ["ombre", "ui.stats.row.ombre"],
  ["won", "ui.stats.row.won"],
  ["suffered", "ui.stats.row.suffered"],
  ["given", "ui.stats.row.given"],
  ["average", "ui.stats.row.average"],
  ["counters", "ui.stats.row.balance"],
  ["undone", "ui.stats.row.undone"],
];

const ROW_TERMS = { ombre: "ombre", sacada: "sacada", codilles: "codille" };

function rowLabel(key) {
  return h("span", {}, richText(t(key), (name) => (ROW_TERMS[name] ? term(ROW_TERMS[name], t(`ui.stats.term.${name}`)) : `{${name}}`)));
}

/** The statistics: a table per rules (columns) and the chart of the balance over the deals. */
export function renderStats(kept, box, names) {
  const all = totals(kept);
  const ids = Object.keys(all);
  box.replaceChildren();
  if (!ids.length) {
    box.append(h("p", { class: "stats-empty", text: t("ui.stats.empty") }));
    box.append(balanceChart({}, names));
    return;
  }
  const look = (id) => ids.indexOf(id) % LOOKS;
  // The caption stands above the box the table scrolls in (a <caption> would scroll with it,
  // cut at the screen's edge); the table is named by it.
  box.append(h("p", { id: "stats-caption", class: "stats-caption", text: t("ui.stats.caption") }));
  const table = h("table", { class: "stats-table", "aria-labelledby": "stats-caption" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), ids.map((id) => h("th", { scope: "col", text: names(id) })))));
  const body = h("tbody");
  for (const [key, label] of ROWS) {
    body.append(h("tr", { dataset: { row: key } }, h("th", { scope: "row" }, rowLabel(label)),
      ids.map((id) => {
        const n = all[id];
        let text = count(n[key] ?? 0);
        if (key === "won") text = n.ombre ? t("ui.stats.of", { won: count(n.won), played: count(n.ombre) }) : "0";
        if (key === "average") text = n.deals ? signedNumber(n.counters / n.deals, 1) : "0";
        if (key === "counters") text = signedNumber(n.counters);
        return h("td", { text });
      })));
  }
  table.append(body);
  // One column a rule set: on a phone the table scrolls sideways in its own box (reachable from
  // the keyboard), as the rules' comparison does, and the dialog keeps the screen's width.
  box.append(h("div", { class: "stats-scroll", role: "region", tabindex: "0", "aria-label": t("ui.stats.scroll") }, table));
  box.append(h("figure", { class: "chart-box" },
    // Each rule set's look by its place among the totals, in the chart as in the legend (the
    // chart's own order, the deals kept, can differ from it once old deals are folded in).
    balanceChart(balances(kept), names, look),
    h("figcaption", {}, ids.map((id) => h("span", { class: `legend legend-${look(id)}`, dataset: { rules: id }, text: names(id) })))));
}
