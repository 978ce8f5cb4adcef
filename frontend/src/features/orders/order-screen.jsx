// Take order (issue #18), opened from the visit screen: the customer's Must Sell products first as
// one-tap suggestions with their last quantities, a search over the product list (name, SKU,
// category), quantities in units or cases (sent as units), line totals and the order total in a
// bar at the bottom, a remark and the visit outcome to log; Submit books the order and its visit
// in one call (POST /users/order with `visit`). The server books at its own prices and says when
// they differ from the screen's. Agents work offline: the customer and the product list come from
// the phone, and an order saved then waits in the phone's queue (lib/offline/) with its own
// clientId, and its visit's, so it is booked once however often it is sent.
import { useEffect, useMemo, useRef, useState } from "react";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { formatDateTime, money } from "../../lib/format";
import { Icon } from "../../lib/icons";
import { currentPosition } from "../../lib/location";
import * as offline from "../../lib/offline/engine";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { heldReasonText, OrderStatus } from "../../lib/order-status";
import { useCustomerScreen, useOutcomes } from "../../lib/resources";
import { hasRight } from "../../lib/session";
import { DataTable } from "../../lib/table";
import { Empty, Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { AGENT, RIGHT } from "../../lib/rights";
import { bookOrder, distributors as distributorList } from "./api";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/** @typedef {Schemas["Product"]} Product */
/** @typedef {import("../../lib/offline/queue").ShownLine} ShownLine */
/** A line being typed: the product, its quantity as typed, in units or cases. */
/** @typedef {{ product: Product, qty: string, unit: "units" | "cases" }} Line */
/**
 * The answer after Submit: the server's booking, or (queued) the screen's lines and total.
 * @typedef {Omit<Partial<Schemas["OrderBooked"]>, "lines" | "total" | "message"> & { queued?: boolean, message: string, total: number,
 *   lines: (ShownLine | Schemas["OrderLine"])[] }} OrderAnswer
 * @typedef {{ answer: OrderAnswer, shownTotal: number, queued: boolean, buyerId: string, buyerName: string }} OrderResult
 */

/** The largest quantity of one line, in units (the server's limit). */
const MAX_UNITS = 100000;
const DEFAULT_OUTCOME = "order placed";

/**
 * The active products: fetched (and kept on the phone for agents), else the phone's copy.
 * @param {User} user
 */
function useProducts(user) {
  const enabled = offlineEnabled(user);
  const [products, setProducts] = useState(/** @type {Product[] | null} */ (null));
  useEffect(() => {
    (enabled
      ? networkOr(
          () => offline.refreshProducts(user.uid),
          () => offline.lastProducts(user.uid),
        )
      : offline.fetchProducts()
    )
      .then((list) => setProducts(list || []))
      .catch((err) => {
        alertError(err.message);
        setProducts([]);
      });
  }, [enabled, user.uid]);
  return products;
}

/** A line's quantity in units, or NaN when the typed quantity is not a whole number of 1 or more. @param {Line} line */
function unitsOf(line) {
  const text = String(line.qty).trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) return NaN;
  return Number(text) * (line.unit === "cases" ? line.product.packSize || 1 : 1);
}

/** @param {Line} line */
function lineError(line) {
  const units = unitsOf(line);
  if (Number.isNaN(units)) return t("lineWhole");
  if (units > MAX_UNITS) return t("lineMax");
  return null;
}

/** @param {Line} line */
const lineTotal = (line) => {
  const units = unitsOf(line);
  return Number.isNaN(units) ? 0 : Math.round(units * (line.product.price || 0) * 100) / 100;
};

