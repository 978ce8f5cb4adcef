// The sign-in area's server calls (spec 1 §2 "Login area", §4): each a small function typed by the
// generated schemas (types/api.d.ts from docs/openapi.json).
import { post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * Step one of the sign-in: whether the account exists and how it may sign in.
 * @param {string} userName
 * @returns {Promise<Schemas["CheckUserResponse"]>}
 */
export const checkUser = (userName) => post("/login/checkUser", { userName });

/**
 * Mails (or texts) a one-time password to the account.
 * @param {string} userName
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const generateOtp = (userName) => post("/login/generateOTP", { userName });

/**
 * Signs in with a password, or with the one-time password when `otp`.
 * @param {boolean} otp
 * @param {Schemas["LoginRequest"]} body
 * @returns {Promise<Schemas["SessionBody"]>}
 */
export const signIn = (otp, body) => post(otp ? "/login/authOTP" : "/login/auth", body);

/**
 * Forgot password: a temporary one is mailed.
 * @param {string} userName
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const resetPassword = (userName) => post("/login/reset", { userName });

/**
 * The signed-in user's password change (forced or voluntary).
 * @param {Schemas["PasswordUpdateRequest"]} body
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const updatePassword = (body) => post("/users/passwordUpdate", body);

/**
 * Ends the session on the server.
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const logOut = () => post("/logout");
