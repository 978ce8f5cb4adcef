// Reading a date typed in the company's form (lib/date-input.jsx): apart from format.js, so the
// first load does not carry it.
import { formats, monthLocale, withDigits } from "./format";

/** A month name as typed or as Intl writes it, for comparing: lower case, without dots and ॰. @param {string} name */
const monthKey = (name) =>
  name
    .toLowerCase()
    .replace(/[.\u0970]/g, "")
    .trim();

/** @type {{ key: string, names: Map<string, number>, dayFirst: boolean } | null} */
let parsing = null;

/** The month names a typed date may use (the locale's and English, short and long) and whether the locale writes the day first. */
function parsingOf() {
  const now = formats.get();
  const key = `${now.locale}`;
  if (parsing && parsing.key === key) return parsing;
  /** @type {Map<string, number>} */
  const names = new Map();
  for (const loc of new Set([monthLocale(now.locale), "en", "hi"])) {
    for (const month of /** @type {const} */ (["short", "long"])) {
      const f = new Intl.DateTimeFormat(loc, { month, timeZone: "UTC" });
      for (let m = 0; m < 12; m++) names.set(monthKey(f.format(Date.UTC(2026, m, 1))), m + 1);
    }
  }
  names.set("sept", 9);
  const order = new Intl.DateTimeFormat(withDigits(now.locale), { timeZone: "UTC" })
    .formatToParts(Date.UTC(2026, 10, 27))
    .map((p) => p.type)
    .filter((t) => t === "day" || t === "month");
  parsing = { key, names, dayFirst: order[0] !== "month" };
  return parsing;
}

/**
 * A date typed in the company's form, as the API takes it ("YYYY-MM-DD"), or null when it is no
 * date. Takes 27-Nov-2026 (the month's name in the user's language or English, any case, with or
 * without its dot), 27-11-2026 (day first where the locale writes the day first), with -, /, . or
 * spaces between, a two-digit year as 20yy, and 2026-11-27 itself.
 * @param {string | null | undefined} text
 */
export function parseDate(text) {
  const t = (text || "").trim();
  if (!t) return null;
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  /** @param {number} y @param {number} m @param {number} d */
  const iso = (y, m, d) => {
    if (y < 100) y += 2000;
    const date = new Date(Date.UTC(y, m - 1, d));
    if (y < 1000 || y > 9999 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
      return null;
    return `${y}-${two(m)}-${two(d)}`;
  };
  const isoTyped = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (isoTyped) return iso(Number(isoTyped[1]), Number(isoTyped[2]), Number(isoTyped[3]));
  const parts = t.split(/[\s\-/.,]+/).filter(Boolean);
  if (parts.length !== 3) return null;
  const { names, dayFirst } = parsingOf();
  const numeric = (/** @type {string} */ p) => (/^\d{1,4}$/.test(p) ? Number(p) : NaN);
  const [a, b, c] = parts;
  if (!/^\d{2}(\d{2})?$/.test(c)) return null;
  const year = Number(c);
  // A month by its name, either side of the day (27 Nov 2026, Nov 27 2026).
  const named = names.get(monthKey(b)) ?? names.get(monthKey(a));
  if (named !== undefined) {
    const day = numeric(names.has(monthKey(b)) ? a : b);
    return Number.isNaN(day) || day > 31 ? null : iso(year, named, day);
  }
  const [x, y] = [numeric(a), numeric(b)];
  if (Number.isNaN(x) || Number.isNaN(y) || a.length > 2 || b.length > 2) return null;
  return dayFirst ? iso(year, y, x) : iso(year, x, y);
}
