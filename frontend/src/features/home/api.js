// The administrator's home: its one server call.
import { get } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** Today's live figures over the caller's scope (GET /users/home). @returns {Promise<Schemas["Home"]>} */
export const homeFigures = () => get("/users/home");
