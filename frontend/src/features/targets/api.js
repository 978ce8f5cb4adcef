// Every server call of the targets screens (issue #53).
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The caller's agents by measure (GET /users/targets/team).
 * @param {string} month YYYY-MM
 * @returns {Promise<Schemas["Team"]>}
 */
export const teamTargets = (month) => get("/users/targets/team", { query: { month } });

/**
 * Sets (null: removes) an agent's target of a month (POST /master/target).
 * @param {{ agentId: number, month: string, measure: string, target: number | string | null }} body
 * @returns {Promise<Schemas["TargetSaved"]>}
 */
export const setTarget = (body) =>
  // The target as typed (its text too): the server reads it as a number, and answers a bad one with
  // its 400 and code, where the description's `number` would have the phone guess first.
  post("/master/target", /** @type {Schemas["SetTarget"]} */ (/** @type {unknown} */ (body)));
