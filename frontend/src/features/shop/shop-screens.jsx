// New Shop (agents, outlet_proposal): a shop signed up on the spot, checked on the phone by the
// server's rules (GSTIN checksum and state, PAN, FSSAI: lib/tax-ids.js, the shared vectors) and
// queued once per clientId (offline), with its first order taken at once (queued behind it; it
// waits on the server for the approval). New Shops and Returns (managers, administrators): the
// proposals (a likely repeat flagged) and the returns (their goods, value and photo) of the team,
// to approve or reject with a reason. Cards: they read at 390 px and sit side by side at 1280 px.
import { useEffect, useRef, useState } from "react";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { AuthImage } from "../../lib/auth-image";
import { formatDate, money } from "../../lib/format";
import { currentPosition } from "../../lib/location";
import * as offline from "../../lib/offline/engine";
import { PhotoCapture } from "../../lib/photos/photo-capture";
import { queueShopPhoto } from "../../lib/photos/photo-queue";
import { alertFailure } from "../../lib/resources";
import { checkFssai, checkGstin, checkPan } from "../../lib/tax-ids";
import { Empty, Field, Loading, PageHeader, Select } from "../../lib/ui";
import { approveReturn, approveShop, proposals, rejectReturn, rejectShop, returnsList } from "./api";
import { reasonLabel, t as shelfText } from "../../lib/shelf-text";
import { t } from "./text";
import "./shop.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

const FIELDS = /** @type {const} */ (["buyerName", "mobile", "address1", "city", "state", "postalCode"]);

/**
 * The problems of a new shop's fields, by field (the server's rules).
 * @param {Record<string, string>} v
 * @returns {Record<string, string>}
 */
export function shopProblems(v) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const f of FIELDS) if (!(v[f] || "").trim()) out[f] = t("required");
  if (v.mobile && !/^[0-9]{10,11}$/.test(v.mobile.trim())) out.mobile = t("mobileInvalid");
  if (v.postalCode && !/^[0-9]{6}$/.test(v.postalCode.trim())) out.postalCode = t("postalInvalid");
  if ((v.gstin || "").trim()) {
    const g = checkGstin(v.gstin, v.state || null);
    if (!g.ok)
      out.gstin =
        g.reason === "checksum"
          ? t("gstinChecksum")
          : g.reason === "state"
            ? t("gstinState", { code: g.stateCode || "" })
            : t("gstinFormat");
  }
  if ((v.pan || "").trim() && !checkPan(v.pan)) out.pan = t("panInvalid");
  if ((v.fssai || "").trim() && !checkFssai(v.fssai)) out.fssai = t("fssaiInvalid");
  return out;
}

