#!/usr/bin/env node
// Differential test of the two pricing engines (issue #52): prices random baskets and scheme sets
// (tests/pricing/gen.mjs, seeded) with the phone's engine (frontend/src/lib/pricing/engine.js) and
// through the server's (`fieldsales price`, one process, JSON lines), and compares every answer
// exactly. Exits 1 on any difference, printing the first few with their inputs.
//   node tests/pricing/differential.mjs [--cases N] [--seed S] [--bin PATH]
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { isDeepStrictEqual } from "node:util";
import { price, PricingError } from "../../frontend/src/lib/pricing/engine.js";
import { input, rng } from "./gen.mjs";

const args = process.argv.slice(2);
const opt = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const cases = Number(opt("--cases", "10000"));
const seed = Number(opt("--seed", "52"));
const bin = opt("--bin", process.env.FIELDSALES_BIN || "target/release/fieldsales");
const BATCH = 2000;

const child = spawn(bin, ["price"], { stdio: ["pipe", "pipe", "inherit"] });
const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const r = rng(seed);
const started = Date.now();
let differences = 0;
let refused = 0;
let jsMs = 0;
const tally = { overflow: 0, invalid: 0, free: 0, discounted: 0, nearMiss: 0 };

for (let done = 0; done < cases; done += BATCH) {
  const batch = [];
  for (let i = 0; i < Math.min(BATCH, cases - done); i++) batch.push(input(r));
  const text = batch.map((b) => JSON.stringify(b)).join("\n") + "\n";
  const written = new Promise((resolve) => (child.stdin.write(text) ? resolve(null) : child.stdin.once("drain", resolve)));
  for (const [i, b] of batch.entries()) {
    const t0 = performance.now();
    let ours;
    try {
      ours = price(b);
    } catch (e) {
      if (!(e instanceof PricingError)) throw e;
      ours = { error: e.code };
    }
    jsMs += performance.now() - t0;
    const next = await answers.next();
    if (next.done) throw new Error("fieldsales price stopped early");
    const theirs = JSON.parse(next.value);
    if ("error" in ours) {
      refused++;
      tally[/** @type {"overflow"|"invalid"} */ (ours.error)]++;
    } else {
      if (ours.free.length) tally.free++;
      if (ours.totals.discount) tally.discounted++;
      if (ours.nearMiss.length) tally.nearMiss++;
    }
    if (!isDeepStrictEqual(ours, theirs)) {
      differences++;
      if (differences <= 3) {
        console.error(`DIFFERENCE in case ${done + i}:\ninput ${JSON.stringify(b)}\nphone  ${JSON.stringify(ours)}\nserver ${JSON.stringify(theirs)}`);
      }
    }
  }
  await written;
}
child.stdin.end();
const secs = (Date.now() - started) / 1000;
console.log(
  `${cases} random orders (seed ${seed}) priced by both engines in ${secs.toFixed(1)} s ` +
    `(phone engine ${(jsMs / 1000).toFixed(1)} s): ${differences} differences; ` +
    `${tally.discounted} with discounts, ${tally.free} with free pieces, ${tally.nearMiss} with near misses, ` +
    `${refused} refused by both (${tally.overflow} overflow, ${tally.invalid} invalid)`,
);
process.exit(differences === 0 ? 0 : 1);
