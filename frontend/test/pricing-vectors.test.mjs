// The shared vector file of priced orders (tests/vectors/pricing.json): the phone's engine prices
// each case exactly as written, as the server's engine does (src/pricing/engine.rs runs the same
// file); docs/pricing.md says why each figure is what it is.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { price, PricingError } from "../src/lib/pricing/engine.js";

const { cases } = JSON.parse(readFileSync(new URL("../../tests/vectors/pricing.json", import.meta.url), "utf8"));

test("the shared pricing vectors price as written", () => {
  assert.ok(cases.length >= 200, `${cases.length} cases`);
  for (const { name, input, expected, error } of cases) {
    if (error) {
      assert.throws(
        () => price(input),
        (e) => e instanceof PricingError && e.code === error,
        name,
      );
    } else {
      assert.deepEqual(price(input), expected, name);
    }
  }
});

test("the bug classes of other engines are named cases", () => {
  const names = new Set(cases.map((/** @type {{name: string}} */ c) => c.name));
  for (const prefix of ["erpnext-34288", "erpnext-49564", "erpnext-41211", "odoo-100016", "odoo-237624"]) {
    assert.ok(
      [...names].some((n) => n.startsWith(prefix)),
      prefix,
    );
  }
});
