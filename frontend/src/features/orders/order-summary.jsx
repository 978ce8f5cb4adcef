// The priced order under its lines (issue #52): the free pieces as lines of their own marked free,
// the hint of each next slab missed ("2 more for 1 free"), then gross, discount, taxable value,
// CGST and SGST (or IGST) and the total the retailer pays. Used live on the take-order screen (the
// phone's engine, paise) and on the confirmation (the server's answer, amounts).
import { money } from "../../lib/format";
import { t } from "./text";

/**
 * Figures as amounts.
 * @typedef {{ gross: number, discount: number, taxable: number, cgst: number, sgst: number, igst: number, total: number }} Totals
 * @typedef {{ productId: number, productName: string, quantity: number, schemeId: number, schemeName?: string }} FreeShown
 * @typedef {{ schemeId: number, name: string, needQuantity?: number | null, needValue?: number | null,
 *   reward: { freeQuantity?: number | null, percentBp?: number | null, flatPerPiece?: number | null, flat?: number | null } }} NearMissShown
 */

/** The hint for one missed slab (amounts in `needValue` and the reward's money). @param {NearMissShown} n */
export function nearMissText(n) {
  const need = n.needQuantity != null ? String(n.needQuantity) : money(n.needValue);
  const r = n.reward || {};
  if (r.freeQuantity) return t("nearFree", { name: n.name, need, free: r.freeQuantity });
  if (r.percentBp) return t("nearPercent", { name: n.name, need, percent: r.percentBp / 100 });
  if (r.flatPerPiece) return t("nearFlatPiece", { name: n.name, need, amount: money(r.flatPerPiece) });
  return t("nearFlat", { name: n.name, need, amount: money(r.flat) });
}

/** @param {{ label: string, value: number, testId: string, strong?: boolean }} props */
function Row({ label, value, testId, strong }) {
  return (
    <div class="dl-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{strong ? <strong>{money(value)}</strong> : money(value)}</dd>
    </div>
  );
}

/** @param {{ totals: Totals, free: FreeShown[], nearMiss: NearMissShown[], note?: string | null }} props */
export function OrderSummary({ totals, free, nearMiss, note }) {
  const interstate = totals.igst > 0;
  return (
    <div class="order-summary" data-testid="order-summary">
      {free.length > 0 && (
        <ul class="free-lines">
          {free.map((f) => (
            <li key={`${f.schemeId}-${f.productId}`} class="free-line" data-testid="free-line">
              <span class="badge">{t("free")}</span> {t("freeLine", { name: f.productName, count: f.quantity })}
              {f.schemeName && <small class="muted"> {t("freeBy", { scheme: f.schemeName })}</small>}
            </li>
          ))}
        </ul>
      )}
      {nearMiss.map((n) => (
        <p key={n.schemeId} class="hint near-miss" role="status" data-testid="near-miss">
          {nearMissText(n)}
        </p>
      ))}
      <dl>
        <Row label={t("gross")} value={totals.gross} testId="order-gross" />
        {totals.discount > 0 && <Row label={t("discount")} value={totals.discount} testId="order-discount" />}
        <Row label={t("taxable")} value={totals.taxable} testId="order-taxable" />
        {interstate ? (
          <Row label={t("igst")} value={totals.igst} testId="order-igst" />
        ) : (
          <>
            <Row label={t("cgst")} value={totals.cgst} testId="order-cgst" />
            <Row label={t("sgst")} value={totals.sgst} testId="order-sgst" />
          </>
        )}
        <Row label={t("total")} value={totals.total} testId="order-summary-total" strong />
      </dl>
      {note && <p class="muted">{note}</p>}
    </div>
  );
}
