// What the order screen says where the customer's orders are unknown or none (issue #55). The
// distributor: left empty, the server sends the order to the customer's
// usual distributor, the one of their most recent order. A customer with no order on file has none,
// so the screen does not offer it: it asks for a distributor before Submit instead of being refused
// after it. On the phone's copy without the customer's orders it cannot tell: the usual one stays.
import { formatDateTime } from "../../lib/format";
import { t } from "./text";

/**
 * Whether the customer has orders on file (so a usual distributor): true, false, or null when
 * the screen came from the phone's copy without them.
 * @param {{ fromCopy?: boolean, reOrderMustSell?: unknown[] | null }} screen
 * @returns {boolean | null}
 */
export function hasUsualDistributor(screen) {
  if (screen.fromCopy) return null;
  return (screen.reOrderMustSell || []).length > 0;
}

/**
 * What the distributor field shows: its placeholder, its hint, and its error (null when the
 * order may go as it is).
 * @param {boolean | null} usual {@link hasUsualDistributor}
 * @param {string} distributorId the one picked, "" for none
 */
export function distributorField(usual, distributorId) {
  if (usual === false)
    return {
      placeholder: t("chooseDistributor"),
      hint: t("noUsualDistributor"),
      error: distributorId ? null : t("distributorRequired"),
    };
  return { placeholder: t("usualDistributor"), hint: t("distributorHint"), error: null };
}

/**
 * The Must Sell card's texts: the offline note above the screen (null for none) and the card's
 * text when it lists nothing. Without the list on the phone the card says so, once, instead of
 * "No Must Sell products" under "no Must Sell list on this phone".
 * @param {{ fromCopy?: boolean, seenAt?: string | null }} screen
 */
export function mustSellTexts(screen) {
  if (screen.fromCopy) return { note: null, empty: t("noMustSellOffline") };
  return { note: screen.seenAt ? t("mustSellSeen", { at: formatDateTime(screen.seenAt) }) : null, empty: t("noMustSell") };
}

/**
 * A held order's figures on Credit Approval: the outstanding, open orders and limit are today's,
 * while the reason gives them as they were when it was booked (a payment may have come since),
 * so each says which it is.
 * @param {{ createdAt: string, outstanding: number, openOrders: number, creditLimit?: number | null }} order
 * @param {string} reason the held reason in the user's language ("" for none)
 */
export function heldFigures(order, reason) {
  return {
    outstanding: t("outstandingNow"),
    openOrders: t("openOrdersNow"),
    creditLimit: t("creditLimitNow"),
    reason: reason ? t("whenBooked", { at: formatDateTime(order.createdAt), reason }) : "",
  };
}
