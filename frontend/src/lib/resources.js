// Data loading shared by the screens, one hook per resource: `useResource` (any loader, with the
// late-answer guard of useApi), and the resources two features show: the outcome list and a
// customer's visit screen, each the server's when it answers, else (agents) the phone's copy.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api-client";
import { alertError } from "./alerts";
import { messageFor } from "./i18n/messages";
import { customerSearch, outcomeList, visitScreen } from "./offline/api";
import { loadEngine, networkOr, offlineEnabled } from "./offline/status";

/** @typedef {import("../../types/api").components["schemas"]} Schemas */
/** @typedef {import("./offline/customers").CustomerScreen} CustomerScreen */
/** @typedef {import("./offline/status").OfflineUser} OfflineUser */

/**
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
 * Loads `load()` whenever `deps` change (nothing while `load` is null) and on `reload()`. Only the
 * answer to the latest question counts (`latestOnly`): an earlier one coming late (another
 * customer, a reload since) is dropped, so a screen never shows another one's data. A failure is
 * alerted unless `silent`, and leaves `data` null.
 * @template T
 * @param {(() => Promise<T>) | null} load
 * @param {unknown[]} deps what `load` reads
 * @param {{ silent?: boolean }} [options]
 * @returns {Resource<T>}
 */
export function useResource(load, deps, { silent = false } = {}) {
  const [state, setState] = useState(
    /** @type {{ data: T | null, loading: boolean, error: unknown }} */ ({ data: null, loading: !!load, error: null }),
  );
  const [guard] = useState(latestOnly);
  const run = useCallback(() => {
    if (!load) {
      guard.drop();
      setState({ data: null, loading: false, error: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    guard.ask(
      load,
      (data) => setState({ data, loading: false, error: null }),
      (err) => {
        if (!silent) alertFailure(err);
        setState({ data: null, loading: false, error: err });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` name what `load` reads
  }, deps);
  useEffect(run, [run]);
  return { ...state, reload: run };
}

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
  const { data } = useResource(
    key
      ? () =>
          enabled
            ? networkOr(
                () =>
                  outcomeList().then((list) => {
                    loadEngine().then((m) => m.keepOutcomes(user.uid, list).catch(() => {}));
                    return list;
                  }),
                () => loadEngine().then((m) => m.lastOutcomes(user.uid)),
              )
            : outcomeList()
      : null,
    [key, enabled, user.uid],
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
  return useResource(
    buyerId
      ? () => {
          const fromServer = () =>
            visitScreen(buyerId).then((s) => {
              if (enabled) loadEngine().then((m) => m.keepDetails(user.uid, s.customerDetails.buyerID, s).catch(() => {}));
              return /** @type {CustomerScreen} */ (s);
            });
          const fromPhone = () =>
            loadEngine()
              .then((m) => m.offlineDetails(user.uid, buyerId))
              .then((s) => {
                if (!s) throw new Error(messageFor(NOT_ON_PHONE_CODE, null, NOT_ON_PHONE));
                return s;
              });
          return enabled ? networkOr(fromServer, fromPhone) : fromServer();
        }
      : null,
    [buyerId, enabled, user.uid],
  );
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
