// What the shell shows about offline work (visits and orders waiting or failed, syncing, reachable), and who
// keeps offline data at all. Small and loaded with the shell; the offline engine (IndexedDB, the
// queue, sync) is a separate chunk that only agents load (engine.js).
import { IMPERSONATION_KEY } from "../session";
import { AGENT } from "../rights";

/** Each user's offline data is the IndexedDB database of this prefix and their uid (store.js). */
export const DB_PREFIX = "fieldsales-offline-";

// waiting and failed count visits and orders together; waitingOrders and failedOrders the orders among them.
let status = {
  waiting: 0,
  failed: 0,
  waitingOrders: 0,
  failedOrders: 0,
  syncing: false,
  online: navigator.onLine,
  reachable: true,
};
const listeners = new Set();

export const getStatus = () => status;

const counted = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * "2 visits", "1 order", "2 visits and 1 order": the words of the offline bar, the waiting screen
 * and the logout warning for `total` queued entries of which `orders` are orders.
 */
export function queuedText(total, orders = 0) {
  const visits = total - orders;
  if (!orders) return counted(visits, "visit", "visits");
  if (!visits) return counted(orders, "order", "orders");
  return `${counted(visits, "visit", "visits")} and ${counted(orders, "order", "orders")}`;
}

export function setStatus(patch) {
  status = { ...status, ...patch };
  listeners.forEach((fn) => fn(status));
}

/** Calls fn(status) now and on every change; returns the unsubscribe function. */
export function onStatus(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

window.addEventListener("online", () => setStatus({ online: true, reachable: true }));
window.addEventListener("offline", () => setStatus({ online: false }));

/**
 * Only agents (user type 4) work offline, each with their own data, and never in a tab that works
 * in another user's account: that data belongs to the other user's phone. Nor before a temporary
 * password is changed: the server refuses every call but the change until then.
 */
export function offlineEnabled(user) {
  return (
    !!user &&
    !!user.token &&
    user.uid != null &&
    Number(user.userType) === AGENT &&
    !user.forcePasswordUpdate &&
    !sessionStorage.getItem(IMPERSONATION_KEY)
  );
}

/** True when the network is known to be down: the browser says so or the last call could not go out. */
export const isOffline = () => !status.online || !status.reachable;

/**
 * The network's answer when there is one, else `fallback()`: when the browser is offline, or the
 * call fails with an error `fallsBack` accepts, by default the network's (ApiError status 0).
 * Other errors (the server's refusals) propagate.
 */
export async function networkOr(network, fallback, fallsBack = (err) => err.status === 0) {
  if (navigator.onLine) {
    try {
      const answer = await network();
      if (!status.reachable) setStatus({ reachable: true });
      return answer;
    } catch (err) {
      if (!fallsBack(err)) throw err;
      if (err.status === 0) setStatus({ reachable: false });
    }
  }
  return fallback();
}

let engine = null;
/** The offline engine chunk, loaded once on first use. */
export function loadEngine() {
  if (!engine) engine = import("./engine");
  return engine;
}

/** The entries waiting in the queue of the database `name` (not those the server refused); 0 when
 * it cannot be read or is gone. */
const queueCount = (name) =>
  new Promise((done) => {
    const open = indexedDB.open(name);
    // Deleted meanwhile (a logout in another tab): opening would make it again, empty.
    open.onupgradeneeded = () => open.transaction && open.transaction.abort();
    open.onerror = () => done(0);
    open.onsuccess = () => {
      const db = open.result;
      const close = (n) => {
        db.close();
        done(n);
      };
      if (!db.objectStoreNames.contains("queue")) return close(0);
      const all = db.transaction("queue").objectStore("queue").getAll();
      all.onsuccess = () => close(all.result.filter((entry) => entry.state === "waiting").length);
      all.onerror = () => close(0);
    };
  });

/**
 * Deletes what the phone keeps of user `uid` but the unsent queue: the customer copy, the kept
 * visit screens and the lists (its cursor, outcomes, products, day plan). For a session that ended
 * other than by logout (expired, blocked, password changed, deleted): nobody may read the copy now,
 * and only the queue is still owed to the server, at that user's next sign-in. Raw IndexedDB, so
 * the shell can do it without the engine's chunk; a database that is not there stays absent.
 * @param {number} uid
 */
export const forgetCopyOf = (uid) =>
  new Promise((done) => {
    if (typeof indexedDB === "undefined") return done(undefined);
    const open = indexedDB.open(`${DB_PREFIX}${uid}`);
    open.onupgradeneeded = () => open.transaction && open.transaction.abort();
    open.onerror = () => done(undefined);
    open.onsuccess = () => {
      const db = open.result;
      const copy = Array.from(db.objectStoreNames).filter((name) => name !== "queue");
      if (!copy.length) {
        db.close();
        return done(undefined);
      }
      const tx = db.transaction(copy, "readwrite");
      copy.forEach((name) => tx.objectStore(name).clear());
      // A failed clear aborts the transaction: abort is its last event either way.
      const finish = () => {
        db.close();
        done(undefined);
      };
      tx.oncomplete = finish;
      tx.onabort = finish;
    };
  });

/**
 * How many visits and orders wait on this phone for users who are not signed in here (their session
 * ended without a logout): they are sent when that user signs in here again. Read at sign-in, where
 * nobody is signed in, and only as a count: the entries stay closed to everyone but their user.
 */
export async function waitingForSignedOut() {
  if (typeof indexedDB === "undefined" || !indexedDB.databases) return 0;
  const names = (await indexedDB.databases()).map((d) => d.name || "").filter((n) => n.startsWith(DB_PREFIX));
  const counts = await Promise.all(names.map(queueCount));
  return counts.reduce((sum, n) => sum + n, 0);
}
