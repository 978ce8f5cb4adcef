// Asks the server for the session user (GET /users/session): refreshes the stored copy (rights,
// forced change), reloads once when the server runs another app version, and, through the API
// client's 401 rule, ends a session the server no longer knows.
import { get } from "./api-client";
import { checkVersion, getSession, IMPERSONATION_KEY, setSession } from "./session";

export async function refreshSession() {
  const current = getSession();
  // An impersonated tab answers with the other user; the stored session stays the caller's own.
  if (!current || !current.token || sessionStorage.getItem(IMPERSONATION_KEY)) return current;
  const user = await get("/users/session");
  // Signed out (or in as someone else) while the call ran: keep what is stored now.
  if (!getSession() || getSession().token !== current.token) return null;
  setSession({ ...current, ...user });
  checkVersion(user);
  return user;
}
