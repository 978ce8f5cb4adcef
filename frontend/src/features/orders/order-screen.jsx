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
// Parts: order-line.jsx (a line), order-summary.jsx (the priced order), order-confirmation.jsx
// (after Submit), order-lines.js (quantities), pricing.js (the engine's input), use-pricing-data.js.
import { useEffect, useMemo, useRef, useState } from "react";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { formatDateTime, money } from "../../lib/format";
import { currentPosition } from "../../lib/location";
import * as offline from "../../lib/offline/engine";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { useCustomerScreen, useOutcomes } from "../../lib/resources";
import { hasRight } from "../../lib/session";
import { Empty, Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { AGENT, RIGHT } from "../../lib/rights";
import { bookOrder, distributors as distributorList } from "./api";
import { Confirmation } from "./order-confirmation";
import { OrderLine } from "./order-line";
import { grossOf, lineError, productNote, unitsOf } from "./order-lines";
import { OrderSummary } from "./order-summary";
import { warmPricing } from "../../lib/pricing/warm";
import { priceOrder, toAmount } from "./pricing";
import { distributorField, hasUsualDistributor, mustSellTexts } from "./order-notes";
import { t } from "./text";
import { useProducts, useSchemesCopy } from "./use-pricing-data";
import { takeHandedOrder } from "../../lib/shop-handoff";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/** @typedef {Schemas["Product"]} Product */
/** @typedef {import("../../lib/offline/queue").ShownLine} ShownLine */
/** @typedef {import("./order-lines").Line} Line */
/** @typedef {import("./order-confirmation").OrderAnswer} OrderAnswer */
/** @typedef {import("./order-confirmation").OrderResult} OrderResult */
/** @typedef {import("../../lib/pricing/engine").Priced} Priced */

const DEFAULT_OUTCOME = "order placed";

/**
 * The engine's figures as the summary shows them (amounts; free pieces with their names).
 * @param {Priced} priced
 * @param {Map<number, Product>} byId
 * @param {object[]} schemes the copy's schemes (for the names of free pieces' schemes)
 */
function shownFigures(priced, byId, schemes) {
  const names = new Map(schemes.map((/** @type {any} */ s) => [s.schemeId, s.name]));
  const totals = /** @type {import("./order-summary").Totals} */ (
    Object.fromEntries(Object.entries(priced.totals).map(([k, v]) => [k, toAmount(v)]))
  );
  const free = priced.free.map((f) => ({
    productId: f.productId,
    productName: byId.get(f.productId)?.productName || String(f.productId),
    quantity: f.quantity,
    schemeId: f.schemeId,
    schemeName: names.get(f.schemeId),
  }));
  const nearMiss = priced.nearMiss.map((/** @type {any} */ n) => ({
    ...n,
    needValue: n.needValue != null ? toAmount(n.needValue) : null,
    reward: {
      ...n.reward,
      flat: n.reward && n.reward.flat != null ? toAmount(n.reward.flat) : null,
      flatPerPiece: n.reward && n.reward.flatPerPiece != null ? toAmount(n.reward.flatPerPiece) : null,
    },
  }));
  return { totals, free, nearMiss };
}

/** @param {{ params: { buyerId: string }, user: User }} props */
export default function OrderScreen({ params, user }) {
  const buyerId = decodeURIComponent(params.buyerId);
  const enabled = offlineEnabled(user);
  const withVisit = hasRight(user, RIGHT.CUSTOMER_VISIT);
  const { data: screen, loading, error } = useCustomerScreen(user, buyerId);
  const products = useProducts(user);
  const copy = useSchemesCopy(user);
  const outcomes = useOutcomes(user, withVisit && buyerId);
  const [lines, setLines] = useState(/** @type {Line[]} */ ([]));
  const [query, setQuery] = useState("");
  const [remark, setRemark] = useState("");
  // The customer's usual distributor unless the agent picks another (the list needs the network).
  const [distributorId, setDistributorId] = useState("");
  const [distributors, setDistributors] = useState(/** @type {Schemas["Distributor"][]} */ ([]));
  useEffect(() => {
    distributorList().then(setDistributors, () => {});
    // The engine compiled before the first line is typed (lib/pricing/warm.js).
    const warm = setTimeout(warmPricing, 0);
    return () => clearTimeout(warm);
  }, []);
  const [outcomeId, setOutcomeId] = useState("");
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState(/** @type {OrderResult | null} */ (null));
  const [busy, saving] = useSaving();
  const clientIds = useRef(/** @type {{ order: string, visit: string } | null} */ (null));

  // "Order placed" is the outcome an order usually logs.
  useEffect(() => {
    if (outcomeId) return;
    const placed = outcomes.find((o) => String(o.outCome).trim().toLowerCase() === DEFAULT_OUTCOME);
    if (placed) setOutcomeId(String(placed.outComeId));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the list arrives: an outcome the user cleared stays cleared
  }, [outcomes]);

  const mustSell = useMemo(() => {
    if (!screen || !products) return [];
    const byName = new Map(products.map((p) => [String(p.productName).toLowerCase(), p]));
    return (screen.reOrderMustSell || []).flatMap((row) => {
      const product = byName.get(String(row.distinctProductName).toLowerCase());
      return product && product.price != null ? [{ row, product }] : [];
    });
  }, [screen, products]);
  const found = useMemo(() => offline.searchProducts(products, query), [products, query]);
  // The suggested order the visit screen handed over (one tap from the shelf count).
  useEffect(() => {
    if (!products || !products.length) return;
    const handed = takeHandedOrder(buyerId);
    if (!handed.length) return;
    const byId = new Map(products.map((p) => [p.productId, p]));
    setLines(
      handed.flatMap((h) => {
        const product = byId.get(h.productId);
        return product && product.price != null
          ? [{ product, qty: String(h.quantity), unit: /** @type {const} */ ("units") }]
          : [];
      }),
    );
  }, [products, buyerId]);

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

  /** @param {Product} p */
  const onOrder = (p) => lines.some((l) => l.product.productId === p.productId);
  /** @param {Product} p */
  const add = (p, qty = 1) => {
    if (onOrder(p)) {
      alertInfo(t("alreadyOnOrder", { name: p.productName }));
      return;
    }
    setLines([...lines, { product: p, qty: String(Math.max(1, Math.round(qty))), unit: "units" }]);
    // The new line's quantity, ready to change.
    setTimeout(() => {
      const input = document.getElementById(`qty-${p.productId}`);
      if (input) input.focus({ preventScroll: false });
    }, 0);
  };
  /** @param {number} i @returns {(next: Line) => void} */
  const change = (i) => (next) => setLines(lines.map((l, j) => (j === i ? next : l)));
  /** @param {number} i */
  const remove = (i) => () => setLines(lines.filter((_, j) => j !== i));
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
      const agent = Number(user.userType) === AGENT;
      const position = agent && withVisit ? await currentPosition({ checkIn: true }) : null;
      const outcome = outcomes.find((o) => String(o.outComeId) === outcomeId);
      // The order's clientId and its visit's, kept until it is booked or queued, make a repeat
      // harmless (a Submit after an error, the queue): the server answers it as the first booking.
      const ids = (clientIds.current = clientIds.current || { order: offline.newClientId(), visit: offline.newClientId() });
      /** @type {Schemas["BookOrder"]} */
      const body = {
        clientId: ids.order,
        buyerId: customer.buyerID,
        distributorId: distributorId ? Number(distributorId) : null,
        remark: remark.trim() || null,
        lines: lines.map((l) => ({ productId: l.product.productId, quantity: unitsOf(l), unitPrice: l.product.price ?? null })),
        expectedTotal: total,
        proposalId: null,
        visit: withVisit
          ? {
              outcomeId: Number(outcomeId),
              remark: remark.trim(),
              latitude: position ? position.latitude : null,
              longitude: position ? position.longitude : null,
              clientId: ids.visit,
              visitedAt: agent ? new Date().toISOString() : null,
              accuracy: position ? position.accuracy : null,
            }
          : null,
      };
      /** @type {ShownLine[]} */
      const shownLines = lines.map((l, i) => ({
        productId: l.product.productId,
        productName: l.product.productName,
        quantity: unitsOf(l),
        unitPrice: l.product.price,
        lineTotal: priced ? toAmount(priced.lines[i].lineTotal) : grossOf(l),
      }));
      // This screen books for a customer of the master, never a pending new shop (the shop
      // screens do), so the answer is a booking, not an OrderWaiting.
      /** @returns {Promise<OrderAnswer>} */
      const send = async () => /** @type {Schemas["OrderBooked"]} */ (await bookOrder(body));
      /** @returns {Promise<OrderAnswer>} */
      const queue = async () => {
        await offline.enqueue(user.uid, {
          kind: "order",
          clientId: ids.order,
          order: body,
          buyerName: customer.buyerName,
          outcomeName: outcome ? outcome.outCome : "",
          total,
          // Today's targets add it to the month's sales value (paise, as the server stores it).
          taxable: priced ? priced.totals.taxable : undefined,
          lines: shownLines,
        });
        return {
          queued: true,
          message: offline.queuedMessage(t("titleSaved")),
          total,
          lines: shownLines,
          totals: shown ? shown.totals : undefined,
          free: shown ? shown.free : [],
        };
      };
      // As a visit's save: an order the server did not judge waits on the phone, a refusal shows.
      const answer = enabled ? await networkOr(send, queue, offline.unjudged) : await send();
      clientIds.current = null;
      const changed = !answer.queued && (answer.priceChanged || Math.abs(answer.total - total) >= 0.005);
      if (answer.queued) alertInfo(answer.message);
      // The toast names the state; the reason is in the note under it, once (issue #55).
      else if (answer.status === "Awaiting approval") alertInfo(t("titleAwaiting"));
      else if (changed) alertInfo(t("pricesChanged", { total: money(answer.total) }));
      else alertSuccess(answer.message);
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
      {products === null ? (
        <Loading text={t("loadingProducts")} />
      ) : (
        <>
          <div class="card">
            <h2>{t("mustSell")}</h2>
            {mustSell.length ? (
              <ul class="chips" data-testid="must-sell-suggestions">
                {mustSell.map(({ row, product }) => (
                  <li key={product.productId}>
                    <button
                      type="button"
                      class="chip"
                      disabled={onOrder(product)}
                      onClick={() => add(product, row.lastOrderShippedQty)}
                    >
                      <span>{product.productName}</span>
                      <small>
                        {onOrder(product) ? t("onTheOrder") : t("lastQuantity", { count: Math.round(row.lastOrderShippedQty) })}
                      </small>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty text={mustSellNote.empty} />
            )}
          </div>
          <div class="card">
            <Field label={t("searchProducts")} id="productSearch">
              <input
                id="productSearch"
                type="search"
                autocomplete="off"
                placeholder={t("searchPlaceholder")}
                value={query}
                onInput={(e) => setQuery(e.currentTarget.value)}
              />
            </Field>
            {!products.length && <Empty text={enabled ? t("productsNotOnPhone") : t("noProducts")} />}
            {query.trim() !== "" &&
              products.length > 0 &&
              (found.length ? (
                <ul class="product-results" data-testid="product-results">
                  {found.map((p) => (
                    <li key={p.productId}>
                      <div class="product-info">
                        <strong>{p.productName}</strong>
                        <small class="muted">{productNote(p)}</small>
                      </div>
                      <button
                        type="button"
                        class="btn btn-small"
                        aria-label={t("addProduct", { name: p.productName })}
                        disabled={p.price == null || onOrder(p)}
                        onClick={() => add(p)}
                      >
                        {onOrder(p) ? t("added") : t("add")}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty text={t("noMatch")} />
              ))}
          </div>
        </>
      )}
      <div class="card">
        <h2>{t("order")}</h2>
        {lines.length ? (
          <ul class="order-lines">
            {lines.map((l, i) => (
              <OrderLine
                key={l.product.productId}
                line={l}
                index={i}
                error={checked ? errors.each[i] : null}
                priced={priced ? priced.lines[i] : null}
                fallbackTotal={grossOf(l)}
                onChange={change(i)}
                onRemove={remove(i)}
              />
            ))}
          </ul>
        ) : (
          <Empty text={t("noLines")} />
        )}
        {checked && errors.lines && (
          <p class="field-error" role="status">
            {errors.lines}
          </p>
        )}
        {shown && lines.length > 0 && (
          <OrderSummary
            totals={shown.totals}
            free={shown.free}
            nearMiss={shown.nearMiss}
            note={copy ? (copy.at ? t("pricedOffline", { at: formatDateTime(copy.at) }) : null) : t("noSchemesCopy")}
          />
        )}
      </div>
      <div class="card">
        <Select
          id="orderDistributor"
          label={t("distributor")}
          value={distributorId}
          onChange={(e) => setDistributorId(e.currentTarget.value)}
          placeholder={distributorShown.placeholder}
          hint={distributorShown.hint}
          error={checked ? errors.distributor : null}
          options={distributors.map((d) => ({
            value: String(d.distributorId),
            label: d.hasEmail ? d.distributorName : t("noEmail", { name: d.distributorName }),
          }))}
        />
        {withVisit && (
          <Select
            id="orderOutcome"
            label={t("visitOutcome")}
            value={outcomeId}
            onChange={(e) => setOutcomeId(e.currentTarget.value)}
            options={outcomes.map((o) => ({ value: String(o.outComeId), label: o.outCome }))}
            error={checked ? errors.outcome : null}
          />
        )}
        <Field label={t("remark")} id="orderRemark">
          <textarea id="orderRemark" rows={2} maxLength={500} value={remark} onInput={(e) => setRemark(e.currentTarget.value)} />
        </Field>
      </div>
      <div class="footer-actions order-bar">
        <span class="order-total">
          <small>{t("totalOf", { count: lines.length })}</small>
          <strong data-testid="order-total">{money(total)}</strong>
        </span>
        {/* The bar is sticky: a press that moved the focus there from a quantity scrolled the page
            between the press and the release, which then fell on another element and submitted
            nothing. The focus stays where it is; the click submits. */}
        <SubmitButton busy={busy} onMouseDown={(/** @type {MouseEvent} */ e) => e.preventDefault()}>
          {t("submitOrder")}
        </SubmitButton>
      </div>
    </form>
  );
}
