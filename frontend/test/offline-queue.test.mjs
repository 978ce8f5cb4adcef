// The phone's queue of visits and orders (lib/offline/queue.js) and the round that sends it
// (lib/offline/sync.js syncQueue): oldest first, each to its own endpoint under its own clientId; a
// refusal of the entry keeps it as failed with the server's message, a failure of the network or
// a refusal of the caller (told by its code) stops the round with every entry still waiting.
import { AGENT_USER, bodyOf, freshPhone, json, pathOf, stubFetch } from "./support/offline.mjs";
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import { ApiError } from "../src/lib/api-client.js";
import { getOwnSession, setSession } from "../src/lib/session.js";
import { getStatus, setStatus } from "../src/lib/offline/state.js";
import { enqueue, listQueue, onQueueChange, queuedMessage } from "../src/lib/offline/queue.js";
import { retryEntry, syncQueue, unjudged } from "../src/lib/offline/sync.js";
import { loadLanguage, messageFor } from "../src/lib/i18n/messages.js";

const uid = AGENT_USER.uid;
const EXPIRED = { message: "Your session has expired. Please log in again to continue.", code: "session_expired" };
const CHANGE_PASSWORD = { message: "Please change your password to continue.", code: "password_change_required" };

/** A visit as the visit screen queues it. */
const visit = (clientId, buyerID = "B1") => ({
  buyerID,
  outcomeId: 2,
  remark: "came back",
  latitude: 12.9,
  longitude: 77.6,
  clientId,
  visitedAt: "2026-11-28T10:00:00+05:30",
  accuracy: 8,
  buyerName: "Shop One",
  outcomeName: "Follow up",
});

/** An order as the order screen queues it. */
const order = (clientId, buyerId = "B1") => ({
  kind: /** @type {const} */ ("order"),
  clientId,
  order: {
    clientId,
    buyerId,
    distributorId: null,
    remark: null,
    lines: [{ productId: 1, quantity: 2, unitPrice: 10 }],
    expectedTotal: 20,
    visit: null,
  },
  buyerName: "Shop One",
  outcomeName: "",
  total: 20,
  lines: [{ productId: 1, productName: "Soap", quantity: 2, unitPrice: 10, lineTotal: 20 }],
});

const ok = (url) =>
  json(200, url.endsWith("/users/order") ? { message: "Order booked.", orderId: 1 } : { message: "Visit saved." });

// Each save a millisecond after the one before: the queue's order is the order of the saves.
let now = 1_000_000;
beforeEach(async () => {
  mock.method(Date, "now", () => now++);
  await freshPhone();
  setStatus({ waiting: 0, failed: 0, waitingOrders: 0, failedOrders: 0, syncing: false, online: true, reachable: true });
});
afterEach(() => mock.restoreAll());

test("the queue keeps visits and orders oldest first, whatever their clientIds, and counts them", async () => {
  await enqueue(uid, visit("zz-first"));
  await enqueue(uid, order("mm-second"));
  await enqueue(uid, visit("aa-third"));
  const all = await listQueue(uid);
  assert.deepEqual(
    all.map((e) => [e.clientId, e.state, e.attempts, e.uid]),
    [
      ["zz-first", "waiting", 0, uid],
      ["mm-second", "waiting", 0, uid],
      ["aa-third", "waiting", 0, uid],
    ],
  );
  assert.deepEqual([getStatus().waiting, getStatus().waitingOrders, getStatus().failed], [3, 1, 0]);
});

test("every change tells the queue's listeners, with the entries", async () => {
  const heard = [];
  const stop = onQueueChange((entries) => heard.push(entries.map((e) => e.clientId)));
  await enqueue(uid, visit("v1"));
  await enqueue(uid, visit("v2"));
  stop();
  await enqueue(uid, visit("v3"));
  assert.deepEqual(heard, [["v1"], ["v1", "v2"]]);
});

test("a round sends each entry to its own endpoint with its clientId, oldest first, and empties the queue", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, order("o1"));
  const calls = stubFetch(ok);
  const result = await syncQueue(uid);
  assert.deepEqual(
    calls.map((c) => [c.init.method, pathOf(c), bodyOf(c).clientId]),
    [
      ["POST", "/users/customer/details", "v1"],
      ["POST", "/users/order", "o1"],
    ],
  );
  // A visit goes as the server takes it: what the screen shows (names) stays on the phone.
  assert.deepEqual(Object.keys(bodyOf(calls[0])).sort(), [
    "accuracy",
    "buyerID",
    "clientId",
    "latitude",
    "longitude",
    "outcomeId",
    "proposalId",
    "remark",
    "visitedAt",
  ]);
  assert.equal(bodyOf(calls[1]).lines[0].quantity, 2);
  assert.deepEqual([result.sent, result.orders, result.refused, result.transient], [2, 1, 0, null]);
  assert.deepEqual(await listQueue(uid), []);
  assert.equal(getStatus().waiting, 0);
});

