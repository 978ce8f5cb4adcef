// A scheme as the API carries it (money as decimal rupees with two places) and as the pricing engine
// takes it (money in whole paise): the twin of the server's src/schemes/types.rs (`ApiScheme` and
// `crate::pricing::Scheme`), both ways, exactly. Amounts are read by the one exact parser of typed
// amounts (lib/outstanding.js `parseAmount`, which tests/vectors/amounts.json holds to the server's).
import { parseAmount } from "../outstanding.js";

/**
 * @typedef {{minQuantity?: number, minValue?: number, freeQuantity?: number, percentBp?: number,
 *   flatPerPiece?: number, flat?: number}} Slab
 * @typedef {{retailerTypes: string[], states: string[], distributorIds: number[], buyerIds: string[]}} Applies
 * @typedef {{schemeId: number, version: number, name: string, kind: string, validFrom: string, validTo: string | null,
 *   priority: number, exclusiveGroup: string | null, products: number[], slabs: Slab[], every: number | null,
 *   freeProductId: number | null, freeQuantity: number | null, flat: number | null,
 *   components: {productId: number, quantity: number}[], maxDiscount: number | null, applies: Applies}} EngineScheme
 * @typedef {Partial<Omit<EngineScheme, "applies" | "schemeId" | "version">> & {schemeId?: number | null,
 *   version?: number | null, applies?: Partial<Applies> | null}} ApiScheme
 */

/** The money fields of a slab. */
const SLAB_MONEY = ["minValue", "flatPerPiece", "flat"];

/**
 * Decimal rupees (a number or text with at most two places) as whole paise; null when absent.
 * @param {unknown} value
 * @returns {number | null}
 */
export function paiseOf(value) {
  if (value === null || value === undefined || value === "") return null;
  const negative = typeof value === "number" ? value < 0 : String(value).trim().startsWith("-");
  const paise = parseAmount(String(value).trim().replace(/^-/, ""));
  if (paise === null) throw new RangeError(`not an amount with at most two decimal places: ${String(value)}`);
  return negative ? -paise : paise;
}

/**
 * Whole paise as decimal rupees (the nearest number to the two-place decimal, as the server writes
 * it); null when absent.
 * @param {number | null | undefined} paise
 * @returns {number | null}
 */
export function rupeesOf(paise) {
  return paise === null || paise === undefined ? null : paise / 100;
}

/**
 * Copies the slab's fields that are set, money converted by `money`.
 * @param {Record<string, any>} slab
 * @param {(v: any) => number | null} money
 * @returns {Slab}
 */
function slabWith(slab, money) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const key of ["minQuantity", "minValue", "freeQuantity", "percentBp", "flatPerPiece", "flat"]) {
    const v = slab[key];
    if (v === null || v === undefined || v === "") continue;
    out[key] = SLAB_MONEY.includes(key) ? /** @type {number} */ (money(v)) : Number(v);
  }
  return out;
}

/**
 * The API's scheme (a `GET /master/scheme` row, or the offline copy's) as the engine takes it:
 * money in whole paise, the same keys as the server's engine JSON (`null` for an absent field of the
 * scheme, an absent slab field left out).
 * @param {ApiScheme} api
 * @returns {EngineScheme}
 */
export function schemeFromApi(api) {
  const whole = (/** @type {unknown} */ v) => (v === null || v === undefined || v === "" ? null : Number(v));
  const applies = api.applies ?? {};
  return {
    schemeId: Number(api.schemeId ?? 0),
    version: Number(api.version ?? 0),
    name: String(api.name ?? ""),
    kind: String(api.kind ?? ""),
    validFrom: String(api.validFrom ?? ""),
    validTo: api.validTo || null,
    priority: Number(api.priority ?? 0),
    exclusiveGroup: api.exclusiveGroup || null,
    products: (api.products ?? []).map(Number),
    slabs: (api.slabs ?? []).map((s) => slabWith(s, paiseOf)),
    every: whole(api.every),
    freeProductId: whole(api.freeProductId),
    freeQuantity: whole(api.freeQuantity),
    flat: paiseOf(api.flat),
    components: (api.components ?? []).map((c) => ({ productId: Number(c.productId), quantity: Number(c.quantity) })),
    maxDiscount: paiseOf(api.maxDiscount),
    applies: {
      retailerTypes: applies.retailerTypes ?? [],
      states: applies.states ?? [],
      distributorIds: applies.distributorIds ?? [],
      buyerIds: applies.buyerIds ?? [],
    },
  };
}

/**
 * The engine's scheme in the API's terms (money as decimal rupees): the body a screen posts.
 * @param {EngineScheme} s
 * @returns {ApiScheme}
 */
export function schemeToApi(s) {
  return {
    ...s,
    slabs: s.slabs.map((slab) => slabWith(slab, rupeesOf)),
    flat: rupeesOf(s.flat),
    maxDiscount: rupeesOf(s.maxDiscount),
  };
}
