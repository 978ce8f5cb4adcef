// A screen's first API calls, started as soon as its route is known instead of once its code has
// loaded and rendered: on a slow network that is a round trip less before the screen is ready.
// The route table names a route's calls (`prefetch`), the app starts them on entering the route
// (app.jsx), and the screen takes each answer once with `prefetched(path, params)` where it would
// `get(path, params)`.
// An answer older than FRESH_MS is dropped, so a screen never shows an old one. A reader in the
// background may share an answer (`sharedPrefetch`) without taking it from the screen.
import { fetchUrl, urlOf } from "./api-client";

/** @typedef {import("../../types/client").GetCall} GetCall */

const FRESH_MS = 10000;
/** @type {Map<string, { answer: Promise<unknown>, at: number, taken: boolean }>} */
const started = new Map();

/** The call to `path` started less than FRESH_MS ago, if any. @param {string} path */
function fresh(path) {
  const now = Date.now();
  for (const [key, hit] of started) if (now - hit.at >= FRESH_MS) started.delete(key);
  return started.get(path);
}

/**
 * Starts a GET now (`[path, params]`, as a route's `prefetch` names it), unless the same call
 * started moments ago and waits for its screen.
 * @param {GetCall} call
 */
export function prefetch([path, params]) {
  const url = urlOf(path, params);
  const hit = fresh(url);
  if (hit && !hit.taken) return;
  /** @type {Promise<unknown>} */
  const answer = fetchUrl(url);
  // A failure is the screen's to show, when it takes the answer.
  answer.catch(() => {});
  started.set(url, { answer, at: Date.now(), taken: false });
}

/**
 * The answer of the call `prefetch` started (taken once: a screen that asks again, after a save,
 * gets a new answer), else GET it now; typed as `get` is, by the path and its parameters.
 * @type {import("../../types/client").Get}
 */
export const prefetched = (path, ...params) => {
  const url = urlOf(path, params[0]);
  const hit = fresh(url);
  if (!hit || hit.taken) return fetchUrl(url);
  hit.taken = true;
  return /** @type {Promise<any>} */ (hit.answer);
};

/**
 * The answer of the call `prefetch` started, taken by its screen or not, else GET it now: for a
 * reader in the background (the offline copy's refresh of the outcomes), which used to take the
 * visit screen's answer from it or ask again beside it, a round trip more on a slow network.
 * @type {import("../../types/client").Get}
 */
export const sharedPrefetch = (path, ...params) => {
  const url = urlOf(path, params[0]);
  const hit = fresh(url);
  return hit ? /** @type {Promise<any>} */ (hit.answer) : fetchUrl(url);
};
