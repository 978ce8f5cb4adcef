// Every server call of the collections screens (issue #38). A customer's outstanding and the
// recording of a payment are the offline layer's too (a payment waits in the phone's queue) and
// live there (lib/offline/api.js).
import { get, post } from "../../lib/api-client";

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
 * The payments list's path for a filter and page (`useServerPage` asks it).
 * @param {{ agentId: string, from: string, to: string, mode: string, status: string, pageNumber: number }} q
 */
export const paymentsPagePath = ({ agentId, from, to, mode, status, pageNumber }) =>
  `/users/payments?${new URLSearchParams({ agentId, from, to, mode, status, pageNumber: String(pageNumber) })}`;

/**
 * One payment with its allocations (the receipt's fields).
 * @param {number} paymentId
 * @returns {Promise<Schemas["PaymentDetail"]>}
 */
export const paymentDetail = (paymentId) => get(`/users/payment/${paymentId}`);

/**
 * Marks a payment deposited (managers).
 * @param {number} paymentId
 * @returns {Promise<Schemas["PaymentChanged"]>}
 */
export const depositPayment = (paymentId) => post(`/users/payment/${paymentId}/deposit`, {});

/**
 * Approves a payment far above what was owed (managers; not its collector).
 * @param {number} paymentId
 * @returns {Promise<Schemas["PaymentChanged"]>}
 */
export const approvePayment = (paymentId) => post(`/users/payment/${paymentId}/approve`, {});

/**
 * Reverses a payment (administrators), with the reason.
 * @param {number} paymentId
 * @param {string} reason
 * @returns {Promise<Schemas["PaymentChanged"]>}
 */
export const reversePayment = (paymentId, reason) => post(`/users/payment/${paymentId}/reverse`, { reason });

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
    const answer = await get(`/users/payments?${new URLSearchParams({ from, pageNumber: String(page) })}`);
    rows.push(...answer.data);
    if (answer.data.length < 30 || rows.length >= answer.totalRecords) break;
  }
  return rows;
}
