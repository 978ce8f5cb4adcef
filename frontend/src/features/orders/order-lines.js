// The take-order screen's lines as typed: quantities in units or cases, their checks, and a
// product's note (SKU, category, price, case size). Shared by order-line.jsx and order-screen.jsx.
import { money } from "../../lib/format";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]["Product"]} Product */
/** A line being typed: the product, its quantity as typed, in units or cases. */
/** @typedef {{ product: Product, qty: string, unit: "units" | "cases" }} Line */

/** The largest quantity of one line, in units (the server's limit). */
export const MAX_UNITS = 100000;

/** A line's quantity in units, or NaN when the typed quantity is not a whole number of 1 or more. @param {Line} line */
export function unitsOf(line) {
  const text = String(line.qty).trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) return NaN;
  return Number(text) * (line.unit === "cases" ? line.product.packSize || 1 : 1);
}

/** @param {Line} line */
export function lineError(line) {
  const units = unitsOf(line);
  if (Number.isNaN(units)) return t("lineWhole");
  if (units > MAX_UNITS) return t("lineMax");
  return null;
}

/** The line's value before GST and schemes, as an amount (0 while the quantity is not valid). @param {Line} line */
export const grossOf = (line) => {
  const units = unitsOf(line);
  return Number.isNaN(units) ? 0 : Math.round(units * (line.product.price || 0) * 100) / 100;
};

/** @param {Product} p */
export function productNote(p) {
  return [
    p.sku,
    p.category,
    p.price != null ? t("pricePerUnit", { price: money(p.price) }) : t("noPrice"),
    (p.packSize || 1) > 1 ? t("caseOf", { size: p.packSize }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
