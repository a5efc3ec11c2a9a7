// checks.js: what the page accepts from outside (the address, the saved games, the settings), and
// the words for what it refuses. Each message names the parameter and what is allowed; long
// inputs are cut short, so that no input can make a notice (or the page) wider than the screen.
//
// These are checks on the table's own inputs, not rules of the game: the engine checks the saved
// game again (bridge.load) and its messages are shown when it refuses one.

export const MAX_SEED = 2 ** 53 - 1;  // what the bridge accepts (a JS number holds it exactly)
const SEED_RANGE = `a whole number from 0 to ${MAX_SEED}`;
export const URL_OPTIONS = ["seed", "rules", "level"];
/** Options of the page itself, not of the game: which side panels show, the look (an embedding's choice). */
export const DISPLAY_OPTIONS = ["ledger", "log", "scenario", "theme"];
const SHOWN = { show: true, hide: false };

/** An input as shown in a message: quoted, and cut short with its length when long. */
export function quote(value, max = 32) {
  const s = String(value);
  const chars = [...s];
  if (chars.length <= max) return `\u201c${s}\u201d`;
  const what = /^\d+$/.test(s) ? "digits" : "characters";
  return `\u201c${chars.slice(0, max - 8).join("")}\u2026\u201d (${chars.length.toLocaleString("en")} ${what})`;
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

function listWords(words, last = "and") {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${last} ${words.at(-1)}`;
}

function rulesChoice(presets) {
  return `Choose ${listWords(presets.map((p) => `rules=${p.id} (${p.title})`), "or")}`;
}

/** Why a seed from the address cannot be used, or null. */
export function seedProblem(raw) {
  const s = raw.trim();
  if (s === "") return `The address gives seed= with no value, but a seed must be ${SEED_RANGE}, such as seed=7`;
  if (/^\d+$/.test(s)) {
    if (BigInt(s) <= BigInt(MAX_SEED)) return null;
    return `The address asks for seed ${quote(s)}, which is too large: a seed must be ${SEED_RANGE}`;
  }
  if (/^-\d+$/.test(s)) return `The address asks for seed ${quote(s)}, but a seed cannot be negative: it must be ${SEED_RANGE}`;
  return `The address asks for seed ${quote(s)}, but a seed must be ${SEED_RANGE}, such as seed=7`;
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
    if (Object.hasOwn(SHOWN, value)) display[name] = SHOWN[value];
    else notes.push(`The address gives ${name}=${quote(value, 16)}, which is not show or hide: the ${name} is shown`);
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
  const theme = params.get("theme").trim();
  if (themes.includes(theme)) return { theme, note: null };
  return {
    theme: null,
    note: `The address gives theme=${quote(theme, 16)}, which is not ${listWords(themes, "or")}: the table keeps the look chosen in Settings`,
  };
}

/**
 * Read ?scenario=ID: {id: string | null, note: sentence | null}; an unknown one is said in a note
 * (the game goes on without it).
 */
export function readScenario(search, scenarios) {
  const params = new URLSearchParams(search);
  if (!params.has("scenario")) return { id: null, note: null };
  const id = params.get("scenario").trim();
  if (scenarios.some((s) => s.id === id)) return { id, note: null };
  const known = listWords(scenarios.map((s) => `scenario=${s.id}`), "or");
  return { id: null, note: `The address asks for scenario ${quote(id, 24)}, which this game does not have: choose ${known}` };
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
    const more = others.length > 3 ? ` and ${others.length - 3} more` : "";
    unknown = `The address has ${others.length === 1 ? "an option" : "options"} this game does not know, ` +
      `${listWords(shown)}${more}, so ${others.length === 1 ? "it was" : "they were"} left aside: ` +
      `the game knows only ${listWords([...URL_OPTIONS, ...DISPLAY_OPTIONS])}`;
  }
  if (!URL_OPTIONS.some((n) => params.has(n))) return unknown ? { options: null, errors: [], unknown } : null;
  const options = {};
  const errors = [];
  for (const name of URL_OPTIONS) {
    const n = params.getAll(name).length;
    if (n > 1) errors.push(`The address gives ${name} ${n} times: give it once`);
  }
  if (params.has("seed") && params.getAll("seed").length === 1) {
    const problem = seedProblem(params.get("seed"));
    if (problem) errors.push(problem);
    else options.seed = Number(params.get("seed").trim());
  }
  if (params.has("rules") && params.getAll("rules").length === 1) {
    const rules = params.get("rules").trim();
    if (rules === "") errors.push(`The address gives rules= with no value. ${rulesChoice(presets)}`);
    else if (!presets.some((p) => p.id === rules)) {
      errors.push(`The address asks for rules ${quote(rules)}, which this game does not know. ${rulesChoice(presets)}`);
    } else options.rules = rules;
  } else if (!params.has("rules")) {
    options.rules = defaultRules;
  }
  if (params.has("level") && params.getAll("level").length === 1) {
    const level = params.get("level").trim();
    const ids = levels.map((l) => l.id);
    if (!ids.includes(level)) {
      errors.push(`The address asks for level ${quote(level, 24)}, which this game does not know. ` +
        `Choose ${listWords(ids.map((id) => `level=${id}`), "or")}`);
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
  if (value === undefined) return "missing";
  return quote(typeof value === "string" ? value : JSON.stringify(value));
}

const whole = (n, lo, hi) => Number.isSafeInteger(n) && n >= lo && n <= hi;

/**
 * Why a saved game (the bridge's save() text) cannot be resumed, as the end of the sentence
 * "Your saved game could not be read: ...", or null when the engine may try it.
 */
export function savedProblem(text, presets) {
  let doc;
  try { doc = JSON.parse(text); } catch { return "the saved text is damaged (it is not JSON)"; }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return "it is not a saved game (a JSON object was expected)";
  if (doc.format !== "ombre-session/1") {
    return `its format is ${written(text, "format", doc.format)}, but this game reads the format \u201combre-session/1\u201d`;
  }
  if (!presets.some((p) => p.id === doc.rules)) {
    return `its rules are ${written(text, "rules", doc.rules)}, which this game does not know: ` +
      `the rules must be ${listWords(presets.map((p) => `\u201c${p.id}\u201d`), "or")}`;
  }
  if (!whole(doc.seed, 0, MAX_SEED)) return `its seed is ${written(text, "seed", doc.seed)}, but a seed must be ${SEED_RANGE}`;
  if (!whole(doc.deal_number, 1, MAX_SEED)) {
    return `its deal_number is ${written(text, "deal_number", doc.deal_number)}, but a deal number must be a whole number from 1 to ${MAX_SEED}`;
  }
  const ledger = doc.ledger;
  if (!ledger || typeof ledger !== "object") return "its ledger is missing (an object with balances, pool and deals was expected)";
  const balances = Array.isArray(ledger.balances) ? ledger.balances : [];
  const bad = balances.find((b) => !whole(b, -MAX_SEED, MAX_SEED));
  if (!balances.length || bad !== undefined) {
    return `its ledger balance ${quote(JSON.stringify(bad ?? ledger.balances ?? null))} is not a whole number from -${MAX_SEED} to ${MAX_SEED}`;
  }
  for (const key of ["pool", "deals"]) {
    if (!whole(ledger[key], 0, MAX_SEED)) {
      return `its ledger ${key} is ${quote(JSON.stringify(ledger[key] ?? null))}, but it must be a whole number from 0 to ${MAX_SEED}`;
    }
  }
  return null;
}

/** The pace setting (ms before each computer move), or a message when the saved one is unusable. */
export function readPace(text) {
  if (text === null || text === undefined) return { pace: null };
  let s;
  try { s = JSON.parse(text); } catch { return { pace: null, problem: "Your saved settings could not be read (they are not JSON), so the normal pace is used" }; }
  if (!s || typeof s !== "object" || s.pace === undefined) return { pace: null };
  if (Number.isFinite(s.pace) && s.pace >= 0 && s.pace <= 5000) return { pace: s.pace };
  return {
    pace: null,
    problem: `Your saved pace ${quote(JSON.stringify(s.pace))} is not a number of milliseconds from 0 to 5000, so the normal pace is used`,
  };
}
