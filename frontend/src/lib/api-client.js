// The one API client: base path, JSON, bearer and impersonation headers, the anti-forgery
// header, errors as ApiError with the server's message, and the session rules of spec 2 §8.
import { alertError } from "./alerts";
import { forgetCopyOf } from "./offline/status";
import { clearSession, endImpersonation, getOwnSession, IMPERSONATION_KEY } from "./session";

export const API_BASE = "/webapi/api";
const SESSION_MESSAGES = [
  "Your session has expired. Please log in again to continue.",
  "You're not logged in. Please log in to continue.",
];
// 403s that refuse the caller rather than the request: nothing goes through until the password
// is changed, or until the page holds the anti-forgery cookie.
const CALLER_REFUSALS = [
  "Please change your password to continue.",
  "The anti-forgery token is missing or invalid. Please reload the page and try again.",
];
const UNREACHABLE = "The server cannot be reached. Please check your connection.";
/** A call with no answer after this long is given up as unreachable (status 0). */
export const REQUEST_TIMEOUT_MS = 30 * 1000;

/** A failed call: `status` is the HTTP status (0: the server could not be reached), `message` the server's. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function cookie(name) {
  const match = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}

/**
 * True when the server refused the caller, not the request (the session ended, a password change
 * is pending, the anti-forgery cookie is missing): the same request may go through later as it is.
 * @param {unknown} err
 */
export const refusesCaller = (err) =>
  err instanceof ApiError &&
  (err.status === 401 || SESSION_MESSAGES.includes(err.message) || (err.status === 403 && CALLER_REFUSALS.includes(err.message)));

/** @param {AbortSignal} signal */
async function ensureXsrfCookie(signal) {
  if (!cookie("XSRF-TOKEN")) await fetch("/healthz", { credentials: "same-origin", signal });
  return cookie("XSRF-TOKEN");
}

/**
 * Calls the API. `body` may be a plain object (sent as JSON) or FormData; `raw` gives a successful
 * answer's Response itself (downloads). `timeout` (ms, 0 for none) defaults to REQUEST_TIMEOUT_MS,
 * and to none for FormData: an upload's time grows with its file.
 * @param {string} path under API_BASE, e.g. "/master/user"
 * @param {{ method?: string, body?: any, raw?: boolean, timeout?: number }} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body, raw = false, timeout } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  const session = getOwnSession();
  if (session && session.token) headers.Authorization = `Bearer ${session.token}`;
  const impersonation = sessionStorage.getItem(IMPERSONATION_KEY);
  if (impersonation) headers["X-Impersonation-Token"] = `Bearer ${impersonation}`;
  const form = body instanceof FormData;
  let payload = body;
  if (body !== undefined && !form) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const limit = timeout ?? (form ? 0 : REQUEST_TIMEOUT_MS);
  const controller = new AbortController();
  const timer = limit ? setTimeout(() => controller.abort(), limit) : null;
  let response;
  let text;
  // No answer (no network, the anti-forgery cookie's own fetch failed, the time ran out) is status
  // 0 whichever fetch failed: a save then goes to the offline queue rather than failing.
  try {
    if (method !== "GET") headers["X-XSRF-TOKEN"] = await ensureXsrfCookie(controller.signal);
    response = await fetch(API_BASE + path, {
      method,
      headers,
      body: payload,
      credentials: "same-origin",
      signal: controller.signal,
    });
    if (raw && response.ok) return response;
    text = await response.text();
  } catch {
    throw new ApiError(0, UNREACHABLE);
  } finally {
    clearTimeout(timer);
  }
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.message) || `The request failed (${response.status}).`;
    // The impersonated session ended (or was never valid): back to one's own account in this tab.
    if (impersonation && response.status === 403 && message.startsWith("The session in the other user's account has ended")) {
      alertError(message);
      endImpersonation();
      window.location.hash = "#/home";
      throw new ApiError(response.status, message);
    }
    const sessionEnded = response.status === 401 || SESSION_MESSAGES.includes(message);
    // A late answer to a request of a session already gone (logged out, another user signed in
    // since: the offline sync runs in the background) must not end the session stored now; and a
    // call made signed out ends nothing: sent back to "#/", the sign-in form being filled would
    // start over.
    const sameSession = !!session && (getOwnSession() || {}).token === session.token;
    if (sessionEnded && sameSession && !path.startsWith("/login/")) {
      alertError(message);
      clearSession();
      // An agent's customer copy leaves the phone with the session (the unsent queue stays for
      // their next sign-in); signed out first, so no late answer of theirs writes it again.
      if (session.uid != null) await forgetCopyOf(session.uid);
      window.location.hash = "#/";
    }
    throw new ApiError(response.status, message);
  }
  return data;
}

/** @param {string} path */
export const get = (path) => api(path);
/** @param {string} path @param {any} [body] */
export const post = (path, body = {}) => api(path, { method: "POST", body });
