// i18n.js: the page's words in five languages, from the same catalogues as the engine's
// (ombre_core/locale/<lang>.json, one flat object key -> template per language; issue #8).
//
// build.py ships each catalogue under a content-hashed name and replaces the marker below with
// {"urls": {lang: url}, "names": {lang: name in itself}, "en": {key: template}}: the English
// templates of the page's own keys (ui.*) come with this module, so the page can always speak
// (also when another language's file cannot be fetched); another language is fetched once chosen.
//
//   t("ui.facts.deal")                         -> "Deal"
//   t("ui.hand.label", { n: 9 })               -> "Your hand, 9 cards"  ({name} fields filled)
//   await loadLanguage("fr"); translatePage();  // static markup: data-i18n and data-i18n-<attr>
//
// Static markup keeps its English as written, with the key beside it:
//   <button data-i18n="ui.top.new">New game</button>
//   <button data-i18n-title="ui.top.stats.title" title="Your deals…">Statistics</button>
// A template may hold a few inline tags (<b> <i> <em> <cite> <code> <q> <strong>, without
// attributes) and, in static markup, fields naming a period term ({spadille}), which become
// <b data-name> elements that render.js names in the preset's spelling. Nodes are built with
// createElement and text nodes only.

const BUILD = /*@OMBRE_I18N@*/ null;

/** The languages offered, by code, in the order of the Settings list. */
export const LANGUAGES = Object.freeze(["en", "es", "fr", "da", "de"]);
export const DEFAULT_LANGUAGE = "en";

const english = BUILD?.en ?? {};
const loaded = new Map([["en", english]]);
let current = DEFAULT_LANGUAGE;
let strings = english;
let wanted = DEFAULT_LANGUAGE;  // the language last asked for (loadLanguage)

/** Each language named in itself (its catalogue's meta.language). */
export function languageName(lang) {
  return BUILD?.names?.[lang] ?? lang;
}

/** The language the page speaks now. */
export function language() {
  return current;
}

function fill(template, fields) {
  if (!fields) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(fields, name) ? String(fields[name]) : whole));
}

/** The text of `key` in the current language (English when it lacks the key), fields filled. */
export function t(key, fields) {
  const template = strings[key] ?? english[key];
  if (typeof template !== "string") {
    console.warn(`i18n: no text for ${key}`);
    return key;
  }
  return fill(template, fields);
}

/** Whether the current language has its own text for `key` (not only English's). */
export function has(key) {
  return typeof (strings[key] ?? english[key]) === "string";
}

/**
 * Fetch `lang`'s catalogue (once) and speak it from now on. Rejects when it cannot be fetched
 * or read within `timeoutMs`; the language then stays as it was. Resolves to false, leaving the
 * language alone, when another language was asked for while this one was fetched. With
 * `speak: false` it only fetches: speakLanguage(lang) then switches.
 */
