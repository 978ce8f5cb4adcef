// Work saved on this phone that the server has not accepted yet, oldest first: visits and orders
// (an entry's `kind`; entries without one are visits, as queued before orders existed), each under
// its own clientId. An entry is "waiting" (sync sends it) or "failed" (the server refused it, with
// its message; the agent retries or discards it). Nothing leaves the queue except by the server's
// acceptance or the agent's discard. Every change updates the shell's counts, in this tab and the
// others.
import { getOwnSession } from "../session";
import { setStatus } from "./status";
import { userDb } from "./store";

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("fieldsales-offline") : null;
const listeners = new Set();
// The user whose queue this tab shows (set by the engine at start).
let currentUid = null;
export const watchQueueOf = (uid) => (currentUid = uid);

/** A new visit id (the server's clientId: 1-64 of A-Za-z0-9_-); a repeat of it is a duplicate. */
export function newClientId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  // Plain http on a LAN address has no randomUUID (secure contexts only).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every queued entry (visits and orders) of the user, oldest first. */
export async function listQueue(uid) {
  const all = await (await userDb(uid)).getAll("queue");
  return all.sort((a, b) => a.savedAt - b.savedAt || (a.clientId < b.clientId ? -1 : 1));
}

async function changed(uid, broadcast = true) {
  const all = await listQueue(uid);
  const failed = all.filter((e) => e.state === "failed");
  const orders = (list) => list.filter((e) => kindOf(e) === "order").length;
  // waiting and failed count every kind; the order counts say how many of those are orders.
  setStatus({
    waiting: all.length - failed.length,
    failed: failed.length,
    waitingOrders: orders(all) - orders(failed),
    failedOrders: orders(failed),
  });
  listeners.forEach((fn) => fn(all));
  if (broadcast && channel) channel.postMessage({ uid, type: "queue" });
  return all;
}

/** Calls fn(entries) after every change to the queue; returns the unsubscribe function. */
export function onQueueChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Recounts (at start, and when another tab changed the queue). */
export const refreshQueue = (uid) => changed(uid, false);

if (channel) {
  channel.onmessage = (e) => {
    if (e.data && e.data.type === "queue" && currentUid != null && e.data.uid === currentUid)
      changed(currentUid, false).catch(() => {});
  };
}

/**
 * Puts a visit or an order in the queue. A visit: the request body plus buyerName and outcomeName
 * to show. An order: `{ kind: "order", clientId, order: <the request body>, ...what to show }`.
 */
export async function enqueue(uid, item) {
  const entry = { ...item, uid, savedAt: Date.now(), state: "waiting", message: null, attempts: 0 };
  await (await userDb(uid)).put("queue", entry);
  await changed(uid);
  return entry;
}

/**
 * What the screen says of a save it just queued, `saved` being "Saved on this phone" or the like:
 * it syncs by itself, or, when the save's session ended (the API client signed out), after the
 * user's next sign-in.
 */
export const queuedMessage = (saved) => `${saved}, will sync${getOwnSession() ? "" : " after you sign in again"}`;

export async function updateEntry(uid, clientId, patch) {
  const db = await userDb(uid);
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientId);
  if (entry) await tx.store.put({ ...entry, ...patch });
  await tx.done;
  await changed(uid);
}

export async function removeEntry(uid, clientId) {
  await (await userDb(uid)).delete("queue", clientId);
  await changed(uid);
}

export async function clearQueue(uid) {
  await (await userDb(uid)).clear("queue");
  await changed(uid);
}

/** "visit" or "order". */
export const kindOf = (entry) => entry.kind || "visit";

/** Where a queued entry goes and what it sends: { path, body }. */
export function requestOf(entry) {
  if (kindOf(entry) === "order") return { path: "/users/order", body: entry.order };
  return { path: "/users/customer/details", body: requestBody(entry) };
}

/** The request body of a queued visit (the fields the server takes). */
export function requestBody(entry) {
  return {
    buyerID: entry.buyerID,
    outcomeId: entry.outcomeId,
    remark: entry.remark,
    latitude: entry.latitude,
    longitude: entry.longitude,
    clientId: entry.clientId,
    visitedAt: entry.visitedAt,
    accuracy: entry.accuracy,
  };
}
