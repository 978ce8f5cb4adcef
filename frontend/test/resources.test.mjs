// Shared data loading (lib/resources.js): the late-answer guard every resource hook loads through,
// so an answer for the customer a screen has left never shows under the next one; and the keyed
// store under every screen's data (lib/resource-store.js).
import "./support/browser.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { latestOnly } from "../src/lib/resources.js";
import { resourceStore } from "../src/lib/resource-store.js";

/** A question whose answer comes when the test says. */
function deferred() {
  /** @type {(v: unknown) => void} */
  let answer = () => {};
  /** @type {(e: unknown) => void} */
  let fail = () => {};
  const promise = new Promise((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { load: () => promise, answer, fail };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

/** Question A, then question B, through one guard; what the screen would show, in order. */
function askTwice() {
  const guard = latestOnly();
  /** @type {string[]} */
  const shown = [];
  const a = deferred();
  const b = deferred();
  for (const q of [a, b]) {
    guard.ask(
      q.load,
      (d) => shown.push(d),
      (e) => shown.push(`failed ${e}`),
    );
  }
  return { shown, a, b };
}

test("only the latest question's answer comes through: customer A's, arriving after B's, is dropped", async () => {
  const { shown, a, b } = askTwice();
  b.answer("customer B");
  await settled();
  a.answer("customer A");
  await settled();
  assert.deepEqual(shown, ["customer B"]);
});

test("a late failure of an earlier question is dropped too; the latest one's comes through", async () => {
  const { shown, a, b } = askTwice();
  a.fail("A unreachable");
  b.fail("B refused");
  await settled();
  assert.deepEqual(shown, ["failed B refused"]);
});

test("drop() supersedes the question in flight (the screen left every customer)", async () => {
  const guard = latestOnly();
  const shown = [];
  const a = deferred();
  guard.ask(
    a.load,
    (d) => shown.push(d),
    () => {},
  );
  guard.drop();
  a.answer("customer A");
  await settled();
  assert.deepEqual(shown, []);
});

// The data layer's store (lib/resource-store.js): keyed, shared while held, invalidated by key.

test("holders of one key share one question and its answer; the entry goes with its last holder", async () => {
  let asked = 0;
  const answer = deferred();
  const load = () => {
    asked++;
    return answer.load();
  };
  const seen = { a: 0, b: 0 };
  const leaveA = resourceStore.hold("/users/orders?pageNumber=1", load, () => seen.a++, true);
  const leaveB = resourceStore.hold("/users/orders?pageNumber=1", load, () => seen.b++, true);
  assert.equal(asked, 1, "the second holder shares the question in flight");
  answer.answer({ data: [1], totalRecords: 1 });
  await settled();
  assert.deepEqual(resourceStore.read("/users/orders?pageNumber=1"), {
    data: { data: [1], totalRecords: 1 },
    loading: false,
    error: null,
  });
  assert.ok(seen.a > 0 && seen.b > 0, "both holders are told");
  leaveA();
  leaveB();
  assert.equal(resourceStore.read("/users/orders?pageNumber=1"), null, "no holder, no entry: a later screen asks again");
});

test("invalidate asks again the keys under a path, and only those", async () => {
  /** @type {Record<string, number>} */
  const asked = {};
  const hold = (/** @type {string} */ key) =>
    resourceStore.hold(
      key,
      () => {
        asked[key] = (asked[key] || 0) + 1;
        return Promise.resolve(key);
      },
      () => {},
      true,
    );
  const leave = ["/users/payments?pageNumber=1#0", "/users/payments|mine|4", "/users/payment/5", "/users/paymentsX"].map(hold);
  await settled();
  resourceStore.invalidate("/users/payments");
  await settled();
  assert.deepEqual(asked, {
    "/users/payments?pageNumber=1#0": 2,
    "/users/payments|mine|4": 2,
    "/users/payment/5": 1,
    "/users/paymentsX": 1,
  });
  leave.forEach((go) => go());
});
