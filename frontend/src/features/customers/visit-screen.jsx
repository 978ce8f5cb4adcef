// Customer Visit (spec 1 §2): search, the customer's details with a map link, the visit form,
// Must Sell / Best Sellers / Price Comparison tabs, the last 5 interactions and the links.
// Agents also work offline: the search, the details (as last seen) and the outcomes come from the
// phone when the network does not answer, and a visit saved then waits in the phone's queue
// (lib/offline/) and shows at the top of the interactions as "Waiting to sync". Order takers see
// the customer's orders (customer-orders.jsx) and "Take order" (the order screen, features/orders).
// Collectors and their managers see what the customer owes (lib/outstanding-panel.jsx), collectors
// "Collect payment" (the collect screen, features/collections).
// Agents with visit_photo take up to 8 photos with the visit, or add them to the visit just saved
// (lib/photos: each its own queue entry, sent after its visit); photo reviewers see the customer's
// visit photos below the interactions.
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { formatDate, formatDateTime, localParts, money } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { currentPosition } from "../../lib/location";
import * as offline from "../../lib/offline/engine";
import { networkOr, offlineEnabled } from "../../lib/offline/status";
import { customerSuggestions, useCustomerScreen, useOutcomes, useQueuedFor } from "../../lib/resources";
import { hasRight } from "../../lib/session";
import { SuggestBox } from "../../lib/suggest";
import { DataTable } from "../../lib/table";
import { Empty, Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { LocationBadge } from "../../lib/location-badge";
import { CustomerOrders } from "./customer-orders";
import { ShelfPanel } from "./shelf-panel";
import { AGENT, RIGHT } from "../../lib/rights";
import { MAX } from "../../lib/limits";
import { OutstandingPanel } from "../../lib/outstanding-panel";
import { priceComparison, productSuggestions, saveVisit } from "./api";
import { PhotoCapture } from "../../lib/photos/photo-capture";
import { queueVisitPhotos } from "../../lib/photos/photo-queue";
import { VisitPhotos } from "../../lib/photos/photo-view";
import { MAX_PHOTOS } from "../../lib/photos/image";
import { distance } from "../../lib/format";
import { messageFor } from "../../lib/i18n/messages";
import { t as tl } from "../../lib/parts-text";
import { t as tlib } from "../../lib/text";
import { t as tc } from "./text";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/** @typedef {import("../../lib/offline/queue").QueueEntry} QueueEntry */
/** @typedef {import("../../lib/table").Column} Column */
/**
 * A row of the last interactions: the server's, or a visit still in the phone's queue.
 * @typedef {Partial<Schemas["Interaction"]> & { key?: string, queued?: "waiting" | "failed" }} InteractionRow
 */

const STEP = 5;

/** @param {{ c: Schemas["CustomerDetails"] }} props */
function Details({ c }) {
  const rows = [
    ["buyerId", tc("buyerId"), c.buyerID],
    ["name", t("name"), c.buyerName],
    ["mobile", tc("mobile"), c.mobile && <a href={`tel:${c.mobile}`}>{c.mobile}</a>],
    ["email", t("email"), c.email],
    ["address", tc("address"), [c.address1, c.address2].filter(Boolean).join(", ")],
    ["postalCode", tc("postalCode"), c.postalCode],
    ["city", tc("city"), c.city],
    ["state", tc("state"), c.state],
    ["country", t("country"), c.country],
    ["info", t("info"), c.info],
  ];
  return (
    <div class="card customer-card" data-testid="customer-details">
      <dl>
        {rows.map(([key, k, v]) => (
          <div key={key} class="dl-row">
            <dt>{k}</dt>
            <dd>{v || "—"}</dd>
          </div>
        ))}
      </dl>
      {c.latitude != null && c.longitude != null && (
        <a
          class="btn"
          href={`https://www.google.com/maps?q=${c.latitude},${c.longitude}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("openInMaps")}
        </a>
      )}
    </div>
  );
}

/**
 * A visit save's message in the user's language with where the check-in found the phone: "Visit
 * saved successfully - at the shop (25 m)", "... - 1.2 km from the shop", "... - location off on
 * this phone" (the server's message by its code: the save's answer is always `visit_saved`).
 * @param {{ message: string, code?: string, locationStatus?: string | null, distanceM?: number | null }} saved
 */
function savedText({ message, code, locationStatus, distanceM }) {
  const text = messageFor(code || "visit_saved", null, message);
  const far = distanceM != null ? distance(distanceM) : null;
  const said = { message: text.replace(/[.।]$/, ""), distance: far };
  switch (locationStatus) {
    case "verified":
      return far ? t("atShopDistance", said) : t("atShop", said);
    case "off-site":
      return far ? t("fromShop", said) : t("awayFromShop", said);
    case "no-location":
      return t("locationOff", said);
    case "customer-unlocated":
      return t("shopNotOnMap", said);
    default:
      return text;
  }
}

/**
 * @param {{ buyerId: string, buyerName: string, user: User, outcomes: Schemas["Outcome"][],
 *   onSaved: (r: { queued?: boolean, clientId?: string }) => void }} props
 */
function VisitForm({ buyerId, buyerName, user, outcomes, onSaved }) {
  const [busy, saving] = useSaving();
  // Photos (agents with visit_photo, who keep a queue): taken before the save, queued after it; then
  // more may be added to the visit just saved.
  const withPhotos = offlineEnabled(user) && hasRight(user, RIGHT.VISIT_PHOTO);
  const [photos, setPhotos] = useState(/** @type {import("../../lib/photos/photo-capture").TakenPhoto[]} */ ([]));
  const [lastVisit, setLastVisit] = useState(/** @type {{ clientId: string, takenAt: string, count: number } | null} */ (null));
  const [more, setMore] = useState(/** @type {import("../../lib/photos/photo-capture").TakenPhoto[]} */ ([]));
  const [sendingMore, sendMore] = useSaving();
  const form = useForm({ outcomeId: "", remark: "" }, { outcomeId: [rules.required(t("outcomeRequired"))] });
  // One clientId per visit until it is saved or queued: a repeat of this save (a Save after an
  // error, the queue) is then harmless, the server answers it as a duplicate.
  const clientId = useRef(/** @type {string | null} */ (null));
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const agent = user.userType === AGENT;
      const position = agent ? await currentPosition({ checkIn: true }) : null;
      const id = (clientId.current = clientId.current || offline.newClientId());
      const outcomeId = Number(form.values.outcomeId);
      // visitedAt is the phone's time of the save, whenever it reaches the server (agents only).
      const body = {
        buyerID: buyerId,
        outcomeId,
        remark: form.values.remark.trim(),
        latitude: position ? position.latitude : null,
        longitude: position ? position.longitude : null,
        clientId: id,
        visitedAt: agent ? new Date().toISOString() : null,
        accuracy: position ? position.accuracy : null,
        proposalId: null,
      };
      /** @returns {Promise<{ queued?: false, message: string, locationStatus?: string | null, distanceM?: number | null }>} */
      const send = () => saveVisit(body);
      const queue = async () => {
        const outcome = (outcomes || []).find((o) => o.outComeId === outcomeId);
        await offline.enqueue(user.uid, { ...body, clientId: id, buyerName, outcomeName: outcome ? outcome.outCome : "" });
        return { queued: /** @type {const} */ (true), message: offline.queuedMessage(t("savedOnPhone")) };
      };
      // An agent's save the server did not judge (no answer, its trouble, an ended session) waits
      // on the phone rather than being lost; a refusal is the agent's to fix at once.
      const r = offlineEnabled(user) ? await networkOr(send, queue, offline.unjudged) : await send();
      clientId.current = null;
      if (withPhotos) {
        const takenAt = body.visitedAt || new Date().toISOString();
        const n = await queueVisitPhotos(user.uid, { clientId: id, takenAt, buyerId, buyerName }, photos);
        setPhotos([]);
        setMore([]);
        setLastVisit({ clientId: id, takenAt, count: n });
      }
      if (r.queued) alertInfo(r.message);
      else alertSuccess(savedText(r));
      form.reset();
      onSaved({ ...r, clientId: id });
    });
  };
  return (
    <form class="card" onSubmit={submit} onFocusOut={form.leave} noValidate>
      <h2>{t("visit")}</h2>
      <Select
        id="outcomeId"
        label={tc("outcome")}
        value={form.values.outcomeId}
        onChange={form.set("outcomeId")}
        options={(outcomes || []).map((o) => ({ value: String(o.outComeId), label: o.outCome }))}
        error={form.errors.outcomeId}
      />
      <Field label={tc("remark")} id="remark">
        <textarea id="remark" rows={2} maxLength={MAX.visitRemark} value={form.values.remark} onInput={form.set("remark")} />
      </Field>
      {withPhotos && (
        <div class="field">
          <span class="field-label">{t("photos")}</span>
          <PhotoCapture photos={photos} onChange={setPhotos} newKey={offline.newClientId} disabled={busy} />
        </div>
      )}
      <SubmitButton busy={busy}>{t("saveVisit")}</SubmitButton>
      {withPhotos && lastVisit && lastVisit.count < MAX_PHOTOS && (
        <div class="photo-after" data-testid="photos-after-save">
          <h3>{t("addPhotosAfter")}</h3>
          <p class="muted">{lastVisit.count ? t("photosQueuedWith", { count: lastVisit.count }) : t("noPhotosWith")}</p>
          <PhotoCapture
            photos={more}
            onChange={setMore}
            newKey={offline.newClientId}
            taken={lastVisit.count}
            disabled={sendingMore}
            idPrefix="addPhoto"
          />
          {more.length > 0 && (
            <button
              type="button"
              class="btn btn-primary"
              disabled={sendingMore}
              onClick={() =>
                sendMore(async () => {
                  const n = await queueVisitPhotos(user.uid, { ...lastVisit, buyerId, buyerName }, more);
                  setMore([]);
                  setLastVisit({ ...lastVisit, count: lastVisit.count + n });
                  alertInfo(offline.queuedMessage(t("photosSavedOnPhone", { count: n })));
                })
              }
            >
              {t("sendPhotos", { count: more.length })}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** A visit's place in the phone's queue, else where it was against the shop. @param {{ row: InteractionRow }} props */
function VisitState({ row }) {
  if (row.queued === "failed") return <span class="loc-badge loc-failed">{tl("statusFailed")}</span>;
  if (row.queued) return <span class="loc-badge loc-waiting">{tl("statusWaiting")}</span>;
  return <LocationBadge status={row.locationStatus} distanceM={row.distanceM} />;
}

/**
 * This customer's visits waiting in the phone's queue (an order's visit among them), newest first;
 * `onSent` when one leaves it.
 * @param {User} user
 * @param {string | null} buyerId
 * @param {() => void} onSent
 * @returns {InteractionRow[]}
 */
function useQueuedVisits(user, buyerId, onSent) {
  const rows = useQueuedFor(
    user,
    buyerId,
    (e, same) =>
      e.kind === "order" ? !!e.order.visit && same(e.order.buyerId) : (!e.kind || e.kind === "visit") && same(e.buyerID),
    onSent,
  );
  return rows.flatMap((e) => {
    // Only visits and the visits of orders show here (not the day's start or end, nor payments).
    if (e.kind !== undefined && e.kind !== "visit" && e.kind !== "order") return [];
    const visit = e.kind === "order" ? e.order.visit : e;
    const at = localParts(visit ? visit.visitedAt : null);
    return [
      {
        key: e.clientId,
        date: at.date,
        time: at.time,
        outcome: "outcomeName" in e ? e.outcomeName : "",
        agentId: user.emailId,
        entryUpdateBy: user.name,
        remark: visit ? visit.remark : null,
        queued: e.state,
      },
    ];
  });
}

/** @param {{ columns: Column[], rows: any[], testId: string }} props */
function ShowMoreTable({ columns, rows, testId }) {
  const [shown, setShown] = useState(STEP);
  return (
    <>
      <DataTable columns={columns} rows={rows.slice(0, shown)} pageSize={1000} serial={false} testId={testId} />
      {rows.length > shown && (
        <button type="button" class="btn" onClick={() => setShown(shown + STEP)}>
          {t("showMore")}
        </button>
      )}
    </>
  );
}

/** @param {{ buyerId: string }} props */
function PriceComparison({ buyerId }) {
  const [rows, setRows] = useState(/** @type {Schemas["PriceRow"][] | null} */ (null));
  /** @param {Schemas["ProductSuggestion"]} p */
  const pick = (p) =>
    priceComparison(buyerId, p.productName)
      .then(setRows)
      .catch((err) => alertError(err.message));
  return (
    <div>
      <SuggestBox
        id="productSearch"
        label={t("product")}
        placeholder={t("typeProduct")}
        fetchItems={productSuggestions}
        buttonText={tlib("search")}
        labelOf={(p) => p.display}
        onPick={pick}
      />
      {rows && (
        <DataTable
          serial={false}
          rows={rows}
          empty={t("noPrices")}
          columns={[
            { key: "lastOrderDate", label: t("lastOrderDate"), render: (r) => formatDate(r.lastOrderDate) },
            { key: "product", label: t("product") },
            { key: "unitPrice", label: t("unitPrice"), render: (r) => money(r.unitPrice) },
            { key: "distributorName", label: t("distributorName") },
            { key: "faoName", label: t("faoName") },
          ]}
        />
      )}
    </div>
  );
}

/** @param {{ screen: Schemas["VisitScreen"], buyerId: string }} props */
function Tabs({ screen, buyerId }) {
  const [tab, setTab] = useState("must");
  const tabs = [
    ["must", t("mustSell")],
    ["best", t("bestSellers")],
    ["price", t("priceComparison")],
  ];
  return (
    <div class="card">
      <div class="tabs" role="tablist">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            class={tab === key ? "tab active" : "tab"}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === "must" && (
        <ShowMoreTable
          testId="must-sell"
          rows={screen.reOrderMustSell}
          columns={[
            {
              key: "lastOrderDate",
              label: t("lastOrdered"),
              render: (r) => <span class="nowrap">{formatDate(r.lastOrderDate)}</span>,
            },
            { key: "distinctProductName", label: t("product") },
            { key: "lastOrderShippedQty", label: t("qty") },
            { key: "unitPrice", label: t("unitPrice"), render: (r) => money(r.unitPrice) },
            { key: "dsName", label: t("dsName") },
            { key: "faoName", label: t("faoName") },
          ]}
        />
      )}
      {tab === "best" && (
        <ShowMoreTable
          testId="best-sellers"
          rows={screen.bestSeller}
          columns={[
            { key: "lastOrderDate", label: t("lastOrderDate"), render: (r) => formatDate(r.lastOrderDate) },
            { key: "product", label: t("product") },
            { key: "unitPrice", label: t("unitPrice"), render: (r) => money(r.unitPrice) },
            { key: "distributorName", label: t("distributorName") },
            { key: "faoName", label: t("faoName") },
          ]}
        />
      )}
      {tab === "price" && <PriceComparison buyerId={buyerId} />}
    </div>
  );
}

/** @param {{ params?: { buyerId?: string }, user: User }} props */
export default function VisitScreen({ params, user }) {
  const [, navigate] = useLocation();
  const buyerId = params && params.buyerId ? decodeURIComponent(params.buyerId) : null;
  // Started already when the route was entered (lib/prefetch.js), while this code loaded.
  const { data: screen, loading, reload: load } = useCustomerScreen(user, buyerId);
  const outcomes = useOutcomes(user, buyerId);
  // A visit of this customer left the queue (sent): the server's list now has it.
  const queued = useQueuedVisits(user, buyerId, () => navigator.onLine && load());
  // The visit just saved (or queued) here: a return's photo goes with it.
  const [visitClientId, setVisitClientId] = useState(/** @type {string | null} */ (null));
  return (
    <section>
      <PageHeader title={t("title")}>
        {hasRight(user, RIGHT.NEW_CUSTOMER) && (
          <a class="btn" href="#/customer/new">
            {t("addCustomer")}
          </a>
        )}
      </PageHeader>
      <SuggestBox
        id="customerSearch"
        label={t("searchCustomer")}
        placeholder={t("searchPlaceholder")}
        fetchItems={customerSuggestions(user)}
        buttonText={tlib("search")}
        labelOf={(s) => s.display}
        onPick={(s) => navigate(`/customer/visit/${encodeURIComponent(s.buyerId)}`)}
        noMatch={(q) => t("noMatch", { query: q })}
      />
      {!buyerId && <Empty text={t("searchHint")} />}
      {loading && <Loading />}
      {screen && !loading && (
        <div class="visit-layout">
          {(screen.seenAt || screen.fromCopy) && (
            <p class="offline-note" role="status" data-testid="offline-details">
              {screen.fromCopy ? t("offlineFromCopy") : t("offlineSeenAt", { when: formatDateTime(screen.seenAt) })}
            </p>
          )}
          <Details c={screen.customerDetails} />
          <VisitForm
            key={screen.customerDetails.buyerID}
            buyerId={screen.customerDetails.buyerID}
            buyerName={screen.customerDetails.buyerName}
            user={user}
            outcomes={outcomes}
            onSaved={(r) => {
              setVisitClientId(r.clientId || null);
              if (!r.queued) load();
            }}
          />
          {Number(user.userType) === AGENT && (
            <ShelfPanel
              key={`shelf-${screen.customerDetails.buyerID}`}
              buyerId={screen.customerDetails.buyerID}
              buyerName={screen.customerDetails.buyerName}
              user={user}
              visitClientId={visitClientId}
            />
          )}
          {(hasRight(user, RIGHT.COLLECTIONS) || hasRight(user, RIGHT.COLLECTIONS_REVIEW)) && (
            <OutstandingPanel user={user} buyerId={screen.customerDetails.buyerID}>
              {hasRight(user, RIGHT.COLLECTIONS) && (
                <a class="btn btn-primary" href={`#/collections/collect/${encodeURIComponent(screen.customerDetails.buyerID)}`}>
                  {t("collectPayment")}
                </a>
              )}
            </OutstandingPanel>
          )}
          {hasRight(user, RIGHT.ORDER_BOOKING) && <CustomerOrders buyerId={screen.customerDetails.buyerID} user={user} />}
          {!screen.fromCopy && <Tabs screen={screen} buyerId={screen.customerDetails.buyerID} />}
          <div class="card">
            <h2>{t("lastInteractions")}</h2>
            <DataTable
              serial={false}
              testId="interactions"
              rows={[...queued, .../** @type {InteractionRow[]} */ (screen.transcations)]}
              empty={t("noVisitsYet")}
              rowClass={(r) => (r.queued ? "row-queued" : undefined)}
              columns={[
                { key: "date", label: tc("date"), render: (r) => formatDate(r.date) },
                { key: "time", label: tc("time") },
                { key: "outcome", label: tc("outcome") },
                { key: "agentId", label: tc("agentId") },
                { key: "entryUpdateBy", label: t("updatedBy") },
                { key: "remark", label: tc("remark"), wrap: true },
                { key: "location", label: tc("location"), render: (r) => <VisitState row={r} /> },
              ]}
            />
          </div>
          {hasRight(user, RIGHT.PHOTO_REVIEW) && !screen.fromCopy && !screen.seenAt && (
            <VisitPhotos buyerId={screen.customerDetails.buyerID} />
          )}
          <div class="card">
            <h2>{t("links")}</h2>
            <DataTable
              pageSize={30}
              serial={false}
              rows={screen.linkDetails}
              empty={t("noLinks")}
              columns={[
                { key: "linkName", label: t("linkName") },
                {
                  key: "link",
                  label: t("link"),
                  render: (r) => (
                    <a href={r.link} target="_blank" rel="noopener noreferrer">
                      {r.link}
                    </a>
                  ),
                },
                { key: "country", label: t("country") },
              ]}
            />
          </div>
          <div class="footer-actions visit-bar">
            {hasRight(user, RIGHT.PROFILE_UPDATE) && (
              <a class="btn" href={`#/customer/profile/${encodeURIComponent(String(buyerId))}`}>
                {tc("profileUpdate")}
              </a>
            )}
            {hasRight(user, RIGHT.INFO_ADD) && (
              <a class="btn" href={`#/customer/info/${encodeURIComponent(String(buyerId))}`}>
                {tc("addInfo")}
              </a>
            )}
            {hasRight(user, RIGHT.NEW_CUSTOMER) && (
              <a class="btn" href="#/customer/new">
                {tc("newCustomer")}
              </a>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
