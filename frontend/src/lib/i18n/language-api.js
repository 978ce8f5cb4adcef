// The language's server calls: the signed-in user's own language, and what the sign-in screen
// shows before anyone signs in. Each a small function typed by the generated schemas.
import { get, post } from "../api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * Sets the signed-in user's language ("en" or "hi"), kept on the server.
 * @param {string} locale
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const setLocale = (locale) => post("/users/locale", { locale });

/**
 * The company's language and formats, public: the sign-in screen's defaults.
 * @returns {Promise<Schemas["LoginSettings"]>}
 */
export const loginSettings = () => get("/login/settings");
