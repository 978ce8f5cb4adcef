// The take-order screen's bar at the bottom: the order's total and Submit.
import { money } from "../../lib/format";
import { SubmitButton } from "../../lib/ui";
import { t } from "./text";

/** @param {{ count: number, total: number, busy: boolean }} props */
export function OrderBar({ count, total, busy }) {
  return (
    <div class="footer-actions order-bar">
      <span class="order-total">
        <small>{t("totalOf", { count })}</small>
        <strong data-testid="order-total">{money(total)}</strong>
      </span>
      {/* The bar is sticky: a press that moved the focus there from a quantity scrolled the page
          between the press and the release, which then fell on another element and submitted
          nothing. The focus stays where it is; the click submits. */}
      <SubmitButton busy={busy} onMouseDown={(/** @type {MouseEvent} */ e) => e.preventDefault()}>
        {t("submitOrder")}
      </SubmitButton>
    </div>
  );
}
