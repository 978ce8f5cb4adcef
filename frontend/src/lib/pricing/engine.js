// The phone's pricing engine: the twin of the server's src/pricing (issue #52), same JSON (money in
// whole paise, percents in basis points, whole pieces). Groundwork only: gross and GST per line, no
// schemes yet.

/**
 * @typedef {{productId: number, quantity: number, unitPrice: number, gstRateBp?: number}} BasketLine
 * @typedef {{bookingDate: string, customer: {buyerId?: string|null, state?: string|null, retailerType?: string|null},
 *   distributor: {distributorId?: number|null, state?: string|null}, lines: BasketLine[], schemes?: object[]}} PricingInput
 * @typedef {{schemeId: number, version: number, name: string, amount: number}} SchemeAmount
 * @typedef {{productId: number, quantity: number, unitPrice: number, gross: number, discount: number, taxable: number,
 *   gstRateBp: number, cgst: number, sgst: number, igst: number, lineTotal: number, schemes: SchemeAmount[]}} PricedLine
 * @typedef {{gross: number, discount: number, taxable: number, cgst: number, sgst: number, igst: number, total: number}} Totals
 * @typedef {{lines: PricedLine[], free: {productId: number, quantity: number, schemeId: number, version: number}[],
 *   totals: Totals, nearMiss: object[]}} Priced
 */

/** `(base * bp + 5000) div 10000` on whole paise, exactly (BigInt: the product passes 2^53). */
export function ofBp(/** @type {number} */ base, /** @type {number} */ bp) {
  const scaled = BigInt(base) * BigInt(bp) + 5000n;
  const q = scaled / 10000n;
  return Number(scaled < 0n && q * 10000n !== scaled ? q - 1n : q);
}

/** Prices `input`. @param {PricingInput} input @returns {Priced} */
export function price(input) {
  const a = input.distributor.state;
  const b = input.customer.state;
  const sameState = !a || !b || a.trim().toLowerCase() === b.trim().toLowerCase();
  /** @type {Totals} */
  const totals = { gross: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
  const lines = input.lines.map((line) => {
    const gross = line.unitPrice * line.quantity;
    const rate = line.gstRateBp ?? 0;
    const tax = ofBp(gross, rate);
    const cgst = sameState ? Math.floor(tax / 2) : 0;
    const sgst = sameState ? tax - cgst : 0;
    const igst = sameState ? 0 : tax;
    totals.gross += gross;
    totals.taxable += gross;
    totals.cgst += cgst;
    totals.sgst += sgst;
    totals.igst += igst;
    totals.total += gross + tax;
    return {
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      gross,
      discount: 0,
      taxable: gross,
      gstRateBp: rate,
      cgst,
      sgst,
      igst,
      lineTotal: gross + tax,
      schemes: [],
    };
  });
  return { lines, free: [], totals, nearMiss: [] };
}
