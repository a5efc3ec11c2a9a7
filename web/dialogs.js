// dialogs.js: the contents of the Tricks played and Statistics dialogs, built from what they are
// given (the engine's snapshot; the statistics kept by stats.js) with createElement only.

import { cardFigure, h, signed, term } from "./render.js";
import { balanceChart, balances, totals } from "./stats.js";

const seatName = (snap, seat) => snap.seats?.[seat]?.name ?? `Seat ${seat}`;

/**
 * The tricks quitted so far (snap.tricks_played): for each, who led, the cards in the order they
 * were played and by whom, and who won it. Where the rules let the person look at them only on
 * their turn, the engine sends none at other times, and the dialog says why.
 */
export function renderTricksDialog(snap, ruleBox, list) {
  const played = snap?.tricks_played ?? { count: 0, shown: false, rule: "", tricks: [] };
  ruleBox.replaceChildren(played.rule ?? "");
  if (!played.shown && played.count) {
    ruleBox.append(" ", h("b", { text: `${played.count} trick${played.count === 1 ? " has" : "s have"} been played; you may look at them on your turn.` }));
  } else if (!played.count) {
    ruleBox.append(" ", h("b", { text: "No trick has been played yet in this deal." }));
  }
  list.replaceChildren(...(played.tricks ?? []).map((trick) => {
    const winner = seatName(snap, trick.winner);
    const heading = `Trick ${trick.number}: led by ${seatName(snap, trick.leader)}, won by ${winner}`;
    return h("li", { class: "played-trick", dataset: { number: String(trick.number) } },
      h("h3", { class: "played-title", text: heading }),
      h("ol", { class: "played-cards", "aria-label": heading },
        trick.cards.map(({ seat, card }, i) => h("li", { class: `played-card${seat === trick.winner ? " winner" : ""}` },
          cardFigure(card, "mini"),
          h("span", { class: "played-who" },
            h("span", { class: "visually-hidden", text: `${i === 0 ? "Led" : "Then"}: ${card.label}, by ` }),
            seatName(snap, seat),
            seat === trick.winner ? h("span", { class: "played-won", text: " \u2014 won" }) : null)))));
  }));
}

const ROWS = [
  ["deals", () => "Deals played"],
  ["ombre", () => h("span", {}, "Played as ", term("ombre"))],
  ["won", () => h("span", {}, "Won as ", term("ombre"), " (", term("sacada"), ")")],
  ["suffered", () => h("span", {}, term("codille", "Codilles"), " suffered")],
  ["given", () => h("span", {}, term("codille", "Codilles"), " given")],
  ["average", () => "Counters per deal"],
  ["counters", () => "Balance"],
  ["undone", () => h("span", {}, "Deals with ", h("b", { text: "Undo" }))],
];

/** The statistics: a table per rules (columns) and the chart of the balance over the deals. */
export function renderStats(kept, box, names) {
  const all = totals(kept);
  const ids = Object.keys(all);
  box.replaceChildren();
  if (!ids.length) {
    box.append(h("p", { class: "stats-empty", text: "No deal counted yet: finish a deal and it is counted here." }));
    box.append(balanceChart({}, names));
    return;
  }
  const table = h("table", { class: "stats-table" },
    h("caption", { text: "Your deals in this browser, by rules (amounts in each rules' smallest counter: lesser counters in 1660, 12 to a greater)" }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), ids.map((id) => h("th", { scope: "col", text: names(id) })))));
  const body = h("tbody");
  for (const [key, label] of ROWS) {
    body.append(h("tr", { dataset: { row: key } }, h("th", { scope: "row" }, label()),
      ids.map((id) => {
        const t = all[id];
        let text = String(t[key] ?? 0);
        if (key === "won") text = t.ombre ? `${t.won} of ${t.ombre}` : "0";
        if (key === "average") text = t.deals ? (t.counters / t.deals).toFixed(1).replace(/^(?!-)(?=[1-9]|0\.[1-9])/, "+") : "0";
        if (key === "counters") text = signed(t.counters);
        return h("td", { text });
      })));
  }
  table.append(body);
  box.append(table);
  box.append(h("figure", { class: "chart-box" },
    balanceChart(balances(kept), names),
    h("figcaption", {}, ids.map((id, n) => h("span", { class: `legend legend-${n % 3}`, text: names(id) })))));
}
