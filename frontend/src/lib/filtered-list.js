// The filtered list screen, once (issue #51): the filter being typed and the one applied, the page,
// a search that checks the filter first (nothing asked while it is wrong), asks again even when
// nothing changed, and goes back to page 1; the answer is the page of GET `path` with the query the
// screen makes of the applied filter and the page (`useServerPage`, on the data layer: a write that
// calls `invalidate(path)` reloads it; lib/server-page.jsx shows it as a table). Orders, collections, photos, credit approval, beats,
// products and schemes had each written it.
import { useRef, useState } from "react";
import { fetchUrl, urlOf } from "./api-client";
import { validDate } from "./date-rules";
import { alertFailure, useResource } from "./resource-store";

/** @typedef {import("../../types/client").ApiPath<"get">} GetPath */
/** @typedef {{ from?: string, to?: string }} DateErrors what is wrong with a filter's dates, by field */
/** @typedef {import("./server-page").ServerPage} ServerPage */

/**
 * One page of GET `path` (a list of the description answering `{ data, totalRecords }`) with its
 * `params` (their query names the page), null while it is asked for: the data layer's
 * `useResource` keyed by the call's URL (so `invalidate(path)` after a write asks it again); a new
 * query or a new `reload` value asks again, and an answer to an earlier one is never given. A
 * failed request gives an empty page, after `onError(err)` when there is one.
 * @template {import("../../types/client").ApiPath<"get">} P
 * @param {P} path
 * @param {import("../../types/client").Params<P, "get">} params
 * @param {{ reload?: number, onError?: (err: any) => void }} [options] `reload`: a counter to bump to ask again
 * @returns {(import("../../types/client").Answer<P, "get"> & ServerPage) | null}
 */
export function useServerPage(path, params, { reload = 0, onError } = {}) {
  const url = urlOf(path, params);
  const failed = useRef(onError);
  failed.current = onError;
  const { data, loading } = useResource(
    `${url}#${reload}`,
    () =>
      fetchUrl(url).catch((err) => {
        if (failed.current) failed.current(err);
        return EMPTY;
      }),
    { silent: true },
  );
  return loading ? null : data;
}

/** The page a failed request shows. */
const EMPTY = { data: [], totalRecords: 0 };

/**
 * What is wrong with a From/To pair (typed text that is no date, or From after To, said under
 * From with `afterText`), null when nothing is.
 * @param {{ from: string, to: string }} dates YYYY-MM-DD, "" for open
 * @param {string} afterText the screen's words for "From is after To"
 * @returns {DateErrors | null}
 */
export function dateErrors({ from, to }, afterText) {
  const badFrom = validDate()(from);
  const badTo = validDate()(to);
  if (badFrom || badTo) return { from: badFrom || undefined, to: badTo || undefined };
  if (from && to && from > to) return { from: afterText };
  return null;
}

/**
 * A filtered, paged list of GET `path`: `query(applied, page)` makes the call's query (its names
 * are the description's: a wrong one fails tsc). `check(filter)` says what is wrong with a filter
 * (by field), null when nothing is. A failed page alerts and shows an empty page.
 * @template {GetPath} P
 * @template {object} F
 * @template {object} [E=DateErrors]
 * @param {P} path
 * @param {F} empty the filter a screen opens with
 * @param {(applied: F, pageNumber: number) => import("../../types/client").Query<P>} query
 * @param {{ check?: (filter: F) => E | null }} [options]
 */
export function useFilteredList(path, empty, query, { check } = {}) {
  const [filter, setFilter] = useState(empty);
  const [applied, setApplied] = useState(empty);
  const [page, setPage] = useState(1);
  const [runs, setRuns] = useState(0);
  const [errors, setErrors] = useState(/** @type {E | Record<string, never>} */ ({}));
  const answer = useServerPage(
    path,
    /** @type {import("../../types/client").Params<P, "get">} */ (/** @type {unknown} */ ({ query: query(applied, page) })),
    { reload: runs, onError: alertFailure },
  );
  return {
    filter,
    /** Changes some of the filter being typed. @param {Partial<F>} patch */
    set: (patch) => setFilter((f) => ({ ...f, ...patch })),
    applied,
    page,
    setPage,
    errors,
    answer,
    /** Applies the filter (a form's submit), unless `check` finds it wrong. @param {Event} [e] */
    search(e) {
      e?.preventDefault();
      const wrong = check ? check(filter) : null;
      if (wrong) {
        setErrors(wrong);
        return;
      }
      setErrors({});
      setPage(1);
      setApplied({ ...filter });
      setRuns((n) => n + 1);
    },
    /** Changes the filter and applies it at once (a picker that searches as it changes). @param {Partial<F>} patch */
    apply(patch) {
      const next = { ...filter, ...patch };
      setFilter(next);
      setErrors({});
      setPage(1);
      setApplied(next);
      setRuns((n) => n + 1);
    },
    /** Asks the page shown again. */
    rerun: () => setRuns((n) => n + 1),
  };
}
