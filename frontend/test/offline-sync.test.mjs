// Keeping the phone's customer copy in step with the server (lib/offline/customers.js
// refreshCustomers, lib/offline/sync.js refreshOffline): GET /users/customer/offline page by page
// under a cursor; later passes bring only what changed, removals first; an interrupted pass resumes
// at the last stored page; nothing is written for a user signed out meanwhile.
import { AGENT_USER, freshPhone, json, pathOf, stubFetch } from "./support/offline.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { clearSession } from "../src/lib/session.js";
import {
  copyState,
  keepDetails,
  lastOutcomes,
  offlineDetails,
  refreshCustomers,
  searchCustomers,
} from "../src/lib/offline/customers.js";
import { getStatus, setStatus } from "../src/lib/offline/state.js";
import { refreshOffline } from "../src/lib/offline/sync.js";
import { userDb } from "../src/lib/offline/store.js";

const uid = AGENT_USER.uid;
const shop = (buyerId, buyerName, extra = {}) => ({ buyerId, buyerName, mobile: null, city: "Pune", ...extra });

/**
 * A server with the pages of the copy by cursor; returns the cursors asked, in order.
 * @param {Record<string, object>} pages cursor -> the page's answer
 */
function server(pages) {
  const asked = [];
  stubFetch((url) => {
    const path = url.replace(/^\/webapi\/api/, "");
    if (path === "/master/outcome") return json(200, [{ outComeId: 1, outCome: "Order placed" }]);
    const cursor = new URL(path, "http://x").searchParams.get("cursor");
    asked.push(cursor);
    const page = pages[cursor];
    return page ? json(200, page) : json(400, { message: "Unknown cursor.", code: "offline_cursor_invalid" });
  });
  return asked;
}

/** The copy's customers by buyer id, with names. */
async function copy() {
  const rows = await (await userDb(uid)).getAll("customers");
  return rows.map((c) => `${c.buyerId}:${c.buyerName}`);
}

beforeEach(async () => {
  await freshPhone();
  setStatus({ online: true, reachable: true });
});

test("a first pass stores every page with its cursor and marks the copy complete", async () => {
  const asked = server({
    "": { customers: [shop("B1", "Shop One"), shop("B2", "Shop Two")], removed: [], cursor: "c1", complete: false },
    c1: { customers: [shop("B3", "Shop Three")], removed: [], cursor: "c2", complete: true },
  });
  assert.equal(await refreshCustomers(uid), true);
  assert.deepEqual(asked, ["", "c1"]);
  assert.deepEqual(await copy(), ["B1:Shop One", "B2:Shop Two", "B3:Shop Three"]);
  const state = await copyState(uid);
  assert.equal(state.count, 3);
  assert.ok(state.syncedAt && !Number.isNaN(Date.parse(state.syncedAt)));
  assert.equal(await (await userDb(uid)).get("meta", "cursor"), "c2");
});

test("a later pass merges the changes: removals first (with their kept screens), then the new and changed", async () => {
  server({ "": { customers: [shop("B1", "Shop One"), shop("B2", "Shop Two")], removed: [], cursor: "c1", complete: true } });
  await refreshCustomers(uid);
  await keepDetails(uid, "B2", {
    customerDetails: { buyerID: "B2", buyerName: "Shop Two", retailerType: "" },
    transcations: [],
    linkDetails: [],
    reOrderMustSell: [],
    bestSeller: [],
  });
  // The search's index is built from the copy now: the next pass must drop it.
  assert.deepEqual(
    (await searchCustomers(uid, "shop")).map((s) => s.buyerId),
    ["B1", "B2"],
  );
  const asked = server({
    c1: {
      customers: [shop("B1", "Shop One Renamed"), shop("B4", "Shop Four"), shop("B5", "Back Again")],
      removed: ["B2", "B5"],
      cursor: "c2",
      complete: true,
    },
  });
  assert.equal(await refreshCustomers(uid), true);
  assert.deepEqual(asked, ["c1"]);
  // B5 removed and given back in one pass: it stays.
  assert.deepEqual(await copy(), ["B1:Shop One Renamed", "B4:Shop Four", "B5:Back Again"]);
  assert.equal(await offlineDetails(uid, "B2"), null, "a removed customer's kept screen goes with it");
  assert.deepEqual(
    (await searchCustomers(uid, "renamed")).map((s) => s.display),
    ["B1 - Shop One Renamed (Pune)"],
  );
});

test("an interrupted pass resumes at the last page stored", async () => {
  let fail = true;
  const asked = [];
  stubFetch((url) => {
    const cursor = new URL(pathOf({ url }), "http://x").searchParams.get("cursor");
    asked.push(cursor);
    if (cursor === "") return json(200, { customers: [shop("B1", "Shop One")], removed: [], cursor: "c1", complete: false });
    if (fail) return Promise.reject(new TypeError("Failed to fetch"));
    return json(200, { customers: [shop("B2", "Shop Two")], removed: [], cursor: "c2", complete: true });
  });
  await assert.rejects(refreshCustomers(uid), { status: 0 });
  assert.deepEqual(await copy(), ["B1:Shop One"]);
  assert.equal((await copyState(uid)).syncedAt, null, "not complete yet");
  fail = false;
  assert.equal(await refreshCustomers(uid), true);
  assert.deepEqual(asked, ["", "c1", "c1"]);
  assert.deepEqual(await copy(), ["B1:Shop One", "B2:Shop Two"]);
});

test("a page answered after its user signed out is not written", async () => {
  let answer = () => {};
  stubFetch(() => new Promise((r) => (answer = r)));
  const pass = refreshCustomers(uid);
  await new Promise((r) => setTimeout(r, 10));
  clearSession();
  answer(json(200, { customers: [shop("B1", "Shop One")], removed: [], cursor: "c1", complete: true }));
  assert.equal(await pass, false);
  assert.deepEqual(await copy(), []);
});

test("two refreshes at once share one pass", async () => {
  const asked = server({ "": { customers: [shop("B1", "Shop One")], removed: [], cursor: "c1", complete: true } });
  const [a, b] = await Promise.all([refreshCustomers(uid), refreshCustomers(uid)]);
  assert.deepEqual([a, b, asked.length], [true, true, 1]);
});

test("refreshOffline keeps the outcome list and the copy; no answer marks the server out of reach", async () => {
  server({ "": { customers: [shop("B1", "Shop One")], removed: [], cursor: "c1", complete: true } });
  await refreshOffline(uid);
  assert.deepEqual(await lastOutcomes(uid), [{ outComeId: 1, outCome: "Order placed" }]);
  assert.deepEqual(await copy(), ["B1:Shop One"]);
  assert.equal(getStatus().reachable, true);
  stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
  await refreshOffline(uid);
  assert.equal(getStatus().reachable, false);
  assert.deepEqual(await copy(), ["B1:Shop One"], "the copy stays as it was");
});
