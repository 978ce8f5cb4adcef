// Loads data for a screen: { data, loading, error, reload }.
import { useCallback, useEffect, useRef, useState } from "react";
import { get } from "./api-client";
import { alertError } from "./alerts";

/**
 * @param {string | null | undefined | false} path nothing loads without one
 * @param {{ initial?: any, silent?: boolean }} [options] `initial` is `data` until the answer (and after an error)
 * @returns {{ data: any, loading: boolean, error: any, reload: () => void }}
 */
export function useApi(path, { initial = null, silent = false } = {}) {
  const [state, setState] = useState({ data: initial, loading: !!path, error: null });
  // Only the answer to the latest question counts: an earlier one coming late (another path, or a
  // reload since) would show another page's data under this one.
  const latest = useRef(0);
  const load = useCallback(() => {
    const asked = ++latest.current;
    if (!path) return;
    setState((s) => ({ ...s, loading: true }));
    get(path)
      .then((data) => asked === latest.current && setState({ data, loading: false, error: null }))
      .catch((err) => {
        if (asked !== latest.current) return;
        if (!silent && err.status !== 401) alertError(err.message);
        setState({ data: initial, loading: false, error: err });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(load, [load]);
  return { ...state, reload: load };
}

/**
 * A saving flag and the one way to run a save: the flag disables the submit button and shows its
 * spinner while `work` runs; a failure shows the server's message in an error alert.
 */
/** @returns {[boolean, (work: () => unknown) => Promise<void>]} */
export function useSaving() {
  const [busy, setBusy] = useState(false);
  const saving = async (work) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      alertError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return [busy, saving];
}
