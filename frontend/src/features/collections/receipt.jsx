// A payment's receipt as shown, shared and printed (issue #38): the receipt number, the customer,
// the amount in figures, the mode and its reference, where the money went, the time and the agent;
// "Waiting to sync" while the payment is still on the phone. Share sends it as text (Web Share);
// Print prints only the receipt (the print stylesheet hides the rest of the page).
import { formatDateTime, money } from "../../lib/format";
import { modeLabel } from "./payment-rules";
import { t } from "./text";
import "./collections.css";

/**
 * What a receipt shows, from the phone's copy or the server's payment.
 * @typedef {{ receiptNo: string, buyerId: string, buyerName?: string, amount: number, mode: string,
 *   reference?: string | null, chequeNo?: string | null, bank?: string | null, collectedAt: string,
 *   allocations?: import("../../lib/outstanding").Allocation[], unallocated?: number, agentName?: string,
 *   status?: string | null, reversalReason?: string | null }} ReceiptData
 */

/** A payment's status in words. @param {string | null | undefined} status */
export const statusLabel = (status) =>
  status === "pending" || status === "collected" || status === "deposited" || status === "reversed" ? t(status) : status || "";

/** "R12-AB3 - Ravi Stores", or the buyer id alone. @param {{ buyerId: string, buyerName?: string }} r */
const customerOf = (r) => (r.buyerName ? `${r.buyerId} - ${r.buyerName}` : r.buyerId);

/**
 * The receipt of a payment as the server answers it (GET /users/payment/{id}).
 * @param {import("./api").Payment} p
 * @returns {ReceiptData}
 */
export const receiptOf = (p) => ({ ...p, buyerName: p.customerName, status: statusLabel(p.status) });

/** The mode with its reference: "Cheque 004512, HDFC Bank", "UPI 41234", "Cash". @param {ReceiptData} r */
export function modeText(r) {
  if (r.mode === "cheque") return `${modeLabel(r.mode)} ${[r.chequeNo, r.bank].filter(Boolean).join(", ")}`.trim();
  if (r.reference) return `${modeLabel(r.mode)} ${r.reference}`;
  return modeLabel(r.mode);
}

/** The receipt as plain text, for sharing. @param {ReceiptData} r @param {boolean} waiting */
export function receiptText(r, waiting) {
  const lines = [
    t("lineReceipt", { receiptNo: r.receiptNo }),
    t("lineCustomer", { customer: customerOf(r) }),
    t("lineAmount", { amount: money(r.amount) }),
    t("lineMode", { mode: modeText(r) }),
    ...(r.allocations || []).map((a) => t("lineInvoice", { invoiceNo: a.invoiceNo, amount: money(a.amount) })),
    ...(r.unallocated ? [t("lineUnallocated", { amount: money(r.unallocated) })] : []),
    t("lineCollected", { time: formatDateTime(r.collectedAt) }),
    ...(r.agentName ? [t("lineAgent", { agent: r.agentName })] : []),
  ];
  if (waiting) lines.push(t("waiting"));
  return lines.join("\n");
}

/** @param {{ r: ReceiptData, waiting: boolean }} props */
export function ReceiptView({ r, waiting }) {
  const rows = [
    [t("customer"), customerOf(r)],
    [
      t("amount"),
      <strong key="amount" class="nowrap" data-testid="receipt-amount">
        {money(r.amount)}
      </strong>,
    ],
    [t("mode"), modeText(r)],
    [
      t("collected"),
      <span key="collected" class="nowrap">
        {formatDateTime(r.collectedAt)}
      </span>,
    ],
    [t("agent"), r.agentName],
    [t("status"), r.status],
    [t("reversalReason"), r.reversalReason],
  ].filter(([, v]) => v);
  return (
    <div class="card receipt" data-testid="receipt">
      <h2>
        {t("receipt")}{" "}
        <span class="nowrap" data-testid="receipt-no">
          {r.receiptNo}
        </span>
      </h2>
      {waiting && (
        <p>
          <span class="loc-badge loc-waiting" data-testid="receipt-waiting">
            {t("waiting")}
          </span>
        </p>
      )}
      <dl>
        {rows.map(([k, v]) => (
          <div key={String(k)} class="dl-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {(r.allocations || []).length > 0 && (
        <table class="receipt-lines" data-testid="receipt-allocations">
          <thead>
            <tr>
              <th>{t("invoice")}</th>
              <th>{t("amount")}</th>
            </tr>
          </thead>
          <tbody>
            {(r.allocations || []).map((a) => (
              <tr key={a.invoiceNo}>
                <td class="nowrap">{a.invoiceNo}</td>
                <td class="nowrap">{money(a.amount)}</td>
              </tr>
            ))}
            {!!r.unallocated && (
              <tr>
                <td>{t("unallocated")}</td>
                <td class="nowrap">{money(r.unallocated)}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * Share (where the browser can) and Print.
 * @param {{ r: ReceiptData, waiting: boolean }} props
 */
export function ReceiptActions({ r, waiting }) {
  const canShare = typeof navigator.share === "function";
  const share = () => {
    navigator.share({ title: t("receiptNo", { receiptNo: r.receiptNo }), text: receiptText(r, waiting) }).catch(() => {});
  };
  return (
    <div class="actions no-print">
      {canShare && (
        <button type="button" class="btn" onClick={share}>
          {t("share")}
        </button>
      )}
      <button type="button" class="btn" onClick={() => window.print()}>
        {t("print")}
      </button>
    </div>
  );
}
