// A seeded generator of pricing inputs (baskets, parties and scheme sets) for the differential test
// (tests/pricing/differential.mjs) and the generated part of tests/vectors/pricing.json: every kind,
// random slabs, stacking, exclusive groups, caps, `applies` filters with odd spellings, both GST
// cases, tiny and big numbers, now and then a figure past 2^53 or an input the engine refuses.

/** xorshift32: the same sequence for the same seed. @param {number} seed */
export function rng(seed) {
  let x = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  /** an integer in 0..n-1 */
  const int = (/** @type {number} */ n) => Math.floor((next() / 4294967296) * n);
  const pick = (/** @type {any[]} */ list) => list[int(list.length)];
  const chance = (/** @type {number} */ p) => next() / 4294967296 < p;
  /** an integer in 0..max, most often small */
  const size = (/** @type {number} */ max) => {
    const r = int(10);
    if (r < 6) return int(Math.min(max, 100) + 1);
    if (r < 9) return int(Math.min(max, 100000) + 1);
    return Math.floor((next() / 4294967296) * max) + int(2);
  };
  return { int, pick, chance, size };
}

const STATES = ["Maharashtra", "maharashtra ", " MAHARASHTRA", "Gujarat", "gujarat", "Karnataka", "", "  ", null, "Tamil Nadu", "\u00a0Gujarat"];
const TYPES = ["Kirana", "kirana", "Chemist", "CHEMIST ", null, "Modern trade"];
const BUYERS = ["B-001", "b-001", " B-001 ", "B-002", null, "Ünï"];
const DATES = ["2026-03-31", "2026-04-01", "2026-04-15", "2026-04-30", "2026-05-01"];
const RATES = [0, 0, 500, 1200, 1800, 2800, 25, 300, 4000, 10000];
const KINDS = ["free_every", "free_slab", "line_percent", "line_flat", "combo", "order_percent", "order_flat"];

/** One random pricing input. @param {ReturnType<typeof rng>} r @param {{big?: boolean}} [opts] */
export function input(r, opts = {}) {
  const big = opts.big ?? r.chance(0.08);
  const products = 1 + r.int(r.chance(0.2) ? 12 : 5);
  const nLines = r.chance(0.03) ? 0 : 1 + r.int(r.chance(0.1) ? 40 : 8);
  const lines = [];
  for (let i = 0; i < nLines; i++) {
    const quantity = big && r.chance(0.3) ? r.size(2 ** 40) : r.chance(0.05) ? 0 : 1 + r.size(r.chance(0.5) ? 30 : 500);
    const unitPrice = big && r.chance(0.3) ? r.size(2 ** 45) : r.chance(0.1) ? r.int(20) : 1 + r.size(200000);
    lines.push({ productId: 1 + r.int(products), quantity, unitPrice, gstRateBp: r.chance(0.1) ? r.int(10001) : r.pick(RATES) });
  }
  const nSchemes = r.chance(0.1) ? 0 : 1 + r.int(r.chance(0.15) ? 20 : 6);
  const schemes = [];
  for (let j = 0; j < nSchemes; j++) schemes.push(scheme(r, j, products, big));
  if (r.chance(0.01) && schemes.length > 1) schemes[1].schemeId = schemes[0].schemeId; // refused
  if (r.chance(0.005) && lines.length > 0) lines[0].quantity = -1; // refused
  return {
    bookingDate: r.pick(DATES),
    customer: { buyerId: r.pick(BUYERS), state: r.pick(STATES), retailerType: r.pick(TYPES) },
    distributor: { distributorId: r.chance(0.8) ? 1 + r.int(3) : null, state: r.pick(STATES) },
    lines,
    schemes,
  };
}

/** @param {ReturnType<typeof rng>} r @param {number} j @param {number} products @param {boolean} big */
function scheme(r, j, products, big) {
  const kind = r.pick(KINDS);
  const prods = [];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) prods.push(1 + r.int(products + 1));
  /** @type {Record<string, any>} */
  const s = {
    schemeId: 100 + j * 3 + r.int(3),
    version: 1 + r.int(3),
    name: `S${j} ${kind}`,
    kind,
    validFrom: r.pick(["2026-01-01", "2026-04-01", "2026-04-15", "2026-05-01"]),
    validTo: r.pick([null, null, "2026-04-15", "2026-04-30", "2026-12-31"]),
    priority: r.int(4),
    exclusiveGroup: r.pick([null, null, null, "A", "B"]),
    products: kind === "combo" || kind.startsWith("order") ? [] : prods,
  };
  const q = () => 1 + r.size(big ? 2 ** 40 : 60);
  const v = () => 1 + r.size(big ? 2 ** 52 : 2000000);
  const bp = () => (r.chance(0.1) ? r.pick([0, 10000, 1750, 9999, 1]) : r.int(r.chance(0.8) ? 3000 : 10001));
  const money = () => (big && r.chance(0.3) ? r.size(2 ** 52) : r.size(50000));
  const nSlabs = 1 + r.int(4);
  const slabs = [];
  if (kind === "free_every") {
    s.every = 1 + r.int(r.chance(0.8) ? 12 : 1000);
    s.freeQuantity = r.int(4);
    if (r.chance(0.4)) s.freeProductId = 1 + r.int(products + 1);
  } else if (kind === "free_slab") {
    for (let i = 0; i < nSlabs; i++) slabs.push({ minQuantity: q(), freeQuantity: r.int(big ? 2 ** 30 : 6) });
    if (r.chance(0.4)) s.freeProductId = 1 + r.int(products + 1);
  } else if (kind === "line_percent") {
    const byValue = r.chance(0.3);
    for (let i = 0; i < nSlabs; i++) slabs.push(byValue ? { minValue: v(), percentBp: bp() } : { minQuantity: q(), percentBp: bp() });
  } else if (kind === "line_flat") {
    for (let i = 0; i < nSlabs; i++) slabs.push({ minQuantity: q(), flatPerPiece: money() });
  } else if (kind === "combo") {
    const comps = [];
    for (let i = 0, n = 1 + r.int(3); i < n; i++) comps.push({ productId: 1 + r.int(products + 1), quantity: 1 + r.int(5) });
    s.components = comps;
    if (r.chance(0.5)) s.flat = money();
    else {
      s.freeProductId = 1 + r.int(products + 1);
      s.freeQuantity = r.int(4);
    }
  } else if (kind === "order_percent") {
    for (let i = 0; i < nSlabs; i++) slabs.push({ minValue: r.chance(0.2) ? 0 : v(), percentBp: bp() });
  } else {
    for (let i = 0; i < nSlabs; i++) slabs.push({ minValue: r.chance(0.2) ? 0 : v(), flat: money() });
  }
  s.slabs = slabs;
  const moneyKind = !kind.startsWith("free") && !(kind === "combo" && s.flat == null);
  if (moneyKind && r.chance(0.3)) s.maxDiscount = money();
  if (r.chance(0.3)) {
    /** @type {Record<string, any>} */
    const a = {};
    if (r.chance(0.5)) a.retailerTypes = [r.pick(TYPES.filter(Boolean))];
    if (r.chance(0.5)) a.states = [r.pick(["maharashtra", "Gujarat ", "KARNATAKA"])];
    if (r.chance(0.3)) a.distributorIds = [1 + r.int(3)];
    if (r.chance(0.3)) a.buyerIds = [r.pick(["b-001", "B-002", "ünï"])];
    s.applies = a;
  }
  if (r.chance(0.01)) s.slabs = []; // refused (but combo, free_every)
  return s;
}
