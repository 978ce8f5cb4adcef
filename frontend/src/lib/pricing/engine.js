// The phone's pricing engine: the twin of the server's src/pricing/engine.rs (issue #52), same JSON
// (money in whole paise, percents in basis points, whole pieces) and the same steps, written down in
// docs/pricing.md. Both run tests/vectors/pricing.json; tests/pricing/differential.mjs compares them
// on random baskets. No floats: every figure is an integer within Number.MAX_SAFE_INTEGER (larger
// ones are refused as the server refuses them), and a product of two figures that could pass 2^53
// (a value times basis points, a total times a weight) is taken in BigInt.

/**
 * @typedef {{productId: number, quantity: number, unitPrice: number, gstRateBp?: number}} BasketLine
 * @typedef {{minQuantity?: number, minValue?: number, freeQuantity?: number, percentBp?: number,
 *   flatPerPiece?: number, flat?: number}} Slab
 * @typedef {"free_every"|"free_slab"|"line_percent"|"line_flat"|"combo"|"order_percent"|"order_flat"} SchemeKind
 * @typedef {{schemeId: number, version?: number, name: string, kind: SchemeKind, validFrom: string,
 *   validTo?: string|null, priority?: number, exclusiveGroup?: string|null, products?: number[], slabs?: Slab[],
 *   every?: number|null, freeProductId?: number|null, freeQuantity?: number|null, flat?: number|null,
 *   components?: {productId: number, quantity: number}[], maxDiscount?: number|null,
 *   applies?: {retailerTypes?: string[], states?: string[], distributorIds?: number[], buyerIds?: string[]}}} Scheme
 * @typedef {{bookingDate: string, customer: {buyerId?: string|null, state?: string|null, retailerType?: string|null},
 *   distributor: {distributorId?: number|null, state?: string|null}, lines: BasketLine[], schemes?: object[]}} PricingInput
 * @typedef {{schemeId: number, version: number, name: string, amount: number}} SchemeAmount
 * @typedef {{productId: number, quantity: number, unitPrice: number, gross: number, discount: number, taxable: number,
 *   gstRateBp: number, cgst: number, sgst: number, igst: number, lineTotal: number, schemes: SchemeAmount[]}} PricedLine
 * @typedef {{gross: number, discount: number, taxable: number, cgst: number, sgst: number, igst: number, total: number}} Totals
 * @typedef {{schemeId: number, name: string, needQuantity?: number, needValue?: number, reward: Slab}} NearMiss
 * @typedef {{lines: PricedLine[], free: {productId: number, quantity: number, schemeId: number, version: number}[],
 *   totals: Totals, nearMiss: NearMiss[]}} Priced
 */

/** Why a basket cannot be priced: `code` is "overflow" or "invalid" (the server's PricingError). */
export class PricingError extends Error {
  /** @param {"overflow"|"invalid"} code */
  constructor(code) {
    super(`pricing: ${code}`);
    this.code = code;
  }
}

/** The largest figure the engine handles (the server refuses the same ones). */
export const MAX_FIGURE = Number.MAX_SAFE_INTEGER;

const overflow = () => new PricingError("overflow");
const invalid = () => new PricingError("invalid");

/** A computed figure: an integer in 0..=MAX_FIGURE, else overflow. @param {number} v */
function figure(v) {
  if (!(v >= 0 && v <= MAX_FIGURE)) throw overflow();
  return v;
}

/** `floor(a * b / c)` and its remainder, exactly, for non-negative integers (c > 0). */
function mulDiv(/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ c) {
  const p = a * b;
  if (p <= MAX_FIGURE) {
    const r = p % c;
    return [(p - r) / c, r];
  }
  const bp = BigInt(a) * BigInt(b);
  const bc = BigInt(c);
  return [Number(bp / bc), Number(bp % bc)];
}

/** `floor(a / b)` for non-negative safe integers, exactly. */
const div = (/** @type {number} */ a, /** @type {number} */ b) => (a - (a % b)) / b;

/** `(base * bp + 5000) div 10000` on whole paise, exactly (BigInt: the product passes 2^53). */
export function ofBp(/** @type {number} */ base, /** @type {number} */ bp) {
  const p = base * bp;
  if (p >= 0 && p + 5000 <= MAX_FIGURE) return div(p + 5000, 10000);
  const scaled = BigInt(base) * BigInt(bp) + 5000n;
  const q = scaled / 10000n;
  return Number(scaled < 0n && q * 10000n !== scaled ? q - 1n : q);
}

