// Every server call of the order screens, typed from the OpenAPI document (types/api.d.ts). The
// booking and the product list are the offline layer's too (an order waits in the phone's queue),
// and live there (lib/offline/api.js, lib/offline/products.js).
import { get } from "../../lib/api-client";

export { bookOrder } from "../../lib/offline/api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The orders list's path for one page between two dates (`useServerPage` asks it).
 * @param {{ from: string, to: string, pageNumber: number }} query dates as YYYY-MM-DD, "" for open
 */
export const ordersPagePath = ({ from, to, pageNumber }) =>
  `/users/orders?${new URLSearchParams({ from, to, pageNumber: String(pageNumber) })}`;

/**
 * One order with its lines.
 * @param {number} orderId
 * @returns {Promise<Schemas["OrderDetail"]>}
 */
export const orderDetail = (orderId) => get(`/users/order/${orderId}`);

/** @returns {Promise<Schemas["Distributor"][]>} the distributors an order may go to */
export const distributors = () => get("/master/distributor");
