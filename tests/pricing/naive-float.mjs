// A naive pricing engine, for demonstration only (issue #52): what a quick port of "the obvious"
// pricing code looks like. It works in rupees as JavaScript floats, rounds money with
// Math.round(x * 100) / 100 where it thinks of rounding (discounts, tax) and nowhere else (a gross
// is "a product of two-place numbers"), gives `qty / every * free` free pieces, compounds stacked
// percents on the running price, applies only the best order rule, and takes an order percent off
// each line separately instead of spreading one amount. tests/pricing/naive-vs-vectors.mjs runs it
// over tests/vectors/pricing.json and prints the named cases it gets wrong; the real engines are
// src/pricing/engine.rs and frontend/src/lib/pricing/engine.js.

const round2 = (/** @type {number} */ x) => Math.round(x * 100) / 100;

/** @param {any} input */
export function naivePrice(input) {
  const date = input.bookingDate;
  const schemes = (input.schemes ?? [])
    .filter((/** @type {any} */ s) => s.validFrom <= date && (!s.validTo || date <= s.validTo))
    .sort((/** @type {any} */ a, /** @type {any} */ b) => (b.priority ?? 0) - (a.priority ?? 0) || a.schemeId - b.schemeId);
  const lines = input.lines.map((/** @type {any} */ l) => ({
    ...l,
    unit: l.unitPrice / 100,
    gross: (l.unitPrice / 100) * l.quantity,
    net: (l.unitPrice / 100) * l.quantity,
    discount: 0,
  }));
  const free = [];
  const groups = new Set();
  const qtyOf = (/** @type {number[]} */ ps) =>
    lines.filter((/** @type {any} */ l) => ps.includes(l.productId)).reduce((/** @type {number} */ a, /** @type {any} */ l) => a + l.quantity, 0);
  /** @type {any[]} */
  const orderRules = [];
  for (const s of schemes) {
    if (s.exclusiveGroup && groups.has(s.exclusiveGroup)) continue;
    const q = qtyOf(s.products ?? []);
    const best = (/** @type {number} */ m) =>
      (s.slabs ?? []).filter((/** @type {any} */ x) => (x.minQuantity ?? x.minValue ?? 0) <= m).pop();
    let held = false;
    if (s.kind === "free_every" && q >= s.every) {
      free.push({ productId: s.freeProductId ?? s.products[0], quantity: (q / s.every) * s.freeQuantity, schemeId: s.schemeId });
      held = true;
    } else if (s.kind === "free_slab" && best(q)) {
      free.push({ productId: s.freeProductId ?? s.products[0], quantity: best(q).freeQuantity, schemeId: s.schemeId });
      held = true;
    } else if (s.kind === "line_percent") {
      const byValue = s.slabs[0].minValue != null;
      const m = byValue
        ? lines.filter((/** @type {any} */ l) => s.products.includes(l.productId)).reduce((/** @type {number} */ a, /** @type {any} */ l) => a + l.gross, 0) * 100
        : q;
      const slab = best(m);
      if (slab) {
        held = true;
        for (const l of lines) {
          if (!s.products.includes(l.productId)) continue;
          const off = round2(l.net * (slab.percentBp / 10000)); // on the running price: compounds
          l.net -= off;
          l.discount += off;
        }
      }
    } else if (s.kind === "line_flat" && best(q)) {
      held = true;
      for (const l of lines) {
        if (!s.products.includes(l.productId)) continue;
        const off = round2((best(q).flatPerPiece / 100) * l.quantity);
        l.net -= off;
        l.discount += off;
      }
    } else if (s.kind === "order_percent" || s.kind === "order_flat") {
      orderRules.push(s);
    }
    if (held && s.exclusiveGroup) groups.add(s.exclusiveGroup);
  }
  // The best order rule only.
  const value = lines.reduce((/** @type {number} */ a, /** @type {any} */ l) => a + l.net, 0);
  /** @type {any} */
  let chosen = null;
  let chosenAmount = 0;
  for (const s of orderRules) {
    const slab = s.slabs.filter((/** @type {any} */ x) => x.minValue / 100 <= value).pop();
    if (!slab) continue;
    const amount = s.kind === "order_percent" ? value * (slab.percentBp / 10000) : slab.flat / 100;
    if (amount > chosenAmount) [chosen, chosenAmount] = [{ s, slab }, amount];
  }
  for (const l of lines) {
    if (chosen) {
      const off =
        chosen.s.kind === "order_percent" ? round2(l.net * (chosen.slab.percentBp / 10000)) : round2((chosenAmount * l.net) / value);
      l.net -= off;
      l.discount += off;
    }
  }
  const same = !input.distributor.state || !input.customer.state || input.distributor.state === input.customer.state;
  const out = lines.map((/** @type {any} */ l) => {
    const taxable = l.gross - l.discount;
    const tax = round2(taxable * ((l.gstRateBp ?? 0) / 10000));
    return {
      productId: l.productId,
      gross: l.gross,
      discount: l.discount,
      taxable,
      cgst: same ? tax / 2 : 0,
      sgst: same ? tax / 2 : 0,
      igst: same ? 0 : tax,
      lineTotal: taxable + tax,
    };
  });
  const sum = (/** @type {string} */ k) => out.reduce((/** @type {number} */ a, /** @type {any} */ l) => a + l[k], 0);
  return {
    lines: out,
    free,
    totals: { gross: sum("gross"), discount: sum("discount"), taxable: sum("taxable"), total: sum("lineTotal") },
  };
}
