// The signed-in user, kept in browser storage (spec 1 §3 "Session user").
// An impersonated session lives in this tab's sessionStorage beside the administrator's own: the
// screens work as the other user, while the administrator's token still signs every request.
import { ADMINISTRATOR, AGENT, AREA_MANAGER } from "./rights";

const KEY = "fieldsales.session";
/** sessionStorage key of the impersonation token (sent as X-Impersonation-Token). */
export const IMPERSONATION_KEY = "fieldsales.impersonation";
/** sessionStorage key of the impersonated user's session (this tab only). */
const ACTING_USER = "fieldsales.impersonated-user";
/**
 * A signed-in user as the server answers it (sign-in, GET /users/session, an impersonation's
 * `impersonatedBy`), kept in storage.
 * @typedef {import("../../types/api").components["schemas"]["SessionBody"] & { impersonatedBy?: string }} SessionUser
 */
/**
 * The props every screen gets from the route table (app/guards.jsx): the route's parameters and
 * the user the screens work as (a signed-in screen always has one).
 * @typedef {{ params: Record<string, string>, user: SessionUser }} ScreenProps
 */
/** @typedef {(user: SessionUser | null) => void} SessionListener */

/** @type {Set<SessionListener>} */
const listeners = new Set();

export const APP_VERSION = process.env.APP_VERSION || "1.3.5";

/**
 * The signed-in user's own session; its token goes in every request's Authorization header.
 * @returns {SessionUser | null}
 */
export function getOwnSession() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "null") || null;
  } catch {
    return null;
  }
}

/**
 * The user the screens work as: the impersonated one in an impersonation tab, else oneself.
 * @returns {SessionUser | null}
 */
export function getSession() {
  if (!sessionStorage.getItem(IMPERSONATION_KEY)) return getOwnSession();
  try {
    return JSON.parse(sessionStorage.getItem(ACTING_USER) ?? "null") || getOwnSession();
  } catch {
    return getOwnSession();
  }
}

/**
 * Starts working in another user's account in this tab (the answer of impersonate-rca-token).
 * @param {SessionUser} user
 */
export function startImpersonation(user) {
  sessionStorage.setItem(ACTING_USER, JSON.stringify(user));
  sessionStorage.setItem(IMPERSONATION_KEY, user.token);
  listeners.forEach((fn) => fn(user));
}

/** Back to one's own account in this tab. */
export function endImpersonation() {
  sessionStorage.removeItem(ACTING_USER);
  sessionStorage.removeItem(IMPERSONATION_KEY);
  listeners.forEach((fn) => fn(getSession()));
}

/** @param {SessionUser | null} user the new session, null: signed out */
export function setSession(user) {
  if (user) localStorage.setItem(KEY, JSON.stringify(user));
  else localStorage.removeItem(KEY);
  listeners.forEach((fn) => fn(user));
}

export const clearSession = () => setSession(null);

/** Calls fn with the new session on every change; returns the unsubscribe. @param {SessionListener} fn */
export function onSessionChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * @param {{ userRights?: string[] } | null | undefined} user
 * @param {string} right a RIGHT code (lib/rights.js)
 */
export function hasRight(user, right) {
  return !!user && Array.isArray(user.userRights) && user.userRights.includes(right);
}

/**
 * The home route of a user type (spec 1 §2): managers the buckets, administrators home, agents
 * their day plan (Today, issue #19), others the visit screen.
 * @param {number | string | null | undefined} userType
 */
export function homeRouteFor(userType) {
  const type = Number(userType);
  if (type === AREA_MANAGER) return "/landing/retailer-bucket";
  if (type === ADMINISTRATOR) return "/home";
  if (type === AGENT) return "/today";
  return "/customer/visit";
}

/**
 * Where a user goes now: login when signed out, the forced change when pending, else their home.
 * @param {{ token?: string, forcePasswordUpdate?: boolean, userType?: number } | null | undefined} user
 */
export function landingRouteFor(user) {
  if (!user || !user.token) return "/login";
  if (user.forcePasswordUpdate) return "/app/force-password-update";
  return homeRouteFor(user.userType);
}

/**
 * Reloads once when the server runs another version than this bundle.
 * @param {{ appVersion?: string } | null | undefined} user
 */
export function checkVersion(user) {
  if (!user || !user.appVersion || user.appVersion === APP_VERSION) return;
  const flag = "fieldsales.reloaded-for";
  if (sessionStorage.getItem(flag) === user.appVersion) return;
  sessionStorage.setItem(flag, user.appVersion);
  window.location.reload();
}
