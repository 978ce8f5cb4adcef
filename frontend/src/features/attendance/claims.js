// The marks of a day's claimed taps (issue #49): a tap that arrived more than 15 minutes after its
// time, or for a day before the one it arrived on, is the agent's claim. The manager sees what was
// claimed and when it arrived: "Start claimed 07:00, received 06-Dec-2026 10:02".
import { formatDate, localParts } from "../../lib/format";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]["AttendanceRow"]} Row */

/**
 * One line per claimed tap of `r`, the day shown being `date` (YYYY-MM-DD): the received time
 * carries its date when that is another day.
 * @param {Row} r
 * @param {string} date
 * @returns {string[]}
 */
export function claimMarks(r, date) {
  /** @param {string | null | undefined} iso */
  const received = (iso) => {
    const p = localParts(iso);
    return p.date === date ? p.time : `${formatDate(p.date)} ${p.time}`;
  };
  const marks = [];
  if (r.startClaimed)
    marks.push(t("startClaimed", { time: localParts(r.startTapAt).time, received: received(r.startReceivedAt) }));
  if (r.endClaimed) marks.push(t("endClaimed", { time: localParts(r.endTapAt).time, received: received(r.endReceivedAt) }));
  return marks;
}
