// Loads data for a screen: { data, loading, error, reload }, through the one data layer.
import { useState } from "react";
import { ApiError } from "./api-client";
import { useResource } from "./resource-store";

/** The private keys of `useApi`'s holders (a loader has no key of its own to share by). */
let holders = 0;

/**
 * A screen's data from a loader, one of a feature's api functions (`() => homeFigures()`), asked
 * again when `options.key` changes (a loader is remade on every render, so it is not the key
 * itself): the data layer's `useResource` (lib/resource-store.js) under a key of this component's
 * own, for loaders that nothing shares. A GET that screens may share is `useGet(path, params)`.
 * Nothing loads without a source.
 * @template T
 * @template [I=null]
 * @param {(() => Promise<T>) | null | undefined | false} source
 * @param {{ initial?: I, silent?: boolean, key?: string | number | boolean | null }} [options] `initial` is
 *   `data` until the answer (and after an error); `silent`: a failure shows no alert
 * @returns {{ data: T | I, loading: boolean, error: ApiError | null, reload: () => void }}
 */
export function useApi(source, { initial, silent = false, key } = {}) {
  const [own] = useState(() => `loader:${++holders}`);
  const loaded = useResource(source ? `${own}|${key ?? ""}` : null, () => (source ? source() : Promise.resolve(null)), {
    silent,
    initial,
  });
  const error =
    loaded.error == null ? null : loaded.error instanceof ApiError ? loaded.error : new ApiError(0, String(loaded.error));
  return { ...loaded, data: /** @type {T | I} */ (loaded.data), error };
}

export { useSaving } from "./use-saving";
