// The order screen's pricing (issue #52): the copy's schemes from the API's form (amounts) to the
// engine's (paise), the engine's input from the screen's lines and the copy, and the figures it
// gives with GST. The schemes' figures themselves are the engine's (tests/vectors/pricing.json).
import assert from "node:assert/strict";
import { test } from "node:test";
import { localToday, priceOrder, toPaise } from "../src/features/orders/pricing.js";
import { price } from "../src/lib/pricing/engine.js";
import { schemeFromApi } from "../src/lib/pricing/schemes.js";
import { warmUpInput } from "../src/lib/pricing/warm.js";

test("a scheme's money goes from amounts to paise, the rest as it is", () => {
  const api = {
    schemeId: 7,
    version: 2,
    name: "Order flat",
    kind: "order_flat",
    validFrom: "2026-01-01",
    maxDiscount: 500.5,
    slabs: [
      { minValue: 1000, flat: 50.05 },
      { minQuantity: 3, flatPerPiece: 0.1 },
    ],
  };
  const engine = schemeFromApi(api);
  assert.deepEqual(
    [engine.schemeId, engine.version, engine.name, engine.kind, engine.validFrom, engine.maxDiscount, engine.slabs],
    [
      7,
      2,
      "Order flat",
      "order_flat",
      "2026-01-01",
      50050,
      [
        { minValue: 100000, flat: 5005 },
        { minQuantity: 3, flatPerPiece: 10 },
      ],
    ],
  );
  assert.equal(toPaise(0.29), 29);
  assert.equal(toPaise(1.15), 115);
  assert.equal(toPaise(1234567.89), 123456789);
});

test("the copy's price and rate are the ones priced; CGST and SGST within a state, IGST across", () => {
  const copy = { schemeVersion: 3, schemes: [], products: [{ productId: 1, price: 12.5, gstRateBp: 1800 }] };
  const lines = [{ productId: 1, quantity: 3, price: 99 }];
  const same = priceOrder({
    lines,
    copy,
    customer: { state: "Goa" },
    distributor: { distributorId: 1, state: "goa " },
    today: "2026-12-06",
  });
  assert.ok(same);
  assert.equal(same.lines[0].gross, 3750);
  // 18 % of 3750 = 675: 337 CGST, 338 SGST (the odd paisa to SGST).
  assert.deepEqual([same.totals.cgst, same.totals.sgst, same.totals.igst, same.totals.total], [337, 338, 0, 4425]);
  const other = priceOrder({ lines, copy, customer: { state: "Goa" }, distributor: { distributorId: 1, state: "Kerala" } });
  assert.ok(other);
  assert.deepEqual([other.totals.cgst, other.totals.igst], [0, 675]);
  // Without the copy: the product list's price, no rate.
  const bare = priceOrder({ lines, copy: null, customer: {}, distributor: null });
  assert.ok(bare);
  assert.equal(bare.totals.total, 29700);
  // A quantity still being typed prices nothing.
  assert.equal(priceOrder({ lines: [{ productId: 1, quantity: NaN, price: 1 }], copy, customer: {}, distributor: null }), null);
  assert.match(localToday(new Date(2026, 0, 5)), /^2026-01-05$/);
});

test("the warm-up orders take every kind of scheme, both kinds of GST, free goods and a near miss", () => {
  const [same, other] = warmUpInput().map((input) => price(input));
  const kinds = new Set(warmUpInput()[0].schemes.map((s) => s.kind));
  assert.deepEqual([...kinds].sort(), [
    "combo",
    "free_every",
    "free_slab",
    "line_flat",
    "line_percent",
    "order_flat",
    "order_percent",
  ]);
  assert.ok(same.totals.cgst > 0 && same.totals.igst === 0, "same state: CGST and SGST");
  assert.ok(other.totals.igst > 0 && other.totals.cgst === 0, "another state: IGST");
  assert.ok(same.free.length > 0 && same.nearMiss.length > 0 && same.totals.discount > 0);
});
