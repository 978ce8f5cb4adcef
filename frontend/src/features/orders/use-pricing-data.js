// What the take-order screen prices with: the product list and the copy of schemes and rates,
// fetched (and kept on the phone for agents), else the phone's copies.
import { useEffect, useState } from "react";
import { alertError } from "../../lib/alerts";
import * as offline from "../../lib/offline/engine";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { schemesCopy } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/** @typedef {Schemas["Product"]} Product */
/** @typedef {import("../../lib/offline/schemes").SchemesCopy & { at?: string }} SchemesCopy */

/**
 * The active products: fetched (and kept on the phone for agents), else the phone's copy.
 * @param {User} user
 */
export function useProducts(user) {
  const enabled = offlineEnabled(user);
  const [products, setProducts] = useState(/** @type {Product[] | null} */ (null));
  useEffect(() => {
    (enabled
      ? networkOr(
          () => offline.refreshProducts(user.uid),
          () => offline.lastProducts(user.uid),
        )
      : offline.fetchProducts()
    )
      .then((list) => setProducts(list || []))
      .catch((err) => {
        alertError(err.message);
        setProducts([]);
      });
  }, [enabled, user.uid]);
  return products;
}

/**
 * The schemes and rates: fetched (and kept on the phone for agents), else the phone's copy; null
 * while none is at hand (the screen then prices with GST from the product list only).
 * @param {User} user
 */
export function useSchemesCopy(user) {
  const enabled = offlineEnabled(user);
  const [copy, setCopy] = useState(/** @type {SchemesCopy | null} */ (null));
  useEffect(() => {
    /** @type {Promise<SchemesCopy | null>} */
    const got = enabled
      ? networkOr(
          () => offline.refreshSchemes(user.uid),
          () => offline.lastSchemes(user.uid),
        )
      : schemesCopy();
    got.then(setCopy).catch((err) => console.warn("no schemes to price with:", err.message));
  }, [enabled, user.uid]);
  return copy;
}
