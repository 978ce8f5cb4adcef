// The one API client: base path, JSON, bearer and impersonation headers, the anti-forgery
// header, errors as ApiError with the server's message and code, and the session rules of spec 2
// §8. Every decision is taken by status and code, never by the English text (which is for people,
// and may be translated): the codes are the server's catalogue (src/catalogue.rs).
import { alertError } from "./alerts";
import { messageFor } from "./i18n/messages";
import { forgetCopyOf } from "./offline/status";
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

/**
 * Calls the API. `body` may be a plain object (sent as JSON) or FormData; `raw` gives a successful
 * answer's Response itself (downloads). `timeout` (ms, 0 for none) defaults to REQUEST_TIMEOUT_MS,
 * and to none for FormData: an upload's time grows with its file.
 * The answer's type is the caller's to name (T: a generated schema, `Response` with `raw`); until a
 * caller names it, it is `any` (the default goes to `unknown` once every call is typed).
 * @template [T=unknown]
 * @param {string} path under API_BASE, e.g. "/master/user"
 * `signal` cancels the call (an upload's Cancel); `onSent(sent, total)` reports an upload's bytes
 * as they go.
 * @param {{ method?: string, body?: unknown, raw?: boolean, timeout?: number, signal?: AbortSignal,
 *   onSent?: (sent: number, total: number) => void }} [options]
 * @returns {Promise<T>}
 */
export async function api(path, { method = "GET", body, raw = false, timeout, signal, onSent } = {}) {
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
      ? await fetchReportingSent(API_BASE + path, init, onSent)
      : await fetch(API_BASE + path, { ...init, credentials: "same-origin" });
    if (raw && response.ok) return /** @type {T} */ (/** @type {unknown} */ (response));
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
    if (session && endsSession(err) && sameSession && !path.startsWith("/login/")) {
      alertError(err.message);
      clearSession();
      // An agent's customer copy leaves the phone with the session (the unsent queue stays for
      // their next sign-in); signed out first, so no late answer of theirs writes it again.
      if (session.uid != null) await forgetCopyOf(session.uid);
      window.location.hash = "#/";
    }
    throw err;
  }
  return /** @type {T} */ (inLanguage(data));
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
 * GET `path`; the caller names what the answer is (its declared return type flows into T).
 * @template [T=unknown]
 * @param {string} path
 * @returns {Promise<T>}
 */
export const get = (path) => api(path);
/**
 * POST `body` (JSON, {} when none) to `path`.
 * @template [T=unknown]
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<T>}
 */
export const post = (path, body = {}) => api(path, { method: "POST", body });
