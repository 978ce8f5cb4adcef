// Logout: the local session is cleared whether or not the server call succeeds (spec 2 §4).
import { post } from "../../lib/api-client";
import { clearSession } from "../../lib/session";

export async function logout() {
  try {
    await post("/logout");
  } catch {
    // The session ends locally anyway.
  }
  clearSession();
  window.location.hash = "#/login";
}