/**
 * Splits `total` in proportion to `weights` by largest remainder, ties to the earlier index (the
 * server's `spread`). All weights zero: all shares zero.
 * @param {number} total @param {number[]} weights @returns {number[]}
 */
export function spread(total, weights) {
  let sum = 0;
  for (const w of weights) sum += w;
  const n = weights.length;
  if (sum === 0 || total === 0) return new Array(n).fill(0);
  // sum is at most the order's gross or a sum of percents, within 2^53.
  const shares = new Array(n);
  const rems = new Array(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const [q, r] = mulDiv(total, weights[i], sum);
    shares[i] = q;
    rems[i] = r;
    given += q;
  }
  const left = total - given;
  if (left > 0) {
    const idx = [];
    for (let i = 0; i < n; i++) idx.push(i);
    idx.sort((a, b) => rems[b] - rems[a] || a - b);
    for (let j = 0; j < left; j++) shares[idx[j]] += 1;
  }
  return shares;
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const isDate = (/** @type {unknown} */ t) => typeof t === "string" && t.length === 10 && DATE.test(t);
/** ASCII whitespace trimmed, as the server trims. @param {string} t */
const trimmed = (t) => t.replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, "");
/** ASCII letters folded, as Rust's eq_ignore_ascii_case. @param {string} t */
const fold = (t) => t.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
/** @param {string|null|undefined} t */
const present = (t) => {
  if (t == null) return null;
  const v = trimmed(t);
  return v === "" ? null : v;
};
const sameText = (/** @type {string} */ a, /** @type {string} */ b) => fold(trimmed(a)) === fold(trimmed(b));

/** @param {unknown} v */
function safe(v) {
  if (!Number.isSafeInteger(v)) throw overflow();
}
/** @param {unknown} v */
function safeOpt(v) {
  if (v != null) safe(v);
}
/** @param {boolean} ok */
function need(ok) {
  if (!ok) throw invalid();
}
const isOrderKind = (/** @type {string} */ k) => k === "order_percent" || k === "order_flat";
const has = (/** @type {unknown} */ v) => v != null;
const bpOk = (/** @type {number|null|undefined} */ v) => v != null && v >= 0 && v <= 10000;
const nonneg = (/** @type {number|null|undefined} */ v) => v != null && v >= 0;
/** @param {Slab} x */
const byQuantity = (x) => x.minQuantity != null && x.minQuantity >= 1 && x.minValue == null;

