// The screens' one data layer (issue #51): `useResource(key, load)` keyed, shared by every
// component that holds the same key at the same time, asked again by key after a write
// (`invalidate(prefix)`), with the late-answer guard; `useGet(path, params)`, one typed GET keyed by
// its URL. No imports of the offline layer: the list screens' chunks carry it alone.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, fetchUrl, urlOf } from "./api-client";
import { alertError } from "./alerts";

/**
 * What a loading hook gives a screen.
 * @template T
 * @typedef {{ data: T | null, loading: boolean, error: unknown, reload: () => void }} Resource
 */

/** A session's end is the API client's to tell (it alerts and signs out); anything else is shown. @param {unknown} err */
export function alertFailure(err) {
  if (err instanceof ApiError && err.status === 401) return;
  alertError(err instanceof Error ? err.message : String(err));
}

/**
 * The late-answer guard: each `ask(load, done, failed)` supersedes every question before it, and
 * only the latest one's answer (`done`) or failure (`failed`) comes through; `drop()` supersedes
 * them all without a new one.
 */
export function latestOnly() {
  let latest = 0;
  return {
    /**
     * @template T
     * @param {() => Promise<T>} load
     * @param {(data: T) => void} done
     * @param {(err: unknown) => void} failed
     */
    ask(load, done, failed) {
      const asked = ++latest;
      load().then(
        (data) => asked === latest && done(data),
        (err) => asked === latest && failed(err),
      );
    },
    drop() {
      latest++;
    },
  };
}

/**
 * @typedef {{ data: unknown, loading: boolean, error: unknown }} Held what a key's holders see
 * @typedef {{ state: Held, load: () => Promise<unknown>, holders: Set<() => void>, loud: number,
 *   guard: ReturnType<typeof latestOnly> }} Entry
 */

/** The keyed data: one entry per key while at least one screen holds it. @type {Map<string, Entry>} */
const entries = new Map();

/** @param {Entry} entry @param {Held} state */
function show(entry, state) {
  entry.state = state;
  for (const rerender of [...entry.holders]) rerender();
}

/** Asks the entry's question again (its holders keep the data they have while it loads). @param {Entry} entry */
function ask(entry) {
  show(entry, { ...entry.state, loading: true });
  entry.guard.ask(
    entry.load,
    (data) => show(entry, { data, loading: false, error: null }),
    (err) => {
      if (entry.loud > 0) alertFailure(err);
      show(entry, { data: null, loading: false, error: err });
    },
  );
}

/**
 * The data layer of the screens, without React: `hold(key, load, rerender, silent)` joins the
 * holders of `key` (the first one asks `load()`, the others share its answer and its question in
 * flight) and gives the function that leaves; an entry goes with its last holder, so a screen opened
 * later asks the server again. `read(key)` is what the holders show; `reload(key)` asks again for
 * all of them; `invalidate(prefix)` asks again every key held that starts with `prefix` (after a
 * write: `invalidate("/users/payments")` reloads every payments list and page on the screen).
 */
export const resourceStore = {
  /**
   * @param {string} key
   * @param {() => Promise<unknown>} load
   * @param {() => void} rerender
   * @param {boolean} [silent] a failure shows no alert (unless another holder wants one)
   */
  hold(key, load, rerender, silent = false) {
    let entry = entries.get(key);
    const fresh = !entry;
    if (!entry) {
      entry = { state: { data: null, loading: true, error: null }, load, holders: new Set(), loud: 0, guard: latestOnly() };
      entries.set(key, entry);
    }
    const held = entry;
    held.holders.add(rerender);
    if (!silent) held.loud++;
    if (fresh) ask(held);
    return () => {
      held.holders.delete(rerender);
      if (!silent) held.loud--;
      if (!held.holders.size && entries.get(key) === held) {
        held.guard.drop();
        entries.delete(key);
      }
    };
  },
  /** @param {string} key @returns {Held | null} */
  read: (key) => entries.get(key)?.state ?? null,
  /** @param {string} key */
  reload(key) {
    const entry = entries.get(key);
    if (entry) ask(entry);
  },
  /** @param {string} prefix a path, or the start of one ending where a path segment, query or key part does */
  invalidate(prefix) {
    for (const [key, entry] of entries) if (key.startsWith(prefix) && "/?|#".includes(key[prefix.length] || "/")) ask(entry);
  },
};

/**
 * Asks again every key held on screen that starts with `prefix` (a path of the description, as
 * `urlOf` writes it): what a write calls for the lists it changed.
 * @param {string} prefix
 */
export const invalidate = (prefix) => resourceStore.invalidate(prefix);

/**
 * The screens' one way to load data: the answer of `load()` under `key` (nothing loads while `key`
 * is null or false), shared with every other component that holds the same key at the same time
 * (one question, one answer), asked again on `reload()` or when an `invalidate(prefix)` names it.
 * Keys are the URL of the call (`urlOf(path, params)`: `useGet` makes them) or, for a loader that is
 * more than one call, a name of its own beginning with the path it reads. Only the answer to the
 * latest question counts (`latestOnly`): one coming late (another customer, a reload since) is
 * dropped. A failure is alerted unless `silent`, and leaves `data` at `initial` (null by default).
 * @template T
 * @template [I=null]
 * @param {string | null | false | undefined} key
 * @param {() => Promise<T>} load
 * @param {{ silent?: boolean, initial?: I }} [options]
 * @returns {{ data: T | I, loading: boolean, error: unknown, reload: () => void }}
 */
export function useResource(key, load, { silent = false, initial } = {}) {
  const [, setShown] = useState(0);
  const rerender = useCallback(() => setShown((n) => n + 1), []);
  // The caller's latest loader (a new one on every render), without holding the key again.
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    if (!key) return undefined;
    return resourceStore.hold(key, () => latest.current(), rerender, silent);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- held per key; `silent` is the caller's constant
  }, [key]);
  const held = key ? resourceStore.read(key) : null;
  const start = /** @type {I} */ (initial === undefined ? null : initial);
  const reload = useCallback(() => key && resourceStore.reload(key), [key]);
  return {
    data: held && held.data != null ? /** @type {T} */ (held.data) : start,
    loading: key ? !held || held.loading : false,
    error: held ? held.error : null,
    reload,
  };
}

/**
 * GET a path of the description as a screen's data (`useResource` keyed by its URL): its path and
 * query parameters as the description names them, its answer typed by it; no path (null): nothing
 * loads. `options.initial` is `data` until the answer comes (and after a failure).
 * @type {import("../../types/client").UseGet}
 */
export const useGet = (path, params, options) =>
  useResource(path && urlOf(path, params), () => fetchUrl(urlOf(/** @type {AnyPath} */ (path), params)), options);

/** @typedef {import("../../types/client").AnyPath} AnyPath */

/**
 * The key of a loader that reads `path` (with `params`, as the description names them) and more
 * (`also`: whose phone, whether offline, ...): the call's URL first, so `invalidate(path)` reaches it.
 * @template {AnyPath} P
 * @param {P} path
 * @param {{ path?: object, query?: object } | null} [params]
 * @param {...unknown} also
 */
export const keyOf = (path, params, ...also) => [urlOf(path, params || {}), ...also.map(String)].join("|");
