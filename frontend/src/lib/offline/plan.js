// The agent's day plan kept on the phone (the store's meta, beside the outcomes): the last answer
// of GET /users/plan/today for the agent's own day, so Today and its map open offline. It goes
// with the user's database at logout.
import { getMeta, setMeta } from "./store";

/** Keeps the plan with the time it was loaded. @param {number} uid @param {unknown} plan */
export const keepPlan = (uid, plan) => setMeta(uid, "plan", { plan, at: new Date().toISOString() });

/** The plan kept on the phone, `{ plan, at }`, or undefined before the first one. @param {number} uid */
export const lastPlan = (uid) => getMeta(uid, "plan");
