// Every server call of the beat screens (the list and the editor), typed by the generated schemas
// (types/api.d.ts from docs/openapi.json).
import { get, post } from "../../lib/api-client";
import { useFilteredList } from "../../lib/filtered-list";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The beat list's pages (30) of the caller's agents' beats, by agent then beat name, narrowed to one
 * agent (0: all) and by a search over beat and agent names (lib/filtered-list.js).
 */
export const useBeatList = () =>
  useFilteredList("/master/beat", { agentId: 0, search: "" }, (applied, pageNumber) => ({ ...applied, pageNumber }));
/** @param {number} id @returns {Promise<Schemas["BeatDetail"]>} */
export const beatDetail = (id) => get("/master/beat/{id}", { path: { id } });
/** Adds (no beatId) or replaces a beat whole. @param {Schemas["SaveBeat"]} body @returns {Promise<Schemas["BeatSaved"]>} */
export const saveBeat = (body) => post("/master/beat", body);
/** @param {number} id @returns {Promise<Schemas["MessageBody"]>} */
export const deleteBeat = (id) => post("/master/beat/delete/{id}", {}, { path: { id } });

/**
 * The customer search the visit screen uses, over one agent's customers (`agentId` 0: all the caller's).
 * @param {string} query @param {number} agentId @returns {Promise<Schemas["Suggestion"][]>}
 */
export const searchCustomers = (query, agentId) => get("/users/customer/search", { query: { query, agentId: agentId || null } });
