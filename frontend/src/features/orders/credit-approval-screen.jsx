// Credit Approval (issue #38; right credit_approval: area managers, administrators): the orders of
// the caller's team held over their customer's credit limit (GET /users/orders/held, 30 a page,
// the longest waiting first), each as a card with the customer, agent, total, the customer's
// outstanding, open orders and limit now, why it was held and when it was booked. Approve (a
// reason may be given) or Reject (a reason is required) after a confirmation; the list then asks
// again. Cards, not a table: they read at 390 px and sit two or three a row at 1280 px.
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { formatDateTime, money } from "../../lib/format";
import { heldReasonText } from "../../lib/order-status";
import { alertFailure, invalidate } from "../../lib/resources";
import { Pager } from "../../lib/table";
import { Empty, Field, Loading, PageHeader, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { Modal, ModalActions } from "../../lib/modal";
import { approveOrder, rejectOrder, useHeldOrders } from "./api";
import { heldFigures } from "./order-notes";
import { t } from "./text";
import "./credit-approval.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["HeldOrder"]} Held */

const PAGE = 30;
/** The longest reason the server takes. */
const MAX_REASON = 500;

/**
 * The confirmation of a decision, with its reason (required to reject).
 * @param {{ order: Held, approve: boolean, onClose: () => void, onDone: () => void }} props
 */
function DecideDialog({ order, approve, onClose, onDone }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, saving] = useSaving();
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    const text = reason.trim();
    if (!approve && !text) {
      setError(t("reasonRequired"));
      return;
    }
    if (text.length > MAX_REASON) {
      setError(t("reasonTooLong", { max: MAX_REASON }));
      return;
    }
    setError(null);
    await saving(async () => {
      try {
        const r = approve ? await approveOrder(order.orderId, text) : await rejectOrder(order.orderId, text);
        alertSuccess(r.message);
      } catch (err) {
        alertFailure(err);
      }
      onDone();
    });
  };
  const verb = approve ? t("approve") : t("reject");
  const asked = { number: order.orderNumber, name: order.buyerName, total: money(order.total) };
  return (
    <Modal onClose={onClose} onSubmit={submit} titleId="decide-title" title={t("confirmTitle")}>
      <p>{approve ? t("approveQuestion", asked) : t("rejectQuestion", asked)}</p>
      <Field label={approve ? t("reasonOptional") : t("reason")} id="decideReason" error={error}>
        <textarea
          id="decideReason"
          rows={3}
          maxLength={MAX_REASON}
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </Field>
      <ModalActions closeText={t("cancel")} onClose={onClose}>
        <SubmitButton busy={busy}>{verb}</SubmitButton>
      </ModalActions>
    </Modal>
  );
}

/** @param {{ order: Held, onDecide: (approve: boolean) => void }} props */
function HeldCard({ order, onDecide }) {
  const shown = heldFigures(order, heldReasonText(order));
  /** @type {[string, import("preact").ComponentChildren][]} */
  const facts = [
    [t("customer"), `${order.buyerId} - ${order.buyerName}`],
    [t("agent"), order.agentName || order.bookedByName],
    [t("booked"), formatDateTime(order.createdAt)],
    [t("total"), <strong key="t">{money(order.total)}</strong>],
    [shown.outstanding, money(order.outstanding)],
    [shown.openOrders, money(order.openOrders)],
    [shown.creditLimit, order.creditLimit == null ? t("noneNow") : money(order.creditLimit)],
  ];
  return (
    <li class="card held-card" data-testid="held-order">
      <div class="card-title-row">
        <h2>{order.orderNumber}</h2>
        <span class="loc-badge loc-none">{t("awaitingApproval")}</span>
      </div>
      <dl>
        {facts.map(([k, v]) => (
          <div key={k} class="dl-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p class="offline-note" data-testid="held-reason">
        {shown.reason}
      </p>
      <div class="held-actions">
        <button
          type="button"
          class="btn btn-primary"
          aria-label={t("approveOrder", { number: order.orderNumber })}
          onClick={() => onDecide(true)}
        >
          {t("approve")}
        </button>
        <button
          type="button"
          class="btn btn-danger"
          aria-label={t("rejectOrder", { number: order.orderNumber })}
          onClick={() => onDecide(false)}
        >
          {t("reject")}
        </button>
      </div>
    </li>
  );
}

export default function CreditApprovalScreen() {
  const { page, setPage, answer: data } = useHeldOrders();
  const [deciding, setDeciding] = useState(/** @type {{ order: Held, approve: boolean } | null} */ (null));
  const pages = data ? Math.max(1, Math.ceil(data.totalRecords / PAGE)) : 1;
  return (
    <section>
      <PageHeader title={t("creditApproval")} back="/home" />
      <p class="muted">{t("creditIntro")}</p>
      {!data ? (
        <Loading />
      ) : (
        <>
          {/* The count over a list; with none, "No orders await approval" alone says it (issue #55). */}
          {data.totalRecords > 0 && (
            <p class="muted" data-testid="held-count">
              {t("heldCount", { count: data.totalRecords })}
            </p>
          )}
          {data.data.length ? (
            <ul class="held-list">
              {
                /** @type {Held[]} */ (data.data).map((o) => (
                  <HeldCard key={o.orderId} order={o} onDecide={(approve) => setDeciding({ order: o, approve })} />
                ))
              }
            </ul>
          ) : (
            <Empty text={t("noneAwait")} />
          )}
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      {deciding && (
        <DecideDialog
          order={deciding.order}
          approve={deciding.approve}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            invalidate("/users/orders");
          }}
        />
      )}
    </section>
  );
}
