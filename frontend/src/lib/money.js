// Money as every screen shows it: two decimals with Indian grouping ("1,23,456.50"), one
// formatter for all (a later issue brings locales through Intl; this is the one place to change).
const RUPEES = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456.5 or "123456.5" -> "1,23,456.50"; blank stays blank, text that is no number stays as sent. */
/** @param {number | string | null | undefined} v */
export function money(v) {
  if (v == null || v === "") return "";
  const n = Number(v);
  return Number.isFinite(n) ? RUPEES.format(n) : String(v);
}

/** `n` with its noun, singular for exactly one: (1, "attempt") -> "1 attempt", (3, "row") -> "3 rows". */
export const plural = (/** @type {number} */ n, /** @type {string} */ one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
