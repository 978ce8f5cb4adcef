// The signed-in user, kept in browser storage (spec 1 §3 "Session user").
// An impersonated session (later) lives in sessionStorage beside the administrator's own.

const KEY = "fieldsales.session";
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

/** Where a user lands after signing in (spec 1 §2). */
export function homeRouteFor(user) {
  if (!user) return "/login";
  if (user.forcePasswordUpdate) return "/app/force-password-update";
  if (user.userType === 3) return "/landing/retailer-bucket";
  if (user.userType === 1) return "/home";
  return "/customer/visit";
}

/** Reloads once when the server runs another version than this bundle. */
export function checkVersion(user) {
  if (!user || !user.appVersion || user.appVersion === APP_VERSION) return;
  const flag = "fieldsales.reloaded-for";
  if (sessionStorage.getItem(flag) === user.appVersion) return;
  sessionStorage.setItem(flag, user.appVersion);
  window.location.reload();
}
