// A time of day as typed (issue #55: one time format everywhere): the app writes times as the
// 24-hour "HH:MM" (lib/format.js formatDateTime, the attendance lines), so the time fields take and
// show that form too, never the browser's own 12-hour picker. Typing may be looser: "8:05",
// "0805", "805", "8", "20.05", and a 12-hour "8:05 pm" or "8pm" is turned into 24 hours.

/**
 * "HH:MM" of a typed time, or null when it is no time of day.
 * @param {string | null | undefined} typed
 * @returns {string | null}
 */
export function parseTime(typed) {
  const text = String(typed ?? "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "");
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?(am|pm|a\.m\.|p\.m\.)?$/.exec(text);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3] ? m[3][0] : null;
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
