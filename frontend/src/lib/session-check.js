// Asks the server for the session user (GET /users/session): refreshes the stored copy (rights,
// forced change), reloads once when the server runs another app version, and, through the API
// client's 401 rule, ends a session the server no longer knows.
import { get } from "./api-client";
import { checkVersion, getSession, IMPERSONATION_KEY, setSession } from "./session";

/** @typedef {import("./session").SessionUser} SessionUser */

/** The session user as the server knows it now. @returns {Promise<SessionUser>} */
export const sessionUser = () => get("/users/session");

/**
 * Refreshes the stored session from the server: the fresh user, or the stored one unchanged in an
 * impersonation tab (null when signed out), or null when the session changed while the call ran.
 * @returns {Promise<SessionUser | null>}
 */
export async function refreshSession() {
  const current = getSession();
  // An impersonated tab answers with the other user; the stored session stays the caller's own.
  if (!current || !current.token || sessionStorage.getItem(IMPERSONATION_KEY)) return current;
  const user = await sessionUser();
  // Signed out (or in as someone else) while the call ran: keep what is stored now.
  if (getSession()?.token !== current.token) return null;
  setSession({ ...current, ...user });
  checkVersion(user);
  return user;
}
