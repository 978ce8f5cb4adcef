// Logout: the local session is cleared whether or not the server call succeeds (spec 2 §4).
import { post } from "../../lib/api-client";
import { clearSession, endImpersonation, getOwnSession, IMPERSONATION_KEY, landingRouteFor } from "../../lib/session";

export async function logout() {
  try {
    await post("/logout");
  } catch {
    // The session ends locally anyway.
  }
  // In a tab working in another user's account, logging out ends only that.
  if (sessionStorage.getItem(IMPERSONATION_KEY)) {
    endImpersonation();
    window.location.hash = `#${landingRouteFor(getOwnSession())}`;
    return;
  }
  clearSession();
  window.location.hash = "#/login";
}