/** @param {PricingInput} input @param {Scheme[]} schemes */
function check(input, schemes) {
  for (const l of input.lines) {
    safe(l.productId);
    safe(l.quantity);
    safe(l.unitPrice);
    safe(l.gstRateBp ?? 0);
  }
  safeOpt(input.distributor.distributorId);
  for (const s of schemes) {
    safe(s.schemeId);
    safe(s.version ?? 0);
    safe(s.priority ?? 0);
    for (const p of s.products ?? []) safe(p);
    for (const x of s.slabs ?? []) {
      for (const v of [x.minQuantity, x.minValue, x.freeQuantity, x.percentBp, x.flatPerPiece, x.flat]) safeOpt(v);
    }
    for (const v of [s.every, s.freeProductId, s.freeQuantity, s.flat, s.maxDiscount]) safeOpt(v);
    for (const c of s.components ?? []) {
      safe(c.productId);
      safe(c.quantity);
    }
    for (const d of s.applies?.distributorIds ?? []) safe(d);
  }
  need(isDate(input.bookingDate));
  for (const l of input.lines) {
    const rate = l.gstRateBp ?? 0;
    need(l.quantity >= 0 && l.unitPrice >= 0 && rate >= 0 && rate <= 10000);
  }
  const ids = new Set();
  for (const s of schemes) {
    need(!ids.has(s.schemeId));
    ids.add(s.schemeId);
    need(isDate(s.validFrom) && (s.validTo == null || isDate(s.validTo)));
    need(s.maxDiscount == null || s.maxDiscount >= 0);
    const slabs = s.slabs ?? [];
    const lineKind = s.kind !== "combo" && !isOrderKind(s.kind);
    need(!lineKind || (s.products ?? []).length > 0);
    switch (s.kind) {
      case "free_every":
        need(s.every != null && s.every >= 1 && nonneg(s.freeQuantity) && s.maxDiscount == null);
        break;
      case "free_slab":
        need(slabs.length > 0 && s.maxDiscount == null);
        need(slabs.every((x) => byQuantity(x) && nonneg(x.freeQuantity)));
        break;
      case "line_percent": {
        need(slabs.length > 0);
        const byValue = (/** @type {Slab} */ x) => x.minValue != null && x.minValue >= 1 && x.minQuantity == null;
        need(slabs.every((x) => bpOk(x.percentBp)));
        need(slabs.every(byQuantity) || slabs.every(byValue));
        break;
      }
      case "line_flat":
        need(slabs.length > 0);
        need(slabs.every((x) => byQuantity(x) && nonneg(x.flatPerPiece)));
        break;
      case "combo": {
        const comps = s.components ?? [];
        need(comps.length > 0 && comps.every((c) => c.quantity >= 1));
        if (has(s.flat) && !has(s.freeQuantity)) need(/** @type {number} */ (s.flat) >= 0);
        else if (!has(s.flat) && has(s.freeQuantity)) {
          need(/** @type {number} */ (s.freeQuantity) >= 0 && has(s.freeProductId) && s.maxDiscount == null);
        } else throw invalid();
        break;
      }
      case "order_percent":
      case "order_flat": {
        need(slabs.length > 0);
        const pct = s.kind === "order_percent";
        need(
          slabs.every(
            (x) => x.minValue != null && x.minValue >= 0 && x.minQuantity == null && (pct ? bpOk(x.percentBp) : nonneg(x.flat)),
          ),
        );
        break;
      }
      default:
        throw invalid();
    }
  }
}

/** @param {Scheme} s @param {PricingInput} input */
function applies(s, input) {
  const date = input.bookingDate;
  if (date < s.validFrom || (s.validTo != null && date > s.validTo)) return false;
  const a = s.applies ?? {};
  /** @param {string[]|undefined} list @param {string|null} value */
  const matches = (list, value) => !list || list.length === 0 || (value != null && list.some((x) => sameText(x, value)));
  const state = present(input.customer.state) ?? present(input.distributor.state);
  const d = input.distributor.distributorId;
  return (
    matches(a.retailerTypes, present(input.customer.retailerType)) &&
    matches(a.states, state) &&
    matches(a.buyerIds, present(input.customer.buyerId)) &&
    (!a.distributorIds || a.distributorIds.length === 0 || (d != null && a.distributorIds.includes(d)))
  );
}

/** @param {Slab} x */
const threshold = (x) => x.minQuantity ?? x.minValue ?? 0;

/**
 * The slab with the largest threshold not above `measure` and the one with the smallest above it
 * (ties: the first listed).
 * @param {Slab[]} slabs @param {number} measure @returns {[Slab|null, Slab|null]}
 */
function slabsAround(slabs, measure) {
  /** @type {Slab|null} */ let met = null;
  /** @type {Slab|null} */ let next = null;
  let m = 0;
  let nx = 0;
  for (const x of slabs) {
    const t = threshold(x);
    if (t <= measure) {
      if (met === null || t > m) {
        met = x;
        m = t;
      }
    } else if (next === null || t < nx) {
      next = x;
      nx = t;
    }
  }
  return [met, next];
}

/** A slab as the answer writes it (only the fields it has, in the server's order). @param {Slab} x */
function slabOut(x) {
  /** @type {Slab} */
  const out = {};
  if (x.minQuantity != null) out.minQuantity = x.minQuantity;
  if (x.minValue != null) out.minValue = x.minValue;
  if (x.freeQuantity != null) out.freeQuantity = x.freeQuantity;
  if (x.percentBp != null) out.percentBp = x.percentBp;
  if (x.flatPerPiece != null) out.flatPerPiece = x.flatPerPiece;
  if (x.flat != null) out.flat = x.flat;
  return out;
}

/** Caps a scheme's amounts at `cap` in all, spread in proportion to what each line had.
 * @param {[number, number][]} amounts @param {number|null|undefined} cap */
