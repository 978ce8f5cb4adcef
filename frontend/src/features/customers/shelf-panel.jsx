// The visit screen's shelf count and returns (issue #54). Shelf count: the customer's usual
// products (last ordered first, from GET /users/customer/suggested-order, kept on the phone for
// offline) and any other found by search, a count each; saved through the phone's queue (POST
// /users/stock), it gives the suggested order at once by the server's rule (lib/shop-handoff.js),
// and one tap takes that into the order screen. Returns: product, quantity, reason, batch and
// expiry where the reason needs them, an optional photo (sent through the visit photo pipeline
// with the visit just saved), queued once per clientId (POST /users/return).
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { alertError, alertInfo } from "../../lib/alerts";
import { suggestedOrder } from "./api";
import * as offline from "../../lib/offline/engine";
import { handOverOrder, keepSuggested, lastSuggested, suggestedQuantity } from "../../lib/shop-handoff";
import { PhotoCapture } from "../../lib/photos/photo-capture";
import { queueVisitPhotos } from "../../lib/photos/photo-queue";
import { hasRight } from "../../lib/session";
import { RIGHT } from "../../lib/rights";
import { Field, Select } from "../../lib/ui";
import { reasonLabel, t } from "../../lib/shelf-text";
import "./shelf-panel.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {{ productId: number, productName: string, packSize: number, averageWeekly: number }} Usual */

/**
 * The active products of the phone's copy (or the server's list).
 * @param {number} uid
 */
function useProductList(uid) {
  const [products, setProducts] = useState(/** @type {Schemas["Product"][]} */ ([]));
  useEffect(() => {
    offline
      .refreshProducts(uid)
      .catch(() => offline.lastProducts(uid))
      .then((list) => setProducts(list || []))
      .catch(() => setProducts([]));
  }, [uid]);
  return products;
}