test("an entry the server refuses stays in the queue, failed with the server's message; the rest still go", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, visit("v2"));
  const calls = stubFetch((url, init) =>
    bodyOf({ init }).clientId === "v1"
      ? json(400, { message: "Visit Outcome is required", code: "visit_outcome_required", field: "outcomeId" })
      : ok(url),
  );
  const result = await syncQueue(uid);
  assert.equal(calls.length, 2);
  assert.deepEqual([result.sent, result.refused], [1, 1]);
  const left = await listQueue(uid);
  assert.deepEqual(
    left.map((e) => [e.clientId, e.state, e.message, e.attempts]),
    [["v1", "failed", "Visit Outcome is required", 1]],
  );
  assert.deepEqual([getStatus().waiting, getStatus().failed], [0, 1]);
  // A failed entry is not sent by the next round: it waits for the agent's Retry or Discard.
  const again = stubFetch(ok);
  await syncQueue(uid);
  assert.equal(again.length, 0);
});

test("a refusal of the caller (told by its code) stops the round: no entry is judged, all stay waiting", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, visit("v2"));
  const calls = stubFetch(() => json(403, CHANGE_PASSWORD));
  const result = await syncQueue(uid);
  assert.equal(calls.length, 1);
  assert.ok(result.transient instanceof ApiError && result.transient.status === 403);
  assert.ok(unjudged(result.transient));
  assert.deepEqual(
    (await listQueue(uid)).map((e) => [e.clientId, e.state, e.message]),
    [
      ["v1", "waiting", null],
      ["v2", "waiting", null],
    ],
  );
});

test("a session end stops the run: nothing after it is sent, every entry waits for the next sign-in", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, order("o1"));
  await enqueue(uid, visit("v2"));
  const calls = stubFetch(() => json(401, EXPIRED));
  const result = await syncQueue(uid);
  assert.equal(calls.length, 1);
  assert.equal(getOwnSession(), null, "the API client signed out");
  assert.equal(result.sent, 0);
  assert.ok(result.transient instanceof ApiError && result.transient.status === 401);
  assert.deepEqual(
    (await listQueue(uid)).map((e) => [e.clientId, e.state]),
    [
      ["v1", "waiting"],
      ["o1", "waiting"],
      ["v2", "waiting"],
    ],
  );
});

test("a round whose user is signed out meanwhile (another user signed in) sends nothing with the new token", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, visit("v2"));
  const calls = stubFetch((url) => {
    setSession({ ...AGENT_USER, uid: uid + 1, token: "t-other" });
    return ok(url);
  });
  await syncQueue(uid).catch(() => {});
  assert.deepEqual(
    calls.map((c) => /** @type {Record<string, string>} */ (c.init.headers).Authorization),
    ["Bearer t-agent"],
  );
});

test("no answer stops the round, counts an attempt and leaves the entry waiting; the server out of reach", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, visit("v2"));
  const calls = stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
  const result = await syncQueue(uid);
  assert.equal(calls.length, 1);
  assert.ok(result.transient instanceof ApiError && result.transient.status === 0);
  assert.deepEqual(
    (await listQueue(uid)).map((e) => [e.clientId, e.state, e.attempts]),
    [
      ["v1", "waiting", 1],
      ["v2", "waiting", 0],
    ],
  );
  assert.equal(getStatus().reachable, false);
});

test("the same clientId goes again as it is: after a server error, and on Retry; never a second entry", async () => {
  await enqueue(uid, order("o1"));
  // Queued twice (a Submit after an error): one entry.
  await enqueue(uid, order("o1"));
  assert.equal((await listQueue(uid)).length, 1);
  const sent = [];
  const answers = [
    json(503, { message: "busy", code: "unavailable" }),
    json(422, { message: "No such product.", code: "product_not_found" }),
  ];
  stubFetch((url, init) => {
    sent.push(bodyOf({ init }).clientId);
    return answers.shift() || ok(url);
  });
  await syncQueue(uid);
  assert.equal((await listQueue(uid))[0].state, "waiting");
  await syncQueue(uid);
  assert.equal((await listQueue(uid))[0].state, "failed");
  const left = await retryEntry(uid, "o1");
  assert.deepEqual(sent, ["o1", "o1", "o1"]);
  assert.deepEqual(left, []);
});

test("a refused entry keeps the refusal's code, values and English: the waiting list says it in the language it is read in", async () => {
  await enqueue(uid, visit("v1", "B404"));
  stubFetch(() => json(404, { message: "Customer not found.", code: "customer_not_found" }));
  await syncQueue(uid);
  const [e] = await listQueue(uid);
  assert.deepEqual(
    [e.state, e.message, e.code, e.params, e.english],
    ["failed", "Customer not found.", "customer_not_found", null, "Customer not found."],
  );
  try {
    await loadLanguage("hi");
    assert.equal(messageFor(e.code, e.params, e.english), "ग्राहक नहीं मिला।");
  } finally {
    await loadLanguage("en");
  }
  // Sent again: the old reason goes with it.
  stubFetch(() => json(422, { message: "No such outcome.", code: "" }));
  await retryEntry(uid, "v1");
  const [again] = await listQueue(uid);
  assert.deepEqual(
    [again.state, again.message, again.code, again.english],
    ["failed", "No such outcome.", "", "No such outcome."],
  );
});

test("a save queued signed in syncs by itself; one whose session ended waits for the next sign-in", async () => {
  assert.equal(queuedMessage("Saved on this phone"), "Saved on this phone, will sync");
  localStorage.clear();
  assert.equal(queuedMessage("Saved on this phone"), "Saved on this phone, will sync after you sign in again");
});
