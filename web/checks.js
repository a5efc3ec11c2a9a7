// checks.js: what the page accepts from outside (the address, the saved games, the settings), and
// the words for what it refuses. Each message names the parameter and what is allowed; long
// inputs are cut short, so that no input can make a notice (or the page) wider than the screen.
//
// These are checks on the table's own inputs, not rules of the game: the engine checks the saved
// game again (bridge.load) and its messages are shown when it refuses one.

import { count, t } from "./i18n.js";

export const MAX_SEED = 2 ** 53 - 1;  // what the bridge accepts (a JS number holds it exactly)
const seedRange = () => t("ui.check.seed_range", { max: MAX_SEED });
export const URL_OPTIONS = ["seed", "rules", "level"];
/** Options of the page itself, not of the game: which side panels show, the look (an embedding's choice). */
export const DISPLAY_OPTIONS = ["ledger", "log", "scenario", "theme", "lang"];
const SHOWN = { show: true, hide: false };

/** An input as shown in a message: quoted, and cut short with its length when long. */
export function quote(value, max = 32) {
  const s = String(value);
  const chars = [...s];
  if (chars.length <= max) return `\u201c${s}\u201d`;
  const cut = `\u201c${chars.slice(0, max - 8).join("")}\u2026\u201d`;
  return t(/^\d+$/.test(s) ? "ui.check.long_digits" : "ui.check.long_chars", { text: cut, n: count(chars.length) });
}

/** A message as a sentence: a capital letter first, a full stop at the end. */
export function sentence(text) {
  const s = String(text ?? "").trim();
  if (!s) return "";
  const first = s[0].toUpperCase() + s.slice(1);
  return /[.!?\u2026]["\u201d)]?$/.test(first) ? first : `${first}.`;
}

/** Sentences joined with spaces, each ending with its full stop. */
export function sentences(...parts) {
  return parts.flat().map(sentence).filter(Boolean).join(" ");
}

/** "a, b and c" (last: "and" or "or", in the page's language). */
export function listWords(words, last = "and") {
  const word = t(last === "or" ? "ui.word.or" : "ui.word.and");
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${word} ${words.at(-1)}`;
}

/** The one of `ids` that an address's `value` names, its letters' case aside (`rules=Classic`,
 * `level=Expert`: a link typed by hand), or null. */
function named(value, ids) {
  const lower = value.toLowerCase();
  return ids.find((id) => id.toLowerCase() === lower) ?? null;
}

function rulesChoice(presets) {
  return t("ui.check.choose", { choices: listWords(presets.map((p) => `rules=${p.id} (${p.title})`), "or") });
}

/** Why a seed from the address cannot be used, or null. */
export function seedProblem(raw) {
  const s = raw.trim();
  if (s === "") return t("ui.check.seed_empty", { range: seedRange() });
  if (/^\d+$/.test(s)) {
    if (BigInt(s) <= BigInt(MAX_SEED)) return null;
    return t("ui.check.seed_large", { seed: quote(s), range: seedRange() });
  }
  if (/^-\d+$/.test(s)) return t("ui.check.seed_negative", { seed: quote(s), range: seedRange() });
  return t("ui.check.seed_bad", { seed: quote(s), range: seedRange() });
}

/**
 * Read ?ledger=show|hide&log=show|hide: {display: {ledger, log}, notes: [sentence...]}. A bad
 * value is said in a note and the panel shows (the default), as an embedding's typo should not
 * stop the game.
 */
export function readDisplay(search) {
  const params = new URLSearchParams(search);
  const display = { ledger: true, log: true };
  const notes = [];
  for (const name of ["ledger", "log"]) {
    if (!params.has(name)) continue;
    const value = params.get(name).trim();
    const shown = named(value, Object.keys(SHOWN));
    if (shown) display[name] = SHOWN[shown];
    else notes.push(t(`ui.check.display_${name}`, { value: quote(value, 16) }));
  }
  return { display, notes };
}

/**
 * Read ?theme=modern|period: {theme: string | null, note: sentence | null}. A bad value is said in
 * a note and the look chosen in Settings (modern by default) is kept, as for ledger and log.
 */
export function readTheme(search, themes) {
  const params = new URLSearchParams(search);
  if (!params.has("theme")) return { theme: null, note: null };
  const asked = params.get("theme").trim();
  const theme = named(asked, themes);
  if (theme) return { theme, note: null };
  return {
    theme: null,
    note: t("ui.check.theme", { value: quote(asked, 16), choices: listWords(themes, "or") }),
  };
}

/**
 * Read ?scenario=ID: {id: string | null, note: sentence | null}; an unknown one is said in a note
 * (the game goes on without it).
 */
export function readScenario(search, scenarios) {
  const params = new URLSearchParams(search);
  if (!params.has("scenario")) return { id: null, note: null };
  const asked = params.get("scenario").trim();
  const id = named(asked, scenarios.map((s) => s.id));
  if (id) return { id, note: null };
  const known = listWords(scenarios.map((s) => `scenario=${s.id}`), "or");
  return { id: null, note: t("ui.check.scenario", { id: quote(asked, 24), choices: known }) };
}

/**
 * Read ?seed=N&rules=ID&level=L. Returns null when the address asks for no game, else
 * {options, errors: [sentence...], unknown: sentence | null}. Options the game does not know are
 * left aside with a word (unknown), not refused: a link shared on a site often gains some.
 */
export function readAddress(search, presets, defaultRules, levels = []) {
  const params = new URLSearchParams(search);
  const names = [...new Set(params.keys())];
  const others = names.filter((n) => !URL_OPTIONS.includes(n) && !DISPLAY_OPTIONS.includes(n));
  let unknown = null;
  if (others.length) {
    const shown = others.slice(0, 3).map((n) => quote(n || "(empty)", 24));
    const names = others.length > 3 ? t("ui.check.more", { names: listWords(shown), n: others.length - 3 }) : listWords(shown);
    unknown = t(others.length === 1 ? "ui.check.unknown_one" : "ui.check.unknown_many",
      { names, known: listWords([...URL_OPTIONS, ...DISPLAY_OPTIONS]) });
  }
  if (!URL_OPTIONS.some((n) => params.has(n))) return unknown ? { options: null, errors: [], unknown } : null;
  const options = {};
  const errors = [];
  for (const name of URL_OPTIONS) {
    const n = params.getAll(name).length;
    if (n > 1) errors.push(t("ui.check.repeated", { name, n }));
  }
  if (params.has("seed") && params.getAll("seed").length === 1) {
    const problem = seedProblem(params.get("seed"));
    if (problem) errors.push(problem);
    else options.seed = Number(params.get("seed").trim());
  }
  if (params.has("rules") && params.getAll("rules").length === 1) {
    const asked = params.get("rules").trim();
    const rules = named(asked, presets.map((p) => p.id));
    if (asked === "") errors.push(t("ui.check.rules_empty", { choose: rulesChoice(presets) }));
    else if (!rules) {
      errors.push(t("ui.check.rules_unknown", { rules: quote(asked), choose: rulesChoice(presets) }));
    } else options.rules = rules;
  } else if (!params.has("rules")) {
    options.rules = defaultRules;
  }
  if (params.has("level") && params.getAll("level").length === 1) {
    const asked = params.get("level").trim();
    const ids = levels.map((l) => l.id);
    const level = named(asked, ids);
    if (!level) {
      errors.push(t("ui.check.level_unknown", { level: quote(asked, 24),
        choose: t("ui.check.choose", { choices: listWords(ids.map((id) => `level=${id}`), "or") }) }));
    } else options.level = level;
  }
  return { options, errors, unknown };
}

// ---------------------------------------------------------------------------------------------
// A saved game, before the engine reads it

/** The value of a top-level key as written in the saved text (so 10^30 is not shown as 1e+30). */
function written(text, key, value) {
  const m = new RegExp(`"${key}"\\s*:\\s*(-?[0-9][0-9.eE+-]*|"(?:[^"\\\\]|\\\\.)*"|true|false|null)`).exec(text);
  if (m) {
    try {
      const parsed = JSON.parse(m[1]);
      if (typeof parsed === "string" && parsed === value) return quote(parsed);
      if (typeof parsed === "number" && parsed === value) return quote(m[1]);
    } catch { /* fall through */ }
  }
  if (value === undefined) return t("ui.check.missing");
  return quote(typeof value === "string" ? value : JSON.stringify(value));
}

