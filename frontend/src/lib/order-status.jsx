// An order's status as a badge (Submitted, Sent, Cancelled), and the states of an order still on
// the phone (Waiting to sync, Not accepted). Used by the visit screen's orders and the order lists.
import { t } from "./parts-text";
/** @type {Record<string, string>} */
const CSS = {
  Submitted: "loc-waiting",
  Sent: "loc-sent",
  Cancelled: "loc-cancelled",
  Waiting: "loc-waiting",
  Failed: "loc-failed",
};
/** @type {Record<string, () => string>} */
const TEXT = {
  Submitted: () => t("statusSubmitted"),
  Sent: () => t("statusSent"),
  Cancelled: () => t("statusCancelled"),
  Waiting: () => t("statusWaiting"),
  Failed: () => t("statusFailed"),
};

/** @param {{ status: string | null | undefined }} props */
export function OrderStatus({ status }) {
  const key = status ?? "";
  return <span class={`loc-badge ${CSS[key] || ""}`}>{TEXT[key] ? TEXT[key]() : status}</span>;
}
