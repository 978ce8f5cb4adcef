// A screen's first API calls, started as soon as its route is known instead of once its code has
// loaded and rendered: on a slow network that is a round trip less before the screen is ready.
// The route table names a route's calls (`prefetch`), the app starts them on entering the route
// (app.jsx), and the screen takes each answer once with `prefetched(path)` where it would `get(path)`.
// An answer not taken within FRESH_MS is dropped, so a screen never shows an old one.
import { get } from "./api-client";

const FRESH_MS = 10000;
/** @type {Map<string, { answer: Promise<unknown>, at: number }>} */
const started = new Map();

/** Starts GET `path` now, unless the same call started moments ago. @param {string} path */
export function prefetch(path) {
  const now = Date.now();
  for (const [key, hit] of started) if (now - hit.at >= FRESH_MS) started.delete(key);
  if (started.has(path)) return;
  /** @type {Promise<unknown>} */
  const answer = get(path);
  // A failure is the screen's to show, when it takes the answer.
  answer.catch(() => {});
  started.set(path, { answer, at: now });
}

/**
 * The answer of the call `prefetch` started (taken once), else GET `path` now; the caller names
 * the answer's type, as with `get`.
 * @template [T=any]
 * @param {string} path
 * @returns {Promise<T>}
 */
export function prefetched(path) {
  const hit = started.get(path);
  started.delete(path);
  return hit && Date.now() - hit.at < FRESH_MS ? /** @type {Promise<T>} */ (hit.answer) : get(path);
}
