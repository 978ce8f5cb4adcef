// An order's status as a badge (Submitted, Sent, Cancelled; Awaiting approval and Rejected for an
// order held over its customer's credit limit), and the states of an order still on the phone
// (Waiting to sync, Not accepted). Used by the visit screen's orders and the order lists. With
// `order`, a held order shows why it waits (in the user's language) and a decided one who
// approved or rejected it and why.
import { t } from "./parts-text";
import { formatDateTime } from "./format";
import { messageFor } from "./i18n/messages";
import "./order-status.css";

/** @type {Record<string, string>} */
const CSS = {
  Submitted: "loc-waiting",
  Sent: "loc-sent",
  Cancelled: "loc-cancelled",
  "Awaiting approval": "loc-none",
  Rejected: "loc-failed",
  Waiting: "loc-waiting",
  Failed: "loc-failed",
};
/** @type {Record<string, () => string>} */
const TEXT = {
  Submitted: () => t("statusSubmitted"),
  Sent: () => t("statusSent"),
  Cancelled: () => t("statusCancelled"),
  "Awaiting approval": () => t("statusAwaiting"),
  Rejected: () => t("statusRejected"),
  Waiting: () => t("statusWaiting"),
  Failed: () => t("statusFailed"),
};

/**
 * What an order tells of its credit hold (any of the fields of an order row or a booking's answer).
 * @typedef {{ heldReason?: string | null, heldReasonCode?: string | null,
 *   heldReasonParams?: Record<string, unknown> | null, creditHold?: string | null, creditDecidedByName?: string | null,
 *   creditDecidedAt?: string | null, creditDecisionReason?: string | null }} CreditFacts
 */

/**
 * Why a held order waits, in the user's language ("" when it never was held).
 * @param {CreditFacts} order
 */
export const heldReasonText = (order) =>
  order.heldReason ? messageFor(order.heldReasonCode, order.heldReasonParams, order.heldReason) : "";

/**
 * The manager's decision on a held order, in a line ("" while none).
 * @param {CreditFacts} order
 */
export function creditDecisionText(order) {
  if (order.creditHold !== "approved" && order.creditHold !== "rejected") return "";
  const verb = order.creditHold === "approved" ? t("decidedApproved") : t("decidedRejected");
  const by = order.creditDecidedByName ? t("decidedBy", { name: order.creditDecidedByName }) : "";
  const at = order.creditDecidedAt ? t("decidedOn", { at: formatDateTime(order.creditDecidedAt) }) : "";
  const why = order.creditDecisionReason ? `: ${order.creditDecisionReason}` : "";
  return `${verb}${by}${at}${why}`;
}

/** @param {{ status: string | null | undefined, order?: CreditFacts }} props */
export function OrderStatus({ status, order }) {
  const key = status ?? "";
  const badge = <span class={`loc-badge ${CSS[key] || ""}`}>{TEXT[key] ? TEXT[key]() : status}</span>;
  if (!order) return badge;
  const reason = key === "Awaiting approval" ? heldReasonText(order) : "";
  const decision = creditDecisionText(order);
  if (!reason && !decision) return badge;
  return (
    <span class="order-status">
      {badge}
      {reason && (
        <small class="held-reason" data-testid="held-reason">
          {reason}
        </small>
      )}
      {decision && (
        <small class="muted" data-testid="credit-decision">
          {decision}
        </small>
      )}
    </span>
  );
}
