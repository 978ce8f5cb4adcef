// What the shell shows about offline work (visits and orders waiting or failed, syncing, reachable), and who
// keeps offline data at all. Small and loaded with the shell; the offline engine (IndexedDB, the
// queue, sync) is a separate chunk that only agents load (engine.js).
import { ApiError, onSessionEnded } from "../api-client";
import { IMPERSONATION_KEY } from "../session";
import { AGENT } from "../rights";
import { DB_PREFIX, getStatus, setStatus } from "./state";

/** @typedef {import("./state").OfflineStatus} OfflineStatus */
/** The user who may keep offline data: the session's fields read here. */
/** @typedef {{ uid?: number | null, token?: string | null, userType?: number | string, forcePasswordUpdate?: boolean }} OfflineUser */

/**
 * Only agents (user type 4) work offline, each with their own data, and never in a tab that works
 * in another user's account: that data belongs to the other user's phone. Nor before a temporary
 * password is changed: the server refuses every call but the change until then.
 * @param {OfflineUser | null | undefined} user
 * @returns {user is OfflineUser & { uid: number, token: string }}
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

/** @param {unknown} err */
const unreachable = (err) => err instanceof ApiError && err.status === 0;

/**
 * The network's answer when there is one, else `fallback()`: when the browser is offline, or the
 * call fails with an error `fallsBack` accepts, by default the network's (ApiError status 0).
 * Other errors (the server's refusals) propagate.
 * @template T, U
 * @param {() => Promise<T>} network
 * @param {() => U | Promise<U>} fallback
 * @param {(err: unknown) => boolean} [fallsBack]
 * @returns {Promise<T | U>}
 */
export async function networkOr(network, fallback, fallsBack = unreachable) {
  if (navigator.onLine) {
    try {
      const answer = await network();
      if (!getStatus().reachable) setStatus({ reachable: true });
      return answer;
    } catch (err) {
      if (!fallsBack(err)) throw err;
      if (unreachable(err)) setStatus({ reachable: false });
    }
  }
  return fallback();
}

/** @type {Promise<typeof import("./engine")> | null} */
let engine = null;
/** The offline engine chunk, loaded once on first use. */
export function loadEngine() {
  if (!engine) engine = import("./engine");
  return engine;
}

/**
 * The entries waiting in the queue of the database `name` (not those the server refused); 0 when
 * it cannot be read or is gone.
 * @param {string} name
 * @returns {Promise<number>}
 */
const queueCount = (name) =>
  new Promise((done) => {
    const open = indexedDB.open(name);
    // Deleted meanwhile (a logout in another tab): opening would make it again, empty.
    open.onupgradeneeded = () => open.transaction && open.transaction.abort();
    open.onerror = () => done(0);
    open.onsuccess = () => {
      const db = open.result;
      /** @param {number} n */
      const close = (n) => {
        db.close();
        done(n);
      };
      if (!db.objectStoreNames.contains("queue")) return close(0);
      const all = db.transaction("queue").objectStore("queue").getAll();
      all.onsuccess = () =>
        close(all.result.filter((/** @type {{ state?: string }} */ entry) => entry.state === "waiting").length);
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
 * @returns {Promise<void>}
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

// "session-ended" (lib/api-client.js): an agent's customer copy leaves the phone with the session
// (the unsent queue stays for their next sign-in). The API client knows nothing of the offline layer.
onSessionEnded((uid) => uid != null && forgetCopyOf(uid));

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
