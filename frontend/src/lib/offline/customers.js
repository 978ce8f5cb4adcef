// The agent's customers on the phone: the offline copy kept in step with
// GET /users/customer/offline (a cursor; later calls bring only what changed), the search over it,
// the last visit screen seen per customer, and the outcome list.
import { get } from "../api-client";
import { buildIndex, searchIndex, suggestionOf } from "./search-index";
import { getMeta, setMeta, signedIn, userDb } from "./store";

/** Visit screens kept per user; the oldest seen go first. */
const MAX_DETAILS = 300;
/** A server's page is at most 2,000; this many pages is far past any agent's book. */
const MAX_PAGES = 500;

let index = null; // { uid, rows } built once from the copy, dropped when the copy changes
const refreshing = new Map();

/**
 * Brings the copy up to date, page by page; each page and its cursor are stored together, so an
 * interrupted refresh resumes where it stopped. Resolves to true when the copy is complete.
 */
export function refreshCustomers(uid) {
  if (!refreshing.has(uid)) {
    const run = (async () => {
      const db = await userDb(uid);
      let cursor = (await db.get("meta", "cursor")) || "";
      for (let page = 0; page < MAX_PAGES; page++) {
        const r = await get(`/users/customer/offline?cursor=${encodeURIComponent(cursor)}`);
        if (!signedIn(uid)) return false;
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
        cursor = r.cursor ?? "";
        if (r.complete) return true;
      }
      return false;
    })();
    refreshing.set(uid, run);
    run.finally(() => refreshing.delete(uid)).catch(() => {});
  }
  return refreshing.get(uid);
}

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

/** Suggestions from the copy, worded as the server's. */
export async function searchCustomers(uid, query) {
  const rows = await indexOf(uid);
  return searchIndex(rows, query).map(suggestionOf);
}

/** How many customers the copy holds and when it was last complete (ISO), for the offline screen. */
export async function copyState(uid) {
  const db = await userDb(uid);
  return { count: await db.count("customers"), syncedAt: (await db.get("meta", "customersSyncedAt")) || null };
}

/** Remembers a visit screen the agent opened, to show it again offline. */
export async function keepDetails(uid, buyerId, screen) {
  const db = await userDb(uid);
  if (!signedIn(uid)) return;
  await db.put("details", { buyerId, screen, seenAt: new Date().toISOString() });
  if ((await db.count("details")) > MAX_DETAILS) {
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
 */
export async function offlineDetails(uid, buyerId) {
  const db = await userDb(uid);
  const key = String(buyerId);
  const kept = (await db.get("details", key)) || (await db.get("details", key.toUpperCase()));
  if (kept) return { ...kept.screen, seenAt: kept.seenAt };
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
    },
    transcations: [],
    linkDetails: [],
    reOrderMustSell: [],
    bestSeller: [],
    seenAt: null,
    fromCopy: true,
  };
}

export const keepOutcomes = (uid, list) => setMeta(uid, "outcomes", list);
export const lastOutcomes = (uid) => getMeta(uid, "outcomes");
