// Waiting visits (the offline bar leads here): the working day's start and end ("Start day 09:12,
// waiting"), every visit, and below them every order, every payment ("Payment ₹1,200.00 from
// Shop X, waiting", with its receipt) and every visit photo (apart, with its size and the total), saved on
// this phone that the server has not accepted yet, oldest first, with its state and the server's
// reason for a refusal; Retry sends one again, Discard (after a confirmation) drops it. Also says
// how fresh the phone's customer copy is.
import { useEffect, useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { formatDateTime, localParts, money, plural } from "../../lib/format";
import { fileSize, labelText } from "../../lib/photos/image";
import { isOffline, loadEngine, offlineEnabled, onStatus, queuedText } from "../../lib/offline/status";
import { DataTable } from "../../lib/table";
import { Empty, Loading, PageHeader, Spinner } from "../../lib/ui";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */
/** @typedef {import("../../lib/offline/queue").QueueEntry} QueueEntry */
/** @typedef {import("../../lib/offline/queue").OrderItem & import("../../lib/offline/queue").EntryState} OrderEntry */
/** @typedef {import("../../lib/offline/queue").VisitItem & import("../../lib/offline/queue").EntryState} VisitEntry */
/** @typedef {import("../../lib/offline/queue").DayItem & import("../../lib/offline/queue").EntryState} DayEntry */
/** @typedef {import("../../lib/offline/queue").PaymentItem & import("../../lib/offline/queue").EntryState} PaymentEntry */
/** @typedef {import("../../lib/offline/queue").PhotoItem & import("../../lib/offline/queue").EntryState} PhotoEntry */
/** @typedef {typeof import("../../lib/offline/engine")} Engine */

/** The State column: waiting, or refused with the server's reason. @param {{ e: QueueEntry }} props */
function EntryState({ e }) {
  return e.state === "failed" ? (
    <span class="state-failed">
      Not accepted: <span data-testid="failure-message">{e.message}</span>
    </span>
  ) : (
    "Waiting to sync"
  );
}

/** @param {{ user: User }} props */
export default function WaitingVisitsScreen({ user }) {
  const enabled = offlineEnabled(user);
  const [engine, setEngine] = useState(/** @type {Engine | null} */ (null));
  const [entries, setEntries] = useState(/** @type {QueueEntry[] | null} */ (null));
  const [copy, setCopy] = useState(/** @type {{ count: number, syncedAt: string | null } | null} */ (null));
  const [status, setStatus] = useState(/** @type {import("../../lib/offline/status").OfflineStatus | null} */ (null));
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState(/** @type {QueueEntry | null} */ (null));
  useEffect(() => onStatus(setStatus), []);
  useEffect(() => {
    if (!enabled) return undefined;
    let unwatch = () => {};
    let gone = false;
    loadEngine().then((m) => {
      if (gone) return;
      setEngine(m);
      m.listQueue(user.uid).then(setEntries);
      m.copyState(user.uid).then(setCopy);
      unwatch = m.onQueueChange(setEntries);
    });
    return () => {
      gone = true;
      unwatch();
    };
  }, [enabled, user.uid]);
  // The copy's state changes with a refresh; the status changes when one may have run.
  const online = status && status.online;
  useEffect(() => {
    if (engine) engine.copyState(user.uid).then(setCopy);
  }, [engine, online, user.uid]);

  if (!enabled) {
    return (
      <section>
        <PageHeader title="Waiting visits" back="/customer/visit" />
        <Empty text="Only agents keep visits on the phone." />
      </section>
    );
  }
  if (!engine || !entries) return <Loading />;

  /** @param {() => Promise<unknown>} work */
  const run = async (work) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      alertError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const syncNow = () =>
    run(async () => {
      /** @param {QueueEntry[]} list */
      const waitingOf = (list) => list.filter((e) => e.state === "waiting");
      /** @param {QueueEntry[]} list */
      const ordersOf = (list) => list.filter((e) => engine.kindOf(e) === "order").length;
      /** @param {QueueEntry[]} list */
      const paymentsOf = (list) => list.filter((e) => engine.kindOf(e) === "payment").length;
      /** @param {QueueEntry[]} list */
      const photosOf = (list) => list.filter((e) => engine.kindOf(e) === "photo").length;
      const before = waitingOf(entries);
      const after = waitingOf(await engine.syncNow(user.uid));
      const sent = before.length - after.length;
      if (sent > 0)
        alertSuccess(
          `${queuedText(sent, {
            orders: ordersOf(before) - ordersOf(after),
            payments: paymentsOf(before) - paymentsOf(after),
            photos: photosOf(before) - photosOf(after),
          })} sent.`,
        );
    });
  /** @param {QueueEntry} entry */
  const retry = (entry) => run(() => engine.retryEntry(user.uid, entry.clientId));
  const discard = () =>
    run(async () => {
      const entry = discarding;
      setDiscarding(null);
      if (entry) await engine.discardEntry(user.uid, entry.clientId);
    });
  const waiting = entries.filter((e) => e.state === "waiting").length;
  /** @param {QueueEntry | null} e */
  const discardName = (e) =>
    ({
      order: "order",
      "day-start": "start of your day",
      "day-end": "end of your day",
      payment: "payment",
      photo: "photo",
      visit: "visit",
    })[e ? engine.kindOf(e) : "visit"];
  const visitEntries = entries.filter(/** @returns {e is VisitEntry} */ (e) => !e.kind || e.kind === "visit");
  const dayEntries = entries.filter(/** @returns {e is DayEntry} */ (e) => e.kind === "day-start" || e.kind === "day-end");
  const paymentEntries = entries.filter(/** @returns {e is PaymentEntry} */ (e) => e.kind === "payment");
  const photoEntries = entries.filter(/** @returns {e is PhotoEntry} */ (e) => e.kind === "photo");
  const photoBytes = photoEntries.reduce((n, e) => n + (e.size || 0), 0);
  // A photo whose visit is still on this phone waits for it (a visit, or the visit of an order).
  const visitQueued = new Set(entries.map((e) => engine.visitClientIdOf(e)).filter(Boolean));
  const orderEntries = entries.filter(/** @returns {e is OrderEntry} */ (e) => e.kind === "order");
  const actions = {
    key: "actions",
    label: "Actions",
    /** @param {QueueEntry} e */
    render: (e) => (
      <span class="row-actions">
        {e.state === "failed" && (
          <button type="button" class="btn btn-small" disabled={busy} onClick={() => retry(e)}>
            Retry
          </button>
        )}
        <button type="button" class="btn btn-small btn-danger" disabled={busy} onClick={() => setDiscarding(e)}>
          Discard
        </button>
      </span>
    ),
  };
  return (
    <section>
      <PageHeader title="Waiting visits" back="/customer/visit">
        {waiting > 0 && (
          <button type="button" class="btn btn-primary" disabled={busy || isOffline()} onClick={syncNow}>
            {busy && <Spinner />}
            Sync now
          </button>
        )}
      </PageHeader>
      <p class="offline-note" data-testid="offline-copy">
        {isOffline() ? "Offline. " : ""}
        {copy && copy.syncedAt
          ? `${copy.count} customers on this phone, updated ${formatDateTime(copy.syncedAt)}.`
          : "The customer list is not on this phone yet; it loads when online."}
      </p>
      {dayEntries.length > 0 && (
        <ul class="waiting-days" data-testid="waiting-days" aria-label="Working day">
          {dayEntries.map((e) => (
            <li key={e.clientId} class={e.state === "failed" ? "row-failed" : undefined}>
              <span>
                {e.kind === "day-start" ? "Start day" : "End day"} {localParts(e.day.at).time},{" "}
                {e.state === "failed" ? <EntryState e={e} /> : "waiting"}
              </span>
              {actions.render(e)}
            </li>
          ))}
        </ul>
      )}
      <DataTable
        serial={false}
        testId="waiting-visits"
        rows={visitEntries.map((e) => ({ ...e, key: e.clientId }))}
        empty={
          orderEntries.length || dayEntries.length || paymentEntries.length || photoEntries.length
            ? "No visits are waiting."
            : "No visits are waiting: everything saved on this phone has reached the server."
        }
        rowClass={(e) => (e.state === "failed" ? "row-failed" : undefined)}
        columns={[
          { key: "customer", label: "Customer", render: (e) => `${e.buyerID}${e.buyerName ? ` - ${e.buyerName}` : ""}` },
          { key: "outcome", label: "Outcome", render: (e) => e.outcomeName || e.outcomeId },
          { key: "visitedAt", label: "Saved", render: (e) => formatDateTime(e.visitedAt) },
          { key: "state", label: "State", render: (e) => <EntryState e={e} /> },
          actions,
        ]}
      />
      {orderEntries.length > 0 && (
        <>
          <h2>Orders</h2>
          <DataTable
            serial={false}
            testId="waiting-orders"
            rows={orderEntries.map((e) => ({ ...e, key: e.clientId }))}
            rowClass={(e) => (e.state === "failed" ? "row-failed" : undefined)}
            columns={[
              {
                key: "customer",
                label: "Customer",
                render: (e) => `${e.order.buyerId}${e.buyerName ? ` - ${e.buyerName}` : ""}`,
              },
              {
                key: "lines",
                label: "Products",
                render: (/** @type {OrderEntry} */ e) =>
                  (e.lines || []).map((l) => `${l.productName} x ${l.quantity}`).join(", "),
              },
              { key: "total", label: "Total", render: (e) => money(e.total) },
              { key: "savedAt", label: "Saved", render: (e) => formatDateTime(new Date(e.savedAt).toISOString()) },
              { key: "state", label: "State", render: (e) => <EntryState e={e} /> },
              actions,
            ]}
          />
        </>
      )}
      {paymentEntries.length > 0 && (
        <>
          <h2>Payments</h2>
          <DataTable
            serial={false}
            testId="waiting-payments"
            rows={paymentEntries.map((e) => ({ ...e, key: e.clientId }))}
            rowClass={(e) => (e.state === "failed" ? "row-failed" : undefined)}
            columns={[
              {
                key: "payment",
                label: "Payment",
                wrap: true,
                render: (/** @type {PaymentEntry} */ e) =>
                  `Payment ${money(e.payment.amount)} from ${e.buyerName || e.payment.buyerId}${e.state === "waiting" ? ", waiting" : ""}`,
              },
              {
                key: "receiptNo",
                label: "Receipt",
                render: (/** @type {PaymentEntry} */ e) => (
                  <a class="nowrap" href={`#/collections/receipt/${encodeURIComponent(e.clientId)}`}>
                    {e.receiptNo}
                  </a>
                ),
              },
              {
                key: "collectedAt",
                label: "Collected",
                render: (/** @type {PaymentEntry} */ e) => formatDateTime(e.payment.collectedAt),
              },
              { key: "state", label: "State", render: (e) => <EntryState e={e} /> },
              actions,
            ]}
          />
        </>
      )}
      {photoEntries.length > 0 && (
        <>
          <h2>Photos</h2>
          <p class="muted" data-testid="waiting-photos-total">
            {plural(photoEntries.length, "photo")} waiting, {fileSize(photoBytes)}
          </p>
          <DataTable
            serial={false}
            testId="waiting-photos"
            rows={photoEntries.map((e) => ({ ...e, key: e.clientId }))}
            rowClass={(e) => (e.state === "failed" ? "row-failed" : undefined)}
            columns={[
              { key: "customer", label: "Customer", render: (e) => `${e.buyerId}${e.buyerName ? ` - ${e.buyerName}` : ""}` },
              { key: "label", label: "Label", render: (e) => labelText(e.label) || "—" },
              { key: "size", label: "Size", render: (e) => fileSize(e.size || 0) },
              { key: "takenAt", label: "Visit", render: (e) => formatDateTime(e.takenAt) },
              {
                key: "state",
                label: "State",
                render: (e) =>
                  e.state === "waiting" && visitQueued.has(e.visitClientId) ? "Waiting for its visit" : <EntryState e={e} />,
              },
              actions,
            ]}
          />
        </>
      )}
      <ConfirmDialog
        open={!!discarding}
        message={
          discarding && engine.kindOf(discarding) === "payment"
            ? "Discard this payment? It has not reached the server and will be lost; its receipt will not be in the books."
            : `Discard this ${discardName(discarding)}? It has not reached the server and will be lost.`
        }
        onYes={discard}
        onCancel={() => setDiscarding(null)}
      />
    </section>
  );
}
