// Every server call of the targets screens (issue #53).
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The caller's agents by measure (GET /users/targets/team).
 * @param {string} month YYYY-MM
 * @returns {Promise<Schemas["Team"]>}
 */
export const teamTargets = (month) => get(`/users/targets/team?month=${encodeURIComponent(month)}`);

/**
 * Sets (null: removes) an agent's target of a month (POST /master/target).
 * @param {{ agentId: number, month: string, measure: string, target: number | string | null }} body
 * @returns {Promise<Schemas["TargetSaved"]>}
 */
export const setTarget = (body) => post("/master/target", body);
