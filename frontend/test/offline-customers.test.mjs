// The customer copy on the phone (lib/offline/customers.js, status.js forgetCopyOf): what is
// stored reads back (a kept visit screen, one built from the copy, the outcome list, the search),
// and a session's end takes the copy away but leaves the unsent queue.
import { AGENT_USER, freshPhone } from "./support/offline.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { clearSession, setSession } from "../src/lib/session.js";
import {
  copyState,
  forgetIndex,
  keepDetails,
  keepOutcomes,
  lastOutcomes,
  offlineDetails,
  searchCustomers,
} from "../src/lib/offline/customers.js";
import { forgetCopyOf } from "../src/lib/offline/status.js";
import { enqueue, listQueue } from "../src/lib/offline/queue.js";
import { userDb } from "../src/lib/offline/store.js";

const uid = AGENT_USER.uid;

/** A visit screen as GET /users/customer/details/{id} answers it. */
const screenOf = (buyerID, buyerName) => ({
  customerDetails: { buyerID, buyerName, mobile: "9876543210", city: "Pune", retailerType: "Retailer" },
  transcations: [{ date: "2026-11-27", time: "10:00", outcome: "Follow up", agentId: "a@x", entryUpdateBy: "Agent", remark: "" }],
  linkDetails: [],
  reOrderMustSell: [{ distinctProductName: "Soap", lastOrderDate: "2026-11-01", lastOrderShippedQty: 4, unitPrice: 10 }],
  bestSeller: [],
});

/** Puts customers in the copy as a refresh would. */
async function stock(...customers) {
  const db = await userDb(uid);
  for (const c of customers) await db.put("customers", c);
  forgetIndex();
}

beforeEach(async () => {
  await freshPhone();
  forgetIndex();
});

test("a kept visit screen reads back as it was, with when it was seen, whatever the case of the id asked", async () => {
  await keepDetails(uid, "B100", screenOf("B100", "Shop Hundred"));
  const back = await offlineDetails(uid, "B100");
  assert.ok(back && back.seenAt && !Number.isNaN(Date.parse(back.seenAt)));
  const { seenAt: _seen, ...screen } = back;
  assert.deepEqual(screen, screenOf("B100", "Shop Hundred"));
  assert.equal((await offlineDetails(uid, "b100"))?.customerDetails.buyerName, "Shop Hundred");
});

test("a customer only in the copy opens with its details alone, marked as from the copy", async () => {
  await stock({
    buyerId: "B7",
    buyerName: "Shop Seven",
    mobile: "99",
    address1: "Main Road",
    city: "Pune",
    latitude: 18.5,
    longitude: 73.8,
  });
  const screen = await offlineDetails(uid, "b7");
  assert.ok(screen);
  assert.equal(screen.fromCopy, true);
  assert.equal(screen.seenAt, null);
  assert.deepEqual(
    [screen.customerDetails.buyerID, screen.customerDetails.buyerName, screen.customerDetails.latitude],
    ["B7", "Shop Seven", 18.5],
  );
  assert.deepEqual([screen.transcations, screen.reOrderMustSell, screen.bestSeller, screen.linkDetails], [[], [], [], []]);
});

test("a customer on neither is not on the phone", async () => {
  assert.equal(await offlineDetails(uid, "B404"), null);
});

test("the outcome list and the copy's count read back", async () => {
  assert.equal(await lastOutcomes(uid), undefined);
  await keepOutcomes(uid, [{ outComeId: 3, outCome: "Closed" }]);
  assert.deepEqual(await lastOutcomes(uid), [{ outComeId: 3, outCome: "Closed" }]);
  await stock({ buyerId: "B1", buyerName: "One" }, { buyerId: "B2", buyerName: "Two" });
  assert.deepEqual(await copyState(uid), { count: 2, syncedAt: null });
});

test("the search over the copy: buyer id prefixes first, then names anywhere and mobile prefixes, worded as the server's", async () => {
  await stock(
    { buyerId: "B200", buyerName: "Corner Store", mobile: "9000000001", city: "Pune" },
    { buyerId: "C1", buyerName: "B2 Mart", mobile: null, city: null },
    { buyerId: "B201", buyerName: "Lane Shop", mobile: null, city: "Nashik" },
  );
  assert.deepEqual(await searchCustomers(uid, "b2"), [
    { buyerId: "B200", display: "B200 - Corner Store (9000000001, Pune)" },
    { buyerId: "B201", display: "B201 - Lane Shop (Nashik)" },
    { buyerId: "C1", display: "C1 - B2 Mart" },
  ]);
  assert.deepEqual(
    (await searchCustomers(uid, "90000")).map((s) => s.buyerId),
    ["B200"],
  );
  assert.deepEqual(await searchCustomers(uid, "  "), []);
});

test("forgetCopyOf takes the copy, kept screens and lists away and leaves the unsent queue", async () => {
  await stock({ buyerId: "B1", buyerName: "One" });
  await keepDetails(uid, "B1", screenOf("B1", "One"));
  await keepOutcomes(uid, [{ outComeId: 1, outCome: "Met" }]);
  await enqueue(uid, {
    buyerID: "B1",
    outcomeId: 1,
    remark: "",
    latitude: null,
    longitude: null,
    clientId: "v1",
    visitedAt: null,
    accuracy: null,
  });
  // The session ended (the API client signs out first, then forgets the copy).
  clearSession();
  await forgetCopyOf(uid);
  setSession(AGENT_USER);
  forgetIndex();
  assert.equal(await offlineDetails(uid, "B1"), null);
  assert.equal(await lastOutcomes(uid), undefined);
  assert.deepEqual(await copyState(uid), { count: 0, syncedAt: null });
  assert.deepEqual(
    (await listQueue(uid)).map((e) => e.clientId),
    ["v1"],
  );
});

test("forgetCopyOf of a user with nothing on the phone makes no database", async () => {
  await forgetCopyOf(999);
  const names = (await globalThis.indexedDB.databases()).map((d) => d.name);
  assert.ok(!names.includes("fieldsales-offline-999"));
});

test("nothing is kept for a user signed out meanwhile", async () => {
  await userDb(uid);
  clearSession();
  await keepDetails(uid, "B1", screenOf("B1", "One"));
  await keepOutcomes(uid, [{ outComeId: 1, outCome: "Met" }]);
  setSession(AGENT_USER);
  assert.equal(await offlineDetails(uid, "B1"), null);
  assert.equal(await lastOutcomes(uid), undefined);
});