const whole = (n, lo, hi) => Number.isSafeInteger(n) && n >= lo && n <= hi;

/**
 * Why a saved game (the bridge's save() text) cannot be resumed, as the end of the sentence
 * "Your saved game could not be read: ...", or null when the engine may try it.
 */
export function savedProblem(text, presets) {
  let doc;
  try { doc = JSON.parse(text); } catch { return t("ui.check.saved_not_json"); }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return t("ui.check.saved_not_object");
  if (doc.format !== "ombre-session/1") {
    return t("ui.check.saved_format", { value: written(text, "format", doc.format) });
  }
  if (!presets.some((p) => p.id === doc.rules)) {
    return t("ui.check.saved_rules", { value: written(text, "rules", doc.rules),
      choices: listWords(presets.map((p) => `\u201c${p.id}\u201d`), "or") });
  }
  if (!whole(doc.seed, 0, MAX_SEED)) return t("ui.check.saved_seed", { value: written(text, "seed", doc.seed), range: seedRange() });
  if (!whole(doc.deal_number, 1, MAX_SEED)) {
    return t("ui.check.saved_deal", { value: written(text, "deal_number", doc.deal_number), max: MAX_SEED });
  }
  const ledger = doc.ledger;
  if (!ledger || typeof ledger !== "object") return t("ui.check.saved_ledger");
  const balances = Array.isArray(ledger.balances) ? ledger.balances : [];
  const bad = balances.find((b) => !whole(b, -MAX_SEED, MAX_SEED));
  if (!balances.length || bad !== undefined) {
    return t("ui.check.saved_balance", { value: quote(JSON.stringify(bad ?? ledger.balances ?? null)), max: MAX_SEED });
  }
  for (const key of ["pool", "deals"]) {
    if (!whole(ledger[key], 0, MAX_SEED)) {
      return t("ui.check.saved_ledger_field", { field: key, value: quote(JSON.stringify(ledger[key] ?? null)), max: MAX_SEED });
    }
  }
  return null;
}

/** The pace setting (ms before each computer move), or a message when the saved one is unusable. */
export function readPace(text) {
  if (text === null || text === undefined) return { pace: null };
  let s;
  try { s = JSON.parse(text); } catch { return { pace: null, problem: t("ui.check.pace_not_json") }; }
  if (!s || typeof s !== "object" || s.pace === undefined) return { pace: null };
  if (Number.isFinite(s.pace) && s.pace >= 0 && s.pace <= 5000) return { pace: s.pace };
  return {
    pace: null,
    problem: t("ui.check.pace_bad", { value: quote(JSON.stringify(s.pace)) }),
  };
}
