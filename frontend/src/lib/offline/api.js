// The server calls of the offline layer, typed from the OpenAPI document: what the phone keeps (the
// customer copy, the outcome and product lists, the visit screens) and what its queue sends (a
// visit, an order). The features that show or save the same things call these too
// (features/customers/api.js, features/orders/api.js re-export them).
import { get, post } from "../api-client";
import { prefetched, sharedPrefetch } from "../prefetch";
import { OUTCOMES_PATH } from "./paths";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * One page of the agent's customer copy from `cursor` ("" for a first pass).
 * @param {string} cursor
 * @returns {Promise<Schemas["OfflinePage"]>}
 */
export const offlinePage = (cursor) => get("/users/customer/offline", { query: { cursor } });

/**
 * The visit outcomes (started early by the route where it names them).
 * @returns {Promise<Schemas["Outcome"][]>}
 */
export const outcomeList = () => prefetched(OUTCOMES_PATH);

/**
 * The visit outcomes for the offline copy: a visit screen's early call shared, not taken from it.
 * @returns {Promise<Schemas["Outcome"][]>}
 */
export const keptOutcomeList = () => sharedPrefetch(OUTCOMES_PATH);

/**
 * The distributors an order may go to (order_booking).
 * @returns {Promise<Schemas["Distributor"][]>}
 */
export const distributorList = () => get("/master/distributor");

/**
 * One page (30) of the product master.
 * @param {number} pageNumber from 1
 * @returns {Promise<Schemas["ProductPage"]>}
 */
export const productPage = (pageNumber) => get("/master/product", { query: { pageNumber } });

/**
 * The visit screen of one customer (started early by the visit route).
 * @param {string} buyerId
 * @returns {Promise<Schemas["VisitScreen"]>}
 */
export const visitScreen = (buyerId) =>
  prefetched("/users/customer/details/{id}", { path: { id: buyerId }, query: { showSummary: true } });

/**
 * The server's customer search, worded as suggestions.
 * @param {string} query
 * @returns {Promise<Schemas["Suggestion"][]>}
 */
export const customerSearch = (query) => get("/users/customer/search", { query: { query } });

/**
 * Saves a visit (a repeat of its clientId saves nothing and answers as the first); a visit to a
 * pending new shop is kept until its approval (VisitWaiting).
 * @param {Schemas["SaveVisit"]} body
 * @returns {Promise<Schemas["VisitAnswer"]>}
 */
export const saveVisit = (body) => post("/users/customer/details", body);

/**
 * Books an order, with its visit when it has one (a repeat of its clientId books nothing); an
 * order for a pending new shop waits for its approval (OrderWaiting).
 * @param {Schemas["BookOrder"]} body
 * @returns {Promise<Schemas["OrderAnswer"]>}
 */
export const bookOrder = (body) => post("/users/order", body);

/**
 * The agent's working day today (issue #37).
 * @returns {Promise<Schemas["Today"]>}
 */
export const dayToday = () => get("/users/day/today");

/**
 * "Start day" (a repeat of its clientId records nothing and answers as the first).
 * @param {Schemas["DayMark"]} body
 * @returns {Promise<Schemas["DayMarked"]>}
 */
export const startDay = (body) => post("/users/day/start", body);

/**
 * "End day" (a repeat of its clientId records nothing and answers as the first).
 * @param {Schemas["DayMark"]} body
 * @returns {Promise<Schemas["DayMarked"]>}
 */
export const endDay = (body) => post("/users/day/end", body);

/**
 * A payment as the collect form sends it (and the queue keeps it); amounts in rupees, two places.
 * The server's RecordPayment, with the fields the phone always fills.
 * @typedef {{ clientId: string, buyerId: string, amount: number, mode: "cash" | "cheque" | "upi" | "bank",
 *   reference?: string | null, chequeNo?: string | null, bank?: string | null, collectedAt: string,
 *   invoices?: string[] | null }} PaymentBody
 * @typedef {Schemas["PaymentRecorded"]} PaymentSaved
 */

/**
 * A customer's open invoices, their total and ageing.
 * @param {string} buyerId
 * @returns {Promise<Schemas["Outstanding"]>}
 */
export const customerOutstanding = (buyerId) => get("/users/customer/outstanding/{buyerId}", { path: { buyerId } });

/**
 * Records a payment collected (a repeat of its clientId records nothing and answers as the first,
 * with `duplicate: true`).
 * @param {PaymentBody} body
 * @returns {Promise<PaymentSaved>}
 */
export const recordPayment = (body) => post("/users/payment", body);
