// The calls a route starts early (lib/prefetch.js) and the offline layer makes (api.js): named once,
// as `[path, params]` of the description. No imports: the first-load chunk carries it
// (features/customers/visit-calls.js).

/** @typedef {import("../../../types/client").GetCall} GetCall */

/** The visit outcomes. */
export const OUTCOMES_PATH = "/master/outcome";

/** @type {GetCall} */
export const OUTCOMES_CALL = [OUTCOMES_PATH];

/**
 * The visit screen's answer for one customer (details, must sell, best sellers, last visits, links).
 * @param {string} buyerId
 * @returns {GetCall}
 */
export const detailsCall = (buyerId) => ["/users/customer/details/{id}", { path: { id: buyerId }, query: { showSummary: true } }];
