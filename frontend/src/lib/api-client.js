// The one API client: base path, JSON, bearer and impersonation headers, the anti-forgery
// header, errors as ApiError with the server's message and code, and the session rules of spec 2
// §8. Every decision is taken by status and code, never by the English text (which is for people,
// and may be translated): the codes are the server's catalogue (src/catalogue.rs).
import { alertError } from "./alerts";
import { messageFor } from "./i18n/messages";
import { clearSession, endImpersonation, getOwnSession, IMPERSONATION_KEY } from "./session";

export const API_BASE = "/webapi/api";
/** @typedef {import("../../types/api").components["schemas"]["ErrorBody"]} ErrorBody */
/** Codes that say the session is over (spec 2 §8), whatever the status. */
const SESSION_ENDED = ["not_logged_in", "session_expired"];
// 403s that refuse the caller rather than the request: nothing goes through until the password
// is changed, or until the page holds the anti-forgery cookie.
const CALLER_REFUSALS = ["password_change_required", "xsrf_token_invalid"];
/** The 403 code of an impersonated session that ended (or was never valid). */
const IMPERSONATION_ENDED = "impersonation_ended";
const UNREACHABLE = "The server cannot be reached. Please check your connection.";
/** A call with no answer after this long is given up as unreachable (status 0). */
export const REQUEST_TIMEOUT_MS = 30 * 1000;

/**
 * A failed call: `status` is the HTTP status (0: the server could not be reached), `message` the
 * text for people in the user's language (lib/i18n/messages.js), `english` the server's own text,
 * `code` its stable code (for code to decide by; "" when the answer had none), `field` the request
 * field it is about, `params` the values in the text.
 */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {{ code?: string, field?: string | null, params?: Record<string, unknown> | null, english?: string }} [details]
   */
  constructor(status, message, { code = "", field = null, params = null, english } = {}) {
    super(message);
    this.status = status;
    /** The server's English text (`message` when none was given apart). */
    this.english = english ?? message;
    this.code = code;
    /** @type {string | null} */
    this.field = field;
    /** @type {Record<string, unknown> | null} */
    this.params = params;
  }
}

/** True when the error says the session is over: a 401, or a session code whatever the status. */
export const endsSession = (/** @type {unknown} */ err) =>
  err instanceof ApiError && (err.status === 401 || SESSION_ENDED.includes(err.code));

/** True when the error says the impersonated session of this tab ended. */
export const endsImpersonation = (/** @type {unknown} */ err) =>
  err instanceof ApiError && err.status === 403 && err.code === IMPERSONATION_ENDED;

/** @param {string} name */
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
  err instanceof ApiError && (endsSession(err) || (err.status === 403 && CALLER_REFUSALS.includes(err.code)));

/** @param {AbortSignal} signal */
async function ensureXsrfCookie(signal) {
  if (!cookie("XSRF-TOKEN")) await fetch("/healthz", { credentials: "same-origin", signal });
  return cookie("XSRF-TOKEN");
}

/**
 * `fetch` through XMLHttpRequest, the one browser API that reports an upload's bytes sent
 * (`onSent(sent, total)`); gives a Response as fetch does and fails as it does (network, abort).
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string>, body?: BodyInit, signal: AbortSignal }} init
 * @param {(sent: number, total: number) => void} onSent
 * @returns {Promise<Response>}
 */
function fetchReportingSent(url, { method, headers, body, signal }, onSent) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onSent(e.loaded, e.total);
    };
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status }));
    xhr.onerror = () => reject(new TypeError("network error"));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort());
    xhr.send(/** @type {XMLHttpRequestBodyInit | null} */ (body ?? null));
  });
}

/** @typedef {string & { readonly apiUrl: true }} ApiUrl a URL that `urlOf` made (what `fetchUrl` takes) */

/**
 * The URL of `path` (a path of the description, e.g. "/users/order/{orderId}") with its path
 * parameters put in (each encoded) and its query parameters after it (values encoded, undefined and
 * null left out; the names are the description's plain words).
 * @param {import("../../types/client").AnyPath} path
 * @param {{ path?: object, query?: object }} [params]
 * @returns {ApiUrl}
 */
export function urlOf(path, params = {}) {
  const named = /** @type {Record<string, string>} */ (params.path || {});
  const query = /** @type {[string, string][]} */ (Object.entries(params.query || {}));
  const q = query
    .filter(([, value]) => value != null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  const filled = path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(named[name]));
  return /** @type {ApiUrl} */ (q ? `${filled}?${q}` : filled);
}

/** Listeners of the session's end (`onSessionEnded`): the offline layer forgets the agent's copy. */
/** @type {((uid: number | null | undefined) => unknown)[]} */
const sessionEndListeners = [];

/**
 * Calls `listener(uid)` when a call finds the session over and the client has signed the user out
 * ("session-ended"; `uid` the user whose session it was); a promise it gives is waited for before
 * the app goes back to the sign-in.
 * @param {(uid: number | null | undefined) => unknown} listener
 */
export const onSessionEnded = (listener) => sessionEndListeners.push(listener);

/**
 * Calls the API: `path` is a path of the description (types/api.d.ts `paths`, under API_BASE) and
 * `params` its path and query parameters as the description names them; the answer's type follows
 * from the path and the method (types/client.d.ts). `body` may be a plain object (sent as JSON) or
 * FormData; `raw` gives a successful answer's Response itself (downloads). `timeout` (ms, 0 for
 * none) defaults to REQUEST_TIMEOUT_MS, and to none for FormData: an upload's time grows with its
 * file. `signal` cancels the call (an upload's Cancel); `onSent(sent, total)` reports an upload's
 * bytes as they go.
 * @type {import("../../types/client").Api}
 */
