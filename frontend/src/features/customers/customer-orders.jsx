// The customer's orders on the visit screen (order takers): "Take order" (the order screen), the
// orders waiting on this phone, and the recent orders from GET /users/orders?buyerId= with their
// status; the agent who booked one (or an administrator) cancels it while it is Submitted.
import { t } from "./text";
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { formatDate, localParts, money } from "../../lib/format";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { alertFailure, keyOf, useQueuedFor, useResource } from "../../lib/resources";
import { OrderStatus } from "../../lib/order-status";
import { DataTable } from "../../lib/table";
import { Loading } from "../../lib/ui";
import { ADMINISTRATOR } from "../../lib/rights";
import { cancelOrder, customerOrders } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/** An order row: the server's, or one still in the phone's queue. */
/** @typedef {Omit<Partial<Schemas["OrderRow"]>, "status"> & { status?: string, key: string | number, queued?: boolean }} Row */

/**
 * This customer's orders waiting in the phone's queue, newest first; `onSent` when one leaves it.
 * @param {User} user
 * @param {string} buyerId
 * @param {() => void} onSent
 * @returns {Row[]}
 */
function useQueuedOrders(user, buyerId, onSent) {
  const rows = useQueuedFor(user, buyerId, (e, same) => e.kind === "order" && same(e.order.buyerId), onSent);
  return rows.flatMap((e) =>
    e.kind === "order"
      ? [
          {
            key: e.clientId,
            orderNumber: t("onThisPhone"),
            orderDate: localParts(new Date(e.savedAt).toISOString()).date,
            status: e.state === "failed" ? "Failed" : "Waiting",
            total: e.total,
            lineCount: (e.order.lines || []).length,
            distributorName: "",
            queued: true,
          },
        ]
      : [],
  );
}

/** @param {{ buyerId: string, user: User }} props */
export function CustomerOrders({ buyerId, user }) {
  const enabled = offlineEnabled(user);
  // null: the network did not answer (agents), the orders booked before need it.
  const {
    data,
    loading,
    error,
    reload: load,
  } = useResource(keyOf("/users/orders", { query: { buyerId } }, enabled), () =>
    enabled
      ? networkOr(
          () => customerOrders(buyerId),
          () => null,
        )
      : customerOrders(buyerId),
  );
  const unreachable = enabled && !loading && !error && data === null;
  const orders = loading && !data ? null : data ? data.data : [];
  const [cancelling, setCancelling] = useState(/** @type {Row | null} */ (null));
  const queued = useQueuedOrders(user, buyerId, () => navigator.onLine && load());
  const cancel = async () => {
    const order = cancelling;
    setCancelling(null);
    if (!order || order.orderId == null) return;
    try {
      const r = await cancelOrder(order.orderId);
      alertSuccess(r.message);
      load();
    } catch (err) {
      alertFailure(err);
    }
  };
  /** @param {Row} o */
  const mayCancel = (o) =>
    (o.status === "Submitted" || o.status === "Awaiting approval") &&
    (o.bookedBy === user.uid || Number(user.userType) === ADMINISTRATOR);
  return (
    <div class="card" data-testid="customer-orders">
      <div class="card-title-row">
        <h2>{t("orders")}</h2>
        <a class="btn btn-primary" href={`#/customer/order/${encodeURIComponent(buyerId)}`}>
          {t("takeOrder")}
        </a>
      </div>
      {unreachable && (
        <p class="offline-note" role="status">
          {t("ordersOffline")}
        </p>
      )}
      {orders === null ? (
        <Loading />
      ) : (
        <DataTable
          serial={false}
          pageSize={5}
          testId="orders"
          rows={[...queued, ...orders.map((o) => ({ ...o, key: o.orderId }))]}
          empty={unreachable ? t("noQueuedOrders") : t("noOrders")}
          rowClass={(r) => (r.queued ? "row-queued" : undefined)}
          columns={[
            { key: "orderNumber", label: t("order"), render: (r) => <span class="nowrap">{r.orderNumber}</span> },
            { key: "orderDate", label: t("date"), render: (r) => <span class="nowrap">{formatDate(r.orderDate)}</span> },
            { key: "status", label: t("status"), render: (r) => <OrderStatus status={r.status} order={r} /> },
            { key: "lineCount", label: t("products") },
            { key: "total", label: t("total"), render: (r) => <span class="nowrap">{money(r.total)}</span> },
            { key: "distributorName", label: t("distributor") },
            {
              key: "actions",
              end: true,
              label: t("actions"),
              render: (r) =>
                !r.queued && mayCancel(r) ? (
                  <button type="button" class="btn btn-small btn-danger" onClick={() => setCancelling(r)}>
                    {t("cancel")}
                  </button>
                ) : null,
            },
          ]}
        />
      )}
      <ConfirmDialog open={!!cancelling} message={t("cancelOrder")} onYes={cancel} onCancel={() => setCancelling(null)} />
    </div>
  );
}
