// The take-order screen's ways to a product: the customer's Must Sell products as one-tap
// suggestions with their last quantities, and a search over the product list (name, SKU, category).
import { useMemo, useState } from "react";
import * as offline from "../../lib/offline/engine";
import { Empty, Field, Loading } from "../../lib/ui";
import { productNote } from "./order-lines";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["Product"]} Product */
/** @typedef {ReturnType<typeof import("./use-order-lines").useOrderLines>} Basket */

/**
 * @param {{ screen: Schemas["VisitScreen"], products: Product[] | null, basket: Basket, mustSellEmpty: string,
 *   enabled: boolean }} props
 */
export function ProductPicker({ screen, products, basket, mustSellEmpty, enabled }) {
  const { onOrder, add } = basket;
  const [query, setQuery] = useState("");
  const mustSell = useMemo(() => {
    if (!products) return [];
    const byName = new Map(products.map((p) => [String(p.productName).toLowerCase(), p]));
    return (screen.reOrderMustSell || []).flatMap((row) => {
      const product = byName.get(String(row.distinctProductName).toLowerCase());
      return product && product.price != null ? [{ row, product }] : [];
    });
  }, [screen, products]);
  const found = useMemo(() => offline.searchProducts(products, query), [products, query]);
  if (products === null) return <Loading text={t("loadingProducts")} />;
  return (
    <>
      <div class="card">
        <h2>{t("mustSell")}</h2>
        {mustSell.length ? (
          <ul class="chips" data-testid="must-sell-suggestions">
            {mustSell.map(({ row, product }) => (
              <li key={product.productId}>
                <button
                  type="button"
                  class="chip"
                  disabled={onOrder(product)}
                  onClick={() => add(product, row.lastOrderShippedQty)}
                >
                  <span>{product.productName}</span>
                  <small>
                    {onOrder(product) ? t("onTheOrder") : t("lastQuantity", { count: Math.round(row.lastOrderShippedQty) })}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={mustSellEmpty} />
        )}
      </div>
      <div class="card">
        <Field label={t("searchProducts")} id="productSearch">
          <input
            id="productSearch"
            type="search"
            autocomplete="off"
            placeholder={t("searchPlaceholder")}
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
          />
        </Field>
        {!products.length && <Empty text={enabled ? t("productsNotOnPhone") : t("noProducts")} />}
        {query.trim() !== "" &&
          products.length > 0 &&
          (found.length ? (
            <ul class="product-results" data-testid="product-results">
              {found.map((p) => (
                <li key={p.productId}>
                  <div class="product-info">
                    <strong>{p.productName}</strong>
                    <small class="muted">{productNote(p)}</small>
                  </div>
                  <button
                    type="button"
                    class="btn btn-small"
                    aria-label={t("addProduct", { name: p.productName })}
                    disabled={p.price == null || onOrder(p)}
                    onClick={() => add(p)}
                  >
                    {onOrder(p) ? t("added") : t("add")}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty text={t("noMatch")} />
          ))}
      </div>
    </>
  );
}
