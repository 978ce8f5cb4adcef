#!/usr/bin/env node
// Pricing speed (issue #52): a 100-line basket against 50 active schemes (every kind, slabs,
// stacking, exclusive groups, caps, order schemes), priced by the phone's engine
// (frontend/src/lib/pricing/engine.js) in node and, with --chromium, in headless Chromium under
// CDP Emulation.setCPUThrottlingRate 4 (playwright-core from tests/browser; `npm ci` there first).
// Target: under 20 ms a price in Chromium at 4x slowdown, the first one included: a page that has
// run the order screen's warm-up (lib/pricing/warm.js) is measured beside a cold one.
//   node bench/pricing.mjs [--chromium] [--runs N]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { price } from "../frontend/src/lib/pricing/engine.js";
import { WARM_ROUNDS, warmUpInput } from "../frontend/src/lib/pricing/warm.js";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 500;

/** The basket and scheme set, built deterministically. */
export function benchInput() {
  const lines = [];
  for (let i = 0; i < 100; i++) {
    lines.push({ productId: 1 + i, quantity: 1 + ((i * 7) % 48), unitPrice: 500 + ((i * 7919) % 250000), gstRateBp: [0, 500, 1200, 1800, 2800][i % 5] });
  }
  const kinds = ["line_percent", "line_percent", "line_flat", "free_every", "free_slab", "combo", "line_percent", "order_percent", "order_flat", "line_percent"];
  const schemes = [];
  for (let j = 0; j < 50; j++) {
    const kind = kinds[j % kinds.length];
    const products = [];
    for (let p = 0; p < 12; p++) products.push(1 + ((j * 13 + p * 17) % 100));
    /** @type {Record<string, any>} */
    const s = {
      schemeId: 1000 + j,
      version: 1,
      name: `Scheme ${j}`,
      kind,
      validFrom: "2026-01-01",
      validTo: "2026-12-31",
      priority: j % 4,
      exclusiveGroup: j % 7 === 0 ? `G${j % 3}` : null,
      products: kind.startsWith("order") || kind === "combo" ? [] : products,
      slabs: [],
    };
    if (kind === "line_percent") s.slabs = [{ minQuantity: 5, percentBp: 250 }, { minQuantity: 40, percentBp: 500 }, { minQuantity: 120, percentBp: 1175 }];
    if (kind === "line_flat") s.slabs = [{ minQuantity: 10, flatPerPiece: 150 }, { minQuantity: 100, flatPerPiece: 400 }];
    if (kind === "free_every") Object.assign(s, { every: 12, freeQuantity: 1 });
    if (kind === "free_slab") s.slabs = [{ minQuantity: 24, freeQuantity: 2 }, { minQuantity: 96, freeQuantity: 10 }];
    if (kind === "combo") Object.assign(s, { components: [{ productId: 1 + j, quantity: 2 }, { productId: 2 + j, quantity: 1 }], flat: 2500 });
    if (kind === "order_percent") Object.assign(s, { slabs: [{ minValue: 100000, percentBp: 150 }, { minValue: 10000000, percentBp: 300 }], maxDiscount: 5000000 });
    if (kind === "order_flat") s.slabs = [{ minValue: 500000, flat: 10000 }];
    if (j % 5 === 4) s.maxDiscount = 200000;
    if (kind.startsWith("free")) delete s.maxDiscount;
    schemes.push(s);
  }
  return {
    bookingDate: "2026-06-15",
    customer: { buyerId: "B-001", state: "Maharashtra", retailerType: "Kirana" },
    distributor: { distributorId: 1, state: "Maharashtra" },
    lines,
    schemes,
  };
}

/** Times `fn` `n` times: ms per call (median, p95, slowest) after 20 warm-up calls. */
function time(/** @type {() => void} */ fn, /** @type {number} */ n) {
  for (let i = 0; i < 20; i++) fn();
  const t = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(n / 2)], p95: t[Math.floor(n * 0.95)], max: t[n - 1] };
}

const input = benchInput();
const sample = price(input);
const fmt = (/** @type {{median: number, p95: number, max: number}} */ r) => `median ${r.median.toFixed(3)} ms, p95 ${r.p95.toFixed(3)} ms, slowest ${r.max.toFixed(3)} ms`;
console.log(
  `basket: 100 lines, 50 schemes; ${sample.lines.filter((l) => l.discount > 0).length} lines discounted, ` +
    `${sample.free.length} free lines, ${sample.nearMiss.length} near misses, total ${sample.totals.total} paise`,
);
const first = performance.now();
price(benchInput());
console.log(`node ${process.version}: first price ${(performance.now() - first).toFixed(3)} ms (after one warm call); ${fmt(time(() => price(input), runs))}`);

if (process.argv.includes("--chromium")) {
  const require = createRequire(new URL("../tests/browser/package.json", import.meta.url));
  const { chromium } = require("playwright-core");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
  const source = readFileSync(new URL("../frontend/src/lib/pricing/engine.js", import.meta.url), "utf8").replace(/^export /gm, "");
  /** One fresh page at 4x: the first price (after the warm-up orders where `warm`), then `runs` more. */
  const measure = async (/** @type {boolean} */ warm) => {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const result = await page.evaluate(
      ({ source, input, runs, warmInputs, rounds }) => {
        const price = new Function(`${source}\nreturn price;`)();
        const w0 = performance.now();
        for (let round = 0; round < rounds; round++) for (const w of warmInputs) price(w);
        const warmUp = performance.now() - w0;
        const t0 = performance.now();
        price(input);
        const first = performance.now() - t0;
        const t = [];
        for (let i = 0; i < runs; i++) {
          const s = performance.now();
          price(input);
          t.push(performance.now() - s);
        }
        t.sort((a, b) => a - b);
        return { warmUp, first, median: t[Math.floor(runs / 2)], p95: t[Math.floor(runs * 0.95)], max: t[runs - 1] };
      },
      { source, input, runs: Math.min(runs, 300), warmInputs: warm ? warmUpInput() : [], rounds: WARM_ROUNDS },
    );
    await page.close();
    return result;
  };
  const cold = await measure(false);
  console.log(`Chromium, CPU throttled 4x, cold page: first price ${cold.first.toFixed(3)} ms; ${fmt(cold)}`);
  const warmed = await measure(true);
  console.log(
    `Chromium, CPU throttled 4x, after the warm-up (${warmed.warmUp.toFixed(1)} ms): first price ${warmed.first.toFixed(3)} ms; ${fmt(warmed)}`,
  );
  await browser.close();
}
