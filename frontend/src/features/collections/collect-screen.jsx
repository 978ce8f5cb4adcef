// Collect payment (agents, right collections; issue #38): the customer's outstanding, then the
// amount, the mode (cash; cheque with its number and bank; UPI or bank transfer with a reference)
// and, as a preview, where the amount goes: the invoices the agent ticks first, in the order
// ticked, then the oldest open invoices (as the server spreads it). The payment gets its clientId and receipt number on the phone (lib/receipt-numbers.js), so
// the receipt shows at once; when the network does not answer it waits in the phone's queue (kind
// "payment") and is sent once, however often it goes. The time is now.
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { alertInfo, alertSuccess } from "../../lib/alerts";
import { formats, money } from "../../lib/format";
import { messageFor } from "../../lib/i18n/messages";
import * as offline from "../../lib/offline/engine";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { allocate, fromPaise, parseAmount, toPaise } from "../../lib/outstanding";
import { OutstandingPanel, useOutstanding } from "../../lib/outstanding-panel";
import { nextPaymentClientId, receiptNo } from "../../lib/receipt-numbers";
import { useCustomerScreen } from "../../lib/resources";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader, Select, SubmitButton, TextInput } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { recordPayment } from "./api";
import { amountForbidden, amountWarning, checkPayment, modeOptions } from "./payment-rules";
import { t } from "./text";
import "./collections.css";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */
/** @typedef {import("../../lib/offline/api").PaymentBody} PaymentBody */
/** @typedef {import("../../lib/offline/payments").Receipt} Receipt */

const EMPTY = { amount: "", mode: "cash", chequeNo: "", bank: "", reference: "" };

/** The company's currency as money shows it ("₹" of "₹0.00"), for the amount's label. */
const currencySymbol = () => money(0).replace(/[\p{N}\p{Zs}.,\u066B\u066C-]/gu, "") || formats.get().currency;

