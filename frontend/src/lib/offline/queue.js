// Work saved on this phone that the server has not accepted yet, oldest first: visits, orders and
// the working day's start and end, payments and visit photos (an entry's `kind`; entries without
// one are visits, as queued before orders existed; a day start queued before a visit is sent before
// it; a photo carries its JPEG as a Blob and its visit's clientId), each under
// its own clientId. An entry is "waiting" (sync sends it) or "failed" (the server refused it, with
// its message; the agent retries or discards it). Nothing leaves the queue except by the server's
// acceptance or the agent's discard. Every change updates the shell's counts, in this tab and the
// others.
import { getOwnSession } from "../session";
import { createStore } from "../store";
import { setStatus } from "./state";
import { bookOrder, endDay, recordPayment, saveVisit, startDay } from "./api";
import { userDb } from "./store";
import { uploadPhoto } from "../photos/api";
import { t } from "./offline-text";
import { post } from "../api-client";
import { proposalIdOf, rememberProposal } from "../shop-handoff";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {{ productId: number, productName: string, quantity: number, unitPrice: number | null | undefined, lineTotal: number }} ShownLine */
/**
 * What a screen queues. A visit: the request body, plus the customer's name and the outcome's to show.
 * An order: the request body under `order`, plus what to show (its lines and total as the screen had them).
 * @typedef {Schemas["SaveVisit"] & { kind?: "visit", clientId: string, buyerName?: string, outcomeName?: string }} VisitItem
 * @typedef {{ kind: "order", clientId: string, order: Schemas["BookOrder"], buyerName?: string, outcomeName?: string,
 *   total: number, taxable?: number, lines: ShownLine[] }} OrderItem
 * A tap on "Start day" or "End day": the request body under `day`.
 * @typedef {{ kind: "day-start", clientId: string, day: Schemas["DayMark"] }
 *   | { kind: "day-end", clientId: string, day: Schemas["DayMark"] }} DayItem
 * A payment: the request body under `payment`, plus what its receipt shows (the receipt number made on
 * the phone, the allocation as the phone previewed it, the customer's and the agent's names).
 * @typedef {{ kind: "payment", clientId: string, payment: import("./api").PaymentBody, buyerName?: string,
 *   receiptNo: string, allocations: import("../outstanding").Allocation[], agentName?: string }} PaymentItem
 * A visit photo: the prepared JPEG (a Blob, which IndexedDB stores as is), its visit's clientId, its
 * label and the visit's time; `size` in bytes; the customer to show. The photo of a new shop's front
 * names its proposal's clientId (`proposalClientId`) instead of a visit (`visitClientId` "").
 * @typedef {{ kind: "photo", clientId: string, visitClientId: string, blob: Blob, size: number,
 *   label: import("../photos/api").PhotoLabel | "" | null, takenAt: string, buyerId: string, buyerName?: string,
 *   width?: number, height?: number, proposalClientId?: string }} PhotoItem
 * A shelf count, a return or a new shop (issue #54): the request body under `body`, sent to `path`;
 * `what` names it in the waiting list; an order for a new shop proposed offline names the
 * proposal's clientId (`proposalClientId`, resolved when the proposal is through).
 * @typedef {{ kind: "post", clientId: string, path: "/users/stock" | "/users/return" | "/users/outlet/propose",
 *   body: Record<string, unknown>, what: string, buyerName?: string }} PostItem
 * @typedef {VisitItem | (OrderItem & { proposalClientId?: string }) | DayItem | PaymentItem | PhotoItem | PostItem} QueueItem
 */
/**
 * A queued entry: `state` "waiting" (sync sends it) or "failed" (refused, `message` says why, in the
 * language of the moment; `code`, `params` and `english` are the refusal's, to say it again in the
 * language of the moment it is read: lib/i18n/messages.js messageFor).
 * @typedef {{ uid: number, savedAt: number, state: "waiting" | "failed", message: string | null, attempts: number,
 *   lastError?: string, code?: string, params?: Record<string, unknown> | null, english?: string }} EntryState
 * @typedef {QueueItem & EntryState} QueueEntry
 */

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("fieldsales-offline") : null;
/** The entries of the user whose queue this tab shows, after each change. */
const entries = createStore(/** @type {QueueEntry[]} */ ([]));
// The user whose queue this tab shows (set by the engine at start).
/** @type {number | null} */
let currentUid = null;
/** @param {number} uid */
export const watchQueueOf = (uid) => (currentUid = uid);

/**
 * Every queued entry (visits and orders) of the user, oldest first.
 * @param {number} uid
 * @returns {Promise<QueueEntry[]>}
 */
export async function listQueue(uid) {
  /** @type {QueueEntry[]} */
  const all = await (await userDb(uid)).getAll("queue");
  return all.sort((a, b) => a.savedAt - b.savedAt || (a.clientId < b.clientId ? -1 : 1));
}

