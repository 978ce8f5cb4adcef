// The formats in force (lib/format.js formats through them): the locale and the currency, from the
// session answer. Apart from the formatters so that the app's first load, which sets them, does not
// carry the formatters, which only screens use.
import { createStore } from "./store";

/** @typedef {{ locale: string, currency: string }} Formats */

export const DEFAULT_LOCALE = "en-IN";
export const DEFAULT_CURRENCY = "INR";

/** The formats in force; `formats.subscribe(fn)` to hear of a change. */
export const formats = createStore(/** @type {Formats} */ ({ locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY }));

/**
 * A locale tag as Intl will take it: a bare language (`hi`, as the session's `locale` is) gets
 * the region IN, the company's; a tag Intl refuses gives the default.
 * @param {string | null | undefined} locale
 */
function normalLocale(locale) {
  const tag = (locale || "").trim().replace(/_/g, "-");
  if (!tag) return DEFAULT_LOCALE;
  try {
    const loc = new Intl.Locale(tag);
    return loc.region ? loc.toString() : new Intl.Locale(tag, { region: "IN" }).toString();
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * Sets the locale and the currency (the session's answer); either may be left out (kept as is).
 * Listeners hear of it only when something changed.
 * @param {{ locale?: string | null, currency?: string | null }} next
 */
export function setFormats({ locale, currency } = {}) {
  const now = formats.get();
  const loc = locale ? normalLocale(locale) : now.locale;
  let cur = currency ? currency.trim().toUpperCase() : now.currency;
  try {
    new Intl.NumberFormat(DEFAULT_LOCALE, { style: "currency", currency: cur });
  } catch {
    cur = now.currency;
  }
  if (loc !== now.locale || cur !== now.currency) formats.set({ locale: loc, currency: cur });
}

/**
 * The formats a session answer names (`locale`: the user's language, "en" or "hi", or a whole tag;
 * `currency`: the company's, ISO 4217), as `setFormats` takes them; what it lacks stays as is.
 * @param {object | null | undefined} session
 */
export function formatsOfSession(session) {
  const s = /** @type {{ locale?: unknown, currency?: unknown }} */ (session || {});
  return {
    locale: typeof s.locale === "string" ? s.locale : null,
    currency: typeof s.currency === "string" ? s.currency : null,
  };
}
