// Collections (managers and administrators, right collections_review; issue #38): the payments
// the agents collected, 30 a page newest first (GET /users/payments), by agent, day, mode and
// status, with the sums of all the filtered payments (by mode; reversed ones counted apart). The receipt number opens
// the payment's receipt with its allocations; Deposit (a collected payment: the agent handed the cash or cheque
// in) and Reverse (administrators: a bounced cheque, with a reason) ask first.
import { useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { AgentSelect } from "../../lib/agent-select";
import { ConfirmDialog } from "../../lib/confirm";
import { DateInput } from "../../lib/date-input";
import { messageFor } from "../../lib/i18n/messages";
import { formatDate, localParts, money } from "../../lib/format";
import { ADMINISTRATOR } from "../../lib/rights";
import { ServerTable } from "../../lib/server-page";
import { Loading, PageHeader, Select, TextInput } from "../../lib/ui";
import { invalidate } from "../../lib/resources";
import { Modal, ModalActions } from "../../lib/modal";
import { FilterBar } from "../../lib/filter-bar";
import { approvePayment, depositPayment, reversePayment, usePayment, usePaymentList } from "./api";
import { message, modeLabel, modeOptions } from "./payment-rules";
import { modeText, ReceiptActions, ReceiptView, receiptOf, statusLabel } from "./receipt";
import { t } from "./text";
import "./collections.css";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */
/** @typedef {import("./api").Payment} Payment */
/** @typedef {import("./api").PaymentPage} PaymentPage */

const PAGE = 30;
/** The statuses a payment goes through, as the server names them. */
export const STATUSES = ["pending", "collected", "deposited", "reversed"];

/** A payment's status as a badge. @param {{ status: string }} props */
function PaymentStatus({ status }) {
  const css = /** @type {Record<string, string>} */ ({
    pending: "loc-waiting",
    collected: "loc-waiting",
    deposited: "loc-sent",
    reversed: "loc-cancelled",
  });
  return <span class={`loc-badge ${css[status] || ""}`}>{statusLabel(status)}</span>;
}

/**
 * The sums of every payment the filters match (not of the page): the amount and count, by mode, and
 * how many were reversed (not summed).
 * @param {{ totals: import("./api").PaymentTotals }} props
 */
function Totals({ totals }) {
  return (
    <p class="collections-total" data-testid="collections-total">
      <span class="nowrap">{t("totalLine", { amount: money(totals.amount), count: totals.count })}</span>
      {totals.byMode.map((m) => (
        <span key={m.mode} class="nowrap muted">
          {modeLabel(m.mode)} {money(m.amount)}
        </span>
      ))}
      {totals.reversedCount > 0 && <span class="nowrap muted">{t("reversedCount", { count: totals.reversedCount })}</span>}
    </p>
  );
}

/** @param {{ paymentId: number, onClose: () => void }} props */
function PaymentDialog({ paymentId, onClose }) {
  const { data } = usePayment(paymentId);
  return (
    <Modal onClose={onClose} class="modal modal-wide" label={t("receipt")}>
      {!data ? <Loading /> : <ReceiptView r={receiptOf(data)} waiting={false} />}
      <ModalActions closeText={t("close")} onClose={onClose}>
        {data && <ReceiptActions r={receiptOf(data)} waiting={false} />}
      </ModalActions>
    </Modal>
  );
}

/** @param {{ payment: Payment, busy: boolean, onYes: (reason: string) => void, onCancel: () => void }} props */
function ReverseDialog({ payment, busy, onYes, onCancel }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const yes = () => {
    if (!reason.trim()) {
      setError(message("reasonRequired"));
      return;
    }
    onYes(reason.trim());
  };
  return (
    <Modal onClose={onCancel} titleId="reverse-title" title={t("pleaseConfirm")}>
      <p>
        {t("reverseQuestion", {
          receiptNo: payment.receiptNo,
          amount: money(payment.amount),
          customer: payment.customerName || payment.buyerId,
        })}
      </p>
      <TextInput
        id="reverseReason"
        label={t("reason")}
        value={reason}
        maxLength={500}
        onInput={(e) => setReason(e.currentTarget.value)}
        error={error}
      />
      <ModalActions closeText={t("cancel")} onClose={onCancel}>
        <button type="button" class="btn btn-danger" disabled={busy} onClick={yes}>
          {t("reverse")}
        </button>
      </ModalActions>
    </Modal>
  );
}

/** @param {{ user: User }} props */
export default function CollectionsScreen({ user }) {
  const list = usePaymentList(t("fromAfterTo"));
  const { filter, set, page } = list;
  const dateError = list.errors;
  const [viewing, setViewing] = useState(/** @type {number | null} */ (null));
  const [depositing, setDepositing] = useState(/** @type {Payment | null} */ (null));
  const [reversing, setReversing] = useState(/** @type {Payment | null} */ (null));
  const [busy, setBusy] = useState(false);
  const admin = Number(user.userType) === ADMINISTRATOR;
  const data = /** @type {PaymentPage | null} */ (list.answer);
  /** @param {() => Promise<{ message: string, code?: string }>} work */
  const act = async (work) => {
    setBusy(true);
    try {
      const r = await work();
      alertSuccess(messageFor(r.code, null, r.message));
      // The lists and pages of payments on screen ask again (the totals with them).
      invalidate("/users/payments");
    } catch (err) {
      alertError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      setDepositing(null);
      setReversing(null);
    }
  };
  return (
    <section>
      <PageHeader title={t("title")} back="/home">
        <a class="btn" href="#/collections/invoice-upload">
          {t("uploadInvoices")}
        </a>
      </PageHeader>
      <FilterBar list={list} searchText={t("search")}>
        <AgentSelect
          value={filter.agentId ? Number(filter.agentId) : 0}
          allLabel={t("allAgents")}
          onChange={(a) => set({ agentId: a ? String(a) : "" })}
        />
        <DateInput id="payFrom" label={t("from")} value={filter.from} onValue={(from) => set({ from })} error={dateError.from} />
        <DateInput id="payTo" label={t("to")} value={filter.to} onValue={(to) => set({ to })} error={dateError.to} />
        <Select
          id="payModeFilter"
          label={t("mode")}
          placeholder={t("allModes")}
          value={filter.mode}
          onChange={(e) => set({ mode: e.currentTarget.value })}
          options={modeOptions()}
        />
        <Select
          id="payStatusFilter"
          label={t("status")}
          placeholder={t("allStatuses")}
          value={filter.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          options={STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
      </FilterBar>
      {data && data.totals && data.totalRecords > 0 && <Totals totals={data.totals} />}
      <ServerTable
        answer={data}
        page={page}
        onPage={list.setPage}
        pageSize={PAGE}
        rowKey="paymentId"
        nouns={[t("paymentNoun"), t("paymentsNoun")]}
        countTestId="payments-count"
        testId="payments-table"
        empty={t("noPayments")}
        columns={[
          {
            key: "receiptNo",
            label: t("receipt"),
            render: (/** @type {Payment} */ p) => (
              <button
                type="button"
                class="link-button nowrap"
                aria-label={t("viewReceipt", { receiptNo: p.receiptNo })}
                onClick={() => setViewing(p.paymentId)}
              >
                {p.receiptNo}
              </button>
            ),
          },
          {
            key: "collectedAt",
            label: t("collected"),
            render: (p) => (
              <span class="cell-lines">
                <span class="nowrap">{formatDate(localParts(p.collectedAt).date)}</span>
                <span class="nowrap muted">{localParts(p.collectedAt).time}</span>
              </span>
            ),
          },
          {
            key: "customer",
            label: t("customer"),
            render: (p) => (
              <span class="cell-lines cell-text">
                <span>{p.customerName || p.buyerId}</span>
                {p.customerName && <span class="nowrap muted">{p.buyerId}</span>}
              </span>
            ),
          },
          { key: "agentName", label: t("agent") },
          {
            key: "amount",
            label: t("amount"),
            render: (p) => (
              <span class="cell-lines">
                <span class="nowrap">{money(p.amount)}</span>
                <span class="nowrap muted" title={modeText(p)}>
                  {modeLabel(p.mode)}
                </span>
              </span>
            ),
          },
          { key: "status", label: t("status"), render: (p) => <PaymentStatus status={p.status} /> },
          {
            key: "actions",
            end: true,
            label: t("actions"),
            render: (/** @type {Payment} */ p) => {
              const deposit = p.status === "collected";
              // Far above what was owed: counts once another manager approves it (the server refuses its collector).
              const approve = p.status === "pending";
              const reverse = admin && p.status !== "reversed";
              if (!deposit && !approve && !reverse) return null;
              return (
                <span class="row-actions row-actions-line">
                  {approve && (
                    <button
                      type="button"
                      class="btn btn-small"
                      disabled={busy}
                      aria-label={t("approveReceipt", { receiptNo: p.receiptNo })}
                      onClick={() => act(() => approvePayment(p.paymentId))}
                    >
                      {t("approve")}
                    </button>
                  )}
                  {deposit && (
                    <button
                      type="button"
                      class="btn btn-small"
                      disabled={busy}
                      aria-label={t("depositReceipt", { receiptNo: p.receiptNo })}
                      onClick={() => setDepositing(p)}
                    >
                      {t("deposit")}
                    </button>
                  )}
                  {reverse && (
                    <button
                      type="button"
                      class="btn btn-small btn-danger"
                      disabled={busy}
                      aria-label={t("reverseReceipt", { receiptNo: p.receiptNo })}
                      onClick={() => setReversing(p)}
                    >
                      {t("reverse")}
                    </button>
                  )}
                </span>
              );
            },
          },
        ]}
      />
      {viewing && <PaymentDialog paymentId={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={!!depositing}
        message={
          depositing
            ? t("depositQuestion", {
                receiptNo: depositing.receiptNo,
                amount: money(depositing.amount),
                mode: modeLabel(depositing.mode).toLocaleLowerCase(),
              })
            : ""
        }
        onYes={() => depositing && act(() => depositPayment(depositing.paymentId))}
        onCancel={() => setDepositing(null)}
      />
      {reversing && (
        <ReverseDialog
          payment={reversing}
          busy={busy}
          onYes={(reason) => act(() => reversePayment(reversing.paymentId, reason))}
          onCancel={() => setReversing(null)}
        />
      )}
    </section>
  );
}
