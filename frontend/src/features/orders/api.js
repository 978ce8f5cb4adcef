// Every server call of the order screens, typed from the OpenAPI document (types/api.d.ts). The
// booking and the product list are the offline layer's too (an order waits in the phone's queue),
// and live there (lib/offline/api.js, lib/offline/products.js).
import { get, post } from "../../lib/api-client";
import { dateErrors, useFilteredList } from "../../lib/filtered-list";
import { useGet } from "../../lib/resource-store";

export { bookOrder } from "../../lib/offline/api";
export { fetchSchemes as schemesCopy } from "../../lib/offline/schemes";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * One order with its lines.
 * @param {number} orderId
 * @returns {Promise<Schemas["OrderDetail"]>}
 */
export const orderDetail = (orderId) => get("/users/order/{orderId}", { path: { orderId } });

/** @returns {Promise<Schemas["Distributor"][]>} the distributors an order may go to */
export const distributors = () => get("/master/distributor");

/** The Credit Approval list's pages: the orders awaiting approval over a credit limit of the caller's customers. */
export const useHeldOrders = () => useFilteredList("/users/orders/held", {}, (_, pageNumber) => ({ pageNumber }));

/**
 * Approves an order held over the credit limit (it is mailed on the next run).
 * @param {number} orderId
 * @param {string} reason optional ("" for none)
 * @returns {Promise<Schemas["OrderDecided"]>}
 */
export const approveOrder = (orderId, reason) =>
  post("/users/order/{orderId}/approve", { reason: reason || null }, { path: { orderId } });

/**
 * Rejects an order held over the credit limit (never mailed).
 * @param {number} orderId
 * @param {string} reason required
 * @returns {Promise<Schemas["OrderDecided"]>}
 */
export const rejectOrder = (orderId, reason) => post("/users/order/{orderId}/reject", { reason }, { path: { orderId } });

/**
 * Prices an order's body as booking it now would, booking nothing (issue #52).
 * @param {Schemas["BookOrder"]} body
 * @returns {Promise<Schemas["OrderQuote"]>}
 */
export const quoteOrder = (body) => post("/users/order/quote", body);

/**
 * The orders list's pages between two dates (lib/filtered-list.js); `afterText`: the screen's words
 * for From after To.
 * @param {string} afterText
 */
export const useOrderList = (afterText) =>
  useFilteredList("/users/orders", { from: "", to: "" }, (applied, pageNumber) => ({ ...applied, pageNumber }), {
    check: (f) => dateErrors(f, afterText),
  });

/** One order with its lines, as a screen's data (keyed by its URL). @param {number} orderId */
export const useOrder = (orderId) => useGet("/users/order/{orderId}", { path: { orderId } });
