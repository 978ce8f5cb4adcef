// The phone's conversion of a scheme between the API (decimal rupees) and the engine (whole paise):
// exact both ways, the same keys as the server's engine JSON (src/schemes/types.rs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { paiseOf, rupeesOf, schemeFromApi, schemeToApi } from "../src/lib/pricing/schemes.js";

const api = {
  schemeId: 7,
  version: 2,
  name: "Big basket",
  kind: "order_percent",
  validFrom: "2026-12-01",
  validTo: null,
  priority: 3,
  exclusiveGroup: null,
  products: [],
  slabs: [
    { minValue: 1234.56, percentBp: 150 },
    { minValue: 5000.1, percentBp: 275 },
  ],
  every: null,
  freeProductId: null,
  freeQuantity: null,
  flat: null,
  components: [],
  maxDiscount: 999.99,
  applies: { retailerTypes: ["Retailer"], states: [], distributorIds: [], buyerIds: [] },
};

test("a scheme of the API is the engine's in whole paise, exactly", () => {
  const engine = schemeFromApi(api);
  assert.deepEqual(engine.slabs, [
    { minValue: 123456, percentBp: 150 },
    { minValue: 500010, percentBp: 275 },
  ]);
  assert.equal(engine.maxDiscount, 99999);
  assert.equal(engine.flat, null);
  // The same keys, in the same order, as the server's engine JSON.
  assert.deepEqual(Object.keys(engine), [
    "schemeId",
    "version",
    "name",
    "kind",
    "validFrom",
    "validTo",
    "priority",
    "exclusiveGroup",
    "products",
    "slabs",
    "every",
    "freeProductId",
    "freeQuantity",
    "flat",
    "components",
    "maxDiscount",
    "applies",
  ]);
  assert.deepEqual(schemeToApi(engine), api);
});

test("amounts are exact to the paisa and more places are refused", () => {
  assert.equal(paiseOf(0.1), 10);
  assert.equal(paiseOf(19.99), 1999);
  assert.equal(paiseOf("1,00,000.50"), 10000050);
  assert.equal(paiseOf(1e12), 1e14);
  assert.equal(paiseOf(null), null);
  assert.throws(() => paiseOf(0.105), RangeError);
  assert.throws(() => paiseOf("12.345"), RangeError);
  for (let p = 0; p < 100000; p += 7) assert.equal(paiseOf(rupeesOf(p)), p);
});

test("absent fields stay absent in slabs and empty in applies", () => {
  const engine = schemeFromApi({
    schemeId: 1,
    name: "B10G1",
    kind: "free_every",
    validFrom: "2026-01-01",
    products: [5],
    every: 10,
    freeQuantity: 1,
  });
  assert.deepEqual(engine.slabs, []);
  assert.equal(engine.every, 10);
  assert.equal(engine.version, 0);
  assert.deepEqual(engine.applies, { retailerTypes: [], states: [], distributorIds: [], buyerIds: [] });
});

test("the Schemes form gives the API's body for its kind, and reads it back", async () => {
  const { bodyOf, emptyForm, formOf, problemsOf } = await import("../src/features/schemes/scheme-form.js");
  const form = {
    ...emptyForm(),
    name: " B10G1 ",
    kind: "free_every",
    validFrom: "2026-12-01",
    products: [3],
    every: "10",
    freeQuantity: "1",
  };
  assert.deepEqual(problemsOf(form), {});
  const body = bodyOf(form, null);
  assert.equal(body.name, "B10G1");
  assert.deepEqual([body.every, body.freeQuantity, body.freeProductId, body.slabs], [10, 1, null, []]);
  const lp = {
    ...emptyForm(),
    name: "Volume",
    kind: "line_percent",
    validFrom: "2026-12-01",
    products: [3, 4],
    threshold: /** @type {"value"} */ ("value"),
    slabs: [
      { min: "1,000.50", reward: "2.5" },
      { min: "5000", reward: "10" },
    ],
  };
  const lpBody = bodyOf(lp, 9);
  assert.deepEqual(lpBody.slabs, [
    { minValue: 1000.5, percentBp: 250 },
    { minValue: 5000, percentBp: 1000 },
  ]);
  assert.equal(lpBody.schemeId, 9);
  const back = formOf({ ...lpBody, version: 1 });
  assert.deepEqual(
    back.slabs.map((s) => [s.min, s.reward]),
    [
      ["1000.5", "2.5"],
      ["5000", "10"],
    ],
  );
  assert.equal(back.threshold, "value");
  assert.deepEqual(problemsOf({ ...lp, slabs: [{ min: "10", reward: "101" }] }), { slab0reward: "percentRange" });
  assert.deepEqual(problemsOf({ ...emptyForm() }), {
    name: "nameRequired",
    kind: "kindRequired",
    validFrom: "validFromRequired",
  });
});
