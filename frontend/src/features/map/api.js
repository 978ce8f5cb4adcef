// Every server call of the map screens, typed from the OpenAPI document (types/api.d.ts). The day
// plan is Today's too (lib/plan.js).
import { get } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @returns {Promise<Schemas["MapSettings"]>} the tile setting */
export const mapSettings = () => get("/users/map/settings");

/**
 * One page of a retailer bucket of an agent (0: the caller's whole scope), as the bucket list shows it.
 * @param {string} bucket
 * @param {number} agent
 * @param {number} pageNumber
 * @param {"asc" | "desc"} order
 * @returns {Promise<Schemas["BucketPage"]>}
 */
export const bucketPage = (bucket, agent, pageNumber, order) =>
  get(`/users/landing/${encodeURIComponent(bucket)}/${agent}?pageNumber=${pageNumber}&order=${order}`);
