// The engine run on small orders that take every path (each kind of scheme, slabs, stacking, an
// exclusive group, a cap, an order discount, both kinds of GST) until the browser has compiled it,
// so the agent's first real price runs in optimised code: at 4x CPU slowdown the first price of a
// 100-line order took 53-126 ms in a cold page against about 2 ms once warm (bench/pricing.mjs,
// BENCHMARKS.md); a few calls are not enough, twenty rounds are. The order screen calls
// `warmPricing` when it opens: one round per timer tick (a few ms each), never one long task.
import { price } from "./engine.js";

let warmed = false;

/** Ten lines and one scheme of each kind, every path of the engine taken. */
export function warmUpInput() {
  /** @type {{ productId: number, quantity: number, unitPrice: number, gstRateBp: number }[]} */
  const lines = [];
  for (let i = 0; i < 10; i++) {
    lines.push({
      productId: 1 + i,
      quantity: 12 + i * 5,
      unitPrice: 1000 + i * 733,
      gstRateBp: [0, 500, 1200, 1800, 2800][i % 5],
    });
  }
  const base = { version: 1, validFrom: "2000-01-01", validTo: null, exclusiveGroup: null, products: [1, 2, 3, 4, 5], slabs: [] };
  const schemes = [
    {
      ...base,
      schemeId: 1,
      name: "w1",
      kind: "line_percent",
      priority: 1,
      slabs: [
        { minQuantity: 5, percentBp: 250 },
        { minQuantity: 30, percentBp: 500 },
      ],
    },
    {
      ...base,
      schemeId: 2,
      name: "w2",
      kind: "line_percent",
      priority: 2,
      exclusiveGroup: "g",
      slabs: [{ minQuantity: 1, percentBp: 175 }],
    },
    {
      ...base,
      schemeId: 3,
      name: "w3",
      kind: "line_flat",
      priority: 0,
      exclusiveGroup: "g",
      slabs: [{ minQuantity: 10, flatPerPiece: 50 }],
    },
    { ...base, schemeId: 4, name: "w4", kind: "free_every", priority: 0, every: 12, freeQuantity: 1 },
    {
      ...base,
      schemeId: 5,
      name: "w5",
      kind: "free_slab",
      priority: 0,
      slabs: [{ minQuantity: 24, freeQuantity: 2 }],
      maxDiscount: null,
    },
    {
      ...base,
      schemeId: 6,
      name: "w6",
      kind: "combo",
      priority: 0,
      products: [],
      components: [
        { productId: 6, quantity: 2 },
        { productId: 7, quantity: 1 },
      ],
      flat: 500,
    },
    {
      ...base,
      schemeId: 7,
      name: "w7",
      kind: "order_percent",
      priority: 0,
      products: [],
      slabs: [{ minValue: 10000, percentBp: 150 }],
      maxDiscount: 50000,
    },
    {
      ...base,
      schemeId: 8,
      name: "w8",
      kind: "order_flat",
      priority: 0,
      products: [],
      slabs: [{ minValue: 5000000, flat: 10000 }],
    },
  ];
  const order = (/** @type {string} */ state) => ({
    bookingDate: "2026-06-15",
    customer: { buyerId: "W-1", state: "Maharashtra", retailerType: "Kirana" },
    distributor: { distributorId: 1, state },
    lines,
    schemes,
  });
  return [order("Maharashtra"), order("Karnataka")];
}

/** Rounds of the warm-up orders that bring the engine's first real price under 20 ms at 4x. */
export const WARM_ROUNDS = 20;

/** One round: each warm-up order priced once. */
export function warmRound() {
  for (const input of warmUpInput()) price(input);
}

/** Runs the warm-up once per page, a round per timer tick; never throws. */
export function warmPricing() {
  if (warmed) return;
  warmed = true;
  let left = WARM_ROUNDS;
  const next = () => {
    try {
      warmRound();
    } catch (err) {
      console.warn("pricing warm-up:", err instanceof Error ? err.message : err);
      return;
    }
    if (--left > 0) setTimeout(next, 0);
  };
  next();
}