export async function loadLanguage(lang, { timeoutMs = 15_000, speak = true } = {}) {
  if (!LANGUAGES.includes(lang)) throw new Error(`unknown language ${JSON.stringify(lang)}`);
  wanted = lang;
  if (!loaded.has(lang)) {
    const url = BUILD?.urls?.[lang];
    if (!url) throw new Error(`the ${lang} catalogue is not part of this build`);
    // A fetch that never settles must not hold the page (it starts once the language is known).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let data;
    try {
      const response = await fetch(new URL(url, import.meta.url), { signal: abort.signal });
      if (!response.ok) throw new Error(`the ${lang} catalogue could not be fetched (HTTP ${response.status})`);
      data = await response.json();
    } finally {
      clearTimeout(timer);
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error(`the ${lang} catalogue is not a JSON object`);
    loaded.set(lang, data);
  }
  if (wanted !== lang) return false;  // another language was asked for meanwhile: it wins
  if (speak) speakLanguage(lang);
  return true;
}

/**
 * Speak `lang`, whose catalogue loadLanguage(lang, {speak: false}) fetched, from now on; false
 * (and the language left alone) when another language was asked for since. The table uses the
 * two steps to switch the page's words and the engine's at the same moment.
 */
export function speakLanguage(lang) {
  if (wanted !== lang || !loaded.has(lang)) return false;
  current = lang;
  strings = loaded.get(lang);
  return true;
}

/**
 * The language to speak, by priority: the address's `lang` option (also <ombre-game lang>), the
 * saved setting, the browser's languages (the first whose primary subtag is offered), English.
 * Returns {lang, fromAddress, bad}: `bad` is the address's value when it is not a language offered
 * (the caller words the note, in the language chosen instead).
 */
export function chooseLanguage(search, saved, browserLanguages = []) {
  const params = new URLSearchParams(search);
  let bad = null;
  if (params.has("lang")) {
    // A language tag with a region or script (fr-CA, de_AT, pt-BR) is read by its language, as
    // the browser's own languages are below; anything else is reported.
    const asked = params.get("lang").trim().toLowerCase();
    const primary = /^[a-z]{2,3}([-_][a-z0-9]{1,8})*$/.test(asked) ? asked.split(/[-_]/)[0] : null;
    if (LANGUAGES.includes(primary)) return { lang: primary, fromAddress: true, bad: null };
    bad = params.get("lang");
  }
  if (LANGUAGES.includes(saved)) return { lang: saved, fromAddress: false, bad };
  for (const tag of browserLanguages ?? []) {
    const primary = String(tag).split("-")[0].toLowerCase();
    if (LANGUAGES.includes(primary)) return { lang: primary, fromAddress: false, bad };
  }
  return { lang: DEFAULT_LANGUAGE, fromAddress: false, bad };
}

const INLINE = new Set(["b", "i", "em", "cite", "code", "q", "strong"]);
const TOKEN = /<(\/?)([a-z]+)>|\{(\w+)\}/g;

/**
 * A template with inline tags as a fragment of nodes (text nodes and the allowed elements only;
 * anything else is shown as text). `field(name)` makes the node of a {field}.
 */
export function richText(template, field = (name) => `{${name}}`) {
  const frag = document.createDocumentFragment();
  const stack = [frag];
  let last = 0;
  const top = () => stack[stack.length - 1];
  for (const m of template.matchAll(TOKEN)) {
    if (m.index > last) top().append(template.slice(last, m.index));
    last = m.index + m[0].length;
    const [, closing, tag, name] = m;
    if (name) {
      top().append(field(name));
    } else if (INLINE.has(tag) && !closing) {
      const node = document.createElement(tag);
      top().append(node);
      stack.push(node);
    } else if (INLINE.has(tag) && closing && stack.length > 1 && top().localName === tag) {
      stack.pop();
    } else {
      top().append(m[0]);
    }
  }
  if (last < template.length) top().append(template.slice(last));
  return frag;
}

/** A period term's node in static text: render.js names it in the preset's spelling. */
function termNode(name) {
  const node = document.createElement("b");
  node.dataset.name = name;
  node.textContent = t(`ui.name.${name}`);
  return node;
}

/** A count as the language writes it ("1.200" in German, "1 200" in French). */
export function count(n) {
  return new Intl.NumberFormat(current).format(n);
}

/** A whole or decimal amount as the language writes it, signed unless zero ("+1,5" in
 * French, "+12.000" in German), its minus the minus sign (U+2212) the engine's amounts use. */
export function signedNumber(n, decimals = 0) {
  const format = new Intl.NumberFormat(current, { signDisplay: "exceptZero", minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return format.format(n).replace("-", "\u2212");
}

const ATTRIBUTES = ["title", "aria-label", "placeholder", "alt", "content"];

/** A phone's width, where the top bar's buttons and the pace's choices take their short words
 * (`data-i18n-short`): beside the title they fit two rows in every language, as style.css lays
 * them out below 440 px ("Parties enregistrées" and "Allure normale" made four in French). */
export const NARROW = globalThis.matchMedia?.("(max-width: 439px)") ?? null;

function translateNode(node) {
  const short = NARROW?.matches ? node.dataset.i18nShort : undefined;
  const text = t(short ?? node.dataset.i18n);
  if (/[<{]/.test(text)) node.replaceChildren(richText(text, termNode));
  else node.textContent = text;
}

/** Translate the static markup under `root`: data-i18n (content; data-i18n-short instead on a
 * phone's width) and data-i18n-<attribute>. Some of it is the page's first words, which the game
 * then replaces (the prompt): whoever calls this renders the game after it. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) translateNode(node);
  for (const attribute of ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, t(node.getAttribute(`data-i18n-${attribute}`)));
    }
  }
  if (root === document) document.documentElement.lang = current;
}

/** Re-word what has a short word, for the width the page now has (a phone turned, a window
 * narrowed or widened): nothing else, so the game's own words on the page stay. */
export function translateShort() {
  for (const node of document.querySelectorAll("[data-i18n-short]")) translateNode(node);
}
