// The shared vector file of typed amounts (tests/vectors/amounts.json): the phone's readAmount
// reads each case as the server's Money::read_typed does (src/money.rs runs the same file).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parseAmount, readAmount } from "../src/lib/outstanding.js";

const { cases } = JSON.parse(readFileSync(new URL("../../tests/vectors/amounts.json", import.meta.url), "utf8"));

test("typed amounts read as the server reads them", () => {
  assert.ok(cases.length >= 40);
  for (const { text, paise, refused } of cases) {
    assert.deepEqual(readAmount(text), paise === null ? { refused } : { paise }, JSON.stringify(text));
  }
});

test("an amount typed on a form is one not below zero", () => {
  assert.equal(parseAmount("₹ 1,00,000.50"), 10000050);
  assert.equal(parseAmount("-5"), null);
  assert.equal(parseAmount("99.999"), null);
});
