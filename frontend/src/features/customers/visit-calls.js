// The visit screen's first calls, named once: the screen makes them (visit-screen.jsx) and the route
// table starts them while the screen's code loads (lib/prefetch.js). No imports: the first-load
// chunk carries it.
export const OUTCOMES_PATH = "/master/outcome";

/** The visit screen's answer for one customer (details, must sell, best sellers, last visits, links). */
export const detailsPath = (buyerId) => `/users/customer/details/${encodeURIComponent(buyerId)}?showSummary=true`;

/** The calls the visit screen of `params.buyerId` starts with. @param {Record<string, string>} params */
export const visitCalls = (params) => [detailsPath(decodeURIComponent(params.buyerId)), OUTCOMES_PATH];
