// The one formatter every screen goes through (issue #42 "Formats from the company's locale"):
// dates in the spec's forms, money with the company's currency, numbers with Indian grouping,
// percentages with one decimal and distances in m/km, all through Intl (no hand-written grouping
// or month tables). The locale (`en-IN` by default, `hi-IN`) and the currency (`INR` by default)
// come from the session answer: the app calls `setFormats` once it knows them; until then
// en-IN/INR. Screens that must re-render on a change subscribe to `formats` (a lib/store.js store).
//
// Digits: every formatter is built with the `-u-nu-latn` extension unless the locale names its
// own numbering system, so figures stay Latin digits in hi-IN (1,00,000, never १,००,०००), as on the
// agents' invoices and price lists; a locale that asks for Devanagari (`hi-IN-u-nu-deva`) gets it.
import { formats } from "./format-settings";

/** @typedef {import("./format-settings").Formats} Formats */

export { DEFAULT_CURRENCY, DEFAULT_LOCALE, formats, formatsOfSession, setFormats } from "./format-settings";

/** The Intl formatters of the formats in force, built once per change. */
/** @type {{ key: string, f: ReturnType<typeof build> } | null} */
let cache = null;

/** The locale with Latin digits unless it names its numbering system. @param {string} locale */
export function withDigits(locale) {
  try {
    const loc = new Intl.Locale(locale);
    return loc.numberingSystem ? loc.toString() : new Intl.Locale(locale, { numberingSystem: "latn" }).toString();
  } catch {
    return `${locale}-u-nu-latn`; // a browser without Intl.Locale
  }
}

/**
 * Month names come from Intl in the locale's language; English takes the names of `en`, whose
 * short September is the spec's three-letter "Sep" (CLDR's en-IN says "Sept").
 * @param {string} locale
 */
export function monthLocale(locale) {
  return locale.split("-")[0].toLowerCase() === "en" ? withDigits("en") : withDigits(locale);
}

/** @param {string} locale @param {number} fraction digits after the point @param {"meter" | "kilometer"} unit */
function unitFormat(locale, fraction, unit) {
  const digits = { minimumFractionDigits: fraction, maximumFractionDigits: fraction };
  try {
    const f = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", ...digits });
    return (/** @type {number} */ n) => f.format(n);
  } catch {
    // A browser without unit formatting (Safari before 14.1): the figure and the SI symbol.
    const f = new Intl.NumberFormat(locale, digits);
    return (/** @type {number} */ n) => `${f.format(n)} ${unit === "meter" ? "m" : "km"}`;
  }
}

/** @param {Formats} now */
function build({ locale, currency }) {
  const loc = withDigits(locale);
  const months = monthLocale(locale);
  return {
    // Dates are calendar days: formatted in UTC so no time zone moves them.
    day: new Intl.DateTimeFormat(loc, { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" }),
    dayNumeric: new Intl.DateTimeFormat(loc, { day: "numeric", timeZone: "UTC" }),
    month: new Intl.DateTimeFormat(months, { month: "short", timeZone: "UTC" }),
    money: new Intl.NumberFormat(loc, { style: "currency", currency }),
    number: new Intl.NumberFormat(loc, { maximumFractionDigits: 2 }),
    percent: new Intl.NumberFormat(loc, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    meters: unitFormat(loc, 0, "meter"),
    kilometers: unitFormat(loc, 1, "kilometer"),
  };
}

function fmt() {
  const now = formats.get();
  const key = `${now.locale}|${now.currency}`;
  if (!cache || cache.key !== key) cache = { key, f: build(now) };
  return cache.f;
}

/**
 * A calendar day's parts in the locale: day, month's short name, year.
 * @param {string | null | undefined} value "2026-11-27" (anything after the date is ignored)
 * @param {boolean} [twoDigitDay] "01" rather than "1"
 */
function dayParts(value, twoDigitDay = true) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value || "");
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return null;
  const f = fmt();
  const parts = f.day.formatToParts(date);
  /** @param {string} type */
  const part = (type) => parts.find((p) => p.type === type)?.value || "";
  return {
    d: twoDigitDay ? part("day") : f.dayNumeric.format(date),
    mon: f.month.format(date).replace(/\.$/, ""),
    y: part("year"),
  };
}

/** "2026-11-27" -> "27-Nov-2026" (hi-IN: "27-नव॰-2026"); other text stays as sent. @param {string | null | undefined} value */
export function formatDate(value) {
  const p = dayParts(value);
  return p ? `${p.d}-${p.mon}-${p.y}` : value || "";
}

/**
 * An instant (ISO 8601) in the phone's time: { date: "2026-03-01", time: "14:05" }; none (null,
 * undefined) or no instant gives empty parts. Not for showing: machine forms for inputs and keys.
 * @param {string | number | Date | null | undefined} iso
 */
export function localParts(iso) {
  if (iso == null) return { date: "", time: "" };
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: "", time: "" };
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return {
    date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}`,
  };
}

/** The phone's month now, "2026-03": where the day is, not where UTC's is. */
export const localMonth = (now = new Date()) => localParts(now.toISOString()).date.slice(0, 7);

/** An instant (ISO 8601) as "01-Mar-2026 14:05" in the phone's time; "" for none. @param {string | number | Date | null | undefined} iso */
export function formatDateTime(iso) {
  const p = localParts(iso);
  return p.date ? `${formatDate(p.date)} ${p.time}` : "";
}

/**
 * A chat day header in the phone's day, in the app's one date form: "27-Nov-2026"; "" for none.
 * (Spec 2 §9 gives 'd MMM yyyy'; issue #55 counts a second form of dates as a defect: decision 48.)
 * @param {string | number | Date | null | undefined} iso
 */
export function dayHeader(iso) {
  const day = localParts(iso).date;
  return day ? formatDate(day) : "";
}

/**
 * Money with the company's currency and the locale's grouping: 100000 -> "₹1,00,000.00";
 * numeric text alike; blank stays blank, text that is no number stays as sent.
 * @param {number | string | null | undefined} v
 */
export function money(v) {
  if (v == null || v === "") return "";
  const n = Number(v);
  return Number.isFinite(n) ? fmt().money.format(n) : String(v);
}

/** A figure with the locale's grouping: 100000 -> "1,00,000" (up to two decimals); blank for none. @param {number | string | null | undefined} n */
export function number(n) {
  if (n == null || n === "") return "";
  const x = Number(n);
  return Number.isFinite(x) ? fmt().number.format(x) : String(n);
}

/** A percentage (the figure in percent, 47.94 for 47.94%) with one decimal: "47.9%"; blank for none. @param {number | null | undefined} x */
export function percent(x) {
  if (x == null || !Number.isFinite(x)) return "";
  return fmt().percent.format(x / 100);
}

/** A distance in metres: under a kilometre whole metres ("850 m"), else km with one decimal ("1.2 km"). @param {number} m */
export function distance(m) {
  const f = fmt();
  const metres = Math.round(m);
  return metres < 1000 ? f.meters(metres) : f.kilometers(m / 1000);
}

/** A place's latitude and longitude as map links show them, five decimals with a point in every locale: "12.97160, 77.59460". @param {number} lat @param {number} lng */
export function coordinates(lat, lng) {
  const f = new Intl.NumberFormat("en", { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false });
  return `${f.format(lat)}, ${f.format(lng)}`;
}

/** The twelve months' long names in the user's language ("January", "जनवरी"), January first. */
export function monthNames() {
  const f = new Intl.DateTimeFormat(monthLocale(formats.get().locale), { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, m) => f.format(Date.UTC(2026, m, 1)));
}
