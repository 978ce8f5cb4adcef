#!/usr/bin/env node
// Runs the naive float engine (tests/pricing/naive-float.mjs) over the named cases of
// tests/vectors/pricing.json and prints each one it gets wrong, with the first wrong figure:
// the bug classes of other engines (ERPNext, Odoo) are cases a naive engine fails.
//   node tests/pricing/naive-vs-vectors.mjs [--all]
import { readFileSync } from "node:fs";
import { naivePrice } from "./naive-float.mjs";

const { cases } = JSON.parse(readFileSync(new URL("../vectors/pricing.json", import.meta.url), "utf8"));
const all = process.argv.includes("--all");
const rupees = (/** @type {number} */ paise) => paise / 100;

/** The first figure where the naive answer differs from the vector's (money compared in rupees,
 * as the naive engine keeps it). */
function firstDifference(/** @type {any} */ naive, /** @type {any} */ expected) {
  for (const [i, line] of expected.lines.entries()) {
    for (const k of ["taxable", "discount", "cgst", "sgst", "igst", "lineTotal", "gross"]) {
      if (naive.lines[i][k] !== rupees(line[k])) return `line ${i + 1} ${k}: naive ${naive.lines[i][k]}, engine ${rupees(line[k]).toFixed(2)}`;
    }
  }
  for (const k of ["taxable", "discount", "total", "gross"]) {
    if (naive.totals[k] !== rupees(expected.totals[k])) return `totals.${k}: naive ${naive.totals[k]}, engine ${rupees(expected.totals[k]).toFixed(2)}`;
  }
  const want = expected.free.map((/** @type {any} */ f) => `${f.quantity} of ${f.productId}`).join(", ");
  const got = naive.free.map((/** @type {any} */ f) => `${f.quantity} of ${f.productId}`).join(", ");
  if (want !== got) return `free pieces: naive [${got}], engine [${want}]`;
  return null;
}

let failed = 0;
let named = 0;
for (const c of cases) {
  if (c.error || (!all && !c.bugClass)) continue;
  named++;
  const diff = firstDifference(naivePrice(c.input), c.expected);
  if (diff) {
    failed++;
    console.log(`FAILS ${c.name}\n      ${diff}`);
  } else console.log(`passes ${c.name}`);
}
console.log(`\nthe naive float engine gets ${failed} of ${named} ${all ? "" : "bug-class "}cases wrong`);
