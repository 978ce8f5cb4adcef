// The signed-in user, kept in browser storage (spec 1 §3 "Session user").
// An impersonated session (later) lives in sessionStorage beside the administrator's own.

const KEY = "fieldsales.session";
/** sessionStorage key of the impersonation token (sent as X-Impersonation-Token). */
export const IMPERSONATION_KEY = "fieldsales.impersonation";
const listeners = new Set();

export const APP_VERSION = process.env.APP_VERSION || "1.3.5";

export function getSession() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || null;
  } catch {
    return null;
  }
}

export function setSession(user) {
  if (user) localStorage.setItem(KEY, JSON.stringify(user));
  else localStorage.removeItem(KEY);
  listeners.forEach((fn) => fn(user));
}

export const clearSession = () => setSession(null);

export function onSessionChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function hasRight(user, right) {
  return !!user && Array.isArray(user.userRights) && user.userRights.includes(right);
}

/** The home route of a user type (spec 1 §2): managers the buckets, administrators home, others the visit screen. */
export function homeRouteFor(userType) {
  const type = Number(userType);
  if (type === 3) return "/landing/retailer-bucket";
  if (type === 1) return "/home";
  return "/customer/visit";
}

/** Where a user goes now: login when signed out, the forced change when pending, else their home. */
export function landingRouteFor(user) {
  if (!user || !user.token) return "/login";
  if (user.forcePasswordUpdate) return "/app/force-password-update";
  return homeRouteFor(user.userType);
}

/** Reloads once when the server runs another version than this bundle. */
export function checkVersion(user) {
  if (!user || !user.appVersion || user.appVersion === APP_VERSION) return;
  const flag = "fieldsales.reloaded-for";
  if (sessionStorage.getItem(flag) === user.appVersion) return;
  sessionStorage.setItem(flag, user.appVersion);
  window.location.reload();
}