/** @param {{ user: Schemas["SessionBody"] }} props */
export function NewShopScreen({ user }) {
  const [v, setV] = useState(/** @type {Record<string, string>} */ ({ retailerType: "Retailer" }));
  // A field's problem shows once the field is left (issue #55), every one after a Submit.
  const [left, setLeft] = useState(/** @type {Set<string>} */ (new Set()));
  const [submitted, setSubmitted] = useState(false);
  const problemsNow = shopProblems(v);
  const errors = submitted ? problemsNow : Object.fromEntries(Object.entries(problemsNow).filter(([f]) => left.has(f)));
  const [queued, setQueued] = useState(/** @type {string | null} */ (null));
  const [photos, setPhotos] = useState(/** @type {import("../../lib/photos/photo-capture").TakenPhoto[]} */ ([]));
  const clientId = useRef(/** @type {string | null} */ (null));
  /**
   * @param {string} name
   * @param {{ type?: string, optional?: boolean, numeric?: boolean, capitals?: boolean }} [how]
   */
  const input = (name, { type = "text", optional = false, numeric = false, capitals = false } = {}) => (
    <Field
      label={t(/** @type {any} */ (name))}
      id={`shop-${name}`}
      error={errors[name]}
      hint={optional ? t("optional") : undefined}
    >
      <input
        id={`shop-${name}`}
        type={type}
        value={v[name] || ""}
        aria-invalid={!!errors[name]}
        inputMode={numeric ? "numeric" : undefined}
        autoCapitalize={capitals ? "characters" : undefined}
        onInput={(e) => setV({ ...v, [name]: /** @type {HTMLInputElement} */ (e.currentTarget).value })}
        onBlur={() => !left.has(name) && setLeft(new Set([...left, name]))}
      />
    </Field>
  );
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(problemsNow).length) return;
    const position = await currentPosition({ checkIn: true }).catch(() => null);
    if (!position) {
      alertError(t("noPosition"));
      return;
    }
    const id = (clientId.current = clientId.current || offline.newClientId());
    const body = {
      clientId: id,
      buyerName: v.buyerName.trim(),
      mobile: v.mobile.trim(),
      address1: v.address1.trim(),
      city: v.city.trim(),
      state: v.state.trim(),
      postalCode: v.postalCode.trim(),
      latitude: position.latitude,
      longitude: position.longitude,
      retailerType: v.retailerType,
      gstin: (v.gstin || "").trim() || null,
      pan: (v.pan || "").trim() || null,
      fssai: (v.fssai || "").trim() || null,
    };
    await offline.enqueue(user.uid, {
      kind: "post",
      clientId: id,
      path: "/users/outlet/propose",
      body,
      what: t("newShop"),
      buyerName: body.buyerName,
    });
    // The photo of the front, queued behind the proposal (the visit photo pipeline, decision 46).
    await queueShopPhoto(user.uid, { clientId: id, buyerName: body.buyerName }, photos[0]);
    offline.syncNow(user.uid).catch(() => {});
    clientId.current = null;
    setQueued(id);
    alertInfo(offline.queuedMessage(t("proposed")));
  };
  return (
    <section>
      <PageHeader title={t("newShop")} back="/customer/visit" />
      {!queued ? (
        <form class="card shop-form" onSubmit={submit} data-testid="new-shop">
          <p class="muted">{t("newShopHint")}</p>
          {input("buyerName")}
          {input("mobile", { type: "tel" })}
          {input("address1")}
          {input("city")}
          {input("state")}
          {input("postalCode", { numeric: true })}
          <Select
            id="shop-retailerType"
            label={t("retailerType")}
            value={v.retailerType}
            placeholder={null}
            onChange={(e) => setV({ ...v, retailerType: /** @type {HTMLSelectElement} */ (e.currentTarget).value })}
            options={[
              { value: "Retailer", label: t("retailer") },
              { value: "Wholesaler", label: t("wholesaler") },
            ]}
          />
          {input("gstin", { optional: true, capitals: true })}
          {input("pan", { optional: true, capitals: true })}
          {input("fssai", { optional: true, numeric: true })}
          <Field label={t("shopPhoto")} id="shopPhotoInput" hint={t("optional")}>
            <PhotoCapture
              photos={photos}
              onChange={setPhotos}
              newKey={offline.newClientId}
              max={1}
              labels={false}
              idPrefix="shopPhoto"
            />
          </Field>
          <button type="submit" class="btn btn-primary">
            {t("propose")}
          </button>
        </form>
      ) : (
        <FirstOrder user={user} proposalClientId={queued} buyerName={v.buyerName} />
      )}
    </section>
  );
}

