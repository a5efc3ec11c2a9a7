// settings.js: the table's settings, kept in this browser (localStorage["ombre.settings"]), and
// how they show: classes on <body> (card size, four-colour pack, practice, theme) that style.css
// reads, and the card faces' palette and theme (cards.js: a face is an image, which cannot see the
// page's CSS).
//
// One JSON object: {pace, autoplay, practice, cardSize, fourColour, tutor, theme, lang}. A saved value that cannot be
// used is replaced by its default, with a sentence saying so (checks.js words the pace's).

import { listWords, readPace, quote } from "./checks.js";
import { LANGUAGES, t } from "./i18n.js";
import { setCardTheme, setFourColour } from "./cards.js";

export const SETTINGS_KEY = "ombre.settings";
export const CARD_SIZES = Object.freeze(["small", "normal", "large"]);
/** The looks of the table: today's green baize, and parchment with engraved cards. */
export const THEMES = Object.freeze(["modern", "period"]);
export const DEFAULTS = Object.freeze({
  pace: 800,          // ms before each computer move
  autoplay: true,     // play a forced card for the person after a short pause
  practice: false,    // offer Undo (a deal in which it is used is marked)
  cardSize: "normal",
  fourColour: false,  // spades black, clubs green, hearts red, diamonds blue
  tutor: false,       // explain each step of the deal as it comes (a first game)
  theme: "modern",    // the look: "modern" (green baize) or "period" (parchment, engraved cards)
  lang: null,         // the page's language (i18n.js), null: the browser's
});

// The `theme` address option (or <ombre-game theme>) wins over the saved setting for this visit,
// without changing it; choosing a look in Settings ends it.
let visitTheme = null;

/** Show this look for this visit whatever the setting says (null: the setting's again). */
export function setVisitTheme(theme) {
  visitTheme = THEMES.includes(theme) ? theme : null;
}

/** The look shown: the address's for this visit, else the setting's. */
export function shownTheme(settings) {
  return visitTheme ?? settings.theme;
}

const FLAGS = ["autoplay", "practice", "fourColour", "tutor"];

/**
 * The settings saved in `text` (null when none): {settings, problems}, where problems are the
 * sentences to show for values that could not be used (each replaced by its default).
 */
export function readSettings(text) {
  const settings = { ...DEFAULTS };
  const problems = [];
  const { pace, problem } = readPace(text);
  if (pace !== null) settings.pace = pace;
  if (problem) problems.push(problem);
  let saved = null;
  try { saved = JSON.parse(text ?? "null"); } catch { /* readPace said so */ }
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) return { settings, problems };
  for (const key of FLAGS) {
    if (saved[key] === undefined) continue;
    if (typeof saved[key] === "boolean") settings[key] = saved[key];
    else {
      problems.push(t(DEFAULTS[key] ? "ui.settings.bad_flag_on" : "ui.settings.bad_flag_off",
        { setting: t(`ui.settings.flag.${key}`), value: quote(JSON.stringify(saved[key])) }));
    }
  }
  if (saved.cardSize !== undefined) {
    if (CARD_SIZES.includes(saved.cardSize)) settings.cardSize = saved.cardSize;
    else problems.push(t("ui.settings.bad_size", { value: quote(JSON.stringify(saved.cardSize)) }));
  }
  if (saved.theme !== undefined) {
    if (THEMES.includes(saved.theme)) settings.theme = saved.theme;
    else problems.push(t("ui.settings.bad_look", { value: quote(JSON.stringify(saved.theme)) }));
  }
  if (saved.lang !== undefined && saved.lang !== null) {
    if (LANGUAGES.includes(saved.lang)) settings.lang = saved.lang;
    else problems.push(t("ui.settings.bad_lang", { value: quote(JSON.stringify(saved.lang)), choices: listWords(LANGUAGES, "or") }));
  }
  return { settings, problems };
}

/** The settings as the text to keep. */
export function settingsText(settings) {
  const out = {};
  for (const key of Object.keys(DEFAULTS)) out[key] = settings[key];
  if (out.lang === null) delete out.lang;  // no choice made: the browser's language, as before
  return JSON.stringify(out);
}

/** Show the settings: classes on <body>, the card faces' palette and look. */
export function applySettings(settings, body = document.body) {
  const theme = shownTheme(settings);
  for (const name of THEMES) body.classList.toggle(`theme-${name}`, theme === name && name !== "modern");
  setCardTheme(theme);
  for (const size of CARD_SIZES) body.classList.toggle(`cards-${size}`, settings.cardSize === size && size !== "normal");
  body.classList.toggle("four-colour", settings.fourColour);
  body.classList.toggle("practice", settings.practice);
  setFourColour(settings.fourColour);
}
