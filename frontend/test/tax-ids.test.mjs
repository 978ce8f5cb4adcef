// The shared vector file of tax identifiers (tests/vectors/tax_ids.json): the phone's validators
// decide each case as the server's src/taxids.rs does (cargo test taxids runs the same file).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  bpAsPercent,
  checkFssai,
  checkGstin,
  checkHsn,
  checkPan,
  gstinCheckChar,
  gstPercentBp,
  stateCodes,
} from "../src/lib/tax-ids.js";

const vectors = JSON.parse(readFileSync(new URL("../../tests/vectors/tax_ids.json", import.meta.url), "utf8"));

test("GSTINs: valid ones normalised, invalid ones with the server's reason", () => {
  assert.ok(vectors.gstin.length >= 30);
  for (const c of vectors.gstin) {
    const got = checkGstin(c.value, c.state ?? null);
    if (c.valid) assert.deepEqual(got, { ok: true, value: c.normalised }, JSON.stringify(c));
    else assert.equal(got.ok ? "valid" : got.reason, c.reason, JSON.stringify(c));
  }
});

test("the GSTN's example and a state mismatch name the code", () => {
  assert.equal(gstinCheckChar("27AAPFU0939F1Z"), "V");
  assert.deepEqual(checkGstin("27AAPFU0939F1ZV", "Karnataka"), { ok: false, reason: "state", stateCode: "27" });
});

test("PAN, FSSAI and HSN as the server checks them", () => {
  for (const [name, check] of /** @type {const} */ ([
    ["pan", checkPan],
    ["fssai", checkFssai],
    ["hsn", checkHsn],
  ])) {
    for (const c of vectors[name]) assert.equal(check(c.value), c.normalised, `${name} ${JSON.stringify(c)}`);
  }
});

test("a GST % as typed in basis points, and back", () => {
  for (const c of vectors.gstPercent) assert.equal(gstPercentBp(c.value), c.bp, JSON.stringify(c));
  assert.equal(bpAsPercent(1800), "18");
  assert.equal(bpAsPercent(25), "0.25");
  assert.equal(bpAsPercent(1250), "12.5");
  assert.equal(bpAsPercent(null), "");
});

test("state names to GST state codes", () => {
  for (const c of vectors.states) assert.deepEqual(stateCodes(c.state), c.codes, JSON.stringify(c));
});
