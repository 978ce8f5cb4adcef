// The Schemes screen's form without the screen: the form's values from a scheme of the API, the
// API body from the form's values, and the checks a form can make before the server's (which has
// the last word: slabs rising, products existing...). Amounts are decimal rupees as typed; a
// percent typed with two places at most is its basis points exactly (lib/outstanding.js
// `parseAmount`, the one exact parser of typed amounts).
import { parseAmount } from "../../lib/outstanding.js";

export const KINDS = ["free_every", "free_slab", "line_percent", "line_flat", "combo", "order_percent", "order_flat"];
/** The kinds that count named products. */
export const LINE_KINDS = ["free_every", "free_slab", "line_percent", "line_flat"];
/** The kinds without slabs. */
export const SLABLESS = ["free_every", "combo"];

/**
 * @typedef {{ min: string, reward: string }} SlabRow a slab as typed: its threshold and what it gives
 * @typedef {{ productId: string, quantity: string }} ComponentRow
 * @typedef {{ name: string, kind: string, validFrom: string, validTo: string, priority: string, exclusiveGroup: string,
 *   products: number[], every: string, freeQuantity: string, freeProductId: string, threshold: "quantity" | "value",
 *   slabs: SlabRow[], components: ComponentRow[], comboReward: "free" | "flat", flat: string, maxDiscount: string,
 *   retailerTypes: string[], states: string, distributorIds: number[], buyerIds: string[] }} SchemeForm
 */

/** What a slab's threshold counts for `kind` ("value": rupees, else pieces). @param {SchemeForm} f */
export const thresholdOf = (f) =>
  f.kind === "order_percent" || f.kind === "order_flat" ? "value" : f.kind === "line_percent" ? f.threshold : "quantity";

/** What a slab of `kind` gives: "free" pieces, "percent", or "amount" rupees. @param {string} kind */
export const rewardOf = (kind) =>
  kind === "free_slab" ? "free" : kind === "line_percent" || kind === "order_percent" ? "percent" : "amount";

const text = (/** @type {unknown} */ v) => (v === null || v === undefined ? "" : String(v));
/** Basis points as a percent text (250 -> "2.5"). @param {number | null | undefined} bp */
const percentText = (bp) => (bp === null || bp === undefined ? "" : String(bp / 100));

/** An empty form. @returns {SchemeForm} */
export function emptyForm() {
  return {
    name: "",
    kind: "",
    validFrom: "",
    validTo: "",
    priority: "0",
    exclusiveGroup: "",
    products: [],
    every: "",
    freeQuantity: "",
    freeProductId: "",
    threshold: "quantity",
    slabs: [{ min: "", reward: "" }],
    components: [
      { productId: "", quantity: "" },
      { productId: "", quantity: "" },
    ],
    comboReward: "free",
    flat: "",
    maxDiscount: "",
    retailerTypes: [],
    states: "",
    distributorIds: [],
    buyerIds: [],
  };
}

/**
 * The form of a scheme of the API (its current version).
 * @param {Record<string, any>} s
 * @returns {SchemeForm}
 */
export function formOf(s) {
  const byValue = (s.slabs ?? []).some((/** @type {any} */ slab) => slab.minValue != null);
  const reward = rewardOf(s.kind);
  return {
    ...emptyForm(),
    name: text(s.name),
    kind: text(s.kind),
    validFrom: text(s.validFrom),
    validTo: text(s.validTo),
    priority: text(s.priority ?? 0),
    exclusiveGroup: text(s.exclusiveGroup),
    products: s.products ?? [],
    every: text(s.every),
    freeQuantity: text(s.freeQuantity),
    freeProductId: text(s.freeProductId),
    threshold: byValue ? "value" : "quantity",
    slabs: (s.slabs ?? []).length
      ? s.slabs.map((/** @type {any} */ slab) => ({
          min: text(slab.minQuantity ?? slab.minValue),
          reward:
            reward === "free"
              ? text(slab.freeQuantity)
              : reward === "percent"
                ? percentText(slab.percentBp)
                : text(slab.flatPerPiece ?? slab.flat),
        }))
      : [{ min: "", reward: "" }],
    components: (s.components ?? []).length
      ? s.components.map((/** @type {any} */ c) => ({ productId: text(c.productId), quantity: text(c.quantity) }))
      : emptyForm().components,
    comboReward: s.kind === "combo" && s.flat != null ? "flat" : "free",
    flat: text(s.flat),
    maxDiscount: text(s.maxDiscount),
    retailerTypes: s.applies?.retailerTypes ?? [],
    states: (s.applies?.states ?? []).join(", "),
    distributorIds: s.applies?.distributorIds ?? [],
    buyerIds: s.applies?.buyerIds ?? [],
  };
}

