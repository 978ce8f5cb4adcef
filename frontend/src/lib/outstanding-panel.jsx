// What a customer owes, on the visit screen and the collect form (issue #38): one summary line
// ("Outstanding ₹12,400.00 · 2 overdue") that opens to the ageing buckets and the open invoices
// (number, date, due, balance, days overdue). The server's figures when it answers
// (GET /users/customer/outstanding/{buyerId}); for agents, when it does not, the phone's copy
// (as fresh as the copy: "as of <sync time>"), less the payments waiting on the phone either way.
// Here in lib/ because two features show it: the customer's visit screen and the collections screens.
import { useEffect, useRef, useState } from "react";
import { formatDate, formatDateTime, money, number } from "./format";
import { customerOutstanding } from "./offline/api";
import { loadEngine, networkOr, offlineEnabled } from "./offline/status";
import { applyAllocations, overdueCount, summarize } from "./outstanding";
import { t } from "./outstanding-text";
import { keyOf, useQueuedFor, useResource } from "./resources";
import { DataTable } from "./table";
import { Loading } from "./ui";
import "./outstanding.css";

/** @typedef {import("./outstanding").Outstanding} Outstanding */
/** @typedef {Outstanding & { asOf?: string | null, fromCopy?: boolean }} Shown */
/** @typedef {import("./offline/status").OfflineUser & { uid: number }} User */

/** The ageing buckets in order (their labels: outstanding-text.js, by the same names). */
export const BUCKETS = /** @type {const} */ (["days0to30", "days31to60", "days61to90", "days90plus"]);

/**
 * The customer's outstanding as the phone should show it: the server's (less the payments still
 * waiting on this phone), else the copy's; reloads when a payment of this customer leaves the queue.
 * @param {User} user
 * @param {string | null} buyerId
 * @returns {import("./resources").Resource<Shown>}
 */
export function useOutstanding(user, buyerId) {
  const enabled = offlineEnabled(user);
  const resource = useResource(
    buyerId && keyOf("/users/customer/outstanding/{buyerId}", { path: { buyerId } }, enabled, user.uid),
    () => {
      const id = /** @type {string} */ (buyerId);
      const fromServer = async () => {
        const o = await customerOutstanding(id);
        if (!enabled) return /** @type {Shown} */ (o);
        const m = await loadEngine();
        const waiting = (await m.listQueue(user.uid).catch(() => [])).filter(
          (e) => e.kind === "payment" && e.state === "waiting" && String(e.payment.buyerId).toLowerCase() === id.toLowerCase(),
        );
        if (!waiting.length) return /** @type {Shown} */ (o);
        let invoices = o.invoices;
        for (const e of waiting) if (e.kind === "payment") invoices = applyAllocations(invoices, e.allocations);
        return /** @type {Shown} */ ({
          ...summarize(o.buyerId, invoices),
          creditLimit: o.creditLimit,
          credits: o.credits || [],
        });
      };
      const fromPhone = async () => {
        const m = await loadEngine();
        const o = await m.offlineOutstanding(user.uid, id);
        return /** @type {Shown} */ (o || { ...summarize(id, []), asOf: null, fromCopy: true });
      };
      return enabled ? networkOr(fromServer, fromPhone) : fromServer();
    },
    { silent: true },
  );
  // A payment of this customer saved on the phone (or sent from it): the figures change.
  const queued = useQueuedFor(
    user,
    buyerId,
    (e, same) => e.kind === "payment" && same(e.payment.buyerId),
    () => resource.reload(),
  );
  const count = queued.length;
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) resource.reload();
    seen.current = count;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new payment queued asks again
  }, [count]);
  return resource;
}

/** "Outstanding ₹12,400.00 · 2 overdue", or "No outstanding". @param {Outstanding} o */
export function summaryText(o) {
  if (!o.invoices.length) return t("none");
  const overdue = overdueCount(o);
  return overdue ? t("summary", { amount: money(o.total), count: overdue }) : t("total", { amount: money(o.total) });
}

