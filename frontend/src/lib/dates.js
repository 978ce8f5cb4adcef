// Dates as the spec shows them: dd-MMM-yyyy, and day with abbreviated month.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** @param {string | null | undefined} value */
function parts(value) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value || "");
  return m ? { y: m[1], mon: MONTHS[Number(m[2]) - 1], d: m[3] } : null;
}

/** "2026-03-01" -> "01-Mar-2026" @param {string | null | undefined} value */
export function formatDate(value) {
  const p = parts(value);
  return p ? `${p.d}-${p.mon}-${p.y}` : value || "";
}

/** "2026-03-01" -> "01 Mar" @param {string | null | undefined} value */
export function dayMonth(value) {
  const p = parts(value);
  return p ? `${p.d} ${p.mon}` : value || "";
}

/**
 * An instant (ISO 8601) in the phone's time: { date: "2026-03-01", time: "14:05" }; none (null,
 * undefined) or no instant gives empty parts.
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
