// Every server call of the collections screens (issue #38). A customer's outstanding and the
// recording of a payment are the offline layer's too (a payment waits in the phone's queue) and
// live there (lib/offline/api.js).
import { get, post } from "../../lib/api-client";

export { customerOutstanding, recordPayment } from "../../lib/offline/api";

/**
 * A payment as the back office sees it (GET /users/payments rows, GET /users/payment/{id} with its
 * allocations); `status` is collected, deposited or reversed.
 * @typedef {{ paymentId: number, receiptNo: string, clientId: string, buyerId: string, customerName: string,
 *   agentId: number, agentName: string, amount: number, mode: string, reference?: string | null,
 *   chequeNo?: string | null, bank?: string | null, collectedAt: string, receivedAt: string, allocated: number,
 *   unallocated: number, status: "collected" | "deposited" | "reversed", depositedAt?: string | null,
 *   depositedByName?: string | null, reversedAt?: string | null, reversedByName?: string | null,
 *   reversalReason?: string | null, allocations?: import("../../lib/outstanding").Allocation[] }} Payment
 * @typedef {{ count: number, amount: number, allocated: number, unallocated: number, reversedCount: number,
 *   byMode: { mode: string, count: number, amount: number }[] }} PaymentTotals
 * @typedef {{ data: Payment[], totalRecords: number, totals?: PaymentTotals }} PaymentPage
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
 * @returns {Promise<Payment>}
 */
export const paymentDetail = (paymentId) => get(`/users/payment/${paymentId}`);

/**
 * Marks a payment deposited (managers).
 * @param {number} paymentId
 * @returns {Promise<{ message: string, code?: string }>}
 */
export const depositPayment = (paymentId) => post(`/users/payment/${paymentId}/deposit`, {});

/**
 * Reverses a payment (administrators), with the reason.
 * @param {number} paymentId
 * @param {string} reason
 * @returns {Promise<{ message: string, code?: string }>}
 */
export const reversePayment = (paymentId, reason) => post(`/users/payment/${paymentId}/reverse`, { reason });