function capAmounts(amounts, cap) {
  if (cap == null) return;
  let sum = 0;
  for (const a of amounts) sum += a[1];
  if (sum > cap) {
    const shares = spread(
      cap,
      amounts.map((a) => a[1]),
    );
    for (let j = 0; j < amounts.length; j++) amounts[j][1] = shares[j];
  }
}

/** Prices `input` (throws PricingError). @param {PricingInput} input @returns {Priced} */
export function price(input) {
  const schemes = /** @type {Scheme[]} */ (input.schemes ?? []);
  check(input, schemes);
  const lines = input.lines;
  const n = lines.length;

  /** @type {number[]} */
  const gross = new Array(n);
  let orderGross = 0;
  let pieces = 0;
  for (let i = 0; i < n; i++) {
    const g = figure(lines[i].unitPrice * lines[i].quantity);
    orderGross = figure(orderGross + g);
    pieces = figure(pieces + lines[i].quantity);
    gross[i] = g;
  }
  /** @type {Map<number, number[]>} */
  const byProduct = new Map();
  for (let i = 0; i < n; i++) {
    const ix = byProduct.get(lines[i].productId);
    if (ix) ix.push(i);
    else byProduct.set(lines[i].productId, [i]);
  }
  /** The lines of a set of products, in basket order. @param {number[]} products */
  const linesOf = (products) => {
    /** @type {number[]} */
    const out = [];
    const seen = new Set();
    for (const p of products) {
      if (seen.has(p)) continue;
      seen.add(p);
      const ix = byProduct.get(p);
      if (ix) for (const i of ix) out.push(i);
    }
    out.sort((a, b) => a - b);
    return out;
  };
  const qtyOf = (/** @type {number[]} */ ix) => {
    let q = 0;
    for (const i of ix) q += lines[i].quantity;
    return q;
  };

  const order = schemes.map((_, k) => k);
  order.sort((a, b) => {
    const sa = schemes[a];
    const sb = schemes[b];
    return (sb.priority ?? 0) - (sa.priority ?? 0) || sa.schemeId - sb.schemeId;
  });
  const applicable = order.filter((k) => applies(schemes[k], input));
  /** @type {number[]} */
  const rank = new Array(schemes.length);
  order.forEach((k, r) => (rank[k] = r));

  /** @type {Map<string, number>} */
  const groupWinner = new Map();
  /** @type {Priced["free"]} */
  const free = [];
  /** @type {[number, number[], number][]} */
  const percents = [];
  /** @type {[number, number[]][]} */
  const flats = [];
  /** @type {Map<number, number>} */
  const comboSets = new Map();
  /** @param {number} k @param {number} product @param {number} quantity */
  const freeLine = (k, product, quantity) => {
    figure(quantity);
    if (quantity > 0)
      free.push({ productId: product, quantity, schemeId: schemes[k].schemeId, version: schemes[k].version ?? 0 });
  };
  for (const k of applicable) {
    const s = schemes[k];
    if (isOrderKind(s.kind)) continue;
    const group = s.exclusiveGroup;
    if (group != null && groupWinner.has(group)) continue;
    const products = s.products ?? [];
    let held = false;
    if (s.kind === "free_every") {
      const q = qtyOf(linesOf(products));
      const every = /** @type {number} */ (s.every);
      held = q >= every;
      if (held) freeLine(k, s.freeProductId ?? products[0], div(q, every) * (s.freeQuantity ?? 0));
    } else if (s.kind === "combo") {
      let sets = Infinity;
      for (const c of s.components ?? []) {
        const ix = byProduct.get(c.productId);
        const q = ix ? qtyOf(ix) : 0;
        sets = Math.min(sets, div(q, c.quantity));
      }
      held = sets >= 1;
      if (held) {
        if (s.flat != null) {
          comboSets.set(k, sets);
          flats.push([k, linesOf((s.components ?? []).map((c) => c.productId))]);
        } else freeLine(k, s.freeProductId ?? 0, sets * (s.freeQuantity ?? 0));
      }
    } else {
      const slabs = s.slabs ?? [];
      const ix = linesOf(products);
      const byValue = slabs[0].minValue != null;
      let measure = 0;
      if (byValue) for (const i of ix) measure += gross[i];
      else measure = qtyOf(ix);
      const slab = slabsAround(slabs, measure)[0];
      if (slab) {
        held = true;
        if (s.kind === "free_slab") freeLine(k, s.freeProductId ?? products[0], slab.freeQuantity ?? 0);
        else if (s.kind === "line_percent") percents.push([k, ix, slab.percentBp ?? 0]);
        else flats.push([k, ix]);
      }
    }
    if (held && group != null) groupWinner.set(group, k);
  }

  /** @type {[number, number][][]} what each scheme took off each line: [scheme, paise] */
  const taken = [];
  for (let i = 0; i < n; i++) taken.push([]);
  const lineDiscount = new Array(n).fill(0);
  if (percents.length > 0) {
    /** @type {[number, number][][]} */
    const perLine = [];
    for (let i = 0; i < n; i++) perLine.push([]);
    percents.forEach(([, ix, bp], slot) => {
      for (const i of ix) perLine[i].push([slot, bp]);
    });
    /** @type {[number, number][][]} */
    const amounts = percents.map(() => []);
    for (let i = 0; i < n; i++) {
      const list = perLine[i];
      if (list.length === 0) continue;
      let totalBp = 0;
      for (const x of list) totalBp += x[1];
      const combined = Math.min(ofBp(gross[i], totalBp), gross[i]);
      const shares = spread(
        combined,
        list.map((x) => x[1]),
      );
      for (let j = 0; j < list.length; j++) amounts[list[j][0]].push([i, shares[j]]);
    }
    percents.forEach(([k], slot) => {
      const a = amounts[slot];
      capAmounts(a, schemes[k].maxDiscount);
      for (const [i, v] of a) {
        lineDiscount[i] += v;
        taken[i].push([k, v]);
      }
    });
  }
  for (const [k, ix] of flats) {
    const s = schemes[k];
    const room = ix.map((i) => gross[i] - lineDiscount[i]);
    /** @type {[number, number][]} */
    let a;
    const sets = comboSets.get(k);
    if (sets !== undefined) {
      let roomSum = 0;
      for (const r of room) roomSum += r;
      // flat * sets may pass 2^53; then it passes roomSum too, and the minimum is exact.
      let total = Math.min(/** @type {number} */ (s.flat) * sets, roomSum);
      if (s.maxDiscount != null) total = Math.min(total, s.maxDiscount);
      const shares = spread(total, room);
      a = ix.map((i, j) => [i, shares[j]]);
    } else {
      const slab = /** @type {Slab} */ (slabsAround(s.slabs ?? [], qtyOf(ix))[0]);
      const fpp = slab.flatPerPiece ?? 0;
      a = ix.map((i, j) => [i, Math.min(Math.min(fpp, lines[i].unitPrice) * lines[i].quantity, room[j])]);
      capAmounts(a, s.maxDiscount);
    }
    for (const [i, v] of a) {
      lineDiscount[i] += v;
      taken[i].push([k, v]);
    }
  }

  const value = new Array(n);
  let orderValue = 0;
  for (let i = 0; i < n; i++) {
    value[i] = gross[i] - lineDiscount[i];
    orderValue += value[i];
  }
  /** @type {[number, number][]} */
  const orderPercents = [];
  /** @type {[number, number][]} */
  const orderFlats = [];
  for (const k of applicable) {
    const s = schemes[k];
    if (!isOrderKind(s.kind)) continue;
    const group = s.exclusiveGroup;
    if (group != null && groupWinner.has(group)) continue;
    const slab = slabsAround(s.slabs ?? [], orderValue)[0];
    if (slab) {
      if (s.kind === "order_percent") orderPercents.push([k, slab.percentBp ?? 0]);
      else orderFlats.push([k, slab.flat ?? 0]);
      if (group != null) groupWinner.set(group, k);
    }
  }
  /** @type {[number, number][]} */
  const orderAmounts = [];
  if (orderPercents.length > 0) {
    let totalBp = 0;
    for (const x of orderPercents) totalBp += x[1];
    const combined = Math.min(ofBp(orderValue, totalBp), orderValue);
    const shares = spread(
      combined,
      orderPercents.map((x) => x[1]),
    );
    orderPercents.forEach(([k], j) => {
      const cap = schemes[k].maxDiscount;
      orderAmounts.push([k, cap == null ? shares[j] : Math.min(shares[j], cap)]);
    });
  }
  let left = orderValue;
  for (const a of orderAmounts) left -= a[1];
  for (const [k, flat] of orderFlats) {
    const cap = schemes[k].maxDiscount;
    const v = Math.min(cap == null ? flat : Math.min(flat, cap), left);
    left -= v;
    orderAmounts.push([k, v]);
  }
  let orderTotal = 0;
  for (const a of orderAmounts) orderTotal += a[1];
  const shares = spread(orderTotal, value);
  const shareLeft = shares.slice();
  orderAmounts.forEach(([k, amount], j) => {
    const part = j + 1 === orderAmounts.length ? shareLeft.slice() : spread(amount, shareLeft);
    for (let i = 0; i < n; i++) {
      shareLeft[i] -= part[i];
      taken[i].push([k, part[i]]);
    }
  });

  const ds = present(input.distributor.state);
  const cs = present(input.customer.state);
  const sameState = ds == null || cs == null || fold(ds) === fold(cs);
  /** @type {Totals} */
  const totals = { gross: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
  let total = 0;
  /** @type {PricedLine[]} */
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const line = lines[i];
    const rate = line.gstRateBp ?? 0;
    const discount = lineDiscount[i] + shares[i];
    const taxable = gross[i] - discount;
    const tax = ofBp(taxable, rate);
    const cgst = sameState ? div(tax, 2) : 0;
    const sgst = sameState ? tax - cgst : 0;
    const igst = sameState ? 0 : tax;
    const lineTotal = figure(taxable + tax);
    totals.gross += gross[i];
    totals.discount += discount;
    totals.taxable += taxable;
    totals.cgst += cgst;
    totals.sgst += sgst;
    totals.igst += igst;
    total = figure(total + lineTotal);
    const list = taken[i].filter((x) => x[1] > 0);
    list.sort((a, b) => rank[a[0]] - rank[b[0]]);
    out[i] = {
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      gross: gross[i],
      discount,
      taxable,
      gstRateBp: rate,
      cgst,
      sgst,
      igst,
      lineTotal,
      schemes: list.map(([k, amount]) => ({
        schemeId: schemes[k].schemeId,
        version: schemes[k].version ?? 0,
        name: schemes[k].name,
        amount,
      })),
    };
  }
  totals.total = total;

  /** @type {NearMiss[]} */
  const nearMiss = [];
  const anyPiece = lines.some((l) => l.quantity > 0);
  for (const k of applicable) {
    const s = schemes[k];
    const group = s.exclusiveGroup;
    if (group != null && groupWinner.has(group) && groupWinner.get(group) !== k) continue;
    if (s.kind === "combo") continue;
    const slabs = s.slabs ?? [];
    if (isOrderKind(s.kind)) {
      if (!anyPiece) continue;
      const next = slabsAround(slabs, orderValue)[1];
      if (next)
        nearMiss.push({
          schemeId: s.schemeId,
          name: s.name,
          needValue: (next.minValue ?? 0) - orderValue,
          reward: slabOut(next),
        });
      continue;
    }
    const ix = linesOf(s.products ?? []);
    if (!ix.some((i) => lines[i].quantity > 0)) continue;
    const q = qtyOf(ix);
    if (s.kind === "free_every") {
      const every = /** @type {number} */ (s.every);
      const sets = div(q, every) + 1;
      const at = sets * every;
      const pieces = sets * (s.freeQuantity ?? 0);
      if (at <= MAX_FIGURE && pieces <= MAX_FIGURE) {
        nearMiss.push({
          schemeId: s.schemeId,
          name: s.name,
          needQuantity: at - q,
          reward: { minQuantity: at, freeQuantity: pieces },
        });
      }
      continue;
    }
    const byValue = slabs[0].minValue != null;
    let measure = q;
    if (byValue) {
      measure = 0;
      for (const i of ix) measure += gross[i];
    }
    const next = slabsAround(slabs, measure)[1];
    if (next) {
      const needed = threshold(next) - measure;
      /** @type {NearMiss} */
      const miss = byValue
        ? { schemeId: s.schemeId, name: s.name, needValue: needed, reward: slabOut(next) }
        : { schemeId: s.schemeId, name: s.name, needQuantity: needed, reward: slabOut(next) };
      nearMiss.push(miss);
    }
  }
  return { lines: out, free, totals, nearMiss };
}
