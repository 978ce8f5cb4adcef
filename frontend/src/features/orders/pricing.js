// The order screen's live pricing (issue #52): the basket, the customer, the distributor and the
// phone's copy of schemes and rates (lib/offline/schemes.js) as the engine's input, priced by the
// phone's twin of the server's engine (lib/pricing/engine.js) as the agent types. Money in the
// engine is whole paise; the screen shows amounts.
import { price } from "../../lib/pricing/engine";
import { fromPaise, toPaise } from "../../lib/outstanding";
import { schemeFromApi } from "../../lib/pricing/schemes";

/** @typedef {import("../../lib/pricing/engine").Priced} Priced */
/** @typedef {import("../../lib/offline/schemes").SchemesCopy} SchemesCopy */
/** @typedef {import("../../../types/api").components["schemas"]["Product"]} Product */

// Amounts <-> whole paise by the phone's one pair of money converters (lib/outstanding.js).
export { toPaise };
/** Whole paise as an amount. @param {number} paise */
export const toAmount = (paise) => fromPaise(paise);

/** Today in the phone's time zone (the company's), YYYY-MM-DD. */
export function localToday(now = new Date()) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The order priced: `null` while a line's quantity is not a whole number of 1 or more.
 * @param {{ lines: { productId: number, quantity: number, price: number | null | undefined, gstRateBp?: number | null }[],
 *   copy: SchemesCopy | null, customer: { buyerId?: string, state?: string | null, retailerType?: string | null },
 *   distributor: { distributorId?: number | null, state?: string | null } | null, today?: string }} order
 * @returns {Priced | null}
 */
export function priceOrder({ lines, copy, customer, distributor, today }) {
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1)) return null;
  const rates = new Map((copy ? copy.products : []).map((p) => [p.productId, p]));
  const input = {
    bookingDate: today || localToday(),
    customer: { buyerId: customer.buyerId || null, state: customer.state || null, retailerType: customer.retailerType || null },
    distributor: {
      distributorId: distributor ? (distributor.distributorId ?? null) : null,
      state: (distributor && distributor.state) || null,
    },
    lines: lines.map((l) => {
      const rate = rates.get(l.productId);
      return {
        productId: l.productId,
        quantity: l.quantity,
        // The copy's price and rate when it has the product (the server's when it was refreshed).
        unitPrice: toPaise(rate ? rate.price : l.price),
        gstRateBp: rate ? rate.gstRateBp : l.gstRateBp || 0,
      };
    }),
    schemes: copy ? copy.schemes.map(schemeFromApi) : [],
  };
  try {
    return price(input);
  } catch (err) {
    console.warn("the order could not be priced on the phone:", err instanceof Error ? err.message : err);
    return null;
  }
}

/**
 * The engine's figures as the summary shows them (amounts; free pieces with their names).
 * @param {Priced} priced
 * @param {Map<number, Product>} byId
 * @param {object[]} schemes the copy's schemes (for the names of free pieces' schemes)
 */
export function shownFigures(priced, byId, schemes) {
  const names = new Map(schemes.map((/** @type {any} */ s) => [s.schemeId, s.name]));
  const totals = /** @type {import("./order-summary").Totals} */ (
    Object.fromEntries(Object.entries(priced.totals).map(([k, v]) => [k, toAmount(v)]))
  );
  const free = priced.free.map((f) => ({
    productId: f.productId,
    productName: byId.get(f.productId)?.productName || String(f.productId),
    quantity: f.quantity,
    schemeId: f.schemeId,
    schemeName: names.get(f.schemeId),
  }));
  const nearMiss = priced.nearMiss.map((/** @type {any} */ n) => ({
    ...n,
    needValue: n.needValue != null ? toAmount(n.needValue) : null,
    reward: {
      ...n.reward,
      flat: n.reward && n.reward.flat != null ? toAmount(n.reward.flat) : null,
      flatPerPiece: n.reward && n.reward.flatPerPiece != null ? toAmount(n.reward.flatPerPiece) : null,
    },
  }));
  return { totals, free, nearMiss };
}
