// A session that ends other than by logout (expired, blocked, password changed): the moment the
// API client learns it, the agent's customer copy, kept visit screens and lists leave the phone;
// the unsent queue stays, for that agent's next sign-in only. IndexedDB is fake-indexeddb's.
import "fake-indexeddb/auto";
import { json, resetBrowser, stubFetch } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { openDB } from "idb";
import { ApiError, get } from "../src/lib/api-client.js";
// The offline layer listens for "session-ended" (the app loads it with the shell).
import "../src/lib/offline/status.js";
import { getOwnSession, setSession } from "../src/lib/session.js";
import { keepDetails } from "../src/lib/offline/customers.js";
import { dbName, deleteUserData, setMeta, userDb } from "../src/lib/offline/store.js";

const agent = { uid: 4, token: "t-agent", userType: 4, userRights: [] };
const other = { uid: 5, token: "t-other", userType: 4, userRights: [] };
const EXPIRED = "Your session has expired. Please log in again to continue.";
const STORES = ["customers", "details", "meta", "queue"];

beforeEach(async () => {
  resetBrowser();
  for (const uid of [agent.uid, other.uid]) {
    setSession({ ...agent, uid });
    await deleteUserData(uid);
  }
  resetBrowser();
});

/** The agent's phone: a customer, its kept visit screen, the copy's cursor and outcomes, a visit waiting. */
async function phoneOf(uid) {
  const db = await userDb(uid);
  await db.put("customers", { buyerId: "B1", buyerName: "Shop One" });
  await db.put("details", { buyerId: "B1", screen: { customerDetails: { buyerID: "B1" } }, seenAt: "2025-01-01" });
  await db.put("meta", "cursor-1", "cursor");
  await db.put("meta", [{ outcomeId: 1 }], "outcomes");
  await db.put("queue", { clientId: "c1", uid, state: "waiting", savedAt: 1, buyerID: "B1" });
}

/** What each store of the user's database holds, read past the app's own sign-in rule. */
async function contents(uid) {
  const db = await openDB(dbName(uid));
  const all = {};
  for (const store of STORES) all[store] = await db.getAll(store);
  db.close();
  return all;
}

test("a 401 deletes the customer copy, kept screens and lists, and keeps the queue", async () => {
  setSession(agent);
  await phoneOf(agent.uid);
  stubFetch(() => json(401, { message: EXPIRED }));
  const err = await get("/users/customer/search?search=shop").catch((e) => e);
  assert.ok(err instanceof ApiError && err.status === 401);
  assert.equal(getOwnSession(), null);
  const left = await contents(agent.uid);
  assert.deepEqual(left.customers, []);
  assert.deepEqual(left.details, []);
  assert.deepEqual(left.meta, []);
  assert.deepEqual(
    left.queue.map((e) => e.clientId),
    ["c1"],
  );
});

test("the session-ended answer of another status does the same", async () => {
  setSession(agent);
  await phoneOf(agent.uid);
  stubFetch(() => json(403, { message: "You're not logged in. Please log in to continue.", code: "not_logged_in" }));
  await get("/users/plan/today").catch(() => {});
  const left = await contents(agent.uid);
  assert.deepEqual([left.customers.length, left.details.length, left.meta.length, left.queue.length], [0, 0, 0, 1]);
});

test("a late answer of the ended session writes no copy again", async () => {
  setSession(agent);
  await phoneOf(agent.uid);
  stubFetch(() => json(401, { message: EXPIRED }));
  await get("/users/session").catch(() => {});
  await keepDetails(agent.uid, "B2", { customerDetails: { buyerID: "B2" } });
  await setMeta(agent.uid, "outcomes", [{ outcomeId: 2 }]);
  const left = await contents(agent.uid);
  assert.deepEqual([left.details, left.meta], [[], []]);
});

test("the kept queue opens only for its own user", async () => {
  setSession(agent);
  await phoneOf(agent.uid);
  stubFetch(() => json(401, { message: EXPIRED }));
  await get("/users/session").catch(() => {});
  // Another agent signs in on the phone: the first one's queue stays closed to them.
  setSession(other);
  await assert.rejects(userDb(agent.uid));
  // The agent signs in again: the visit is there to send.
  setSession(agent);
  const queue = await (await userDb(agent.uid)).getAll("queue");
  assert.deepEqual(
    queue.map((e) => e.clientId),
    ["c1"],
  );
});

test("a late 401 of a session already gone leaves the signed-in user's copy alone", async () => {
  setSession(agent);
  await phoneOf(agent.uid);
  let answer = () => {};
  stubFetch(() => new Promise((r) => (answer = r)));
  const late = get("/users/customer/offline?cursor=").catch(() => {});
  // The agent logged out and signed in again meanwhile (a new token).
  setSession({ ...agent, token: "t-agent-2" });
  answer(json(401, { message: EXPIRED }));
  await late;
  assert.equal(getOwnSession().token, "t-agent-2");
  const left = await contents(agent.uid);
  assert.deepEqual([left.customers.length, left.details.length, left.meta.length, left.queue.length], [1, 1, 2, 1]);
});
