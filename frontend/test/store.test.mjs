// The one store pattern (lib/store.js): a value, its readers and its listeners.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createStore } from "../src/lib/store.js";

test("set replaces the value and tells every listener; update merges a patch", () => {
  const store = createStore({ waiting: 0, syncing: false });
  const heard = [];
  store.subscribe((v) => heard.push(v));
  store.set({ waiting: 2, syncing: true });
  store.update({ waiting: 1 });
  assert.deepEqual(store.get(), { waiting: 1, syncing: true });
  assert.deepEqual(heard, [
    { waiting: 2, syncing: true },
    { waiting: 1, syncing: true },
  ]);
});

test("subscribe(fn, true) hears the value at once; the function it gives unsubscribes", () => {
  const store = createStore(1);
  const heard = [];
  const stop = store.subscribe((v) => heard.push(v), true);
  store.set(2);
  stop();
  store.set(3);
  assert.deepEqual(heard, [1, 2]);
  assert.equal(store.get(), 3);
});
