// Sending the queue and keeping the offline copy fresh. The queue (visits, orders and the day's
// start and end, each to its own endpoint with its clientId) goes oldest first; an entry the server refuses (a 4xx with its
// message) is marked failed and the rest go on; a network failure (or a 5xx, 408, 429) stops the
// round and the next one waits longer, and so does a refusal of the caller (an ended session, a
// password change pending, no anti-forgery cookie: the API client's `refusesCaller`, by status and
// code, never by the message's words), which leaves every entry waiting. Rounds run at
// start, on the browser's `online` event, when the page comes back into view, after a visit or
// order is queued, and while anything waits: every few seconds while the page is visible (the
// `online` event never comes on some weak networks), every 60 s or more while it is hidden.
import { ApiError, refusesCaller } from "../api-client";
import { keptOutcomeList } from "./api";
import { forgetIndex, keepOutcomes, refreshCustomers } from "./customers";
import { refreshDistributors, refreshProducts } from "./products";
import { refreshSchemes } from "./schemes";
import { paymentApplied, receiptSaved } from "./payments";
import {
  kindOf,
  listQueue,
  onQueueChange,
  refreshQueue,
  removeEntry,
  sendEntry,
  updateEntry,
  visitClientIdOf,
  watchQueueOf,
} from "./queue";
import { VISIT_UNKNOWN_CODES } from "../photos/api";
import { getStatus, queuedText, setStatus } from "./state";
import { alertInfo, alertSuccess } from "../alerts";
import { getOwnSession, hasRight } from "../session";
import { deleteUserData } from "./store";
import { RIGHT } from "../rights";
import { t } from "./offline-text";

const TICK_MS = 60 * 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;
const PROBE_MS = 4 * 1000;
const MAX_PROBE_MS = 10 * 1000;

/**
 * `held`: the orders among the sent that the server held over their customer's credit limit
 * (status "Awaiting approval": judged as they arrive). `repriced`: the orders among the sent that
 * the server priced otherwise than the phone did (a price or a scheme changed meanwhile; booked
 * at the server's figures, `priceChanged`).
 * @typedef {{ sent: number, orders: number, payments?: number, photos?: number, refused: number, transient: unknown,
 *   held?: number, repriced?: number }} RoundResult
 */

/**
 * The server does not hold (yet) the visit a photo names: the photo keeps waiting, never fails.
 * @param {unknown} err
 */
export const visitUnknown = (err) => err instanceof ApiError && err.status === 404 && VISIT_UNKNOWN_CODES.includes(err.code);

/**
 * A failure worth retrying as is (the network, the server's trouble), not a refusal of the entry.
 * @param {unknown} err
 */
export const isTransient = (err) =>
  !(err instanceof ApiError) || err.status === 0 || err.status >= 500 || err.status === 408 || err.status === 429;

/**
 * A save the server did not judge: no answer, its own trouble, or a refusal of the caller rather
 * than of the save. Kept in the queue under its clientId, it goes again as it is.
 * @param {unknown} err
 */
export const unjudged = (err) => isTransient(err) || refusesCaller(err);

/**
 * Wait before the next round, doubled per network failure in a row, +-20%: from 4 s up to 10 s while
 * work waits and the agent is looking at the page, else from 60 s up to 15 min.
 * @param {number} failures
 */
