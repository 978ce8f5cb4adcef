// My collections (agents, issue #55): the payments an agent collected in the last 30 days, from
// the server when it answers and from the phone's own receipts always (a payment still in the
// queue is only there; offline they are all there is), newest first; today's sums by mode; what
// is deposited. Plain functions, so the unit tests check them without a screen.
import { localParts } from "../../lib/format";
import { toPaise } from "../../lib/outstanding";

/** How far back the list reaches, in days (the phone keeps its receipts as long). */
export const DAYS = 30;

/**
 * One collection as listed: `status` is the server's (pending, collected, deposited, reversed) or
 * "phone" for one only this phone knows (waiting to be sent, or the server not reached).
 * @typedef {{ clientId: string, receiptNo: string, paymentId: number | null, buyerId: string,
 *   buyerName: string, mode: string, amount: number, collectedAt: string, status: string }} Collected
 */

/**
 * The first day of the list, "YYYY-MM-DD" in the phone's time.
 * @param {Date} now
 */
export const firstDay = (now) => localParts(new Date(now.getTime() - (DAYS - 1) * 86_400_000).toISOString()).date;

/**
 * The server's rows and the phone's receipts as one list, newest first: a payment the server
 * listed is the server's (its status, its deposit); a receipt it did not list is the phone's.
 * Receipts older than {@link DAYS} days are left out.
 * @param {{ clientId: string, receiptNo: string, paymentId?: number | null, buyerId: string, buyerName?: string,
 *   mode: string, amount: number, collectedAt: string }[]} receipts the phone's
 * @param {import("./api").Payment[] | null} rows the server's (null: not reached)
 * @param {Date} now
 * @returns {Collected[]}
 */
export function mergeCollections(receipts, rows, now) {
  const from = firstDay(now);
  /** @type {Map<string, Collected>} */
  const all = new Map();
  for (const r of rows || [])
    all.set(r.clientId.toUpperCase(), {
      clientId: r.clientId,
      receiptNo: r.receiptNo,
      paymentId: r.paymentId,
      buyerId: r.buyerId,
      buyerName: r.customerName,
      mode: r.mode,
      amount: Number(r.amount),
      collectedAt: r.collectedAt,
      status: r.status,
    });
  for (const r of receipts) {
    const key = r.clientId.toUpperCase();
    if (all.has(key) || localParts(r.collectedAt).date < from) continue;
    all.set(key, {
      clientId: r.clientId,
      receiptNo: r.receiptNo,
      paymentId: r.paymentId ?? null,
      buyerId: r.buyerId,
      buyerName: r.buyerName || "",
      mode: r.mode,
      amount: Number(r.amount),
      collectedAt: r.collectedAt,
      status: "phone",
    });
  }
  return [...all.values()].sort((a, b) => (a.collectedAt < b.collectedAt ? 1 : a.collectedAt > b.collectedAt ? -1 : 0));
}

/**
 * Today's sums in paise (the phone's day), by mode, with the total and the count; reversed
 * payments count nowhere. Also what of the whole list is deposited.
 * @param {Collected[]} list
 * @param {Date} now
 */
export function collectionSums(list, now) {
  const today = localParts(now.toISOString()).date;
  /** @type {Record<string, number>} */
  const byMode = { cash: 0, cheque: 0, upi: 0, bank: 0 };
  let total = 0;
  let count = 0;
  let deposited = 0;
  for (const c of list) {
    if (c.status === "reversed") continue;
    const paise = toPaise(c.amount);
    if (c.status === "deposited") deposited += paise;
    if (localParts(c.collectedAt).date !== today) continue;
    byMode[c.mode] = (byMode[c.mode] || 0) + paise;
    total += paise;
    count += 1;
  }
  return { byMode, total, count, deposited };
}
