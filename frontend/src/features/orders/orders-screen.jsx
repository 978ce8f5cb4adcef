// Orders (managers, back office, administrators; right rpt_orders): the booked orders of the
// caller's customers, 30 a page newest first (GET /users/orders), between two dates, with status,
// customer, agent, distributor, total and, for administrators, why a Submitted order waits (the
// distributor has no email address); View shows an order's lines with their stored figures
// (GET /users/order/{id}): discount, taxable value, each tax and the total, the free pieces.
import { useEffect, useState } from "react";
import { DateInput } from "../../lib/date-input";
import { formatDate, formatDateTime, money } from "../../lib/format";
import { messageFor } from "../../lib/i18n/messages";
import { OrderStatus } from "../../lib/order-status";
import { ServerTable } from "../../lib/server-page";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { Modal, ModalActions } from "../../lib/modal";
import { FilterBar } from "../../lib/filter-bar";
import { useOrder, useOrderList } from "./api";
import { OrderSummary } from "./order-summary";
import { t } from "./text";
import "./orders.css";

const PAGE = 30;

/**
 * Why a Submitted order waits, in the user's language, by the reason's code.
 * @param {{ waitingReason?: string | null, waitingReasonCode?: string | null }} order
 */
const waitingText = (order) => (order.waitingReason ? messageFor(order.waitingReasonCode, null, order.waitingReason) : "");

/** @param {{ orderId: number, onClose: () => void }} props */
function OrderDialog({ orderId, onClose }) {
  // A failure is alerted by the data layer and closes the dialog.
  const { data: order, error } = useOrder(orderId);
  useEffect(() => {
    if (error) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `onClose` is the caller's, remade on every render
  }, [error]);
  return (
    <Modal
      onClose={onClose}
      class="modal modal-wide"
      titleId="order-title"
      title={order ? t("orderTitle", { number: order.orderNumber }) : t("order")}
    >
      {!order ? (
        <Loading />
      ) : (
        <>
          <dl>
            {[
              // eslint-disable-next-line react/jsx-key -- a [label, value] pair: the row below has the key
              [t("status"), <OrderStatus status={order.status} order={order} />],
              [t("customer"), `${order.buyerId} - ${order.buyerName}`],
              [t("booked"), t("bookedBy", { at: formatDateTime(order.createdAt), name: order.bookedByName })],
              [t("distributor"), order.distributorName],
              [t("remark"), order.remark],
              [t("sent"), order.sentAt && formatDateTime(order.sentAt)],
              [t("cancelled"), order.cancelledAt && formatDateTime(order.cancelledAt)],
              [t("waiting"), waitingText(order)],
              [t("total"), money(order.total)],
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
              { key: "productName", label: t("product") },
              { key: "sku", label: t("sku") },
              { key: "quantity", label: t("quantity") },
              { key: "unitPrice", label: t("unitPrice"), render: (l) => money(l.unitPrice) },
              { key: "discount", label: t("discount"), render: (l) => money(l.discount) },
              { key: "taxable", label: t("taxable"), render: (l) => money(l.taxable) },
              {
                key: "tax",
                label: t("gst"),
                render: (l) => money(Math.round((Number(l.cgst) + Number(l.sgst) + Number(l.igst)) * 100) / 100),
              },
              { key: "lineTotal", label: t("lineTotal"), render: (l) => money(l.lineTotal) },
            ]}
          />
          <OrderSummary totals={order.totals} free={order.free} nearMiss={[]} />
        </>
      )}
      <ModalActions closeText={t("close")} onClose={onClose} />
    </Modal>
  );
}

export default function OrdersScreen() {
  const list = useOrderList(t("fromBeforeTo"));
  const { filter, set, page, answer: data } = list;
  const dateError = list.errors.from || list.errors.to || null;
  const [viewing, setViewing] = useState(/** @type {number | null} */ (null));
  return (
    <section class="orders-list">
      <PageHeader title={t("orders")} back="/home" />
      <FilterBar list={list} searchText={t("search")}>
        <DateInput id="ordersFrom" label={t("from")} value={filter.from} onValue={(from) => set({ from })} error={dateError} />
        <DateInput id="ordersTo" label={t("to")} value={filter.to} onValue={(to) => set({ to })} />
      </FilterBar>
      <ServerTable
        answer={data}
        page={page}
        onPage={list.setPage}
        pageSize={PAGE}
        rowKey="orderId"
        nouns={[t("orderOne"), t("orderMany")]}
        countTestId="orders-count"
        testId="orders-table"
        empty={t("noOrders")}
        columns={[
          { key: "orderNumber", label: t("order"), render: (o) => <span class="nowrap">{o.orderNumber}</span> },
          { key: "orderDate", label: t("date"), render: (o) => <span class="nowrap">{formatDate(o.orderDate)}</span> },
          { key: "status", label: t("status"), render: (o) => <OrderStatus status={o.status} order={o} /> },
          { key: "customer", label: t("customer"), render: (o) => `${o.buyerId} - ${o.buyerName}` },
          { key: "bookedByName", label: t("agent") },
          { key: "distributorName", label: t("distributor") },
          { key: "total", label: t("total"), render: (o) => <span class="nowrap">{money(o.total)}</span> },
          {
            key: "waitingReason",
            label: t("waiting"),
            render: (o) => o.waitingReason && <span class="state-failed waiting-reason">{waitingText(o)}</span>,
          },
          {
            key: "actions",
            end: true,
            label: t("actions"),
            render: (o) => (
              <button
                type="button"
                class="btn btn-small"
                aria-label={t("viewOrder", { number: o.orderNumber })}
                onClick={() => setViewing(o.orderId)}
              >
                {t("view")}
              </button>
            ),
          },
        ]}
      />
      {viewing && <OrderDialog orderId={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
