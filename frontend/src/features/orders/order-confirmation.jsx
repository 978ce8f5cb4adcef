// The answer shown after Submit: the server's booking (its lines, free pieces, taxes and total), or,
// queued on the phone, the screen's own figures. A total the server priced otherwise than the
// screen (a price or a scheme changed) and a hold over the credit limit are said at the top.
import { money } from "../../lib/format";
import { heldReasonText, OrderStatus } from "../../lib/order-status";
import { DataTable } from "../../lib/table";
import { PageHeader } from "../../lib/ui";
import { OrderSummary } from "./order-summary";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {import("../../lib/offline/queue").ShownLine} ShownLine */
/** @typedef {import("./order-summary").Totals} Totals */
/** @typedef {import("./order-summary").FreeShown} FreeShown */
/**
 * The answer after Submit: the server's booking, or (queued) the screen's lines and figures.
 * @typedef {Omit<Partial<Schemas["OrderBooked"]>, "lines" | "total" | "message" | "totals" | "free"> & { queued?: boolean,
 *   message: string, total: number, lines: (ShownLine | Schemas["OrderLine"])[], totals?: Totals, free?: FreeShown[] }} OrderAnswer
 * @typedef {{ answer: OrderAnswer, shownTotal: number, queued: boolean, buyerId: string, buyerName: string }} OrderResult
 */

/** @param {{ result: OrderResult, buyerId: string }} props */
export function Confirmation({ result, buyerId }) {
  const { answer, shownTotal, queued, buyerName } = result;
  const back = `/customer/visit/${encodeURIComponent(buyerId)}`;
  const changed = !queued && (answer.priceChanged || Math.abs(answer.total - shownTotal) >= 0.005);
  // Over the customer's credit limit: booked, but held for a manager's approval.
  const held = !queued && answer.status === "Awaiting approval";
  return (
    <section>
      <PageHeader title={queued ? t("titleSaved") : held ? t("titleAwaiting") : t("titleSubmitted")} back={back} />
      <div class="card" data-testid="order-confirmation">
        {queued && (
          <p class="offline-note" role="status">
            {t("savedNote")}
          </p>
        )}
        {changed && (
          <p class="offline-note" role="status" data-testid="price-changed">
            {t("pricesChanged", { total: money(answer.total) })}
          </p>
        )}
        {answer.duplicate && <p class="muted">{t("duplicate")}</p>}
        {held && (
          <p class="offline-note" role="status" data-testid="order-held">
            {t("heldNote", { reason: heldReasonText(answer) })}
          </p>
        )}
        <dl>
          <div class="dl-row">
            <dt>{t("order")}</dt>
            <dd data-testid="order-number">{queued ? t("waitingToSync") : answer.orderNumber}</dd>
          </div>
          <div class="dl-row">
            <dt>{t("customer")}</dt>
            <dd>{buyerName ? `${buyerId} - ${buyerName}` : buyerId}</dd>
          </div>
          {!queued && (
            <>
              <div class="dl-row">
                <dt>{t("status")}</dt>
                <dd>
                  <OrderStatus status={answer.status} />
                </dd>
              </div>
              <div class="dl-row">
                <dt>{t("distributor")}</dt>
                <dd>{answer.distributorName}</dd>
              </div>
            </>
          )}
          <div class="dl-row">
            <dt>{t("total")}</dt>
            <dd>
              <strong data-testid="confirmed-total">{money(answer.total)}</strong>
            </dd>
          </div>
        </dl>
        <DataTable
          serial={false}
          pageSize={1000}
          testId="confirmed-lines"
          rows={answer.lines.map((l) => ({ ...l, key: l.productId }))}
          columns={[
            { key: "productName", label: t("product") },
            { key: "quantity", label: t("quantity") },
            { key: "unitPrice", label: t("unitPrice"), render: (l) => money(l.unitPrice) },
            { key: "lineTotal", label: t("lineTotal"), render: (l) => money(l.lineTotal) },
          ]}
        />
        {answer.totals && <OrderSummary totals={answer.totals} free={answer.free || []} nearMiss={[]} />}
        <a class="btn btn-primary" href={`#${back}`}>
          {t("backToCustomer")}
        </a>
      </div>
    </section>
  );
}