export function nextDelay(failures, eager = false) {
  const base = eager ? Math.min(PROBE_MS * 2 ** failures, MAX_PROBE_MS) : Math.min(TICK_MS * 2 ** failures, MAX_DELAY_MS);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** @type {Map<number, Promise<RoundResult>>} */
const running = new Map();

/**
 * Sends the user's waiting visits and orders, oldest first. Resolves to { sent, orders, refused,
 * transient } where `orders` counts the orders among the sent and `transient` is the error that
 * stopped the round, if any. One round at a time per user and phone (Web Locks where there are; a
 * double send would be harmless anyway: the clientId).
 * @param {number} uid
 * @returns {Promise<RoundResult>}
 */
export function syncQueue(uid) {
  let round = running.get(uid);
  if (!round) {
    round = (async () => {
      const go = () => sendWaiting(uid);
      return navigator.locks && navigator.locks.request ? navigator.locks.request(`fieldsales-sync-${uid}`, go) : go();
    })();
    running.set(uid, round);
    round.finally(() => running.delete(uid)).catch(() => {});
  }
  return round;
}

/** @param {number} uid @returns {Promise<RoundResult>} */
async function sendWaiting(uid) {
  /** @type {RoundResult} */
  const result = { sent: 0, orders: 0, payments: 0, photos: 0, refused: 0, transient: null, held: 0, repriced: 0 };
  const all = await listQueue(uid);
  const waiting = all.filter((e) => e.state === "waiting");
  if (!waiting.length) return result;
  // The visits still on the phone (waiting or refused): their photos wait for them. A visit never
  // waits for its photos; they are queued after it, so a round sends the visit first.
  const queuedVisits = new Set(all.map(visitClientIdOf).filter(Boolean));
  // So do the photos of new shops whose proposal is still on the phone.
  const queuedShops = new Set(all.filter((e) => e.kind === "post" && e.path === "/users/outlet/propose").map((e) => e.clientId));
  setStatus({ syncing: true });
  try {
    for (const entry of waiting) {
      // Only with the token of the user who queued it: the API client sends the session stored
      // now (read as post() starts, right after this check), and another user may have signed in
      // since, in another tab.
      if ((getOwnSession() || {}).uid !== uid) return result;
      if (entry.kind === "photo" && queuedVisits.has(entry.visitClientId)) continue;
      if (entry.kind === "photo" && entry.proposalClientId && queuedShops.has(entry.proposalClientId)) continue;
      try {
        const answer = /** @type {{ status?: string, priceChanged?: boolean } | null} */ (await sendEntry(entry));
        // A payment's allocations come off the copy's balances before it leaves the queue (where
        // they were taken off as it waited), and its receipt takes the server's id and allocation.
        if (entry.kind === "payment") await paymentAccepted(uid, entry, /** @type {PaymentSaved} */ (answer));
        await removeEntry(uid, entry.clientId);
        if (kindOf(entry) === "order" && answer && answer.status === "Awaiting approval") result.held = (result.held || 0) + 1;
        if (kindOf(entry) === "order" && answer && answer.priceChanged) result.repriced = (result.repriced || 0) + 1;
        const visit = visitClientIdOf(entry);
        if (visit) queuedVisits.delete(visit);
        if (entry.kind === "post") queuedShops.delete(entry.clientId);
        setStatus({ reachable: true });
        // A day's start or end shows on Today, not in the "visits sent" count.
        if (kindOf(entry) === "day-start" || kindOf(entry) === "day-end") continue;
        result.sent++;
        if (kindOf(entry) === "order") result.orders++;
        if (kindOf(entry) === "payment") result.payments = (result.payments || 0) + 1;
        if (kindOf(entry) === "photo") result.photos = (result.photos || 0) + 1;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        // A photo whose visit the server does not know yet (sent from another phone later, or
        // refused and being fixed): it stays waiting, and the round goes on.
        if (entry.kind === "photo" && visitUnknown(err)) {
          await updateEntry(uid, entry.clientId, { attempts: (entry.attempts || 0) + 1, lastError: message });
          setStatus({ reachable: true });
          continue;
        }
        // The session ended (the API client has signed out), a password change is pending or the
        // anti-forgery cookie is missing: no entry is at fault, all stay waiting for later.
        if (refusesCaller(err)) {
          result.transient = err;
          return result;
        }
        if (isTransient(err)) {
          await updateEntry(uid, entry.clientId, { attempts: (entry.attempts || 0) + 1, lastError: message });
          setStatus({ reachable: !(err instanceof ApiError) || err.status !== 0 });
          result.transient = err;
          return result;
        }
        // The refusal's code and values too: the waiting list says it in the language it is read in.
        const { code = "", params = null, english = message } = err instanceof ApiError ? err : {};
        await updateEntry(uid, entry.clientId, {
          state: "failed",
          message,
          code,
          params,
          english,
          attempts: (entry.attempts || 0) + 1,
        });
        result.refused++;
      }
    }
    return result;
  } finally {
    setStatus({ syncing: false });
  }
}

/** @typedef {import("./api").PaymentSaved} PaymentSaved */

/**
 * What the phone does when the server has a payment (sent now, or answered as a duplicate): the
 * copy's balances come down by the server's allocations, the receipt takes its id. A failure here
 * leaves the copy to its next refresh.
 * @param {number} uid
 * @param {import("./queue").PaymentItem} entry
 * @param {PaymentSaved} answer
 */
export async function paymentAccepted(uid, entry, answer) {
  const allocations = (answer && answer.allocations) || entry.allocations;
  try {
    await paymentApplied(uid, entry.payment.buyerId, entry.clientId, allocations);
    if (answer && answer.paymentId != null) await receiptSaved(uid, entry.clientId, answer);
  } catch (err) {
    console.warn("the payment was not applied to the copy:", err instanceof Error ? err.message : err);
  }
}

/**
 * Refreshes the customer copy, the outcome list and (for order takers) the product list; failures
 * only wait for the next chance.
 * @param {number} uid
 */
export async function refreshOffline(uid) {
  // The copy starts with the outcomes, not after them: one round trip less on a slow network.
  const copy = refreshCustomers(uid);
  copy.catch(() => {});
  try {
    await keepOutcomes(uid, await keptOutcomeList());
    // The server answered: online, whatever the browser last said.
    setStatus({ reachable: true, online: true });
    await copy;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      setStatus({ reachable: false });
      return;
    }
    console.warn("the offline copy was not refreshed:", err.message);
  }
  // Apart, and after the copy: a refused product list leaves the customer copy as it is.
  if (!hasRight(getOwnSession(), RIGHT.ORDER_BOOKING)) return;
  try {
    await refreshProducts(uid);
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) setStatus({ reachable: false });
    else console.warn("the product list was not refreshed:", err.message);
  }
  // The distributors with the products: a new shop's first order, taken offline, chooses from them.
  try {
    await refreshDistributors(uid);
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) setStatus({ reachable: false });
    else console.warn("the distributors were not refreshed:", err.message);
  }
  // The schemes and rates with the product list: the order screen prices from both.
  try {
    await refreshSchemes(uid);
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) setStatus({ reachable: false });
    else console.warn("the schemes were not refreshed:", err.message);
  }
}

