// Every server call of the retailer bucket screens (the dashboard, a bucket's customers, the visit
// summary), typed by the generated schemas (types/api.d.ts from docs/openapi.json). An agent of 0
// is the manager's "all agents together", as the spec's screens send it.
import { get } from "../../lib/api-client";
import { useGet } from "../../lib/resource-store";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/**
 * What a loading hook gives a screen: `data` is the answer (`initial` until it comes, and after an error).
 * @template T
 * @typedef {{ data: T, loading: boolean, error: any, reload: () => void }} Loaded
 */

/** The dashboard's figures for one agent (0: all in view). @param {number} agent @returns {Loaded<Schemas["Landing"] | null>} */
export const useLanding = (agent) => useGet("/users/landing/{agent}", { path: { agent } });
/** The last 8 weeks' visits and orders; a failure shows nothing. @param {number} agent @returns {Loaded<Schemas["TrendWeek"][]>} */
export const useTrend = (agent) => useGet("/users/landingTrend/{agent}", { path: { agent } }, { initial: [], silent: true });

/**
 * One page (25 rows) of a bucket's customers (of the ordered bucket: order lines), by last visit
 * (or month of order) date.
 * @param {string} bucket @param {number} agent @param {number} pageNumber @param {"asc" | "desc"} order
 * @returns {Promise<Schemas["BucketPage"]>}
 */
export const bucketPage = (bucket, agent, pageNumber, order) =>
  get("/users/landing/{bucket}/{agent}", { path: { bucket, agent }, query: { pageNumber, order } });

/**
 * The visit summary: the caller's own, or (`agent` given, a manager; 0 for all) that agent's.
 * @param {number | null} agent @returns {Loaded<Schemas["VisitSummary"] | null>}
 */
export const useVisitSummary = (agent) => {
  const own = useGet(agent === null && "/users/customer/visitSummary");
  const agents = useGet(agent !== null && "/users/customerTracking/cumulativeView/{agent}", { path: { agent: agent ?? 0 } });
  return agent === null ? own : agents;
};
