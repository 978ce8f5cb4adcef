// An agent's targets with the phone's queue added (lib/targets.js withQueued): what waits moves
// the right measure by the right amount, with the server's arithmetic (percent floored, projection
// half up, need rounded up, in paise), and the next slab's need goes down.
import "./support/browser.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { recompute, withQueued } from "../src/lib/targets.js";

const at = (day) => new Date(`${day}T10:00:00`).getTime();
const m = (measure, achieved, target) => ({ measure, achieved, target, percent: null, projected: achieved, neededPerDay: null });
const targets = () => ({
  agentId: 3,
  agentName: "Ravi",
  month: "2026-12",
  daysWorked: 6,
  workingDays: 26,
  remainingDays: 21,
  measures: [
    m("sales_value", 1000.01, 10000),
    m("productive_calls", 3, 20),
    m("lines_per_call", 1.67, 2.5),
    m("visits", 5, null),
    m("new_outlets", 0, null),
    m("collections", 0, 5000),
  ],
  incentive: { earned: 0, next: { measure: "productive_calls", percent: 50, payout: 500, need: 7 } },
});
const kindOf = (e) => e.kind || "visit";
const byName = (t) => Object.fromEntries(t.measures.map((x) => [x.measure, x]));

test("nothing waiting: the server's figures as they are", () => {
  const t = targets();
  assert.deepEqual(withQueued(t, [], kindOf), { targets: t, waiting: 0 });
});

test("the server's arithmetic, integer-exact in paise", () => {
  const x = recompute(m("sales_value", 0, 10000), 100001, { daysWorked: 6, workingDays: 26, remainingDays: 21 });
  assert.equal(x.achieved, 1000.01);
  assert.equal(x.percent, 10);
  assert.equal(x.projected, 4333.38);
  assert.equal(x.neededPerDay, 428.58);
});

test("waiting orders, visits and payments of the month move their measures; others do not", () => {
  const entries = [
    {
      kind: "order",
      state: "waiting",
      savedAt: at("2026-12-07"),
      order: {
        lines: [
          { quantity: 3, unitPrice: 25.5 },
          { quantity: 1, unitPrice: 10 },
        ],
        visit: { outcomeId: 1 },
      },
    },
    {
      kind: "order",
      state: "waiting",
      savedAt: at("2026-12-07"),
      taxable: 12345,
      order: { lines: [{ quantity: 1, unitPrice: 200 }] },
    },
    { kind: "visit", state: "waiting", savedAt: at("2026-12-07") },
    { kind: "payment", state: "waiting", savedAt: at("2026-12-07"), payment: { amount: 1234.56 } },
    { kind: "visit", state: "failed", savedAt: at("2026-12-07") },
    { kind: "visit", state: "waiting", savedAt: at("2026-11-30") },
    { kind: "day-start", state: "waiting", savedAt: at("2026-12-07") },
  ];
  const { targets: t, waiting } = withQueued(targets(), entries, kindOf);
  assert.equal(waiting, 4);
  const x = byName(t);
  // 1000.01 + 86.50 (3 x 25.50 + 10) + 123.45 (the priced taxable value)
  assert.equal(x.sales_value.achieved, 1209.96);
  assert.equal(x.productive_calls.achieved, 4);
  assert.equal(x.visits.achieved, 7);
  assert.equal(x.collections.achieved, 1234.56);
  // 5 lines of 3 calls (1.67) and 2 more of the waiting call: 7 / 4.
  assert.equal(x.lines_per_call.achieved, 1.75);
  assert.equal(x.productive_calls.percent, 20);
  assert.equal(t.incentive.next.need, 6);
});
