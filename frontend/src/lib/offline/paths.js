// The paths of the calls a route starts early (lib/prefetch.js) and the offline layer makes
// (api.js): named once. No imports: the first-load chunk carries it (features/customers/visit-calls.js).
export const OUTCOMES_PATH = "/master/outcome";

/**
 * The visit screen's answer for one customer (details, must sell, best sellers, last visits, links).
 * @param {string} buyerId
 */
export const detailsPath = (buyerId) => `/users/customer/details/${encodeURIComponent(buyerId)}?showSummary=true`;
