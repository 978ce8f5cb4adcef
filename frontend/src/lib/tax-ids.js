// India's tax identifiers and GST master data, checked by the server's rules (src/taxids.rs is the
// twin; both run tests/vectors/tax_ids.json): GSTIN (state code, PAN, entity character, Z, the
// GSTN's base-36 check character), PAN (5 letters, 4 digits, a letter), FSSAI (14 digits), HSN
// (4 to 8 digits), a GST % as typed (basis points, 0 to 4000). Values are normalised the same way
// on both sides: surrounding white space trimmed, letters upper-cased; spaces inside are refused.
// A party without a state, or with a state the list does not know, takes any state code of the list.

/** The highest GST rate, in basis points (40 %). */
export const MAX_GST_RATE_BP = 4000;

/**
 * The GST state codes (the GSTN's list) and the names they go by, official name first.
 * @type {ReadonlyArray<readonly [string, readonly string[]]>}
 */
export const STATES = Object.freeze([
  ["01", ["Jammu and Kashmir", "Jammu & Kashmir", "J&K"]],
  ["02", ["Himachal Pradesh"]],
  ["03", ["Punjab"]],
  ["04", ["Chandigarh"]],
  ["05", ["Uttarakhand", "Uttaranchal"]],
  ["06", ["Haryana"]],
  ["07", ["Delhi", "NCT of Delhi", "National Capital Territory of Delhi", "New Delhi"]],
  ["08", ["Rajasthan"]],
  ["09", ["Uttar Pradesh"]],
  ["10", ["Bihar"]],
  ["11", ["Sikkim"]],
  ["12", ["Arunachal Pradesh"]],
  ["13", ["Nagaland"]],
  ["14", ["Manipur"]],
  ["15", ["Mizoram"]],
  ["16", ["Tripura"]],
  ["17", ["Meghalaya"]],
  ["18", ["Assam"]],
  ["19", ["West Bengal"]],
  ["20", ["Jharkhand"]],
  ["21", ["Odisha", "Orissa"]],
  ["22", ["Chhattisgarh", "Chattisgarh"]],
  ["23", ["Madhya Pradesh"]],
  ["24", ["Gujarat"]],
  ["25", ["Daman and Diu", "Dadra and Nagar Haveli and Daman and Diu"]],
  ["26", ["Dadra and Nagar Haveli and Daman and Diu", "Dadra and Nagar Haveli", "Daman and Diu"]],
  ["27", ["Maharashtra"]],
  ["28", ["Andhra Pradesh"]],
  ["29", ["Karnataka"]],
  ["30", ["Goa"]],
  ["31", ["Lakshadweep"]],
  ["32", ["Kerala"]],
  ["33", ["Tamil Nadu"]],
  ["34", ["Puducherry", "Pondicherry"]],
  ["35", ["Andaman and Nicobar Islands", "Andaman & Nicobar Islands", "Andaman and Nicobar"]],
  ["36", ["Telangana"]],
  ["37", ["Andhra Pradesh"]],
  ["38", ["Ladakh"]],
  ["97", ["Other Territory"]],
]);

/**
 * A value as both sides check it: trimmed, upper case.
 * @param {unknown} value
 * @returns {string}
 */
export function normaliseTaxId(value) {
  return String(value ?? "")
    .trim()
    .toUpperCase();
}

/** @param {string} name */
function nameKey(name) {
  return name
    .toLowerCase()
    .replaceAll("&", " and ")
    .replace(/[.,\-_]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
}

/**
 * The GST state codes of a party's free-text state; empty when the list does not know it.
 * @param {string | null | undefined} state
 * @returns {string[]}
 */
export function stateCodes(state) {
  const key = nameKey(String(state ?? ""));
  if (!key) return [];
  return STATES.filter(([, names]) => names.some((n) => nameKey(n) === key)).map(([code]) => code);
}

/**
 * The official name of a GST state code, or null.
 * @param {string} code
 */
export function stateName(code) {
  const found = STATES.find(([c]) => c === code);
  return found ? found[1][0] : null;
}

const BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The GSTN's check character of a GSTIN's first 14 characters, or null.
 * @param {string} first14
 * @returns {string | null}
 */
export function gstinCheckChar(first14) {
  if (first14.length !== 14) return null;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = BASE36.indexOf(first14[i]);
    if (value < 0) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * @typedef {{ ok: true, value: string } | { ok: false, reason: "format" | "checksum" | "state", stateCode?: string }} GstinResult
 */

/**
 * A GSTIN checked for a party of `state` (null, empty or a name the list does not know: any code).
 * @param {unknown} value
 * @param {string | null} [state]
 * @returns {GstinResult}
 */
export function checkGstin(value, state = null) {
  const v = normaliseTaxId(value);
  if (!GSTIN_SHAPE.test(v) || stateName(v.slice(0, 2)) === null) return { ok: false, reason: "format" };
  if (gstinCheckChar(v.slice(0, 14)) !== v[14]) return { ok: false, reason: "checksum" };
  const codes = stateCodes(state);
  if (codes.length > 0 && !codes.includes(v.slice(0, 2))) return { ok: false, reason: "state", stateCode: v.slice(0, 2) };
  return { ok: true, value: v };
}

/**
 * A PAN checked: the normalised PAN or null.
 * @param {unknown} value
 */
export function checkPan(value) {
  const v = normaliseTaxId(value);
  return PAN.test(v) ? v : null;
}

/**
 * An FSSAI licence or registration number checked: the number or null.
 * @param {unknown} value
 */
export function checkFssai(value) {
  const v = normaliseTaxId(value);
  return /^[0-9]{14}$/.test(v) ? v : null;
}

/**
 * An HSN code checked: 4 to 8 digits, or null.
 * @param {unknown} value
 */
export function checkHsn(value) {
  const v = normaliseTaxId(value);
  return /^[0-9]{4,8}$/.test(v) ? v : null;
}

/**
 * A GST rate typed as a percent (`18`, `0.25`, `18%`) in basis points; null when it is not a
 * number, has more than two decimals, is negative or above 40 %.
 * @param {unknown} value
 * @returns {number | null}
 */
export function gstPercentBp(value) {
  let v = String(value ?? "").trim();
  if (v.endsWith("%")) v = v.slice(0, -1).trimEnd();
  const m = /^([0-9]{0,3})(?:\.([0-9]*))?$/.exec(v);
  if (!m || (m[1] === "" && !m[2])) return null;
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  const bp = Number(m[1] || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= MAX_GST_RATE_BP ? bp : null;
}

/**
 * Basis points as the percent a screen shows (1800 → "18", 25 → "0.25").
 * @param {number | null | undefined} bp
 */
export function bpAsPercent(bp) {
  if (bp === null || bp === undefined) return "";
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}
