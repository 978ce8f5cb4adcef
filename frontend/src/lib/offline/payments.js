// Payments on the phone (issue #38): the customer's outstanding from the offline copy (the server
// puts each customer's outstanding in the copy, `outstanding`: null when nothing is open), less the
// payments still waiting in
// the queue; the copy's balances brought down once the server accepts a payment (by the allocations
// it answered), so the balance stays right between that and the copy's next refresh, which brings
// the server's figures; and the receipts made on this phone, to show again.
import { applyAllocations, summarize } from "../outstanding";
import { localParts } from "../format";
import { listQueue } from "./queue";
import { getMeta, setMeta, signedIn, userDb } from "./store";

/** @typedef {import("../outstanding").Outstanding} Outstanding */
/** @typedef {import("../outstanding").Invoice} Invoice */
/** @typedef {import("../outstanding").Allocation} Allocation */
/**
 * A customer of the copy as far as payments go: the server's outstanding (open invoices, total,
 * ageing as of the copy's day), and the clientIds of the payments this phone has taken off them
 * since (the server's next copy of the customer drops both).
 * @typedef {{ buyerId: string, buyerName?: string, outstanding?: Outstanding | null, paymentsApplied?: string[] }} CopyCustomer
 */
/**
 * A receipt as the phone shows it; `paymentId` once the server has the payment.
 * @typedef {{ clientId: string, receiptNo: string, buyerId: string, buyerName: string, amount: number,
 *   mode: string, reference?: string | null, chequeNo?: string | null, bank?: string | null, collectedAt: string,
 *   allocations: Allocation[], unallocated?: number, agentName: string, paymentId?: number | null }} Receipt
 */

/** Receipts kept per user; the oldest go first. */
const MAX_RECEIPTS = 200;

/** The open invoices the copy holds for a customer. @param {CopyCustomer} c @returns {Invoice[]} */
export const copyInvoices = (c) => (c.outstanding && c.outstanding.invoices) || [];

/** @param {import("idb").IDBPDatabase} db @param {string} buyerId @returns {Promise<CopyCustomer | undefined>} */
async function copyCustomer(db, buyerId) {
  const key = String(buyerId);
  return (await db.get("customers", key)) || (await db.get("customers", key.toUpperCase()));
}

/**
 * The customer's outstanding from the phone: the copy's invoices less the waiting payments' allocations,
 * days overdue counted to today; null when the customer is not in the copy. `asOf`: when the copy was
 * last complete (ISO), null before.
 * @param {number} uid
 * @param {string} buyerId
 * @returns {Promise<(Outstanding & { asOf: string | null, fromCopy: true }) | null>}
 */
export async function offlineOutstanding(uid, buyerId) {
  const db = await userDb(uid);
  const c = await copyCustomer(db, buyerId);
  if (!c) return null;
  const applied = new Set(c.paymentsApplied || []);
  const same = (/** @type {unknown} */ id) => String(id).toLowerCase() === String(c.buyerId).toLowerCase();
  let invoices = copyInvoices(c);
  for (const e of await listQueue(uid)) {
    if (e.kind === "payment" && e.state === "waiting" && same(e.payment.buyerId) && !applied.has(e.clientId))
      invoices = applyAllocations(invoices, e.allocations);
  }
  const asOf = (await db.get("meta", "customersSyncedAt")) || null;
  return { ...summarize(c.buyerId, invoices, { today: localParts(new Date()).date }), asOf, fromCopy: true };
}

/**
 * The server accepted a payment: its allocations come off the copy's balances (once per clientId).
 * @param {number} uid
 * @param {string} buyerId
 * @param {string} clientId
 * @param {Allocation[]} allocations
 */
export async function paymentApplied(uid, buyerId, clientId, allocations) {
  if (!signedIn(uid)) return;
  const db = await userDb(uid);
  const tx = db.transaction("customers", "readwrite");
  const key = String(buyerId);
  /** @type {CopyCustomer | undefined} */
  const c = (await tx.store.get(key)) || (await tx.store.get(key.toUpperCase()));
  if (c && !(c.paymentsApplied || []).includes(clientId)) {
    const invoices = applyAllocations(copyInvoices(c), allocations);
    await tx.store.put({
      ...c,
      outstanding: { ...summarize(c.buyerId, invoices), creditLimit: c.outstanding ? c.outstanding.creditLimit : null },
      paymentsApplied: [...(c.paymentsApplied || []), clientId],
    });
  }
  await tx.done;
}

/**
 * Keeps (or updates, by clientId) a receipt made on this phone.
 * @param {number} uid
 * @param {Receipt} receipt
 */
export async function keepReceipt(uid, receipt) {
  /** @type {Receipt[]} */
  const all = (await getMeta(uid, "receipts")) || [];
  const rest = all.filter((r) => r.clientId !== receipt.clientId);
  await setMeta(uid, "receipts", [...rest, receipt].slice(-MAX_RECEIPTS));
}

/**
 * The server's answer to a payment: the receipt takes its id and allocations.
 * @param {number} uid
 * @param {string} clientId
 * @param {{ paymentId: number, allocations: Allocation[], unallocated: number }} saved
 */
export async function receiptSaved(uid, clientId, saved) {
  const r = await findReceipt(uid, clientId);
  if (r)
    await keepReceipt(uid, { ...r, paymentId: saved.paymentId, allocations: saved.allocations, unallocated: saved.unallocated });
}

/**
 * A receipt made on this phone, by its payment's clientId; null when none.
 * @param {number} uid
 * @param {string} clientId
 * @returns {Promise<Receipt | null>}
 */
export async function findReceipt(uid, clientId) {
  /** @type {Receipt[]} */
  const all = (await getMeta(uid, "receipts")) || [];
  return all.find((r) => r.clientId.toUpperCase() === clientId.toUpperCase()) || null;
}

/**
 * Every receipt made on this phone (My collections, issue #55), as kept.
 * @param {number} uid
 * @returns {Promise<Receipt[]>}
 */
export async function listReceipts(uid) {
  return (await getMeta(uid, "receipts")) || [];
}
