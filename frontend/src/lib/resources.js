// Data loading shared by the screens: the data layer (lib/resource-store.js: `useResource(key,
// load)`, `useGet(path, params)`, `invalidate(prefix)`, re-exported here), and the resources two
// features show: the outcome list and a
// customer's visit screen, each the server's when it answers, else (agents) the phone's copy.
import { useEffect, useRef, useState } from "react";
import { messageFor } from "./i18n/messages";
import { customerSearch, outcomeList, visitScreen } from "./offline/api";
import { OUTCOMES_PATH } from "./offline/paths";
import { loadEngine, networkOr, offlineEnabled } from "./offline/status";
import { keyOf, useResource } from "./resource-store";

export { alertFailure, invalidate, keyOf, latestOnly, resourceStore, useGet, useResource } from "./resource-store";

/** @typedef {import("../../types/api").components["schemas"]} Schemas */
/** @typedef {import("./offline/customers").CustomerScreen} CustomerScreen */
/** @typedef {import("./offline/status").OfflineUser} OfflineUser */
/**
 * @template T
 * @typedef {import("./resource-store").Resource<T>} Resource
 */

/**
 * The outcome list, asked again whenever `key` changes (a customer opened: beside the customer's
 * details, not after them, a round trip less before the form can be used); nothing while `key` is
 * falsy. For agents kept on the phone and read from there when the network does not answer.
 * @param {OfflineUser & { uid: number }} user
 * @param {unknown} key
 * @returns {Schemas["Outcome"][]}
 */
export function useOutcomes(user, key) {
  const enabled = offlineEnabled(user);
  // Keyed by the visit it is asked for: the outcome list's own key is the prefetch's (taken once).
  const { data } = useResource(key ? keyOf(OUTCOMES_PATH, null, key, enabled, user.uid) : null, () =>
    enabled
      ? networkOr(
          () =>
            outcomeList().then((list) => {
              loadEngine().then((m) => m.keepOutcomes(user.uid, list).catch(() => {}));
              return list;
            }),
          () => loadEngine().then((m) => m.lastOutcomes(user.uid)),
        )
      : outcomeList(),
  );
  return data || [];
}

/**
 * The error a screen shows when the customer is neither answered by the server nor on the phone:
 * the catalogue's `customer_not_on_phone` (docs/messages.json), in the user's language.
 */
export const NOT_ON_PHONE = "Offline: this customer is not on this phone.";
const NOT_ON_PHONE_CODE = "customer_not_on_phone";

/**
 * A customer's visit screen (details, Must Sell, best sellers, last visits, links): the server's,
 * kept on the phone for agents; when the network does not answer, the one last seen on the phone,
 * else one built from the customer copy (details only). An answer for a customer the screen has
 * moved on from is dropped.
 * @param {OfflineUser & { uid: number }} user
 * @param {string | null} buyerId nothing loads without one
 * @returns {Resource<CustomerScreen>}
 */
export function useCustomerScreen(user, buyerId) {
  const enabled = offlineEnabled(user);
  return useResource(buyerId && keyOf("/users/customer/details/{id}", { path: { id: buyerId } }, enabled, user.uid), () => {
    const id = /** @type {string} */ (buyerId);
    const fromServer = () =>
      visitScreen(id).then((s) => {
        if (enabled) loadEngine().then((m) => m.keepDetails(user.uid, s.customerDetails.buyerID, s).catch(() => {}));
        return /** @type {CustomerScreen} */ (s);
      });
    const fromPhone = () =>
      loadEngine()
        .then((m) => m.offlineDetails(user.uid, id))
        .then((s) => {
          if (!s) throw new Error(messageFor(NOT_ON_PHONE_CODE, null, NOT_ON_PHONE));
          return s;
        });
    return enabled ? networkOr(fromServer, fromPhone) : fromServer();
  });
}

/**
 * The customer search of the visit screen: the server's, for agents the phone's copy when the
 * network does not answer.
 * @param {OfflineUser & { uid: number }} user
 * @returns {(query: string) => Promise<Schemas["Suggestion"][]>}
 */
export function customerSuggestions(user) {
  if (!offlineEnabled(user)) return customerSearch;
  return (query) =>
    networkOr(
      () => customerSearch(query),
      () => loadEngine().then((m) => m.searchCustomers(user.uid, query)),
    );
}

/** @typedef {import("./offline/queue").QueueEntry} QueueEntry */

/**
 * The entries of the phone's queue (agents only) that `pick` keeps for the customer `buyerId`,
 * newest first, kept up to date; `onSent()` when one of them leaves the queue (sent: the server's
 * lists now have it). `pick(entry, same)` gets `same(id)`: whether an id is this customer's (any case).
 * @param {OfflineUser & { uid: number }} user
 * @param {string | null} buyerId
 * @param {(entry: QueueEntry, same: (id: unknown) => boolean) => boolean} pick
 * @param {() => void} onSent
 * @returns {QueueEntry[]}
 */
export function useQueuedFor(user, buyerId, pick, onSent) {
  const enabled = offlineEnabled(user);
  const [rows, setRows] = useState(/** @type {QueueEntry[]} */ ([]));
  // The caller's latest functions (new ones on every render), without watching the queue again.
  const latest = useRef({ pick, onSent });
  latest.current = { pick, onSent };
  useEffect(() => {
    if (!enabled || !buyerId) {
      setRows([]);
      return undefined;
    }
    let count = 0;
    let gone = false;
    let unwatch = () => {};
    /** @param {unknown} id */
    const same = (id) => String(id).toLowerCase() === buyerId.toLowerCase();
    /** @param {QueueEntry[]} all */
    const take = (all) => {
      if (gone) return;
      const mine = all.filter((e) => latest.current.pick(e, same)).reverse();
      if (mine.length < count) latest.current.onSent();
      count = mine.length;
      setRows(mine);
    };
    loadEngine().then((m) => {
      if (gone) return;
      m.listQueue(user.uid).then(take, () => {});
      unwatch = m.onQueueChange(take);
    });
    return () => {
      gone = true;
      unwatch();
    };
  }, [enabled, buyerId, user.uid]);
  return rows;
}