/** @param {number} uid */
async function changed(uid, broadcast = true) {
  const all = await listQueue(uid);
  const failed = all.filter((e) => e.state === "failed");
  /** @param {QueueEntry[]} list */
  const orders = (list) => list.filter((e) => kindOf(e) === "order").length;
  /** @param {QueueEntry[]} list */
  const payments = (list) => list.filter((e) => kindOf(e) === "payment").length;
  /** @param {QueueEntry[]} list */
  const photos = (list) => list.filter((e) => kindOf(e) === "photo").length;
  /** @param {QueueEntry[]} list */
  const days = (list) => list.filter((e) => kindOf(e) === "day-start" || kindOf(e) === "day-end").length;
  // waiting and failed count every kind; the order, payment and photo counts say how many of those
  // are which.
  setStatus({
    waiting: all.length - failed.length,
    failed: failed.length,
    waitingOrders: orders(all) - orders(failed),
    failedOrders: orders(failed),
    waitingPayments: payments(all) - payments(failed),
    failedPayments: payments(failed),
    waitingPhotos: photos(all) - photos(failed),
    failedPhotos: photos(failed),
    waitingDays: days(all) - days(failed),
    failedDays: days(failed),
  });
  // Told only when the entries differ from those told last: a recount that finds the same queue
  // (at start, after a round that sent nothing) made Today and the working day load twice.
  if (JSON.stringify(all) !== JSON.stringify(entries.get())) entries.set(all);
  if (broadcast && channel) channel.postMessage({ uid, type: "queue" });
  return all;
}

/**
 * Calls fn(entries) after every change to the queue; returns the unsubscribe function.
 * @param {(entries: QueueEntry[]) => void} fn
 */
export const onQueueChange = (fn) => entries.subscribe(fn);

/** Recounts (at start, and when another tab changed the queue). @param {number} uid */
export const refreshQueue = (uid) => changed(uid, false);

if (channel) {
  channel.onmessage = (e) => {
    const uid = currentUid;
    if (e.data && e.data.type === "queue" && uid != null && e.data.uid === uid) changed(uid, false).catch(() => {});
  };
}

/**
 * Puts a visit or an order in the queue. A visit: the request body plus buyerName and outcomeName
 * to show. An order: `{ kind: "order", clientId, order: <the request body>, ...what to show }`.
 * A clientId already queued is replaced, never doubled.
 * @param {number} uid
 * @param {QueueItem} item
 * @returns {Promise<QueueEntry>}
 */
export async function enqueue(uid, item) {
  /** @type {QueueEntry} */
  const entry = { ...item, uid, savedAt: Date.now(), state: "waiting", message: null, attempts: 0 };
  await (await userDb(uid)).put("queue", entry);
  await changed(uid);
  return entry;
}

/**
 * What the screen says of a save it just queued, `saved` being "Saved on this phone" or the like
 * (in the user's language, from the screen's catalogue):
 * it syncs by itself, or, when the save's session ended (the API client signed out), after the
 * user's next sign-in.
 * @param {string} saved
 */
export const queuedMessage = (saved) => t(getOwnSession() ? "willSync" : "willSyncAfterSignIn", { saved });

/**
 * @param {number} uid
 * @param {string} clientId
 * @param {Partial<EntryState>} patch
 */
export async function updateEntry(uid, clientId, patch) {
  const db = await userDb(uid);
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientId);
  if (entry) await tx.store.put({ ...entry, ...patch });
  await tx.done;
  await changed(uid);
}

/** @param {number} uid @param {string} clientId */
export async function removeEntry(uid, clientId) {
  await (await userDb(uid)).delete("queue", clientId);
  await changed(uid);
}

/** @param {number} uid */
export async function clearQueue(uid) {
  await (await userDb(uid)).clear("queue");
  await changed(uid);
}

/**
 * "visit", "order", "day-start", "day-end", "payment" or "photo".
 * @param {QueueItem} entry
 * @returns {"visit" | "order" | "day-start" | "day-end" | "payment" | "photo" | "post"}
 */
export const kindOf = (entry) => entry.kind || "visit";

/**
 * Whether an entry is a tap on "Start day" or "End day".
 * @param {QueueItem} entry
 * @returns {entry is DayItem}
 */
export const isDayEntry = (entry) => entry.kind === "day-start" || entry.kind === "day-end";

/**
 * Sends a queued entry to its own endpoint with its clientId.
 * @param {QueueItem} entry
 * @returns {Promise<unknown>}
 */
export function sendEntry(entry) {
  if (entry.kind === "order" && entry.proposalClientId) {
    const proposalId = proposalIdOf(entry.proposalClientId);
    if (proposalId == null) return Promise.reject(new Error(t("shopNotThrough")));
    return bookOrder({ ...entry.order, proposalId });
  }
  if (entry.kind === "order") return bookOrder(entry.order);
  if (entry.kind === "post") {
    return post(entry.path, entry.body).then((/** @type {any} */ answer) => {
      if (entry.path === "/users/outlet/propose" && answer && answer.proposalId)
        rememberProposal(entry.clientId, answer.proposalId);
      return answer;
    });
  }
  if (entry.kind === "day-start") return startDay(entry.day);
  if (entry.kind === "day-end") return endDay(entry.day);
  if (entry.kind === "payment") return recordPayment(entry.payment);
  if (entry.kind === "photo") return uploadPhoto(entry);
  return saveVisit(requestBody(entry));
}

/**
 * The clientId of the visit an entry saves (a visit's own, an order's visit's), null for an entry
 * that saves no visit (a photo, a payment, the day's start or end, an order without a visit): a
 * photo of that visit waits while it is queued.
 * @param {QueueItem} entry
 * @returns {string | null}
 */
export function visitClientIdOf(entry) {
  if (
    entry.kind === "photo" ||
    entry.kind === "payment" ||
    entry.kind === "day-start" ||
    entry.kind === "day-end" ||
    entry.kind === "post"
  )
    return null;
  if (entry.kind === "order") return entry.order.visit ? entry.order.visit.clientId || null : null;
  return entry.clientId;
}

/**
 * The request body of a queued visit (the fields the server takes).
 * @param {VisitItem} entry
 * @returns {Schemas["SaveVisit"]}
 */
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
    proposalId: entry.proposalId ?? null,
  };
}
