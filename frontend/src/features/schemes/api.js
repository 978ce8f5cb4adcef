// Every server call of the Schemes screen (issue #52; right scheme_master), typed by the generated
// schemas (types/api.d.ts from docs/openapi.json).
import { get, post } from "../../lib/api-client";
import { useFilteredList } from "../../lib/filtered-list";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** The schemes list's pages: `active` "true" (not ended, the first shown), "false" (ended) or "" (all). */
export const useSchemeList = () =>
  useFilteredList("/master/scheme", { active: "true" }, (applied, pageNumber) => ({ ...applied, pageNumber }));
/** @param {number} id @returns {Promise<Schemas["SchemeDetail"]>} */
export const scheme = (id) => get("/master/scheme/{schemeId}", { path: { schemeId: id } });
/** @param {Schemas["ApiScheme"]} body @returns {Promise<Schemas["SchemeSaved"]>} */
export const saveScheme = (body) => post("/master/scheme", body);
/** @param {number} id @returns {Promise<Schemas["SchemeSaved"]>} */
export const endScheme = (id) => post("/master/scheme/{schemeId}/end", {}, { path: { schemeId: id } });

/**
 * Every product of the catalogue (the product master's pages, 30 each), for the pickers.
 * @returns {Promise<Schemas["Product"][]>}
 */
export async function allProducts() {
  /** @type {Schemas["Product"][]} */
  const out = [];
  for (let page = 1; page <= 50; page++) {
    /** @type {Schemas["ProductPage"]} */
    const answer = await get("/master/product", { query: { pageNumber: page } });
    out.push(...answer.data);
    if (out.length >= answer.totalRecords || answer.data.length === 0) break;
  }
  return out;
}
