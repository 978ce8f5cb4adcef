// The day plan with the phone's queue counted in (lib/plan.js withQueued) and a planned
// customer's state (planStatus), as Today's list and the map's pins show them.
import "./support/browser.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { hasPosition, planStatus, withQueued } from "../src/lib/plan.js";

const day = "2026-03-02";
const at = (time) => new Date(`${day}T${time}`).getTime();
const plan = () => ({
  agentId: 4,
  agentName: "Agent",
  date: day,
  weekday: "Mon",
  beats: [],
  planned: 2,
  visitedAsPlanned: 0,
  productive: 0,
  visitedOffSite: 0,
  unplanned: 0,
  customers: [
    { buyerId: "B1", buyerName: "One", visited: false, ordered: false },
    { buyerId: "B2", buyerName: "Two", visited: true, ordered: false, locationStatus: "verified" },
  ],
  unplannedVisits: [],
});
const kindOf = (e) => (e.order ? "order" : "visit");

test("nothing waiting: the plan as the server sent it", () => {
  const p = plan();
  assert.equal(withQueued(p, [], kindOf), p);
});

test("a waiting visit and order of the plan's day count in; other days and refused entries do not", () => {
  const entries = [
    { state: "waiting", savedAt: at("09:00"), buyerID: "b1", buyerName: "One" },
    { state: "waiting", savedAt: at("09:05"), order: { buyerId: "B2", visit: null }, buyerName: "Two" },
    { state: "failed", savedAt: at("09:10"), buyerID: "B9", buyerName: "Refused" },
    { state: "waiting", savedAt: new Date("2026-03-01T09:00").getTime(), buyerID: "B8", buyerName: "Yesterday" },
  ];
  const p = withQueued(plan(), entries, kindOf);
  assert.deepEqual(
    p.customers.map((c) => [c.buyerId, !!c.queued, c.visited, c.ordered]),
    [
      ["B1", true, true, false],
      ["B2", true, true, true],
    ],
  );
  assert.equal(p.visitedAsPlanned, 1, "B1 became visited; B2 was already");
  assert.equal(p.productive, 1);
  assert.deepEqual(p.unplannedVisits, []);
  assert.equal(p.unplanned, 0);
});

test("a waiting visit outside the plan joins the unplanned visits; an order alone does not", () => {
  const entries = [
    { state: "waiting", savedAt: at("10:00"), buyerID: "X1", buyerName: "Walk-in" },
    { state: "waiting", savedAt: at("10:05"), order: { buyerId: "X2" }, buyerName: "Phoned" },
  ];
  const p = withQueued(plan(), entries, kindOf);
  assert.deepEqual(
    p.unplannedVisits.map((u) => [u.buyerId, u.queued, u.ordered]),
    [["X1", true, false]],
  );
  assert.equal(p.unplanned, 1);
});

test("planStatus: ordered, not visited, verified, off-site, visited with the place not judged", () => {
  const c = { buyerId: "B", buyerName: "B", visited: true, ordered: false };
  assert.equal(planStatus({ ...c, ordered: true }), "ordered");
  assert.equal(planStatus({ ...c, visited: false }), "none");
  assert.equal(planStatus({ ...c, locationStatus: "verified" }), "verified");
  assert.equal(planStatus({ ...c, locationStatus: "off-site" }), "offsite");
  assert.equal(planStatus({ ...c, locationStatus: "no-location" }), "offsite");
  assert.equal(planStatus({ ...c, queued: true }), "visited");
  assert.equal(planStatus({ ...c, locationStatus: "customer-unlocated" }), "visited");
});

test("hasPosition needs both coordinates as finite numbers", () => {
  assert.ok(hasPosition({ latitude: 12.9, longitude: "77.5" }));
  assert.ok(!hasPosition({ latitude: 12.9, longitude: null }));
  assert.ok(!hasPosition({ latitude: "north", longitude: 77.5 }));
  assert.ok(!hasPosition({}));
});