/** The summary line, its parts kept whole (the figure never breaks from its word). @param {{ o: Outstanding }} props */
function SummaryLine({ o }) {
  if (!o.invoices.length) return <span>{t("none")}</span>;
  const overdue = overdueCount(o);
  return (
    <span class="outstanding-line" aria-label={summaryText(o)}>
      <span class="nowrap">{t("total", { amount: money(o.total) })}</span>
      {overdue > 0 && <span class="nowrap"> · {t("overdue", { count: overdue })}</span>}
    </span>
  );
}

/** The four ageing buckets as a row of figures. @param {{ ageing: import("./outstanding").Ageing }} props */
export function AgeingRow({ ageing }) {
  return (
    <dl class="ageing" data-testid="ageing">
      {BUCKETS.map((key) => (
        <div key={key} class="ageing-bucket" data-bucket={key}>
          <dt>{t(key)}</dt>
          <dd class="nowrap">{money(ageing[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The open invoices, oldest first. @param {{ invoices: import("./outstanding").Invoice[] }} props */
export function InvoiceTable({ invoices }) {
  return (
    <DataTable
      serial={false}
      pageSize={1000}
      testId="open-invoices"
      rows={invoices.map((i) => ({ ...i, key: i.invoiceNo }))}
      empty={t("none")}
      columns={[
        { key: "invoiceNo", label: t("invoice"), render: (i) => <span class="nowrap">{i.invoiceNo}</span> },
        { key: "invoiceDate", label: t("date"), render: (i) => <span class="nowrap">{formatDate(i.invoiceDate)}</span> },
        { key: "dueDate", label: t("due"), render: (i) => <span class="nowrap">{formatDate(i.dueDate)}</span> },
        { key: "balance", label: t("balance"), render: (i) => <span class="nowrap">{money(i.balance)}</span> },
        {
          key: "daysOverdue",
          label: t("daysOverdue"),
          render: (i) => (i.daysOverdue > 0 ? <span class="nowrap state-failed">{number(i.daysOverdue)}</span> : "—"),
        },
      ]}
    />
  );
}

/** Open at first on a wide screen; on a phone one line until tapped. */
const wide = () => typeof window.matchMedia === "function" && window.matchMedia("(min-width: 900px)").matches;

/**
 * The outstanding card: the summary line (a button that opens the details), the note of where the
 * figures come from offline, and `children` (the "Collect payment" action) under it.
 * @param {{ user: User, buyerId: string, children?: import("preact").ComponentChildren }} props
 */
export function OutstandingPanel({ user, buyerId, children }) {
  const { data, loading, error } = useOutstanding(user, buyerId);
  const [open, setOpen] = useState(wide);
  return (
    <div class="card outstanding" data-testid="outstanding">
      {loading && !data ? (
        <Loading />
      ) : !data ? (
        <p class="muted">{error instanceof Error ? error.message : t("notLoaded")}</p>
      ) : (
        <>
          <button
            type="button"
            class="outstanding-summary"
            // The details it opens exist only while shown (and never without invoices): no
            // aria-controls at an id that is not there (axe, issue #55).
            aria-expanded={data.invoices.length > 0 ? open : undefined}
            aria-controls={open && data.invoices.length > 0 ? "outstanding-details" : undefined}
            onClick={() => setOpen(!open)}
            disabled={!data.invoices.length}
            data-testid="outstanding-summary"
          >
            <SummaryLine o={data} />
            {data.invoices.length > 0 && <span aria-hidden="true">{open ? "▴" : "▾"}</span>}
          </button>
          {data.fromCopy && (
            <p class="offline-note" role="status" data-testid="outstanding-as-of">
              {data.asOf ? t("asOf", { time: formatDateTime(data.asOf) }) : t("notOnPhone")}
            </p>
          )}
          {open && data.invoices.length > 0 && (
            <div id="outstanding-details">
              <AgeingRow ageing={data.ageing} />
              <InvoiceTable invoices={data.invoices} />
            </div>
          )}
          {(data.credits || []).length > 0 && (
            <ul class="credits" data-testid="credits">
              {(data.credits || []).map((c) => (
                <li key={c.returnId}>{t("credit", { amount: money(c.amount), date: formatDate(c.approvedAt.slice(0, 10)) })}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {children}
    </div>
  );
}
