// Loads data for a screen: { data, loading, error, reload }.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, get } from "./api-client";
import { alertError } from "./alerts";

/**
 * A screen's data: `source` is a loader, one of a feature's api functions (`() => homeFigures()`),
 * asked again when `options.key` changes (a loader is remade on every render, so it is not the key
 * itself); a GET path is still taken (asked again when it changes) for callers not moved to a
 * feature api module yet. Nothing loads without a source.
 * @template T
 * @template [I=null]
 * @param {(() => Promise<T>) | string | null | undefined | false} source
 * @param {{ initial?: I, silent?: boolean, key?: string | number | boolean | null }} [options] `initial` is
 *   `data` until the answer (and after an error); `silent`: a failure shows no alert
 * @returns {{ data: T | I, loading: boolean, error: ApiError | null, reload: () => void }}
 */
export function useApi(source, { initial, silent = false, key } = {}) {
  const start = /** @type {I} */ (initial === undefined ? null : initial);
  const [state, setState] = useState(
    /** @type {{ data: T | I, loading: boolean, error: ApiError | null }} */ ({ data: start, loading: !!source, error: null }),
  );
  // Only the answer to the latest question counts: an earlier one coming late (another path, or a
  // reload since) would show another page's data under this one.
  const latest = useRef(0);
  const ask = typeof source === "string" ? source : source ? `loader|${key ?? ""}` : "";
  const load = useCallback(() => {
    const asked = ++latest.current;
    if (!source) return;
    setState((s) => ({ ...s, loading: true }));
    /** @type {Promise<T>} */
    const answer = typeof source === "string" ? get(source) : source();
    answer
      .then((data) => asked === latest.current && setState({ data, loading: false, error: null }))
      .catch((/** @type {unknown} */ err) => {
        if (asked !== latest.current) return;
        const error = err instanceof ApiError ? err : new ApiError(0, String(err));
        if (!silent && error.status !== 401) alertError(error.message);
        setState({ data: start, loading: false, error });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks again when the path or the caller's key changes
  }, [ask]);
  useEffect(load, [load]);
  return { ...state, reload: load };
}

/**
 * A saving flag and the one way to run a save: the flag disables the submit button and shows its
 * spinner while `work` runs; a failure shows the server's message in an error alert.
 * @returns {[boolean, (work: () => unknown) => Promise<void>]}
 */
export function useSaving() {
  const [busy, setBusy] = useState(false);
  /** @param {() => unknown} work */
  const saving = async (work) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      alertError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return [busy, saving];
}
