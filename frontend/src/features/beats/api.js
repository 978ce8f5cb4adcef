// Every server call of the beat screens (the list and the editor), typed by the generated schemas
// (types/api.d.ts from docs/openapi.json).
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The GET of one page (30) of the caller's agents' beats, by agent then beat name, narrowed to one
 * agent (0: all) and by a search over beat and agent names; its answer is a Schemas["BeatPage"]
 * (read with lib/server-page's useServerPage).
 * @param {{ agentId: number, search: string, pageNumber: number }} query
 */
export const beatPagePath = ({ agentId, search, pageNumber }) =>
  `/master/beat?${new URLSearchParams({ agentId: String(agentId), search, pageNumber: String(pageNumber) })}`;
/** @param {number} id @returns {Promise<Schemas["BeatDetail"]>} */
export const beatDetail = (id) => get(`/master/beat/${id}`);
/** Adds (no beatId) or replaces a beat whole. @param {Schemas["SaveBeat"]} body @returns {Promise<Schemas["BeatSaved"]>} */
export const saveBeat = (body) => post("/master/beat", body);
/** @param {number} id @returns {Promise<Schemas["MessageBody"]>} */
export const deleteBeat = (id) => post(`/master/beat/delete/${id}`);

/**
 * The customer search the visit screen uses, over one agent's customers (`agentId` 0: all the caller's).
 * @param {string} query @param {number} agentId @returns {Promise<Schemas["Suggestion"][]>}
 */
export const searchCustomers = (query, agentId) =>
  get(`/users/customer/search?query=${encodeURIComponent(query)}${agentId ? `&agentId=${agentId}` : ""}`);
