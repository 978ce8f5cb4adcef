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
  get("/users/landing/{bucket}/{agent}", { path: { bucket, agent }, query: { pageNumber, order } });

/** The bucket list's page size (server side). */
export const BUCKET_PAGE = 25;

/**
 * Every row of a bucket (issue #55: the map shows the whole bucket, not a page): the first page,
 * then the others four at a time, in the list's order; `onProgress(done, total)` hears of each page.
 * @param {string} bucket
 * @param {number} agent
 * @param {"asc" | "desc"} order
 * @param {(done: number, total: number) => void} [onProgress]
 * @returns {Promise<Schemas["BucketPage"]["data"]>}
 */
export async function allBucketRows(bucket, agent, order, onProgress = () => {}) {
  const first = await bucketPage(bucket, agent, 1, order);
  const total = Math.max(1, Math.ceil(first.totalRecords / BUCKET_PAGE));
  /** @type {Schemas["BucketPage"]["data"][]} */
  const pages = [first.data];
  let done = 1;
  onProgress(done, total);
  for (let from = 2; from <= total; from += 4) {
    const batch = [];
    for (let n = from; n < from + 4 && n <= total; n++) batch.push(bucketPage(bucket, agent, n, order));
    for (const page of await Promise.all(batch)) {
      pages.push(page.data);
      onProgress(++done, total);
    }
  }
  return /** @type {Schemas["BucketPage"]["data"]} */ (pages.flat());
}