/** @type {{ uid: number, run: () => Promise<void>, stop: () => void } | null} the running scheduler */
let engine = null;

/**
 * Starts offline work for a signed-in agent: counts, a first round, the copy, the timers.
 * @param {{ uid: number }} user
 */
export function startOffline(user) {
  const uid = user.uid;
  if (engine && engine.uid === uid) return;
  stopOffline();
  watchQueueOf(uid);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let failures = 0;
  let stopped = false;
  /** @type {Promise<void> | null} */
  let round = null;
  const waits = async () => (await listQueue(uid)).some((e) => e.state === "waiting");
  const schedule = async () => {
    const eager = document.visibilityState === "visible" && (await waits());
    clearTimeout(timer);
    timer = stopped ? undefined : setTimeout(run, nextDelay(failures, eager));
  };
  /** @returns {Promise<void>} */
  const run = () => (round = round || go().finally(() => (round = null)));
  const go = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    // Neither navigator.onLine nor its `online` event is to be trusted (Chromium after an offline
    // reload, weak real networks): where the server was out of reach, a GET asks it first, and
    // the queue goes only once it answers.
    if (!navigator.onLine || !getStatus().reachable) await refreshOffline(uid);
    if (getStatus().reachable) {
      const r = await syncQueue(uid).catch((err) => ({
        transient: err,
        sent: 0,
        orders: 0,
        payments: 0,
        photos: 0,
        refused: 0,
        held: 0,
        repriced: 0,
      }));
      if (r.sent > 0) alertSuccess(t("sent", { what: queuedText(r.sent, r) }));
      if (r.held) alertInfo(t("held", { count: r.held }));
      if (r.repriced) alertInfo(t("repriced", { count: r.repriced }));
      failures = r.transient || !getStatus().reachable ? failures + 1 : 0;
    } else failures++;
    if (stopped) return;
    if (!getStatus().reachable || (await waits())) await schedule();
  };
  const online = () => {
    failures = 0;
    run();
    refreshOffline(uid);
  };
  // Back in front of the agent (the app reopened, the phone unlocked): a round at once.
  const visible = () => {
    if (document.visibilityState !== "visible") return;
    failures = 0;
    run();
  };
  // A visit or order queued (or retried) outside a round starts the clock afresh: the short one,
  // where a long one ran while nothing waited.
  const unwatch = onQueueChange((all) => {
    if (!round && all.some((e) => e.state === "waiting")) schedule();
  });
  window.addEventListener("online", online);
  window.addEventListener("focus", visible);
  document.addEventListener("visibilitychange", visible);
  engine = {
    uid,
    run: () => {
      failures = 0;
      return run();
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unwatch();
      window.removeEventListener("online", online);
      window.removeEventListener("focus", visible);
      document.removeEventListener("visibilitychange", visible);
    },
  };
  refreshQueue(uid).then(run);
  refreshOffline(uid);
  // The queue is the agent's unsent work: ask the browser not to evict this site's data when the
  // phone runs short of space (it may say no; the data is then kept as any site's is).
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
}

/** Stops the scheduler and drops the in-memory search over the copy (rebuilt when needed). */
export function stopOffline() {
  if (engine) engine.stop();
  engine = null;
  forgetIndex();
}

/** Sends now (the "Sync now" and "Retry" buttons); resolves to what is still queued. @param {number} uid */
export async function syncNow(uid) {
  await syncQueue(uid).catch(() => {});
  return listQueue(uid);
}

/** Puts a failed entry (visit or order) back to waiting and sends it. @param {number} uid @param {string} clientId */
export async function retryEntry(uid, clientId) {
  await updateEntry(uid, clientId, { state: "waiting", message: null, code: "", params: null, english: "" });
  return syncNow(uid);
}

/** @param {number} uid @param {string} clientId */
export const discardEntry = (uid, clientId) => removeEntry(uid, clientId);

/** Logging out: the scheduler stops and the user's offline data (copy, screens, queue) goes. @param {number} uid */
export async function forgetUser(uid) {
  stopOffline();
  setStatus({
    waiting: 0,
    failed: 0,
    waitingOrders: 0,
    failedOrders: 0,
    waitingPayments: 0,
    failedPayments: 0,
    waitingPhotos: 0,
    failedPhotos: 0,
    syncing: false,
  });
  // Another tab of the same user may hold the database open a moment; do not hang the logout.
  await Promise.race([deleteUserData(uid), new Promise((r) => setTimeout(r, 3000))]);
}
