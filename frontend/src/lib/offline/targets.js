// The agent's targets of the month kept on the phone (the store's meta, beside the day plan): the
// last answer of GET /users/targets, so Today shows the month's bars offline. It goes with the
// user's database at logout.
import { getMeta, setMeta } from "./store";

/** Keeps the answer with the time it was loaded. @param {number} uid @param {unknown} targets */
export const keepTargets = (uid, targets) => setMeta(uid, "targets", { targets, at: new Date().toISOString() });

/** The targets kept on the phone, `{ targets, at }`, or undefined before the first. @param {number} uid */
export const lastTargets = (uid) => getMeta(uid, "targets");
