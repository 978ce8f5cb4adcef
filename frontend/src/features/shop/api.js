// The server calls of the new shop and approval screens (CONTRACT.md "Returns, shelf stock and
// new shops").
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @param {string} status @returns {Promise<Schemas["ProposalPage"]>} */
export const proposals = (status) => get("/users/outlet/proposals", { query: { status } });
/** @param {number} id @returns {Promise<Schemas["OutletDecided"]>} */
export const approveShop = (id) => post("/users/outlet/proposal/{id}/approve", {}, { path: { id } });
/** @param {number} id @param {string} reason @returns {Promise<Schemas["OutletDecided"]>} */
export const rejectShop = (id, reason) => post("/users/outlet/proposal/{id}/reject", { reason }, { path: { id } });
/** @param {string} status @returns {Promise<Schemas["ReturnPage"]>} */
export const returnsList = (status) => get("/users/returns", { query: { status } });
/** @param {number} id @returns {Promise<Schemas["ReturnDecided"]>} */
export const approveReturn = (id) => post("/users/return/{id}/approve", {}, { path: { id } });
/** @param {number} id @param {string} reason @returns {Promise<Schemas["ReturnDecided"]>} */
export const rejectReturn = (id, reason) => post("/users/return/{id}/reject", { reason }, { path: { id } });
