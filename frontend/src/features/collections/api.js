// Every server call of the collections screens (issue #38). A customer's outstanding and the
// recording of a payment are the offline layer's too (a payment waits in the phone's queue) and
// live there (lib/offline/api.js).
import { get, post } from "../../lib/api-client";
import { dateErrors, useFilteredList } from "../../lib/filtered-list";
import { useGet } from "../../lib/resource-store";

export { customerOutstanding, recordPayment } from "../../lib/offline/api";

/**
 * A payment as the back office sees it (GET /users/payments rows; GET /users/payment/{id} adds its
 * allocations); `status` is pending (awaiting a manager's approval), collected, deposited or reversed.
 * @typedef {import("../../../types/api").components["schemas"]} Schemas
 * @typedef {Schemas["PaymentRow"] & { allocations?: Schemas["Allocation"][] }} Payment
 * @typedef {Schemas["PaymentTotals"]} PaymentTotals
 * @typedef {Schemas["PaymentPage"]} PaymentPage
 */

/**
 * One payment with its allocations (the receipt's fields).
 * @param {number} paymentId
 * @returns {Promise<Schemas["PaymentDetail"]>}
 */
export const paymentDetail = (paymentId) => get("/users/payment/{paymentId}", { path: { paymentId } });

/**
 * Marks a payment deposited (managers).
 * @param {number} paymentId
 * @returns {Promise<Schemas["PaymentChanged"]>}
 */
export const depositPayment = (paymentId) => post("/users/payment/{paymentId}/deposit", {}, { path: { paymentId } });

/**
 * Approves a payment far above what was owed (managers; not its collector).
 * @param {number} paymentId
 * @returns {Promise<Schemas["PaymentChanged"]>}
 */
export const approvePayment = (paymentId) => post("/users/payment/{paymentId}/approve", {}, { path: { paymentId } });

/**
 * Reverses a payment (administrators), with the reason.
 * @param {number} paymentId
 * @param {string} reason
 * @returns {Promise<Schemas["PaymentChanged"]>}
 */
export const reversePayment = (paymentId, reason) =>
  post("/users/payment/{paymentId}/reverse", { reason }, { path: { paymentId } });

/**
 * The caller's own payments since `from` ("YYYY-MM-DD"), newest first: the pages of
 * GET /users/payments (an agent's scope is their own), at most 10 pages of 30 (My collections).
 * @param {string} from
 * @returns {Promise<Payment[]>}
 */
export async function myPayments(from) {
  /** @type {Payment[]} */
  const rows = [];
  for (let page = 1; page <= 10; page++) {
    /** @type {PaymentPage} */
    const answer = await get("/users/payments", { query: { from, pageNumber: page } });
    rows.push(...answer.data);
    if (answer.data.length < 30 || rows.length >= answer.totalRecords) break;
  }
  return rows;
}

/** One payment with its allocations, as a screen's data (keyed by its URL). @param {number} paymentId */
export const usePayment = (paymentId) => useGet("/users/payment/{paymentId}", { path: { paymentId } });

/** The payments list's filter: "" for any. */
export const NO_PAYMENT_FILTER = { agentId: "", from: "", to: "", mode: "", status: "" };

/**
 * The payments list's pages for a filter (lib/filtered-list.js); `afterText`: the screen's words for
 * From after To.
 * @param {string} afterText
 */
export const usePaymentList = (afterText) =>
  useFilteredList("/users/payments", NO_PAYMENT_FILTER, (applied, pageNumber) => ({ ...applied, pageNumber }), {
    check: (f) => dateErrors(f, afterText),
  });
