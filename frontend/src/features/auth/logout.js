// Logout: the local session is cleared whether or not the server call succeeds (spec 2 §4).
// An agent with visits or orders waiting on the phone is warned first (logout-warning.jsx, logout-dialog.jsx): sync them,
// discard them, or stay. Logging out removes the agent's offline data, so the next user of a
// shared phone never sees it.
import { logOut } from "./api";
import { loadEngine, offlineEnabled } from "../../lib/offline/status";
import { clearSession, endImpersonation, getOwnSession, IMPERSONATION_KEY, landingRouteFor } from "../../lib/session";

/** @typedef {typeof import("../../lib/offline/engine")} Engine the offline engine's module */
/** An entry of the phone's queue, as the engine types it. @typedef {Parameters<Engine["kindOf"]>[0]} QueueEntry */
/** What a logout found waiting: `total` entries, `orders` (`payments`, `photos`) of them. @typedef {{ total: number, orders: number, payments?: number, photos?: number }} WarningCounts */
/** @typedef {(counts: WarningCounts) => void} WarningListener */

/** @type {WarningListener | null} */
let warn = null;

/**
 * The shell's warning dialog listens here: fn({ total, orders }) when a logout meets waiting
 * entries (`total` visits and orders, `orders` of them orders).
 * @param {WarningListener} fn
 */
export function onLogoutWarning(fn) {
  warn = fn;
  return () => {
    if (warn === fn) warn = null;
  };
}

/**
 * Logs out; `discard: true` (the warning's "Discard N visits") drops the waiting visits and orders too.
 * @param {{ discard?: boolean }} [options]
 */
export async function logout({ discard = false } = {}) {
  const own = getOwnSession();
  /** @type {Engine | null} */
  const engine =
    own && !sessionStorage.getItem(IMPERSONATION_KEY) && offlineEnabled(own) ? await loadEngine().catch(() => null) : null;
  if (own && engine && !discard) {
    // A phone whose database cannot be read has nothing to lose here: the logout goes on.
    /** @type {QueueEntry[]} */
    const queued = await engine.listQueue(own.uid).catch(() => []);
    // Never silently: without the dialog (it lives in the shell) the logout does not happen.
    if (queued.length > 0) {
      if (warn)
        warn({
          total: queued.length,
          orders: queued.filter((e) => engine.kindOf(e) === "order").length,
          payments: queued.filter((e) => engine.kindOf(e) === "payment").length,
          photos: queued.filter((e) => engine.kindOf(e) === "photo").length,
        });
      return;
    }
  }
  try {
    await logOut();
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
  // After the session is gone, so no late call of this user's code can open the data again.
  if (own && engine) await engine.forgetUser(own.uid).catch(() => {});
  window.location.hash = "#/login";
}