/** @param {Product} p */
function productNote(p) {
  return [
    p.sku,
    p.category,
    p.price != null ? t("pricePerUnit", { price: money(p.price) }) : t("noPrice"),
    (p.packSize || 1) > 1 ? t("caseOf", { size: p.packSize }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * @param {{ line: Line, index: number, error: string | null, onChange: (next: Line) => void, onRemove: () => void }} props
 */
function OrderLine({ line, index, error, onChange, onRemove }) {
  const p = line.product;
  const id = `qty-${p.productId}`;
  const units = unitsOf(line);
  return (
    <li class="order-line" data-testid="order-line">
      <div class="order-line-head">
        <div class="product-info">
          <strong>{p.productName}</strong>
          <small class="muted">{productNote(p)}</small>
        </div>
        <button type="button" class="icon-btn" aria-label={t("removeProduct", { name: p.productName })} onClick={onRemove}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <div class="order-line-qty">
        <label class="visually-hidden" for={id}>
          {t("quantityOf", { name: p.productName })}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          value={line.qty}
          aria-invalid={!!error}
          onInput={(e) => onChange({ ...line, qty: e.currentTarget.value })}
        />
        {(p.packSize || 1) > 1 ? (
          <div class="seg" role="group" aria-label={t("unitOfLine", { line: index + 1 })}>
            {
              /** @type {const} */ (["units", "cases"]).map((u) => (
                <button key={u} type="button" aria-pressed={line.unit === u} onClick={() => onChange({ ...line, unit: u })}>
                  {u === "units" ? t("unitsButton") : t("casesButton")}
                </button>
              ))
            }
          </div>
        ) : (
          <span class="muted">{t("units")}</span>
        )}
        <span class="line-total" data-testid="line-total">
          {money(lineTotal(line))}
        </span>
      </div>
      {line.unit === "cases" && !Number.isNaN(units) && <small class="hint">{t("inUnits", { units })}</small>}
      {error && (
        <small class="field-error" role="status">
          {error}
        </small>
      )}
    </li>
  );
}

/** The answer shown after Submit: the server's (or, queued, the screen's) lines and total. @param {{ result: OrderResult, buyerId: string }} props */
function Confirmation({ result, buyerId }) {
  const { answer, shownTotal, queued, buyerName } = result;
  const back = `/customer/visit/${encodeURIComponent(buyerId)}`;
  const changed = !queued && (answer.priceChanged || Math.abs(answer.total - shownTotal) >= 0.005);
  // Over the customer's credit limit: booked, but held for a manager's approval.
  const held = !queued && answer.status === "Awaiting approval";
  return (
    <section>
      <PageHeader title={queued ? t("titleSaved") : held ? t("titleAwaiting") : t("titleSubmitted")} back={back} />
      <div class="card" data-testid="order-confirmation">
        {queued && (
          <p class="offline-note" role="status">
            {t("savedNote")}
          </p>
        )}
        {changed && (
          <p class="offline-note" role="status" data-testid="price-changed">
            {t("pricesChanged", { total: money(answer.total) })}
          </p>
        )}
        {answer.duplicate && <p class="muted">{t("duplicate")}</p>}
        {held && (
          <p class="offline-note" role="status" data-testid="order-held">
            {t("heldNote", { reason: heldReasonText(answer) })}
          </p>
        )}
        <dl>
          <div class="dl-row">
            <dt>{t("order")}</dt>
            <dd data-testid="order-number">
              {queued ? t("waitingToSync") : t("orderNumber", { number: answer.orderNumber, id: answer.orderId })}
            </dd>
          </div>
          <div class="dl-row">
            <dt>{t("customer")}</dt>
            <dd>{buyerName ? `${buyerId} - ${buyerName}` : buyerId}</dd>
          </div>
          {!queued && (
            <>
              <div class="dl-row">
                <dt>{t("status")}</dt>
                <dd>
                  <OrderStatus status={answer.status} />
                </dd>
              </div>
              <div class="dl-row">
                <dt>{t("distributor")}</dt>
                <dd>{answer.distributorName}</dd>
              </div>
            </>
          )}
          <div class="dl-row">
            <dt>{t("total")}</dt>
            <dd>
              <strong data-testid="confirmed-total">{money(answer.total)}</strong>
            </dd>
          </div>
        </dl>
        <DataTable
          serial={false}
          pageSize={1000}
          testId="confirmed-lines"
          rows={answer.lines.map((l) => ({ ...l, key: l.productId }))}
          columns={[
            { key: "productName", label: t("product") },
            { key: "quantity", label: t("quantity") },
            { key: "unitPrice", label: t("unitPrice"), render: (l) => money(l.unitPrice) },
            { key: "lineTotal", label: t("lineTotal"), render: (l) => money(l.lineTotal) },
          ]}
        />
        <a class="btn btn-primary" href={`#${back}`}>
          {t("backToCustomer")}
        </a>
      </div>
    </section>
  );
}

/** @param {{ params: { buyerId: string }, user: User }} props */
export default function OrderScreen({ params, user }) {
  const buyerId = decodeURIComponent(params.buyerId);
  const enabled = offlineEnabled(user);
  const withVisit = hasRight(user, RIGHT.CUSTOMER_VISIT);
  const { data: screen, loading, error } = useCustomerScreen(user, buyerId);
  const products = useProducts(user);
  const outcomes = useOutcomes(user, withVisit && buyerId);
  const [lines, setLines] = useState(/** @type {Line[]} */ ([]));
  const [query, setQuery] = useState("");
  const [remark, setRemark] = useState("");
  // The customer's usual distributor unless the agent picks another (the list needs the network).
  const [distributorId, setDistributorId] = useState("");
  const [distributors, setDistributors] = useState(/** @type {Schemas["Distributor"][]} */ ([]));
  useEffect(() => {
    distributorList().then(setDistributors, () => {});
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
  const total = Math.round(lines.reduce((sum, l) => sum + lineTotal(l), 0) * 100) / 100;
  const errors = {
    lines: lines.length ? null : t("addOne"),
    outcome: withVisit && !outcomeId ? t("outcomeRequired") : null,
    each: lines.map(lineError),
  };
  const invalid = errors.lines || errors.outcome || errors.each.some(Boolean);

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
      const shown = lines.map((l) => ({
        productId: l.product.productId,
        productName: l.product.productName,
        quantity: unitsOf(l),
        unitPrice: l.product.price,
        lineTotal: lineTotal(l),
      }));
      /** @returns {Promise<OrderAnswer>} */
      const send = () => bookOrder(body);
      /** @returns {Promise<OrderAnswer>} */
      const queue = async () => {
        await offline.enqueue(user.uid, {
          kind: "order",
          clientId: ids.order,
          order: body,
          buyerName: customer.buyerName,
          outcomeName: outcome ? outcome.outCome : "",
          total,
          lines: shown,
        });
        return { queued: true, message: offline.queuedMessage(t("titleSaved")), total, lines: shown };
      };
      // As a visit's save: an order the server did not judge waits on the phone, a refusal shows.
      const answer = enabled ? await networkOr(send, queue, offline.unjudged) : await send();
      clientIds.current = null;
      const changed = !answer.queued && (answer.priceChanged || Math.abs(answer.total - total) >= 0.005);
      if (answer.queued) alertInfo(answer.message);
      else if (answer.status === "Awaiting approval") alertInfo(t("awaitingAlert", { reason: heldReasonText(answer) }));
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
      {(screen.seenAt || screen.fromCopy) && (
        <p class="offline-note" role="status">
          {screen.fromCopy ? t("noMustSellOffline") : t("mustSellSeen", { at: formatDateTime(screen.seenAt) })}
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
              <Empty text={t("noMustSell")} />
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
      </div>
      <div class="card">
        <Select
          id="orderDistributor"
          label={t("distributor")}
          value={distributorId}
          onChange={(e) => setDistributorId(e.currentTarget.value)}
          placeholder={t("usualDistributor")}
          hint={t("distributorHint")}
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