const blank = (/** @type {string} */ v) => v.trim() === "";
const whole = (/** @type {string} */ v) => (blank(v) ? null : Number(v.trim()));
const rupees = (/** @type {string} */ v) => (blank(v) ? null : Number(v.trim().replace(/,/g, "")));
/** A typed percent as basis points (two places at most), else NaN. @param {string} v */
export const basisPoints = (v) => (blank(v) ? null : (parseAmount(v) ?? Number.NaN));

/**
 * The API's body of the form (`schemeId` for a new version of it); the fields the kind does not use are left out.
 * @param {SchemeForm} f
 * @param {number | null} schemeId
 */
export function bodyOf(f, schemeId) {
  const kind = f.kind;
  const threshold = thresholdOf(f);
  const reward = rewardOf(kind);
  const slabs = SLABLESS.includes(kind)
    ? []
    : f.slabs.map((s) => {
        /** @type {Record<string, number | null>} */
        const slab = threshold === "value" ? { minValue: rupees(s.min) } : { minQuantity: whole(s.min) };
        if (reward === "free") slab.freeQuantity = whole(s.reward);
        else if (reward === "percent") slab.percentBp = basisPoints(s.reward);
        else if (kind === "line_flat") slab.flatPerPiece = rupees(s.reward);
        else slab.flat = rupees(s.reward);
        return slab;
      });
  const combo = kind === "combo";
  const free = kind === "free_every" || (combo && f.comboReward === "free");
  return {
    schemeId,
    name: f.name.trim(),
    kind,
    validFrom: f.validFrom,
    validTo: f.validTo || null,
    priority: Number(f.priority || 0),
    exclusiveGroup: f.exclusiveGroup.trim() || null,
    products: LINE_KINDS.includes(kind) ? f.products : [],
    slabs,
    every: kind === "free_every" ? whole(f.every) : null,
    freeProductId: (free || kind === "free_slab") && !blank(f.freeProductId) ? Number(f.freeProductId) : null,
    freeQuantity: free ? whole(f.freeQuantity) : null,
    flat: combo && f.comboReward === "flat" ? rupees(f.flat) : null,
    components: combo
      ? f.components.filter((c) => c.productId).map((c) => ({ productId: Number(c.productId), quantity: Number(c.quantity) }))
      : [],
    maxDiscount: kind === "order_percent" ? rupees(f.maxDiscount) : null,
    applies: {
      retailerTypes: f.retailerTypes,
      states: f.states
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      distributorIds: f.distributorIds,
      buyerIds: f.buyerIds,
    },
  };
}

const WHOLE = /^\d{1,7}$/;
const AMOUNT = /^\d[\d,]*(\.\d{1,2})?$/;

/**
 * The form's own checks: field -> the id of its message (the screen words it). Slab fields are
 * "slab<i>min" / "slab<i>reward".
 * @param {SchemeForm} f
 * @returns {Record<string, string>}
 */
export function problemsOf(f) {
  /** @type {Record<string, string>} */
  const out = {};
  if (blank(f.name)) out.name = "nameRequired";
  if (!f.kind) out.kind = "kindRequired";
  if (blank(f.validFrom)) out.validFrom = "validFromRequired";
  const wholeOk = (/** @type {string} */ v) => WHOLE.test(v.trim()) && Number(v) >= 1;
  const amountOk = (/** @type {string} */ v) => AMOUNT.test(v.trim());
  if (f.kind === "free_every") {
    if (!wholeOk(f.every)) out.every = "wholeNumber";
    if (!wholeOk(f.freeQuantity)) out.freeQuantity = "wholeNumber";
  }
  if (!SLABLESS.includes(f.kind) && f.kind) {
    const byValue = thresholdOf(f) === "value";
    const reward = rewardOf(f.kind);
    f.slabs.forEach((s, i) => {
      if (!(byValue ? amountOk(s.min) : wholeOk(s.min))) out[`slab${i}min`] = byValue ? "amount" : "wholeNumber";
      const bp = basisPoints(s.reward);
      const ok =
        reward === "free" ? wholeOk(s.reward) : reward === "percent" ? bp !== null && bp > 0 && bp <= 10000 : amountOk(s.reward);
      if (!ok) out[`slab${i}reward`] = reward === "free" ? "wholeNumber" : reward === "percent" ? "percentRange" : "amount";
    });
  }
  if (f.kind === "combo") {
    f.components.forEach((c, i) => {
      if (c.productId && !wholeOk(c.quantity)) out[`component${i}`] = "wholeNumber";
    });
    if (f.comboReward === "free" && !wholeOk(f.freeQuantity)) out.freeQuantity = "wholeNumber";
    if (f.comboReward === "flat" && !amountOk(f.flat)) out.flat = "amount";
  }
  if (f.kind === "order_percent" && !blank(f.maxDiscount) && !amountOk(f.maxDiscount)) out.maxDiscount = "amount";
  return out;
}
