// The phone's copy of schemes and rates (issue #52): GET /users/schemes/offline, kept per user in
// the store's meta beside the product list and refreshed with it, so the order screen prices an
// order offline as the server will (lib/pricing/engine.js). The server prices a queued order again
// when it arrives and says when its figures differ.
import { get } from "../api-client";
import { getMeta, setMeta } from "./store";

/**
 * The copy as the server answers it: schemes in the API's form (money as amounts), products with
 * their price before GST, GST rate in basis points and HSN.
 * @typedef {{ schemeVersion: number, schemes: object[],
 *   products: { productId: number, price: number, gstRateBp: number, hsn?: string | null }[] }} SchemesCopy
 */

/** @returns {Promise<SchemesCopy>} */
export const fetchSchemes = () => get("/users/schemes/offline");

/** Fetches the copy and keeps it on the phone; resolves to it. @param {number} uid */
export async function refreshSchemes(uid) {
  const copy = await fetchSchemes();
  await setMeta(uid, "schemes", { ...copy, at: new Date().toISOString() });
  return copy;
}

/** The copy kept on the phone (null before the first refresh). @param {number} uid @returns {Promise<(SchemesCopy & { at: string }) | null>} */
export async function lastSchemes(uid) {
  return (await getMeta(uid, "schemes")) || null;
}
