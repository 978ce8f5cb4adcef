// The phone's offline data, one IndexedDB database per signed-in user (fieldsales-offline-<uid>),
// so a shared phone never shows one agent's customers or waiting visits to another, and logging
// out removes a user's data by deleting one database; a session that ends otherwise leaves only
// the queue (status.js forgetCopyOf).
//   customers  the offline copy of the agent's customers (GET /users/customer/offline), by buyerId
//   details    the last visit screen seen per customer (GET /users/customer/details/{id}), by buyerId
//   queue      visits and orders saved on this phone and not yet accepted by the server, by clientId
//   meta       the copy's cursor and time, the outcome list, the product list, the day plan
import { deleteDB, openDB } from "idb";
import { getOwnSession } from "../session";
import { DB_PREFIX } from "./state";

const VERSION = 1;
/** @typedef {import("idb").IDBPDatabase} Db */
/** @type {Map<number, Promise<Db>>} */
const opened = new Map();

/** @param {number} uid */
export const dbName = (uid) => `${DB_PREFIX}${uid}`;

/** @param {number} uid @param {Promise<Db> | undefined} db */
function forget(uid, db) {
  if (opened.get(uid) === db) opened.delete(uid);
}

/**
 * The user's database, opened once per page, and only while that user is signed in here: a late
 * call of a signed-out user's code (a sync round, a screen) must not bring their data back. Once
 * open it stays usable until another user signs in or a logout deletes it: a save whose session
 * ended on it (a 401) still goes into the queue, for that user's next sign-in.
 * @param {number} uid
 * @returns {Promise<Db>}
 */
export function userDb(uid) {
  const own = getOwnSession();
  if (own ? own.uid !== uid : !opened.has(uid))
    return Promise.reject(new Error("The offline data of a signed-out user stays closed."));
  let pending = opened.get(uid);
  if (!pending) {
    const db = openDB(dbName(uid), VERSION, {
      upgrade(d) {
        d.createObjectStore("customers", { keyPath: "buyerId" });
        d.createObjectStore("details", { keyPath: "buyerId" });
        d.createObjectStore("queue", { keyPath: "clientId" });
        d.createObjectStore("meta");
      },
      // Another tab deletes this database (its user logged out): let it go.
      blocking() {
        forget(uid, db);
        db.then((d) => d.close());
      },
    });
    opened.set(uid, db);
    db.catch(() => forget(uid, db));
    pending = db;
  }
  return pending;
}

/** Removes everything this phone keeps for the user. @param {number} uid */
export async function deleteUserData(uid) {
  const pending = opened.get(uid);
  const db = pending ? await pending.catch(() => null) : null;
  forget(uid, pending);
  if (db) db.close();
  await deleteDB(dbName(uid));
}

/**
 * True while `uid` is signed in here. The copy (customers, visit screens, meta) is written only
 * then, checked right before its write: a late answer to an ended session must not bring back what
 * its end deleted (status.js `forgetCopyOf`). The queue is written regardless.
 * @param {number} uid
 */
export const signedIn = (uid) => (getOwnSession() || {}).uid === uid;

/** @param {number} uid @param {string} key @returns {Promise<any>} what was stored under `key` (undefined: nothing) */
export async function getMeta(uid, key) {
  return (await userDb(uid)).get("meta", key);
}

/** @param {number} uid @param {string} key @param {unknown} value */
export async function setMeta(uid, key, value) {
  const db = await userDb(uid);
  if (signedIn(uid)) await db.put("meta", value, key);
}
