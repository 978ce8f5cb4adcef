// The user screens' server calls: blocking and unblocking, the agent password reset, and
// impersonation (spec 1 §4 "Blocking", spec 2 §4 "Impersonation").
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * The users whose block state the caller may change; `agents`: the agents only (Unblock Agent).
 * @param {boolean} agents
 * @returns {Promise<Schemas["BlockRow"][]>}
 */
export const blockList = (agents) => get("/users/block", { query: agents ? { fromUserAgent: true } : {} });

/**
 * Blocks (`block`) or unblocks a user from the Block/Unblock User screen.
 * @param {number} uid
 * @param {boolean} block
 * @returns {Promise<Schemas["BlockAnswer"]>}
 */
export const setBlocked = (uid, block) =>
  post(block ? "/users/block/{id}" : "/users/unblock/{id}", {}, { path: { id: uid }, query: { fromUserAgent: false } });

/**
 * Unblocks an agent and resets their password (Unblock Agent / Agent Pass Reset).
 * @param {number} uid
 * @returns {Promise<Schemas["BlockAnswer"]>}
 */
export const resetAgent = (uid) =>
  post("/users/unblock/{id}", {}, { path: { id: uid }, query: { fromUserAgent: true, reset: true } });

/** The accounts an administrator may open. @returns {Promise<Schemas["Account"][]>} */
export const rcaList = () => get("/users/rca-list");
/** @returns {Promise<Schemas["Account"][]>} */
export const amList = () => get("/users/am-list");

/**
 * A one-time token for opening `userName`'s account in a new tab.
 * @param {string} userName
 * @returns {Promise<Schemas["OneTimeToken"]>}
 */
export const impersonationToken = (userName) => post("/users/impersonate-rca", { userName });

/**
 * The other user's session for the one-time token (the new tab's landing route).
 * @param {string} token
 * @returns {Promise<Schemas["ImpersonatedBody"]>}
 */
export const impersonate = (token) => post("/users/impersonate-rca-token", { userName: token });
