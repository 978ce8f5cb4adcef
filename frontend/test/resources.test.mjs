// Shared data loading (lib/resources.js): the late-answer guard every resource hook loads through,
// so an answer for the customer a screen has left never shows under the next one.
import "./support/browser.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { latestOnly } from "../src/lib/resources.js";

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
