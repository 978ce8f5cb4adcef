// One line of the take-order screen: the product, its quantity in units or cases, its priced total
// (tax included) and what each scheme took off it, as the phone's engine priced it.
import { money } from "../../lib/format";
import { Icon } from "../../lib/icons";
import { productNote, unitsOf } from "./order-lines";
import { toAmount } from "./pricing";
import { t } from "./text";

/** @typedef {import("./order-lines").Line} Line */
/** @typedef {import("../../lib/pricing/engine").PricedLine} PricedLine */

/**
 * @param {{ line: Line, index: number, error: string | null, priced: PricedLine | null, fallbackTotal: number,
 *   onChange: (next: Line) => void, onRemove: () => void }} props
 */
export function OrderLine({ line, index, error, priced, fallbackTotal, onChange, onRemove }) {
  const p = line.product;
  const id = `qty-${p.productId}`;
  const units = unitsOf(line);
  return (
    <li class="order-line" data-testid="order-line">
      <div class="order-line-head">
        <div class="product-info">
          <strong>{p.productName}</strong>
          <small class="muted">{productNote(p)}</small>
        </div>
        <button type="button" class="icon-btn" aria-label={t("removeProduct", { name: p.productName })} onClick={onRemove}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <div class="order-line-qty">
        <label class="visually-hidden" for={id}>
          {t("quantityOf", { name: p.productName })}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          value={line.qty}
          aria-invalid={!!error}
          onInput={(e) => onChange({ ...line, qty: e.currentTarget.value })}
        />
        {(p.packSize || 1) > 1 ? (
          <div class="seg" role="group" aria-label={t("unitOfLine", { line: index + 1 })}>
            {
              /** @type {const} */ (["units", "cases"]).map((u) => (
                <button key={u} type="button" aria-pressed={line.unit === u} onClick={() => onChange({ ...line, unit: u })}>
                  {u === "units" ? t("unitsButton") : t("casesButton")}
                </button>
              ))
            }
          </div>
        ) : (
          <span class="muted">{t("units")}</span>
        )}
        <span class="line-total" data-testid="line-total">
          {money(priced ? toAmount(priced.lineTotal) : fallbackTotal)}
        </span>
      </div>
      {line.unit === "cases" && !Number.isNaN(units) && <small class="hint">{t("inUnits", { units })}</small>}
      {priced && (
        <small class="muted line-figures" data-testid="line-figures">
          {[
            priced.gstRateBp ? t("gstRate", { rate: priced.gstRateBp / 100 }) : null,
            ...priced.schemes.map((s) => t("schemeOff", { name: s.name, amount: money(toAmount(s.amount)) })),
          ]
            .filter(Boolean)
            .join(" · ")}
        </small>
      )}
      {priced && priced.discount > 0 && (
        <small class="line-discount" data-testid="line-discount">
          {t("discount")}: {money(toAmount(priced.discount))}
        </small>
      )}
      {error && (
        <small class="field-error" role="status">
          {error}
        </small>
      )}
    </li>
  );
}
