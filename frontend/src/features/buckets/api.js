// Every server call of the retailer bucket screens (the dashboard, a bucket's customers, the visit
// summary), typed by the generated schemas (types/api.d.ts from docs/openapi.json). An agent of 0
// is the manager's "all agents together", as the spec's screens send it.
import { get } from "../../lib/api-client";
import { useApi } from "../../lib/use-api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/**
 * What a loading hook gives a screen: `data` is the answer (`initial` until it comes, and after an error).
 * @template T
 * @typedef {{ data: T, loading: boolean, error: any, reload: () => void }} Loaded
 */

/** The dashboard's figures for one agent (0: all in view). @param {number} agent @returns {Loaded<Schemas["Landing"] | null>} */
export const useLanding = (agent) => useApi(`/users/landing/${agent}`);
/** The last 8 weeks' visits and orders; a failure shows nothing. @param {number} agent @returns {Loaded<Schemas["TrendWeek"][]>} */
export const useTrend = (agent) => useApi(`/users/landingTrend/${agent}`, { initial: [], silent: true });

/**
 * One page (25 rows) of a bucket's customers (of the ordered bucket: order lines), by last visit
 * (or month of order) date.
 * @param {string} bucket @param {number} agent @param {number} pageNumber @param {"asc" | "desc"} order
 * @returns {Promise<Schemas["BucketPage"]>}
 */
export const bucketPage = (bucket, agent, pageNumber, order) =>
  get(`/users/landing/${encodeURIComponent(bucket)}/${agent}?pageNumber=${pageNumber}&order=${order}`);

/**
 * The visit summary: the caller's own, or (`agent` given, a manager; 0 for all) that agent's.
 * @param {number | null} agent @returns {Loaded<Schemas["VisitSummary"] | null>}
 */
export const useVisitSummary = (agent) =>
  useApi(agent === null ? "/users/customer/visitSummary" : `/users/customerTracking/cumulativeView/${agent}`);
