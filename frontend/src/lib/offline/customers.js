// The agent's customers on the phone: the offline copy kept in step with
// GET /users/customer/offline (a cursor; later calls bring only what changed), the search over it,
// the last visit screen seen per customer, and the outcome list.
import { offlinePage } from "./api";
import { buildIndex, searchIndex, suggestionOf } from "./search-index";
import { getMeta, setMeta, signedIn, userDb } from "./store";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {import("./search-index").IndexRow} IndexRow */
/**
 * A visit screen to show: the server's, or the phone's (`seenAt`: when it was kept; `fromCopy`:
 * built from the customer copy, details only).
 * @typedef {Schemas["VisitScreen"] & { seenAt?: string | null, fromCopy?: boolean }} CustomerScreen
 */

/** Visit screens kept per user; the oldest seen go first. */
const MAX_DETAILS = 300;
/** A server's page is at most 2,000; this many pages is far past any agent's book. */
const MAX_PAGES = 500;

/** @type {{ uid: number, rows: IndexRow[] } | null} built once from the copy, dropped when the copy changes */
let index = null;
/** @type {Map<number, Promise<boolean>>} */
const refreshing = new Map();

/**
 * Brings the copy up to date, page by page, asking for the next page while storing one; each page
 * and its cursor are stored together (one transaction), so an interrupted refresh resumes where it
 * stopped. Resolves to true when the copy is complete.
 * @param {number} uid
 * @returns {Promise<boolean>}
 */
export function refreshCustomers(uid) {
  let run = refreshing.get(uid);
  if (!run) {
    run = (async () => {
      const db = await userDb(uid);
      /** @type {string} */
      const cursor = (await db.get("meta", "cursor")) || "";
      /** @type {Promise<Schemas["OfflinePage"]> | null} */
      let next = offlinePage(cursor);
      for (let page = 0; page < MAX_PAGES && next; page++) {
        /** @type {Schemas["OfflinePage"]} */
        const r = await next;
        if (!signedIn(uid)) return false;
        // The next page travels while this one is stored: on a slow network its round trip and
        // transfer overlap the writes (and a slow phone's writes overlap the network). A failure
        // of it is met below, once this page and its cursor are stored.
        next = r.complete ? null : offlinePage(r.cursor ?? "");
        next?.catch(() => {});
        const tx = db.transaction(["customers", "details", "meta"], "readwrite");
        const customers = tx.objectStore("customers");
        // Removals first: a customer removed and given back in one pass comes back. A removed
        // customer's visit screen goes too: offline it would still open, take a visit the server
        // refuses, and keep another agent's customer on this phone.
        for (const id of r.removed || []) {
          customers.delete(id);
          tx.objectStore("details").delete(id);
        }
        for (const c of r.customers || []) customers.put(c);
        tx.objectStore("meta").put(r.cursor ?? "", "cursor");
        if (r.complete) tx.objectStore("meta").put(new Date().toISOString(), "customersSyncedAt");
        await tx.done;
        if ((r.customers && r.customers.length) || (r.removed && r.removed.length)) index = null;
        if (r.complete) return true;
      }
      return false;
    })();
    refreshing.set(uid, run);
    run.finally(() => refreshing.delete(uid)).catch(() => {});
  }
  return run;
}

/** @param {number} uid @returns {Promise<IndexRow[]>} */
async function indexOf(uid) {
  if (!index || index.uid !== uid) {
    const rows = buildIndex(await (await userDb(uid)).getAll("customers"));
    // An empty copy is not kept: the first refresh may be still on its way.
    if (!rows.length) return rows;
    index = { uid, rows };
  }
  return index.rows;
}

/** Drops the in-memory index (the user's data is going). */
export function forgetIndex() {
  index = null;
}

/** Suggestions from the copy, worded as the server's. @param {number} uid @param {string} query */
export async function searchCustomers(uid, query) {
  const rows = await indexOf(uid);
  return searchIndex(rows, query).map(suggestionOf);
}

/**
 * How many customers the copy holds and when it was last complete (ISO), for the offline screen.
 * @param {number} uid
 * @returns {Promise<{ count: number, syncedAt: string | null }>}
 */
export async function copyState(uid) {
  const db = await userDb(uid);
  return { count: await db.count("customers"), syncedAt: (await db.get("meta", "customersSyncedAt")) || null };
}

/**
 * Remembers a visit screen the agent opened, to show it again offline.
 * @param {number} uid
 * @param {string} buyerId
 * @param {Schemas["VisitScreen"]} screen
 */
export async function keepDetails(uid, buyerId, screen) {
  const db = await userDb(uid);
  if (!signedIn(uid)) return;
  await db.put("details", { buyerId, screen, seenAt: new Date().toISOString() });
  if ((await db.count("details")) > MAX_DETAILS) {
    /** @type {{ buyerId: string, seenAt: string }[]} */
    const all = await db.getAll("details");
    all.sort((a, b) => (a.seenAt < b.seenAt ? -1 : 1));
    const tx = db.transaction("details", "readwrite");
    all.slice(0, all.length - MAX_DETAILS).forEach((d) => tx.store.delete(d.buyerId));
    await tx.done;
  }
}

/**
 * The visit screen to show offline: the last one seen, else one built from the copy (details
 * only). Null when the customer is in neither. `seenAt` says how old it is.
 * @param {number} uid
 * @param {string} buyerId
 * @returns {Promise<CustomerScreen | null>}
 */
export async function offlineDetails(uid, buyerId) {
  const db = await userDb(uid);
  const key = String(buyerId);
  const kept = (await db.get("details", key)) || (await db.get("details", key.toUpperCase()));
  if (kept) return { ...kept.screen, seenAt: kept.seenAt };
  /** @type {Schemas["OfflineCustomer"] | undefined} */
  let c = (await db.get("customers", key)) || (await db.get("customers", key.toUpperCase()));
  if (!c) c = (await indexOf(uid)).find((r) => r.id === key.toLowerCase())?.customer;
  if (!c) return null;
  return {
    customerDetails: {
      buyerID: c.buyerId,
      buyerName: c.buyerName,
      mobile: c.mobile,
      address1: c.address1,
      city: c.city,
      latitude: c.latitude,
      longitude: c.longitude,
      retailerType: "",
    },
    transcations: [],
    linkDetails: [],
    reOrderMustSell: [],
    bestSeller: [],
    seenAt: null,
    fromCopy: true,
  };
}

/** Keeps the outcome list on the phone. @param {number} uid @param {Schemas["Outcome"][]} list */
export const keepOutcomes = (uid, list) => setMeta(uid, "outcomes", list);
/** The outcome list kept on the phone (undefined before the first). @param {number} uid @returns {Promise<Schemas["Outcome"][] | undefined>} */
export const lastOutcomes = (uid) => getMeta(uid, "outcomes");
