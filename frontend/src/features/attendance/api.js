// Every server call of the Attendance screen (issue #37), typed by the generated schemas
// (types/api.d.ts from docs/openapi.json). The agent's own start and end go through the phone's
// queue (lib/offline/api.js).
import { get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * Every agent of the caller's on `date` (YYYY-MM-DD), started or not.
 * @param {string} date
 * @returns {Promise<Schemas["AttendancePage"]>}
 */
export const attendance = (date) => get("/users/attendance", { query: { date } });

/**
 * A manager's correction of a day: a new start and/or end, and the reason.
 * @param {Schemas["CorrectDay"]} body
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const correctDay = (body) => post("/users/attendance/correct", body);