/** @param {{ user: Schemas["SessionBody"], proposalClientId: string, buyerName: string }} props */
function FirstOrder({ user, proposalClientId, buyerName }) {
  const [products, setProducts] = useState(/** @type {Schemas["Product"][]} */ ([]));
  const [sellers, setSellers] = useState(/** @type {Schemas["Distributor"][]} */ ([]));
  const [distributorId, setDistributorId] = useState("");
  const [productId, setProductId] = useState("");
  const [quantity, setQuantity] = useState("");
  const [done, setDone] = useState(false);
  useEffect(() => {
    offline
      .refreshProducts(user.uid)
      .catch(() => offline.lastProducts(user.uid))
      .then((list) => setProducts((list || []).filter((p) => p.price != null)))
      .catch(() => {});
    // From the phone's copy when offline: a new shop has no usual distributor to fall back on.
    offline
      .refreshDistributors(user.uid)
      .catch(() => offline.lastDistributors(user.uid))
      .then((list) => setSellers(list || []))
      .catch(() => {});
  }, [user.uid]);
  const save = async () => {
    const q = Number(quantity);
    if (!distributorId || !productId || !Number.isInteger(q) || q < 1) {
      alertError(t("chooseAll"));
      return;
    }
    const id = offline.newClientId();
    const product = products.find((p) => String(p.productId) === productId);
    const price = product && product.price != null ? product.price : 0;
    /** @type {Schemas["BookOrder"]} */
    const order = {
      clientId: id,
      distributorId: Number(distributorId),
      lines: [{ productId: Number(productId), quantity: q, unitPrice: price }],
      buyerId: null,
      expectedTotal: null,
      proposalId: null,
      remark: null,
      visit: null,
    };
    await offline.enqueue(user.uid, {
      kind: "order",
      clientId: id,
      order,
      proposalClientId,
      buyerName,
      total: price * q,
      lines: [
        {
          productId: Number(productId),
          productName: product ? product.productName : "",
          quantity: q,
          unitPrice: price,
          lineTotal: price * q,
        },
      ],
    });
    offline.syncNow(user.uid).catch(() => {});
    setDone(true);
    alertInfo(offline.queuedMessage(t("orderSaved")));
  };
  return (
    <div class="card shop-form" data-testid="first-order">
      <h2>{t("firstOrder")}</h2>
      <p class="muted">{t("firstOrderHint")}</p>
      <Select
        id="firstDistributor"
        label={t("distributor")}
        value={distributorId}
        onChange={(e) => setDistributorId(/** @type {HTMLSelectElement} */ (e.currentTarget).value)}
        options={sellers.map((d) => ({ value: String(d.distributorId), label: String(d.distributorName || d.distributorId) }))}
      />
      <Select
        id="firstProduct"
        label={t("product")}
        value={productId}
        onChange={(e) => setProductId(/** @type {HTMLSelectElement} */ (e.currentTarget).value)}
        options={products.map((p) => ({ value: String(p.productId), label: p.productName }))}
      />
      <Field label={t("quantity")} id="firstQuantity">
        <input
          id="firstQuantity"
          type="number"
          min="1"
          value={quantity}
          onInput={(e) => setQuantity(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
        />
      </Field>
      <button type="button" class="btn btn-primary" onClick={save} disabled={done}>
        {t("queueOrder")}
      </button>
    </div>
  );
}

/**
 * A decision's buttons: approve at once, reject with a reason.
 * @param {{ onApprove: () => Promise<{ message: string }>, onReject: (reason: string) => Promise<{ message: string }>, onDone: () => void }} props
 */
function Decide({ onApprove, onReject, onDone }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  /** @param {() => Promise<{ message: string }>} call */
  const run = async (call) => {
    setBusy(true);
    try {
      alertSuccess((await call()).message);
    } catch (err) {
      alertFailure(err);
    }
    setBusy(false);
    onDone();
  };
  return (
    <div class="decide">
      <input
        aria-label={t("reason")}
        placeholder={t("reason")}
        value={reason}
        maxLength={500}
        onInput={(e) => setReason(/** @type {HTMLInputElement} */ (e.currentTarget).value)}
      />
      <button type="button" class="btn btn-primary" disabled={busy} onClick={() => run(onApprove)}>
        {t("approve")}
      </button>
      <button
        type="button"
        class="btn"
        disabled={busy}
        onClick={() => (reason.trim() ? run(() => onReject(reason.trim())) : alertError(t("reasonRequired")))}
      >
        {t("reject")}
      </button>
    </div>
  );
}

/** @param {{ value: string, onChange: (v: string) => void, options: string[] }} props */
function StatusFilter({ value, onChange, options }) {
  return (
    <Select
      class="shop-status"
      id="statusFilter"
      label={t("status")}
      value={value}
      placeholder={null}
      onChange={(e) => onChange(/** @type {HTMLSelectElement} */ (e.currentTarget).value)}
      options={options.map((o) => ({ value: o, label: t(/** @type {any} */ (o.toLowerCase())) }))}
    />
  );
}

/** New Shops: the proposals of the caller's team. */
export function NewShopsScreen() {
  const [status, setStatus] = useState("Pending");
  const [rows, setRows] = useState(/** @type {Schemas["ProposalRow"][] | null} */ (null));
  const load = () => proposals(status).then((p) => setRows(p.data), alertFailure);
  useEffect(() => {
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads when the filter changes
  }, [status]);
  return (
    <section>
      <PageHeader title={t("newShops")} />
      <StatusFilter value={status} onChange={setStatus} options={["Pending", "Approved", "Rejected"]} />
      {!rows && <Loading />}
      {rows && !rows.length && <Empty text={t("noShops", { status })} />}
      <div class="shop-cards">
        {(rows || []).map((r) => (
          <article class="card shop-card" key={r.proposalId} data-testid={`proposal-${r.proposalId}`}>
            <h2>{r.buyerName}</h2>
            <p>
              {r.address1}, {r.city}, {r.state} {r.postalCode}
            </p>
            <p>
              {t("mobile")}: {r.mobile} · {t("agent")}: {r.agentName}
            </p>
            {(r.gstin || r.pan || r.fssai) && (
              <p class="muted">
                {[r.gstin && `${t("gstin")} ${r.gstin}`, r.pan && `${t("pan")} ${r.pan}`, r.fssai && `${t("fssai")} ${r.fssai}`]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            )}
            {r.likelyDuplicate && (
              <p class="shop-flag" role="note">
                {t("likelyDuplicate", {
                  name: r.likelyDuplicate.buyerId
                    ? `${r.likelyDuplicate.name}, ${r.likelyDuplicate.buyerId}`
                    : r.likelyDuplicate.name,
                  what: r.likelyDuplicate.reason === "mobile" ? t("byMobile") : t("nearby"),
                })}
              </p>
            )}
            {r.photoThumbUrl && (
              <AuthImage url={r.photoThumbUrl} alt={t("shopPhotoOf", { name: r.buyerName })} className="shop-photo" />
            )}
            {r.waitingOrders > 0 && <p>{t("waitingOrders", { count: r.waitingOrders })}</p>}
            {r.waitingVisits > 0 && <p>{t("waitingVisits", { count: r.waitingVisits })}</p>}
            {r.buyerId && <p>{r.buyerId}</p>}
            {r.decisionReason && <p class="muted">{r.decisionReason}</p>}
            {r.status === "Pending" && (
              <Decide
                onApprove={() => approveShop(r.proposalId)}
                onReject={(why) => rejectShop(r.proposalId, why)}
                onDone={load}
              />
            )}
          </article>
        ))}
      </div>
    </section>
  );
}

/** Returns: the returns of the caller's team. */
export function ReturnsScreen() {
  const [status, setStatus] = useState("Submitted");
  const [rows, setRows] = useState(/** @type {Schemas["ReturnRow"][] | null} */ (null));
  const load = () => returnsList(status).then((p) => setRows(p.data), alertFailure);
  useEffect(() => {
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads when the filter changes
  }, [status]);
  return (
    <section>
      <PageHeader title={t("returns")} />
      <StatusFilter value={status} onChange={setStatus} options={["Submitted", "Approved", "Rejected"]} />
      {!rows && <Loading />}
      {rows && !rows.length && <Empty text={t("noReturns", { status })} />}
      <div class="shop-cards">
        {(rows || []).map((r) => (
          <article class="card shop-card" key={r.returnId} data-testid={`return-${r.returnId}`}>
            <h2>
              {r.buyerName} ({r.buyerId})
            </h2>
            <p>
              {reasonLabel(r.reason)} · {t("agent")}: {r.agentName || ""}
            </p>
            <ul>
              {r.lines.map((l) => (
                <li key={l.productId}>
                  {l.productName} × {l.quantity}
                  {l.batch ? ` · ${shelfText("batch")} ${l.batch}` : ""}
                  {l.expiry ? ` · ${shelfText("expiry")} ${formatDate(l.expiry)}` : ""}
                  {l.valuedFrom === "list" ? ` (${t("valuedAtList")})` : ""}
                </li>
              ))}
            </ul>
            <p>
              {t("value")}: <strong>{money(r.value)}</strong>
            </p>
            {r.photoId != null && (
              <AuthImage url={`/users/visit/photo/${r.photoId}/thumb`} alt={t("photo")} className="shop-photo" />
            )}
            {r.remark && <p class="muted">{r.remark}</p>}
            {r.status === "Submitted" && (
              <Decide
                onApprove={() => approveReturn(r.returnId)}
                onReject={(why) => rejectReturn(r.returnId, why)}
                onDone={load}
              />
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
