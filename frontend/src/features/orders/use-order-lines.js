// The take-order screen's basket: its lines (a product, a quantity, units or cases), the order
// the visit screen handed over (one tap from the shelf count), and adding, changing and removing.
import { useEffect, useState } from "react";
import { alertInfo } from "../../lib/alerts";
import { takeHandedOrder } from "../../lib/shop-handoff";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]["Product"]} Product */
/** @typedef {import("./order-lines").Line} Line */

/**
 * @param {Product[] | null} products the product list (null while it loads)
 * @param {string} buyerId the customer (whose handed order is taken once the products are here)
 */
export function useOrderLines(products, buyerId) {
  const [lines, setLines] = useState(/** @type {Line[]} */ ([]));
  // The suggested order the visit screen handed over (one tap from the shelf count).
  useEffect(() => {
    if (!products || !products.length) return;
    const handed = takeHandedOrder(buyerId);
    if (!handed.length) return;
    const byId = new Map(products.map((p) => [p.productId, p]));
    setLines(
      handed.flatMap((h) => {
        const product = byId.get(h.productId);
        return product && product.price != null
          ? [{ product, qty: String(h.quantity), unit: /** @type {const} */ ("units") }]
          : [];
      }),
    );
  }, [products, buyerId]);

  /** @param {Product} p */
  const onOrder = (p) => lines.some((l) => l.product.productId === p.productId);
  /** @param {Product} p */
  const add = (p, qty = 1) => {
    if (onOrder(p)) {
      alertInfo(t("alreadyOnOrder", { name: p.productName }));
      return;
    }
    setLines([...lines, { product: p, qty: String(Math.max(1, Math.round(qty))), unit: "units" }]);
    // The new line's quantity, ready to change.
    setTimeout(() => {
      const input = document.getElementById(`qty-${p.productId}`);
      if (input) input.focus({ preventScroll: false });
    }, 0);
  };
  /** @param {number} i @returns {(next: Line) => void} */
  const change = (i) => (next) => setLines(lines.map((l, j) => (j === i ? next : l)));
  /** @param {number} i */
  const remove = (i) => () => setLines(lines.filter((_, j) => j !== i));
  return { lines, onOrder, add, change, remove };
}
