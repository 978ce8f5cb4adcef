// The server's messages in the user's language. The server answers every message with a stable
// code (docs/messages.json: code -> English) and its English text; the screens show the text of
// the code in the language of the session (`locale`: "en" or "hi"). The Hindi texts
// (hi-messages.json) load as their own chunk, only when the language is Hindi, so an English
// user's first load does not carry them.

/** @typedef {Record<string, string>} Catalogue code -> text, `{name}` a parameter */

import { pseudoWrap, setTable } from "./catalogue";

/** The languages with a catalogue of their own; any other gets the server's English. */
const LANGUAGES = ["en", "hi"];

/** The language in force and its catalogue (null: the server's English as sent). */
let current = { language: "en", table: /** @type {Catalogue | null} */ (null) };
/** The Hindi catalogue once loaded (kept: a switch back and forth loads it once). */
/** @type {Promise<Catalogue> | null} */
let hindi = null;
/** The screens' Hindi (catalogue.js's table: id -> text), loaded with the server's. */
/** @type {Promise<Catalogue> | null} */
let hindiUi = null;
/** Counts the calls of loadLanguage, so that only the latest one's language is set. */
let generation = 0;
/** Called once a language is in force (the app renders again, in it). */
/** @type {Set<(language: string) => void>} */
const listeners = new Set();

/**
 * Calls `fn` each time a language comes into force; returns the unsubscribe.
 * @param {(language: string) => void} fn
 */
export function onLanguage(fn) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** @param {string} language @param {Catalogue | null} table @param {Catalogue | null} ui */
function setCurrent(language, table, ui) {
  const changed = current.language !== language;
  current = { language, table };
  setTable(language, ui);
  // The page's language: screen readers read it so, and the browser picks the script's font.
  if (typeof document !== "undefined" && document.documentElement) document.documentElement.lang = language;
  if (changed) listeners.forEach((fn) => fn(language));
}

/**
 * A JSON module's object: Node gives it as `default`, Parcel's chunk gives the object itself.
 * @param {Promise<any>} loading
 * @returns {Promise<Catalogue>}
 */
const jsonOf = (loading) => loading.then((m) => /** @type {Catalogue} */ ("default" in m && m.default ? m.default : m));

/**
 * The language of a locale tag ("hi", "hi-IN", "en_IN"), "en" for one without a catalogue.
 * @param {string | null | undefined} locale
 */
export function languageOf(locale) {
  const language = (locale || "").trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(language) ? language : "en";
}

/** The language the messages are given in now ("en" until a Hindi session's catalogue loaded). */
export const currentLanguage = () => current.language;

/**
 * Sets the language of the messages (the session's `locale`); the Hindi catalogue is loaded on
 * the first need. Resolves once the language is in force; when it fails to load (offline, say)
 * the messages stay as they were. A later call wins over an earlier one still loading.
 * @param {string | null | undefined} locale
 * @returns {Promise<void>}
 */
export async function loadLanguage(locale) {
  const language = languageOf(locale);
  const mine = ++generation;
  if (language !== "hi") {
    setCurrent("en", null, null);
    return;
  }
  if (!hindi) {
    hindi = jsonOf(import("./hi-messages.json", { with: { type: "json" } }));
    hindi.catch(() => {
      hindi = null;
    });
  }
  if (!hindiUi) {
    hindiUi = jsonOf(import("./hi-ui.json", { with: { type: "json" } }));
    hindiUi.catch(() => {
      hindiUi = null;
    });
  }
  let table, ui;
  try {
    [table, ui] = await Promise.all([hindi, hindiUi]);
  } catch {
    return;
  }
  if (mine === generation) setCurrent(language, table, ui);
}

/**
 * `text` with every `{name}` replaced by `params.name`; null when a parameter is missing.
 * @param {string} text
 * @param {Record<string, unknown> | null | undefined} params
 */
function fill(text, params) {
  let missing = false;
  const filled = text.replace(/\{(\w+)\}/g, (_, /** @type {string} */ name) => {
    const value = params && Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    if (value === undefined || value === null) {
      missing = true;
      return "";
    }
    return String(value);
  });
  return missing ? null : filled;
}

/**
 * The text of a server message in the current language: the English as the server sent it, or
 * the catalogue's text of `code` with `params` filled in. A code the catalogue lacks (or a text
 * whose parameters did not come) gives the English.
 * @param {string | null | undefined} code the message's code ("" or none: the English)
 * @param {Record<string, unknown> | null | undefined} params the values of its `{name}`s
 * @param {string} english the server's text
 * @returns {string}
 */
export function messageFor(code, params, english) {
  const table = current.table;
  if (!table || !code || !Object.prototype.hasOwnProperty.call(table, code)) return pseudoWrap(english);
  return pseudoWrap(fill(table[code], params) ?? english);
}
