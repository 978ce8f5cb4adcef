// Orders (managers, back office, administrators; right rpt_orders): the booked orders of the
// caller's customers, 30 a page newest first (GET /users/orders), between two dates, with status,
// customer, agent, distributor, total and, for administrators, why a Submitted order waits (the
// distributor has no email address); View shows an order's lines (GET /users/order/{id}).
import { useEffect, useState } from "react";
import { alertError } from "../../lib/alerts";
import { DateInput, INVALID_DATE } from "../../lib/date-input";
import { formatDate, formatDateTime, money } from "../../lib/format";
import { OrderStatus } from "../../lib/order-status";
import { ServerTable, useServerPage } from "../../lib/server-page";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { orderDetail, ordersPagePath } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

const PAGE = 30;

/** @param {{ orderId: number, onClose: () => void }} props */
function OrderDialog({ orderId, onClose }) {
  const [order, setOrder] = useState(/** @type {Schemas["OrderDetail"] | null} */ (null));
  useEffect(() => {
    orderDetail(orderId)
      .then(setOrder)
      .catch((err) => {
        alertError(err.message);
        onClose();
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per order; `onClose` is the caller's, remade on every render
  }, [orderId]);
  return (
    <div class="modal-backdrop" onClick={onClose}>
      <div
        class="modal modal-wide"
        role="dialog"
        aria-modal="true"
        aria-labelledby="order-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="order-title">{order ? `Order ${order.orderNumber}` : "Order"}</h2>
        {!order ? (
          <Loading />
        ) : (
          <>
            <dl>
              {[
                // eslint-disable-next-line react/jsx-key -- a [label, value] pair: the row below has the key
                ["Status", <OrderStatus status={order.status} order={order} />],
                ["Customer", `${order.buyerId} - ${order.buyerName}`],
                ["Booked", `${formatDateTime(order.createdAt)} by ${order.bookedByName}`],
                ["Distributor", order.distributorName],
                ["Remark", order.remark],
                ["Sent", order.sentAt && formatDateTime(order.sentAt)],
                ["Cancelled", order.cancelledAt && formatDateTime(order.cancelledAt)],
                ["Waiting", order.waitingReason],
                ["Total", money(order.total)],
              ]
                .filter(([, v]) => v)
                .map(([k, v]) => (
                  <div key={k} class="dl-row">
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
            </dl>
            <DataTable
              serial={false}
              pageSize={1000}
              rows={order.lines.map((l) => ({ ...l, key: l.productId }))}
              columns={[
                { key: "productName", label: "Product" },
                { key: "sku", label: "SKU" },
                { key: "quantity", label: "Quantity" },
                { key: "unitPrice", label: "Unit Price", render: (l) => money(l.unitPrice) },
                { key: "lineTotal", label: "Line Total", render: (l) => money(l.lineTotal) },
              ]}
            />
          </>
        )}
        <div class="modal-actions">
          <button type="button" class="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

export default function OrdersScreen() {
  const [filter, setFilter] = useState({ from: "", to: "" });
  const [applied, setApplied] = useState({ from: "", to: "" });
  const [page, setPage] = useState(1);
  const [dateError, setDateError] = useState(/** @type {string | null} */ (null));
  const [viewing, setViewing] = useState(/** @type {number | null} */ (null));
  const [runs, setRuns] = useState(0); // Search again with the same dates: asked afresh
  const data = useServerPage(ordersPagePath({ ...applied, pageNumber: page }), {
    reload: runs,
    onError: (err) => alertError(err.message),
  });
  /** @param {Event} e */
  const search = (e) => {
    e.preventDefault();
    if (!/^(\d{4}-\d{2}-\d{2})?$/.test(filter.from) || !/^(\d{4}-\d{2}-\d{2})?$/.test(filter.to)) {
      setDateError(INVALID_DATE);
      return;
    }
    if (filter.from && filter.to && filter.from > filter.to) {
      setDateError("From must be on or before To.");
      return;
    }
    setDateError(null);
    setPage(1);
    setApplied({ ...filter });
    setRuns(runs + 1);
  };
  return (
    <section>
      <PageHeader title="Orders" back="/home" />
      <form class="toolbar" onSubmit={search} noValidate>
        <DateInput
          id="ordersFrom"
          label="From"
          value={filter.from}
          onValue={(from) => setFilter({ ...filter, from })}
          error={dateError}
        />
        <DateInput id="ordersTo" label="To" value={filter.to} onValue={(to) => setFilter({ ...filter, to })} />
        <div class="toolbar-button">
          <button type="submit" class="btn btn-primary">
            Search
          </button>
        </div>
      </form>
      <ServerTable
        answer={data}
        page={page}
        onPage={setPage}
        pageSize={PAGE}
        rowKey="orderId"
        nouns={["order", "orders"]}
        countTestId="orders-count"
        testId="orders-table"
        empty="No orders in this period"
        columns={[
          { key: "orderNumber", label: "Order", render: (o) => <span class="nowrap">{o.orderNumber}</span> },
          { key: "orderDate", label: "Date", render: (o) => <span class="nowrap">{formatDate(o.orderDate)}</span> },
          { key: "status", label: "Status", render: (o) => <OrderStatus status={o.status} order={o} /> },
          { key: "customer", label: "Customer", render: (o) => `${o.buyerId} - ${o.buyerName}` },
          { key: "bookedByName", label: "Agent" },
          { key: "distributorName", label: "Distributor" },
          { key: "total", label: "Total", render: (o) => <span class="nowrap">{money(o.total)}</span> },
          {
            key: "waitingReason",
            label: "Waiting",
            render: (o) => o.waitingReason && <span class="state-failed">{o.waitingReason}</span>,
          },
          {
            key: "actions",
            label: "Actions",
            render: (o) => (
              <button
                type="button"
                class="btn btn-small"
                aria-label={`View order ${o.orderNumber}`}
                onClick={() => setViewing(o.orderId)}
              >
                View
              </button>
            ),
          },
        ]}
      />
      {viewing && <OrderDialog orderId={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
