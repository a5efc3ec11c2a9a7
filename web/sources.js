// sources.js: the rules panel of "How to play": the chosen rule set's rules, each with its source
// quoted, and the side-by-side table of how the rule sets differ. Everything shown comes from the
// engine (bridge.rules_panel, built in ombre_core/sources.py from the Rules values): this module
// only lays it out, with createElement and textContent.

import { h, withTerms } from "./render.js";
import { t } from "./i18n.js";

/** The source of a quotation, as a reader would cite it: "ENC", "CG p. 32". */
function citation(quote) {
  return quote.where ? `${quote.siglum}, ${quote.where}` : quote.siglum;
}

function quoteNode(quote, glossary) {
  const cite = h("cite", {}, h("abbr", { title: quote.source, text: citation(quote) }));
  if (quote.reported) {
    // The compendium's words about a page it read: not put in quotation marks.
    return h("p", { class: "source-quote reported" }, cite,
      ` ${t("ui.sources.reported")} `, withTerms(quote.text, glossary));
  }
  // The source's own words, in English; in another language the engine adds their translation.
  return h("p", { class: "source-quote" }, cite, t("ui.colon", { label: "", text: "" }),
    h("q", { class: "verbatim", lang: "en" }, withTerms(quote.text, glossary)),
    quote.gloss ? h("span", { class: "source-gloss", text: quote.gloss }) : null);
}

/** The chosen rule set's rules: topic, the rule in plain words, its sources quoted. */
export function renderRuleLines(panel, box) {
  const glossary = panel.glossary;
  box.replaceChildren(
    h("p", { class: "sources-desc", text: panel.preset?.description ?? "" }),
    h("dl", { class: "source-lines", "aria-label": t("ui.sources.lines", { rules: panel.preset?.title ?? t("ui.sources.this_set") }) },
      (panel.lines ?? []).flatMap((line) => [
        h("dt", { dataset: { key: line.key } }, line.topic),
        h("dd", { dataset: { key: line.key } },
          h("p", { class: "source-statement" }, withTerms(line.statement, glossary)),
          (line.quotes ?? []).map((q) => quoteNode(q, glossary)),
          line.note ? h("p", { class: "source-note", text: line.note }) : null),
      ])));
}

/** The side-by-side table: a row per rule that differs, a column per rule set. */
export function renderCompare(panel, box) {
  const compare = panel.compare ?? { presets: [], rows: [] };
  const chosen = panel.preset?.id;
  const glossary = panel.glossary;
  const table = h("table", { class: "compare-table", id: "compare-table" },
    h("caption", { id: "compare-caption", text: t("ui.sources.caption") }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", text: t("ui.sources.rule") }),
      compare.presets.map((p) => h("th", {
        scope: "col",
        class: p.id === chosen ? "chosen" : null,
        dataset: { preset: p.id },
        text: p.title,
      })))),
    h("tbody", {}, compare.rows.map((row) => h("tr", { dataset: { field: row.field } },
      h("th", { scope: "row" }, withTerms(row.label, glossary)),
      row.values.map((value, i) => h("td", { class: compare.presets[i]?.id === chosen ? "chosen" : null },
        withTerms(value, glossary)))))));
  box.replaceChildren(table);
}
