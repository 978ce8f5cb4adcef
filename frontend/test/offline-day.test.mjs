// The working day in the phone's queue (issue #37): "Start day" and "End day" are entries of their
// own kinds, sent in the queue's order with the visits (a start queued before a visit goes before
// it) to their own endpoints, not counted as visits sent, and never taken for a customer's visit
// by Today's plan.
import { AGENT_USER, bodyOf, freshPhone, json, pathOf, stubFetch } from "./support/offline.mjs";
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import { setStatus } from "../src/lib/offline/state.js";
import { enqueue, isDayEntry, kindOf, listQueue } from "../src/lib/offline/queue.js";
import { syncQueue } from "../src/lib/offline/sync.js";
import { withQueued } from "../src/lib/plan.js";
import { localParts } from "../src/lib/format.js";

const uid = AGENT_USER.uid;

/** A tap as Today queues it. @param {"day-start" | "day-end"} kind @param {string} clientId */
const tap = (kind, clientId) => ({
  kind,
  clientId,
  day: { clientId, at: "2026-11-28T09:12:00+05:30", latitude: 12.97, longitude: 77.59, accuracy: 18 },
});

const visit = (/** @type {string} */ clientId) => ({
  buyerID: "B1",
  outcomeId: 2,
  remark: "",
  latitude: null,
  longitude: null,
  clientId,
  visitedAt: "2026-11-28T09:30:00+05:30",
  accuracy: null,
});

let now = 1_000_000;
beforeEach(async () => {
  mock.method(Date, "now", () => now++);
  await freshPhone();
  setStatus({ waiting: 0, failed: 0, waitingOrders: 0, failedOrders: 0, syncing: false, online: true, reachable: true });
});
afterEach(() => mock.restoreAll());

test("a day's start and end go in the queue's order with the visits, each to its own endpoint", async () => {
  await enqueue(uid, tap("day-start", "zz-start"));
  await enqueue(uid, visit("aa-visit"));
  await enqueue(uid, tap("day-end", "mm-end"));
  const calls = stubFetch((url) =>
    json(200, { message: url.includes("/users/day/") ? "Your day has started." : "Visit saved." }),
  );
  const result = await syncQueue(uid);
  assert.deepEqual(
    calls.map((c) => [pathOf(c), bodyOf(c).clientId]),
    [
      ["/users/day/start", "zz-start"],
      ["/users/customer/details", "aa-visit"],
      ["/users/day/end", "mm-end"],
    ],
  );
  assert.deepEqual(Object.keys(bodyOf(calls[0])).sort(), ["accuracy", "at", "clientId", "latitude", "longitude"]);
  // Only the visit counts as a visit sent.
  assert.deepEqual([result.sent, result.orders], [1, 0]);
  assert.deepEqual(await listQueue(uid), []);
});

test("a waiting day entry is told apart and is no customer's visit on Today", async () => {
  await enqueue(uid, tap("day-start", "s1"));
  const [entry] = await listQueue(uid);
  assert.equal(kindOf(entry), "day-start");
  assert.ok(isDayEntry(entry));
  const plan = {
    date: localParts(new Date(entry.savedAt).toISOString()).date,
    customers: [],
    unplannedVisits: [],
    planned: 0,
    visitedAsPlanned: 0,
    productive: 0,
  };
  const shown = withQueued(/** @type {any} */ (plan), [entry], kindOf);
  assert.deepEqual(shown.unplannedVisits, []);
});
