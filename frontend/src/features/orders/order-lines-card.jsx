// The take-order screen's order: its lines, each priced live (or its value before GST while a
// quantity is not valid), and the priced order under them (order-summary.jsx).
import { formatDateTime } from "../../lib/format";
import { Empty } from "../../lib/ui";
import { OrderLine } from "./order-line";
import { grossOf } from "./order-lines";
import { OrderSummary } from "./order-summary";
import { t } from "./text";

/** @typedef {ReturnType<typeof import("./use-order-lines").useOrderLines>} Basket */
/** @typedef {import("../../lib/pricing/engine").Priced} Priced */
/** @typedef {ReturnType<typeof import("./pricing").shownFigures>} Shown */

/**
 * @param {{ basket: Basket, errors: { lines: string | null, each: (string | null)[] } | null, priced: Priced | null,
 *   shown: Shown | null, copy: import("./use-pricing-data").SchemesCopy | null }} props
 *   `errors` once the order was checked (a Submit), else null
 */
export function OrderLinesCard({ basket, errors, priced, shown, copy }) {
  const { lines, change, remove } = basket;
  return (
    <div class="card">
      <h2>{t("order")}</h2>
      {lines.length ? (
        <ul class="order-lines">
          {lines.map((l, i) => (
            <OrderLine
              key={l.product.productId}
              line={l}
              index={i}
              error={errors ? errors.each[i] : null}
              priced={priced ? priced.lines[i] : null}
              fallbackTotal={grossOf(l)}
              onChange={change(i)}
              onRemove={remove(i)}
            />
          ))}
        </ul>
      ) : (
        <Empty text={t("noLines")} />
      )}
      {errors && errors.lines && (
        <p class="field-error" role="status">
          {errors.lines}
        </p>
      )}
      {shown && lines.length > 0 && (
        <OrderSummary
          totals={shown.totals}
          free={shown.free}
          nearMiss={shown.nearMiss}
          note={copy ? (copy.at ? t("pricedOffline", { at: formatDateTime(copy.at) }) : null) : t("noSchemesCopy")}
        />
      )}
    </div>
  );
}
