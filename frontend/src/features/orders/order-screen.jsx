// Take order (issue #18), opened from the visit screen: the customer's Must Sell products first as
// one-tap suggestions with their last quantities, a search over the product list (name, SKU,
// category), quantities in units or cases (sent as units), each line priced live as the agent
// types (issue #52: the phone's engine with its copy of schemes and rates, offline too): its
// scheme and discount, the free pieces as lines of their own, the hint of the next slab, CGST and
// SGST (or IGST) and the total in the summary, the total in a bar at the bottom; a remark and the
// visit outcome to log. Submit books the order and its visit in one call (POST /users/order with
// `visit`) and sends the total it showed (`expectedTotal`); the server prices it again and says
// when its figures differ. Agents work offline: the customer, the product list and the schemes
// come from the phone, and an order saved then waits in the phone's queue (lib/offline/) with its
// own clientId, and its visit's, so it is booked once however often it is sent.
// Parts: product-picker.jsx (Must Sell and the search), use-order-lines.js (the basket),
// order-lines-card.jsx with order-line.jsx (a line) and order-summary.jsx (the priced order),
// order-details.jsx (distributor, outcome, remark), order-bar.jsx (total, Submit), order-booking.js
// (Submit's call or queue), order-confirmation.jsx (after Submit), order-lines.js (quantities),
// pricing.js (the engine's input and figures), use-pricing-data.js.
import { useRef, useState } from "react";
import { alertError } from "../../lib/alerts";
import * as offline from "../../lib/offline/engine";
import { offlineEnabled } from "../../lib/offline/status";
import { useCustomerScreen, useOutcomes } from "../../lib/resources";
import { RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { Empty, Loading, PageHeader } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { OrderBar } from "./order-bar";
import { placeOrder } from "./order-booking";
import { Confirmation } from "./order-confirmation";
import { OrderDetails, useDistributors, useOrderOutcome } from "./order-details";
import { grossOf, lineError, unitsOf } from "./order-lines";
import { OrderLinesCard } from "./order-lines-card";
import { distributorField, hasUsualDistributor, mustSellTexts } from "./order-notes";
import { priceOrder, shownFigures } from "./pricing";
import { ProductPicker } from "./product-picker";
import { t } from "./text";
import { useOrderLines } from "./use-order-lines";
import { useProducts, useSchemesCopy } from "./use-pricing-data";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */
/** @typedef {import("./order-confirmation").OrderResult} OrderResult */

/** @param {{ params: { buyerId: string }, user: User }} props */
export default function OrderScreen({ params, user }) {
  const buyerId = decodeURIComponent(params.buyerId);
  const enabled = offlineEnabled(user);
  const withVisit = hasRight(user, RIGHT.CUSTOMER_VISIT);
  const { data: screen, loading, error } = useCustomerScreen(user, buyerId);
  const products = useProducts(user);
  const copy = useSchemesCopy(user);
  const outcomes = useOutcomes(user, withVisit && buyerId);
  const basket = useOrderLines(products, buyerId);
  const lines = basket.lines;
  const [remark, setRemark] = useState("");
  // The customer's usual distributor unless the agent picks another (the list needs the network).
  const [distributorId, setDistributorId] = useState("");
  const distributors = useDistributors();
  const [outcomeId, setOutcomeId] = useOrderOutcome(outcomes);
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState(/** @type {OrderResult | null} */ (null));
  const [busy, saving] = useSaving();
  const clientIds = useRef(/** @type {{ order: string, visit: string } | null} */ (null));

  if (result) return <Confirmation result={result} buyerId={result.buyerId} />;
  const back = `/customer/visit/${encodeURIComponent(buyerId)}`;
  if (loading) return <Loading />;
  if (!screen) {
    return (
      <section>
        <PageHeader title={t("takeOrder")} back={back} />
        <Empty text={error instanceof Error ? error.message : t("customerNotFound")} />
      </section>
    );
  }
  const customer = screen.customerDetails;
  const mustSellNote = mustSellTexts(screen);

  // Priced live: the phone's engine over its copy of schemes and rates (null while a quantity is
  // not valid; the lines then show their value before GST).
  const chosen = distributors.find((d) => String(d.distributorId) === distributorId);
  const priced = priceOrder({
    lines: lines.map((l) => ({ productId: l.product.productId, quantity: unitsOf(l), price: l.product.price })),
    copy,
    customer: { buyerId: customer.buyerID, state: customer.state, retailerType: customer.retailerType },
    // The usual distributor is the server's to find: its state is not on the phone (same state).
    distributor: chosen ? { distributorId: chosen.distributorId, state: /** @type {any} */ (chosen).state } : null,
  });
  const byId = new Map((products || []).map((p) => [p.productId, p]));
  const shown = priced ? shownFigures(priced, byId, copy ? copy.schemes : []) : null;
  const total = shown ? shown.totals.total : Math.round(lines.reduce((sum, l) => sum + grossOf(l), 0) * 100) / 100;
  const distributorShown = distributorField(hasUsualDistributor(screen), distributorId);
  const errors = {
    lines: lines.length ? null : t("addOne"),
    distributor: distributorShown.error,
    outcome: withVisit && !outcomeId ? t("outcomeRequired") : null,
    each: lines.map(lineError),
  };
  const invalid = errors.lines || errors.distributor || errors.outcome || errors.each.some(Boolean);

  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    setChecked(true);
    if (invalid) {
      alertError(t("correctOrder"));
      return;
    }
    await saving(async () => {
      // The order's clientId and its visit's, kept until it is booked or queued, make a repeat
      // harmless (a Submit after an error, the queue): the server answers it as the first booking.
      const ids = (clientIds.current = clientIds.current || { order: offline.newClientId(), visit: offline.newClientId() });
      const answer = await placeOrder({
        user,
        mayQueue: enabled,
        withVisit,
        ids,
        customer,
        distributorId,
        remark,
        outcomeId,
        outcomes,
        lines,
        total,
        priced,
        shown,
      });
      clientIds.current = null;
      setResult({ answer, shownTotal: total, queued: !!answer.queued, buyerId: customer.buyerID, buyerName: customer.buyerName });
      window.scrollTo(0, 0);
    });
  };

  return (
    <form class="order-screen" onSubmit={submit} noValidate>
      <PageHeader title={t("takeOrder")} back={back} />
      <p class="order-customer" data-testid="order-customer">
        <strong>{customer.buyerID}</strong> {customer.buyerName}
      </p>
      {mustSellNote.note && (
        <p class="offline-note" role="status">
          {mustSellNote.note}
        </p>
      )}
      <ProductPicker screen={screen} products={products} basket={basket} mustSellEmpty={mustSellNote.empty} enabled={enabled} />
      <OrderLinesCard basket={basket} errors={checked ? errors : null} priced={priced} shown={shown} copy={copy} />
      <OrderDetails
        distributors={distributors}
        distributorId={distributorId}
        onDistributor={setDistributorId}
        distributorShown={distributorShown}
        outcomes={withVisit ? outcomes : null}
        outcomeId={outcomeId}
        onOutcome={setOutcomeId}
        remark={remark}
        onRemark={setRemark}
        errors={checked ? errors : null}
      />
      <OrderBar count={lines.length} total={total} busy={busy} />
    </form>
  );
}