/** @param {{ params?: { buyerId?: string }, user: User }} props */
export default function CollectScreen({ params, user }) {
  const [, navigate] = useLocation();
  const buyerId = params && params.buyerId ? decodeURIComponent(params.buyerId) : "";
  const { data: screen, loading } = useCustomerScreen(user, buyerId || null);
  const { data: outstanding } = useOutstanding(user, buyerId || null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [submitted, setSubmitted] = useState(false);
  const [picked, setPicked] = useState(/** @type {string[]} */ ([]));
  const [busy, saving] = useSaving();
  // One clientId per payment until it is saved or queued: a repeat (Save after an error, the
  // queue) is then a duplicate the server answers as the first.
  const clientId = useRef(/** @type {string | null} */ (null));

  /** @param {keyof typeof EMPTY} field */
  const set = (field) => (/** @type {Event} */ e) => {
    const next = { ...values, [field]: /** @type {HTMLInputElement} */ (e.currentTarget).value };
    setValues(next);
    if (submitted) setErrors(checkPayment(next, formats.get().currency));
  };
  const invoices = outstanding ? outstanding.invoices : [];
  const paise = parseAmount(values.amount);
  const preview = paise && paise > 0 ? allocate(invoices, paise, picked) : null;
  // Told while typing (issue #55): what a rule forbids, and an amount above what is owed.
  const forbidden = amountForbidden(paise, values.mode, formats.get().currency);
  const warning = forbidden ? null : amountWarning(paise, outstanding ? toPaise(outstanding.total) : null);
  const buyerName = screen ? screen.customerDetails.buyerName : "";

  /** @param {string} invoiceNo */
  const toggle = (invoiceNo) =>
    setPicked(picked.includes(invoiceNo) ? picked.filter((n) => n !== invoiceNo) : [...picked, invoiceNo]);

  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    setSubmitted(true);
    const found = checkPayment(values, formats.get().currency);
    setErrors(found);
    if (Object.keys(found).length || !paise) return;
    await saving(async () => {
      const id = (clientId.current = clientId.current || nextPaymentClientId());
      const mode = /** @type {PaymentBody["mode"]} */ (values.mode);
      /** @type {PaymentBody} */
      const body = {
        clientId: id,
        buyerId: screen ? screen.customerDetails.buyerID : buyerId,
        amount: fromPaise(paise),
        mode,
        reference: mode === "upi" || mode === "bank" ? values.reference.trim() : null,
        chequeNo: mode === "cheque" ? values.chequeNo.trim() : null,
        bank: mode === "cheque" ? values.bank.trim() : null,
        collectedAt: new Date().toISOString(),
        invoices: picked.length ? picked : null,
      };
      const shown = allocate(invoices, paise, picked);
      /** @type {Receipt} */
      const receipt = {
        clientId: id,
        receiptNo: receiptNo(user.uid, id),
        buyerId: body.buyerId,
        buyerName,
        amount: body.amount,
        mode,
        reference: body.reference,
        chequeNo: body.chequeNo,
        bank: body.bank,
        collectedAt: body.collectedAt,
        allocations: shown.allocations.map((a) => ({ invoiceNo: a.invoiceNo, amount: fromPaise(a.paise) })),
        unallocated: fromPaise(shown.unallocated),
        agentName: user.name || "",
        paymentId: null,
      };
      const agent = offlineEnabled(user);
      const send = async () => {
        const r = await recordPayment(body);
        if (agent) {
          // The receipt and the copy's balances as the server answered (its allocation wins).
          await offline.keepReceipt(user.uid, { ...receipt, receiptNo: r.receiptNo || receipt.receiptNo }).catch(() => {});
          await offline.paymentAccepted(
            user.uid,
            { kind: "payment", clientId: id, payment: body, receiptNo: receipt.receiptNo, allocations: receipt.allocations },
            r,
          );
        }
        return { queued: false, paymentId: r.paymentId, message: messageFor(r.code, null, r.message) };
      };
      const queue = async () => {
        await offline.keepReceipt(user.uid, receipt);
        await offline.enqueue(user.uid, {
          kind: "payment",
          clientId: id,
          payment: body,
          buyerName,
          receiptNo: receipt.receiptNo,
          allocations: receipt.allocations,
          agentName: receipt.agentName,
        });
        return { queued: true, paymentId: null, message: offline.queuedMessage(t("savedOnPhone")) };
      };
      const r = agent ? await networkOr(send, queue, offline.unjudged) : await send();
      clientId.current = null;
      if (r.queued) alertInfo(r.message);
      else alertSuccess(r.message || t("paymentSaved"));
      setValues(EMPTY);
      setPicked([]);
      setSubmitted(false);
      navigate(
        agent || r.paymentId == null
          ? `/collections/receipt/${encodeURIComponent(id)}`
          : `/collections/receipt/${encodeURIComponent(id)}?paymentId=${r.paymentId}`,
      );
    });
  };

  if (!buyerId) return <PageHeader title={t("collectPayment")} back="/customer/visit" />;
  return (
    <section>
      <PageHeader title={t("collectPayment")} back={`/customer/visit/${encodeURIComponent(buyerId)}`} />
      {loading && !screen ? (
        <Loading />
      ) : (
        <p class="muted" data-testid="collect-customer">
          {buyerId}
          {buyerName ? ` - ${buyerName}` : ""}
        </p>
      )}
      <OutstandingPanel user={user} buyerId={buyerId} />
      <form class="card" onSubmit={submit} noValidate data-testid="collect-form">
        <h2>{t("payment")}</h2>
        <TextInput
          id="payAmount"
          label={t("amountIn", { currency: currencySymbol() })}
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onInput={set("amount")}
          error={errors.amount || forbidden}
        />
        {warning && (
          <p class="field-warning" role="status" data-testid="amount-warning">
            {warning}
          </p>
        )}
        <Select
          id="payMode"
          label={t("mode")}
          placeholder={null}
          value={values.mode}
          onChange={set("mode")}
          options={modeOptions()}
          error={errors.mode}
        />
        {values.mode === "cheque" && (
          <>
            <TextInput
              id="payChequeNo"
              label={t("chequeNo")}
              value={values.chequeNo}
              onInput={set("chequeNo")}
              error={errors.chequeNo}
            />
            <TextInput id="payBank" label={t("bank")} value={values.bank} onInput={set("bank")} error={errors.bank} />
          </>
        )}
        {(values.mode === "upi" || values.mode === "bank") && (
          <TextInput
            id="payReference"
            label={values.mode === "upi" ? t("upiReference") : t("transferReference")}
            value={values.reference}
            onInput={set("reference")}
            error={errors.reference}
          />
        )}
        {invoices.length > 0 && (
          <fieldset class="invoice-picks">
            <legend>{t("pickInvoices")}</legend>
            {invoices.map((i) => (
              <label key={i.invoiceNo} class="invoice-pick">
                <input type="checkbox" checked={picked.includes(i.invoiceNo)} onChange={() => toggle(i.invoiceNo)} />
                <span class="nowrap">{i.invoiceNo}</span>
                <span class="nowrap">{money(i.balance)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {preview && (
          <div data-testid="allocation-preview">
            <h3>{t("goesTo")}</h3>
            <DataTable
              serial={false}
              pageSize={1000}
              rows={preview.allocations.map((a) => ({ ...a, key: a.invoiceNo }))}
              empty={t("noOpenInvoice")}
              columns={[
                { key: "invoiceNo", label: t("invoice"), render: (a) => <span class="nowrap">{a.invoiceNo}</span> },
                { key: "paise", label: t("amount"), render: (a) => <span class="nowrap">{money(fromPaise(a.paise))}</span> },
              ]}
            />
            {preview.unallocated > 0 && preview.allocations.length > 0 && !warning && (
              <p class="muted" data-testid="unallocated">
                {t("staysUnallocated", { amount: money(fromPaise(preview.unallocated)) })}
              </p>
            )}
          </div>
        )}
        <SubmitButton busy={busy}>{t("savePayment")}</SubmitButton>
      </form>
    </section>
  );
}
