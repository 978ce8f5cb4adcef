// The frontend's message catalogue: every text a screen shows is a message with a stable id
// ("<area>.<name>"), its English written beside the code that shows it (each area's `text.js`:
// `export const t = catalogue("auth", { signIn: "Sign in", ... })`), so an English user's screens
// carry only their own texts, in their own chunk. Other languages are one table per language
// (hi-ui.json: id -> text) loaded only when that language is chosen (messages.js).
//
// Texts are ICU MessageFormat, the subset the screens need: `{name}` a value,
// `{count, plural, one {# visit} other {# visits}}` (also `=0 {...}`; `#` is the count), and
// `{kind, select, a {...} other {...}}`. Plural forms follow the language (Intl.PluralRules).
//
// The pseudo-locale (`?locale=pseudo` in the page's address, kept for the tab) wraps every text as
// "[!! ... !!]", so a screen's text that does not come from a catalogue shows up at once.

/** @typedef {Record<string, unknown> | null | undefined} Params */

/** id -> text of the language in force (null: English, the texts in the code). */
let table = /** @type {Record<string, string> | null} */ (null);
let language = "en";

const PSEUDO_KEY = "fieldsales.pseudo-locale";

/**
 * Whether the pseudo-locale is on: `?locale=pseudo` in the address, kept for the tab's life;
 * `?locale=` with anything else turns it off.
 */
function pseudoOn() {
  try {
    const query = typeof location !== "undefined" ? new URLSearchParams(location.search || "") : null;
    const asked = query ? query.get("locale") : null;
    if (asked === "pseudo") sessionStorage.setItem(PSEUDO_KEY, "1");
    else if (asked !== null) sessionStorage.removeItem(PSEUDO_KEY);
    return sessionStorage.getItem(PSEUDO_KEY) === "1";
  } catch {
    return false;
  }
}
let pseudo = pseudoOn();

/** Turns the pseudo-locale on or off (tests). @param {boolean} on */
export function setPseudo(on) {
  pseudo = on;
}

/** Wraps a text in the pseudo-locale's markers when it is on. @param {string} text */
export const pseudoWrap = (text) => (pseudo ? `[!! ${text} !!]` : text);

/**
 * Puts a language's table in force (messages.js, after loading it); null for English.
 * @param {string} lang
 * @param {Record<string, string> | null} texts
 */
export function setTable(lang, texts) {
  language = lang;
  table = texts;
}

/** @type {Map<string, Intl.PluralRules>} */
const rules = new Map();
/** @param {number} n */
function pluralCategory(n) {
  let r = rules.get(language);
  if (!r) rules.set(language, (r = new Intl.PluralRules(language)));
  return r.select(n);
}

/**
 * The end of the `{...}` block opening at `start` (the index of its "{").
 * @param {string} text
 * @param {number} start
 */
function closing(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return text.length;
}

/**
 * The branches of a plural or select: "one {...} other {...}" -> { one: "...", other: "..." }.
 * @param {string} body
 */
function branches(body) {
  /** @type {Record<string, string>} */
  const out = {};
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf("{", i);
    if (open < 0) break;
    const key = body.slice(i, open).trim();
    const end = closing(body, open);
    out[key] = body.slice(open + 1, end);
    i = end + 1;
  }
  return out;
}

/**
 * A text with its values put in.
 * @param {string} text
 * @param {Params} params
 * @param {number | null} count the value `#` stands for inside a plural's branch
 * @returns {string}
 */
export function formatMessage(text, params, count = null) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "#" && count !== null) {
      out += String(count);
      i++;
    } else if (c === "{") {
      const end = closing(text, i);
      const inner = text.slice(i + 1, end);
      const [name, kind, ...rest] = inner.split(",");
      const value = params ? params[name.trim()] : undefined;
      if (kind === undefined) {
        out += value === undefined || value === null ? "" : String(value);
      } else {
        const cases = branches(rest.join(","));
        const k = kind.trim();
        let chosen;
        if (k === "plural") {
          const n = Number(value);
          chosen = cases[`=${n}`] ?? cases[pluralCategory(n)] ?? cases.other ?? "";
          out += formatMessage(chosen, params, n);
        } else {
          chosen = cases[String(value)] ?? cases.other ?? "";
          out += formatMessage(chosen, params, count);
        }
      }
      i = end + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Every area's English, by id (the unit test checks the Hindi table against it). */
export const ENGLISH = /** @type {Map<string, string>} */ (new Map());

/**
 * An area's messages: `t(name, params)` gives the text of "<area>.<name>" in the language in force.
 * @template {Record<string, string>} M
 * @param {string} area
 * @param {M} english name -> English text
 * @returns {(name: keyof M & string, params?: Params) => string}
 */
export function catalogue(area, english) {
  for (const [name, text] of Object.entries(english)) ENGLISH.set(`${area}.${name}`, text);
  return (name, params) => {
    const own = table && table[`${area}.${name}`];
    return pseudoWrap(formatMessage(own || english[name], params));
  };
}
