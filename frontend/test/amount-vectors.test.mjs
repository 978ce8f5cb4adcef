// The shared vector file of typed amounts (tests/vectors/amounts.json): the phone's parseAmount
// reads each case as the server's Money::parse_exact does (src/money.rs runs the same file).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parseAmount } from "../src/lib/outstanding.js";

const { cases } = JSON.parse(readFileSync(new URL("../../tests/vectors/amounts.json", import.meta.url), "utf8"));

test("typed amounts read as the server reads them", () => {
  assert.ok(cases.length >= 16);
  for (const { text, paise } of cases) assert.equal(parseAmount(text), paise, JSON.stringify(text));
});
