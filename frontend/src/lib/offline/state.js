// The offline state the shell shows (visits and orders waiting or failed, syncing, reachable) and
// the name of each user's database: the engine's chunk writes them, the shell reads them. Apart
// from status.js, which loads the engine, so that the engine's modules import no module that
// imports them back.
import { tq } from "../text";
import { createStore } from "../store";

/** Each user's offline data is the IndexedDB database of this prefix and their uid (store.js). */
export const DB_PREFIX = "fieldsales-offline-";

/**
 * waiting and failed count visits, orders, payments and photos together; waitingOrders and
 * failedOrders the orders among them, waitingPayments/failedPayments the payments, waitingPhotos/
 * failedPhotos the photos; `online` is the browser's word, `reachable` whether the last call got an answer.
 * @typedef {{ waiting: number, failed: number, waitingOrders: number, failedOrders: number, waitingPayments?: number,
 *   failedPayments?: number, waitingPhotos?: number, failedPhotos?: number, waitingDays?: number, failedDays?: number, syncing: boolean, online: boolean,
 *   reachable: boolean }} OfflineStatus
 */

const store = createStore(
  /** @type {OfflineStatus} */ ({
    waiting: 0,
    failed: 0,
    waitingOrders: 0,
    failedOrders: 0,
    waitingPhotos: 0,
    failedPhotos: 0,
    syncing: false,
    online: navigator.onLine,
    reachable: true,
  }),
);

export const getStatus = () => store.get();

/**
 * "2 visits", "1 order", "2 visits and 1 order", "1 visit, 1 order, 1 payment and 2 photos": the
 * words of the offline bar, the waiting screen and the logout warning for `total` queued entries of
 * which `orders` are orders, `payments` payments, `photos` visit photos and `days` the working day's
 * start or end (neither is ever called a visit).
 * @param {number} total
 * @param {{ orders?: number, payments?: number, photos?: number, days?: number }} [of]
 */
export function queuedText(total, { orders = 0, payments = 0, photos = 0, days = 0 } = {}) {
  const visits = total - orders - payments - photos - days;
  const parts = [
    visits > 0 || (!orders && !payments && !photos && !days) ? tq("visits", { count: visits }) : "",
    orders > 0 ? tq("orders", { count: orders }) : "",
    payments > 0 ? tq("payments", { count: payments }) : "",
    photos > 0 ? tq("photos", { count: photos }) : "",
    days > 0 ? tq("days", { count: days }) : "",
  ].filter(Boolean);
  return parts.length > 1 ? tq("and", { rest: parts.slice(0, -1).join(", "), last: parts[parts.length - 1] }) : parts[0];
}

/** @param {Partial<OfflineStatus>} patch */
export const setStatus = (patch) => store.update(patch);

/**
 * Calls fn(status) now and on every change; returns the unsubscribe function.
 * @param {(status: OfflineStatus) => void} fn
 */
export const onStatus = (fn) => store.subscribe(fn, true);

window.addEventListener("online", () => setStatus({ online: true, reachable: true }));
window.addEventListener("offline", () => setStatus({ online: false }));

/** True when the network is known to be down: the browser says so or the last call could not go out. */
export const isOffline = () => !getStatus().online || !getStatus().reachable;