/** @param {{ buyerId: string, buyerName: string, user: Schemas["SessionBody"], visitClientId: string | null }} props */
export function ShelfPanel({ buyerId, buyerName, user, visitClientId }) {
  const [, navigate] = useLocation();
  const products = useProductList(user.uid);
  const [usual, setUsual] = useState(/** @type {Usual[]} */ ([]));
  const [counts, setCounts] = useState(/** @type {Record<number, string>} */ ({}));
  const [query, setQuery] = useState("");
  useEffect(() => {
    suggestedOrder(buyerId)
      .then((/** @type {Schemas["SuggestedOrder"]} */ r) => {
        keepSuggested(buyerId, r.lines);
        return r.lines;
      })
      .catch(() => lastSuggested(buyerId) || [])
      .then((/** @type {Schemas["SuggestedLine"][]} */ lines) =>
        setUsual(
          lines.map((l) => ({
            productId: l.productId,
            productName: l.productName,
            packSize: l.packSize,
            averageWeekly: l.averageWeekly,
          })),
        ),
      );
  }, [buyerId]);
  const found = useMemo(() => (query.trim() ? offline.searchProducts(products, query).slice(0, 5) : []), [products, query]);
  const suggestion = usual.map((u) => ({
    ...u,
    suggested: suggestedQuantity(u.averageWeekly, Number(counts[u.productId] || 0), u.packSize),
  }));
  const counted = usual.filter((u) => counts[u.productId] !== undefined && counts[u.productId] !== "");
  const clientId = useRef(/** @type {string | null} */ (null));

  const saveCount = async () => {
    const lines = counted.map((u) => ({ productId: u.productId, quantity: Number(counts[u.productId]) }));
    if (!lines.length || lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 0)) {
      alertError(t("quantityWhole"));
      return;
    }
    const id = (clientId.current = clientId.current || offline.newClientId());
    await offline.enqueue(user.uid, {
      kind: "post",
      clientId: id,
      path: "/users/stock",
      body: { clientId: id, buyerId, lines },
      what: t("title"),
      buyerName,
    });
    clientId.current = null;
    offline.syncNow(user.uid).catch(() => {});
    alertInfo(offline.queuedMessage(t("countSaved")));
  };
  const take = () => {
    const lines = suggestion.filter((s) => s.suggested > 0).map((s) => ({ productId: s.productId, quantity: s.suggested }));
    if (!lines.length) {
      alertInfo(t("nothingSuggested"));
      return;
    }
    handOverOrder(buyerId, lines);
    navigate(`/customer/order/${encodeURIComponent(buyerId)}`);
  };
  return (
    <div class="card shelf-panel" data-testid="shelf-panel">
      <h2>{t("title")}</h2>
      <p class="muted">{t("hint")}</p>
      {!usual.length && <p class="muted">{t("noProducts")}</p>}
      {usual.length > 0 && (
        <table class="shelf-table">
          <thead>
            <tr>
              <th>{t("product")}</th>
              <th>{t("onShelf")}</th>
              <th>{t("averageWeekly")}</th>
              <th>{t("suggested")}</th>
            </tr>
          </thead>
          <tbody>
            {suggestion.map((s) => (
              <tr key={s.productId}>
                <td>{s.productName}</td>
                <td>
                  <input
                    id={`shelf-${s.productId}`}
                    aria-label={`${t("onShelf")}: ${s.productName}`}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    value={counts[s.productId] ?? ""}
                    onInput={(e) =>
                      setCounts({ ...counts, [s.productId]: /** @type {HTMLInputElement} */ (e.currentTarget).value })
                    }
                  />
                </td>
                <td>{s.averageWeekly}</td>
                <td data-testid={`suggested-${s.productId}`}>{s.suggested}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Field label={t("addProduct")} id="shelfSearch">
        <input
          id="shelfSearch"
          type="search"
          placeholder={t("searchProduct")}
          value={query}
          onInput={(e) => setQuery(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
        />
      </Field>
      {found.map((p) => (
        <button
          key={p.productId}
          type="button"
          class="btn"
          onClick={() => {
            if (!usual.some((u) => u.productId === p.productId)) {
              setUsual([
                ...usual,
                { productId: p.productId, productName: p.productName, packSize: p.packSize || 1, averageWeekly: 0 },
              ]);
            }
            setQuery("");
          }}
        >
          {p.productName}
        </button>
      ))}
      <div class="shelf-actions">
        <button type="button" class="btn" onClick={saveCount} disabled={!counted.length}>
          {t("saveCount")}
        </button>
        {hasRight(user, RIGHT.ORDER_BOOKING) && (
          <button type="button" class="btn btn-primary" onClick={take} data-testid="take-suggested">
            {t("takeSuggested")}
          </button>
        )}
      </div>
      <ReturnForm buyerId={buyerId} buyerName={buyerName} user={user} products={products} visitClientId={visitClientId} />
    </div>
  );
}

const REASONS = /** @type {const} */ (["damaged", "expired", "near_expiry", "wrong_item", "other"]);

/** @param {{ buyerId: string, buyerName: string, user: Schemas["SessionBody"], products: Schemas["Product"][], visitClientId: string | null }} props */
function ReturnForm({ buyerId, buyerName, user, products, visitClientId }) {
  const [productId, setProductId] = useState("");
  const [quantity, setQuantity] = useState("");
  const [reason, setReason] = useState("damaged");
  const [batch, setBatch] = useState("");
  const [expiry, setExpiry] = useState("");
  const [remark, setRemark] = useState("");
  const [photos, setPhotos] = useState(/** @type {import("../../lib/photos/photo-capture").TakenPhoto[]} */ ([]));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const clientId = useRef(/** @type {string | null} */ (null));
  const needsBatch = reason === "damaged" || reason === "expired" || reason === "near_expiry";
  const needsExpiry = reason === "expired" || reason === "near_expiry";
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    const q = Number(quantity);
    const today = new Date().toISOString().slice(0, 10);
    const problem = !productId
      ? t("chooseProduct")
      : !Number.isInteger(q) || q < 1
        ? t("quantityWhole")
        : needsBatch && !batch.trim()
          ? t("batchRequired")
          : needsExpiry && !expiry
            ? t("expiryRequired")
            : reason === "expired" && expiry > today
              ? t("expiryFuture")
              : null;
    setError(problem);
    if (problem) return;
    const id = (clientId.current = clientId.current || offline.newClientId());
    const photo = photos[0];
    if (photo && visitClientId) {
      await queueVisitPhotos(user.uid, { clientId: visitClientId, takenAt: new Date().toISOString(), buyerId, buyerName }, [
        photo,
      ]);
    }
    const body = {
      clientId: id,
      buyerId,
      reason,
      lines: [{ productId: Number(productId), quantity: q, batch: batch.trim() || null, expiry: expiry || null }],
      remark: remark.trim() || null,
      photoClientId: photo && visitClientId ? photo.key : null,
    };
    await offline.enqueue(user.uid, {
      kind: "post",
      clientId: id,
      path: "/users/return",
      body,
      what: t("returnsTitle"),
      buyerName,
    });
    clientId.current = null;
    offline.syncNow(user.uid).catch(() => {});
    setProductId("");
    setQuantity("");
    setBatch("");
    setExpiry("");
    setRemark("");
    setPhotos([]);
    alertInfo(offline.queuedMessage(t("returnSaved")));
  };
  return (
    <form class="return-form" onSubmit={submit} data-testid="return-form">
      <h3>{t("returnsTitle")}</h3>
      <Select
        id="returnProduct"
        label={t("product")}
        value={productId}
        onChange={(e) => setProductId(/** @type {HTMLSelectElement} */ (e.currentTarget).value)}
        options={products.map((p) => ({ value: String(p.productId), label: p.productName }))}
      />
      <Select
        id="returnReason"
        label={t("reason")}
        value={reason}
        onChange={(e) => setReason(/** @type {HTMLSelectElement} */ (e.currentTarget).value)}
        options={REASONS.map((r) => ({ value: r, label: reasonLabel(r) }))}
      />
      <Field label={t("quantity")} id="returnQuantity">
        <input
          id="returnQuantity"
          type="number"
          inputMode="numeric"
          min="1"
          value={quantity}
          onInput={(e) => setQuantity(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
        />
      </Field>
      {needsBatch && (
        <Field label={t("batch")} id="returnBatch">
          <input
            id="returnBatch"
            value={batch}
            maxLength={100}
            onInput={(e) => setBatch(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
          />
        </Field>
      )}
      {needsExpiry && (
        <Field label={t("expiry")} id="returnExpiry">
          <input
            id="returnExpiry"
            type="date"
            value={expiry}
            onInput={(e) => setExpiry(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
          />
        </Field>
      )}
      <Field label={t("remark")} id="returnRemark">
        <input
          id="returnRemark"
          value={remark}
          maxLength={500}
          onInput={(e) => setRemark(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
        />
      </Field>
      <h4>{t("photo")}</h4>
      {visitClientId ? (
        <PhotoCapture photos={photos} onChange={setPhotos} newKey={offline.newClientId} taken={0} idPrefix="returnPhoto" />
      ) : (
        <p class="muted">{t("photoAfterVisit")}</p>
      )}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="btn btn-primary">
        {t("recordReturn")}
      </button>
    </form>
  );
}
