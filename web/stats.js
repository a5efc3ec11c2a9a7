// stats.js: the person's statistics over every game played in this browser, kept in
// localStorage["ombre.stats.v1"] ({"format": "ombre-stats/1", ...}), and the chart of the balance.
//
// Each finished deal is counted once, under its own key (the saved game's id and the deal's
// number): counting the same deal again (a reload that shows the result) replaces it, and a deal
// taken back by Undo after its end is forgotten until it ends again. What a deal was (who was
// ombre, the outcome, who won codille, what the person was paid) is read from the engine's
// result, never worked out here. The last MAX_DEALS deals are kept one by one (for the chart);
// older ones are folded into per-rules totals, so the counts never shrink.

import { quote } from "./checks.js";
import { signedNumber, t } from "./i18n.js";

export const STATS_KEY = "ombre.stats.v1";
const FORMAT = "ombre-stats/1";
export const MAX_DEALS = 500;
const NS = "http://www.w3.org/2000/svg";
/** The chart's distinct lines (style.css: three colours, whole and dashed, and a dotted grey):
 * one a rule set, as many as the presets. */
export const LOOKS = 7;

const COUNTS = ["deals", "ombre", "won", "suffered", "given", "counters", "undone"];
const zero = () => Object.fromEntries(COUNTS.map((k) => [k, 0]));

export const empty = () => ({ format: FORMAT, before: {}, deals: [] });

const whole = (n) => Number.isSafeInteger(n);

function entryProblem(d, i) {
  const ok = d && typeof d === "object"
    && typeof d.key === "string" && d.key.length <= 200
    && typeof d.rules === "string" && d.rules.length <= 40
    && whole(d.pay) && whole(d.t) && whole(d.undos) && d.undos >= 0
    && typeof d.ombre === "boolean" && typeof d.won === "boolean"
    && [null, "suffered", "given"].includes(d.codille);
  return ok ? null : t("ui.stats.bad.deal", { n: i + 1 });
}

/** Why a parsed statistics value cannot be used, or null. */
export function statsProblem(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return t("ui.stats.bad.object");
  if (data.format !== FORMAT) return t("ui.stats.bad.format", { value: quote(JSON.stringify(data.format ?? null)), format: FORMAT });
  if (!data.before || typeof data.before !== "object" || Array.isArray(data.before)) return t("ui.stats.bad.totals");
  for (const [rules, counts] of Object.entries(data.before)) {
    if (!counts || typeof counts !== "object" || !COUNTS.every((k) => whole(counts[k]))) return t("ui.stats.bad.counts", { rules: quote(rules) });
  }
  if (!Array.isArray(data.deals)) return t("ui.stats.bad.deals");
  for (const [i, d] of data.deals.entries()) {
    const problem = entryProblem(d, i);
    if (problem) return problem;
  }
  return null;
}

/**
 * Read the statistics kept in `store`: {stats, problem}. A value that cannot be read is put aside
 * (the statistics start again from nothing) and `problem` says why, as a sentence to show.
 */
export function loadStats(store) {
  const text = store.get(STATS_KEY);
  if (text === null || text === undefined) return { stats: empty(), problem: null };
  let data = null;
  let why = null;
  try { data = JSON.parse(text); } catch { why = t("ui.stats.bad.json"); }
  why ??= statsProblem(data);
  if (!why) return { stats: data, problem: null };
  store.remove(STATS_KEY);
  return {
    stats: empty(),
    problem: t("ui.stats.bad", { reason: why }),
  };
}

/** What the deal of `snap` counts for the person, from its result; null when it is not over. */
export function dealEntry(snap, key, now = Date.now()) {
  const r = snap?.result;
  const me = snap?.human;
  if (!r || me === null || me === undefined) return null;
  const ombre = r.ombre === me;
  const partner = r.partner === me;
  let codille = null;
  if (r.outcome === "codille") {
    if (ombre || partner) codille = "suffered";
    // At three the one who won codille is named; at five it goes to the other side together.
    else if (r.codille_winner === me || r.codille_winner === null) codille = "given";
  }
  return {
    key,
    rules: String(snap.rules?.id ?? "?"),
    t: Math.round(now),
    pay: Number(r.payments?.[me] ?? 0) || 0,
    ombre,
    won: ombre && r.outcome === "sacada",
    codille,
    undos: Number(snap.undo?.used ?? 0) || 0,
  };
}