export const api = (path, { params, ...options } = {}) => request(urlOf(path, params), /** @type {RequestOptions} */ (options));

/**
 * GETs a URL `urlOf` made (the prefetch and the data layer key their answers by it), or a link the
 * server itself wrote (a photo's or a file's URL, its API base taken off, cast to ApiUrl: the one
 * call that names no path of the description); `raw`: the Response itself.
 * @param {ApiUrl} url
 * @param {boolean} [raw]
 * @returns {Promise<any>}
 */
export const fetchUrl = (url, raw) => request(url, { raw });

/**
 * @typedef {{ method?: string, body?: unknown, raw?: boolean, timeout?: number, signal?: AbortSignal,
 *   onSent?: (sent: number, total: number) => void }} RequestOptions
 */

/**
 * The one request under API_BASE (`url` with its parameters in): headers, the anti-forgery cookie,
 * the time limit, errors as ApiError, the session rules.
 * @param {string} url
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
async function request(url, { method = "GET", body, raw = false, timeout, signal, onSent } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  const session = getOwnSession();
  if (session && session.token) headers.Authorization = `Bearer ${session.token}`;
  const impersonation = sessionStorage.getItem(IMPERSONATION_KEY);
  if (impersonation) headers["X-Impersonation-Token"] = `Bearer ${impersonation}`;
  const form = body instanceof FormData;
  /** @type {BodyInit | undefined} */
  let payload = form ? body : undefined;
  if (body !== undefined && !form) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const limit = timeout ?? (form ? 0 : REQUEST_TIMEOUT_MS);
  const controller = new AbortController();
  const timer = limit ? setTimeout(() => controller.abort(), limit) : null;
  signal?.addEventListener("abort", () => controller.abort());
  let response;
  let text;
  // No answer (no network, the anti-forgery cookie's own fetch failed, the time ran out) is status
  // 0 whichever fetch failed: a save then goes to the offline queue rather than failing.
  try {
    if (method !== "GET") headers["X-XSRF-TOKEN"] = await ensureXsrfCookie(controller.signal);
    const init = { method, headers, body: payload, signal: controller.signal };
    response = onSent
      ? await fetchReportingSent(API_BASE + url, init, onSent)
      : await fetch(API_BASE + url, { ...init, credentials: "same-origin" });
    if (raw && response.ok) return response;
    text = await response.text();
  } catch {
    throw new ApiError(0, UNREACHABLE);
  } finally {
    if (timer) clearTimeout(timer);
  }
  /** @type {unknown} */
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = errorOf(response.status, data);
    // The impersonated session ended (or was never valid): back to one's own account in this tab.
    if (impersonation && endsImpersonation(err)) {
      alertError(err.message);
      endImpersonation();
      window.location.hash = "#/home";
      throw err;
    }
    // A late answer to a request of a session already gone (logged out, another user signed in
    // since: the offline sync runs in the background) must not end the session stored now; and a
    // call made signed out ends nothing: sent back to "#/", the sign-in form being filled would
    // start over.
    const sameSession = !!session && getOwnSession()?.token === session.token;
    if (session && endsSession(err) && sameSession && !url.startsWith("/login/")) {
      alertError(err.message);
      clearSession();
      // "session-ended": the offline layer forgets the agent's customer copy (the unsent queue
      // stays for their next sign-in); signed out first, so no late answer of theirs writes it again.
      await Promise.all(sessionEndListeners.map((listener) => listener(session.uid)));
      window.location.hash = "#/";
    }
    throw err;
  }
  return inLanguage(data);
}

/**
 * A success answer's `message` in the user's language, by its `code` (the server writes the
 * spec's English; every screen shows the answer's message as it comes from here).
 * @param {unknown} data
 */
function inLanguage(data) {
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const answer = /** @type {{ message?: unknown, code?: unknown, params?: unknown }} */ (data);
    if (typeof answer.message === "string" && typeof answer.code === "string" && answer.code) {
      const params =
        answer.params && typeof answer.params === "object" ? /** @type {Record<string, unknown>} */ (answer.params) : null;
      answer.message = messageFor(answer.code, params, answer.message);
    }
  }
  return data;
}

/**
 * The ApiError of a refused answer: the error body's code, field and params (spec's ErrorBody), its
 * message in the user's language (by code; the English kept in `english`), a readable message when
 * the body is not one.
 * @param {number} status
 * @param {unknown} data
 */
function errorOf(status, data) {
  const body = data && typeof data === "object" ? /** @type {Partial<ErrorBody>} */ (data) : {};
  const english = (typeof body.message === "string" && body.message) || `The request failed (${status}).`;
  const code = typeof body.code === "string" ? body.code : "";
  const params = body.params && typeof body.params === "object" ? body.params : null;
  return new ApiError(status, messageFor(code, params, english), {
    code,
    field: typeof body.field === "string" ? body.field : null,
    params,
    english,
  });
}

/**
 * GET a path of the description with its parameters (`{ path, query }`, as the description names
 * them): `get("/users/order/{orderId}", { path: { orderId } })`.
 * @type {import("../../types/client").Get}
 */
export const get = (path, ...params) => request(urlOf(path, params[0]));

/**
 * POST `body` (JSON, {} when none) to a path of the description, with its parameters.
 * @type {import("../../types/client").Post}
 */
export const post = (path, body = {}, ...params) => request(urlOf(path, params[0]), { method: "POST", body });
