// Every server call of the Schemes screen (issue #52; right scheme_master), typed by the generated
// schemas (types/api.d.ts from docs/openapi.json).
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The path of a page of schemes: `active` "true" (not ended), "false" (ended) or "" (all).
 * @param {string} active @param {number} page
 */
export const schemePagePath = (active, page) => `/master/scheme?active=${encodeURIComponent(active)}&pageNumber=${page}`;
/** @param {number} id @returns {Promise<Schemas["SchemeDetail"]>} */
export const scheme = (id) => get(`/master/scheme/${id}`);
/** @param {Schemas["ApiScheme"]} body @returns {Promise<Schemas["SchemeSaved"]>} */
export const saveScheme = (body) => post("/master/scheme", body);
/** @param {number} id @returns {Promise<Schemas["SchemeSaved"]>} */
export const endScheme = (id) => post(`/master/scheme/${id}/end`);

/**
 * Every product of the catalogue (the product master's pages, 30 each), for the pickers.
 * @returns {Promise<Schemas["Product"][]>}
 */
export async function allProducts() {
  /** @type {Schemas["Product"][]} */
  const out = [];
  for (let page = 1; page <= 50; page++) {
    /** @type {Schemas["ProductPage"]} */
    const answer = await get(`/master/product?pageNumber=${page}`);
    out.push(...answer.data);
    if (out.length >= answer.totalRecords || answer.data.length === 0) break;
  }
  return out;
}