function fold(counts, d) {
  counts.deals += 1;
  counts.ombre += d.ombre ? 1 : 0;
  counts.won += d.won ? 1 : 0;
  counts.suffered += d.codille === "suffered" ? 1 : 0;
  counts.given += d.codille === "given" ? 1 : 0;
  counts.counters += d.pay;
  counts.undone += d.undos > 0 ? 1 : 0;
  return counts;
}

/** Count a deal (replacing an earlier count of the same deal); returns the new statistics. */
export function record(stats, entry) {
  const deals = stats.deals.filter((d) => d.key !== entry.key);
  deals.push(entry);
  const before = structuredClone(stats.before);
  while (deals.length > MAX_DEALS) {
    const old = deals.shift();
    before[old.rules] = fold(before[old.rules] ?? zero(), old);
  }
  return { format: FORMAT, before, deals };
}

/** Forget a deal counted under `key` (it was taken back). */
export function forget(stats, key) {
  return { ...stats, deals: stats.deals.filter((d) => d.key !== key) };
}

/** Totals per rules id: {rules: {deals, ombre, won, suffered, given, counters, undone}}. */
export function totals(stats) {
  const out = {};
  for (const [rules, counts] of Object.entries(stats.before)) out[rules] = { ...zero(), ...counts };
  for (const d of stats.deals) out[d.rules] = fold(out[d.rules] ?? zero(), d);
  return out;
}

/** The running balance per rules id over the deals kept: {rules: [b1, b2, ...]}. */
export function balances(stats) {
  const out = {};
  const running = {};
  for (const [rules, counts] of Object.entries(stats.before)) running[rules] = counts.counters;
  for (const d of stats.deals) {
    running[d.rules] = (running[d.rules] ?? 0) + d.pay;
    (out[d.rules] ??= [running[d.rules] - d.pay]).push(running[d.rules]);
  }
  return out;
}

function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.append(node);
  return node;
}

/**
 * The chart of the balance over the deals, one line per rules (inline SVG, drawn with DOM calls
 * and classes only: no style attribute, so the page's style-src 'self' holds). `names` gives each
 * rules id its words for the legend and the description, `look` its line's look (0 to LOOKS - 1):
 * the legend's, which also lists rule sets whose deals are all folded into totals and so have no
 * line here.
 */
export function balanceChart(series, names, look) {
  const W = 320, H = 140, PAD = 8, LEFT = 40;
  const ids = Object.keys(series);
  const all = ids.flatMap((id) => series[id]);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "balance-chart", role: "img", "aria-labelledby": "chart-title chart-desc" });
  const title = svg("title", { id: "chart-title" }, chart);
  title.textContent = t("ui.stats.chart.title");
  const desc = svg("desc", { id: "chart-desc" }, chart);
  if (!all.length) {
    desc.textContent = t("ui.stats.chart.none");
    const empty = svg("text", { x: W / 2, y: H / 2, "text-anchor": "middle", class: "chart-empty" }, chart);
    empty.textContent = t("ui.stats.chart.empty");
    return chart;
  }
  const lo = Math.min(0, ...all), hi = Math.max(0, ...all);
  const span = hi - lo || 1;
  const longest = Math.max(...ids.map((id) => series[id].length), 2);
  const x = (i) => LEFT + (i * (W - LEFT - PAD)) / (longest - 1);
  const y = (v) => PAD + ((hi - v) * (H - 2 * PAD)) / span;
  svg("line", { x1: LEFT, x2: W - PAD, y1: y(0), y2: y(0), class: "chart-zero" }, chart);
  for (const [v, cls] of [[hi, "chart-top"], [lo, "chart-bottom"]]) {
    const label = svg("text", { x: LEFT - 4, y: y(v) + (cls === "chart-top" ? 8 : -2), "text-anchor": "end", class: `chart-label ${cls}` }, chart);
    label.textContent = signedNumber(v);
  }
  const words = [];
  ids.forEach((id) => {
    const points = series[id].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg("polyline", { points, class: `chart-line line-${look(id)}`, fill: "none", "data-rules": id }, chart);
    const last = series[id].at(-1);
    const deals = series[id].length - 1;
    words.push(t(deals === 1 ? "ui.stats.chart.line_one" : "ui.stats.chart.line", { rules: names(id), balance: signedNumber(last), n: deals }));
  });
  desc.textContent = words.join("; ") + ".";
  return chart;
}
