// The customer's orders on the visit screen (order takers): "Take order" (the order screen), the
// orders waiting on this phone, and the recent orders from GET /users/orders?buyerId= with their
// status; the agent who booked one (or an administrator) cancels it while it is Submitted.
import { useEffect, useRef, useState } from "react";
import { get, post } from "../../lib/api-client";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { formatDate, localParts } from "../../lib/dates";
import * as offline from "../../lib/offline/engine";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { money } from "../../lib/money";
import { OrderStatus } from "../../lib/order-status";
import { DataTable } from "../../lib/table";
import { Loading } from "../../lib/ui";
import { ADMINISTRATOR } from "../../lib/rights";

/** This customer's orders waiting in the phone's queue, newest first; `onSent` when one leaves it. */
function useQueuedOrders(user, buyerId, onSent) {
  const enabled = offlineEnabled(user);
  const [rows, setRows] = useState([]);
  const count = useRef(0);
  // The latest `onSent` (a new function on every render of the caller), without re-subscribing.
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    if (!enabled) return undefined;
    count.current = 0;
    const same = (id) => String(id).toLowerCase() === String(buyerId).toLowerCase();
    const take = (all) => {
      const mine = all.filter((e) => offline.kindOf(e) === "order" && same(e.order.buyerId)).reverse();
      if (mine.length < count.current) sent.current();
      count.current = mine.length;
      setRows(mine);
    };
    offline.listQueue(user.uid).then(take, () => {});
    return offline.onQueueChange(take);
  }, [enabled, buyerId, user.uid]);
  return rows.map((e) => ({
    key: e.clientId,
    orderNumber: "On this phone",
    orderDate: localParts(new Date(e.savedAt).toISOString()).date,
    status: e.state === "failed" ? "Failed" : "Waiting",
    total: e.total,
    lineCount: (e.order.lines || []).length,
    distributorName: "",
    queued: true,
  }));
}

export function CustomerOrders({ buyerId, user }) {
  const enabled = offlineEnabled(user);
  const [orders, setOrders] = useState(null);
  const [unreachable, setUnreachable] = useState(false);
  const [cancelling, setCancelling] = useState(null);
  const load = () => {
    const path = `/users/orders?buyerId=${encodeURIComponent(buyerId)}`;
    const work = enabled
      ? networkOr(
          () => get(path),
          () => null,
        )
      : get(path);
    work
      .then((page) => {
        setUnreachable(page === null);
        setOrders(page ? page.data : []);
      })
      .catch((err) => {
        setOrders([]);
        alertError(err.message);
      });
  };
  useEffect(load, [buyerId, enabled]);
  const queued = useQueuedOrders(user, buyerId, () => navigator.onLine && load());
  const cancel = async () => {
    const order = cancelling;
    setCancelling(null);
    try {
      const r = await post(`/users/order/${order.orderId}/cancel`);
      alertSuccess(r.message);
      load();
    } catch (err) {
      alertError(err.message);
    }
  };
  const mayCancel = (o) => o.status === "Submitted" && (o.bookedBy === user.uid || Number(user.userType) === ADMINISTRATOR);
  return (
    <div class="card" data-testid="customer-orders">
      <div class="card-title-row">
        <h2>Orders</h2>
        <a class="btn btn-primary" href={`#/customer/order/${encodeURIComponent(buyerId)}`}>
          Take order
        </a>
      </div>
      {unreachable && (
        <p class="offline-note" role="status">
          Offline: the orders booked before need the network.
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
          empty="No orders yet"
          rowClass={(r) => (r.queued ? "row-queued" : undefined)}
          columns={[
            { key: "orderNumber", label: "Order", render: (r) => <span class="nowrap">{r.orderNumber}</span> },
            { key: "orderDate", label: "Date", render: (r) => <span class="nowrap">{formatDate(r.orderDate)}</span> },
            { key: "status", label: "Status", render: (r) => <OrderStatus status={r.status} /> },
            { key: "lineCount", label: "Products" },
            { key: "total", label: "Total", render: (r) => <span class="nowrap">{money(r.total)}</span> },
            { key: "distributorName", label: "Distributor" },
            {
              key: "actions",
              label: "Actions",
              render: (r) =>
                !r.queued && mayCancel(r) ? (
                  <button type="button" class="btn btn-small btn-danger" onClick={() => setCancelling(r)}>
                    Cancel
                  </button>
                ) : null,
            },
          ]}
        />
      )}
      <ConfirmDialog open={!!cancelling} message="Cancel this order?" onYes={cancel} onCancel={() => setCancelling(null)} />
    </div>
  );
}
