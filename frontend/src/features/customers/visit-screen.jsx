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
import { dayMonth, formatDate, formatDateTime, localParts, money } from "../../lib/format";
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
import { checkInText, LocationBadge } from "../../lib/location-badge";
import { CustomerOrders } from "./customer-orders";
import { AGENT, RIGHT } from "../../lib/rights";
import { MAX } from "../../lib/limits";
import { OutstandingPanel } from "../../lib/outstanding-panel";
import { priceComparison, productSuggestions, saveVisit } from "./api";
import { PhotoCapture } from "../../lib/photos/photo-capture";
import { queueVisitPhotos } from "../../lib/photos/photo-queue";
import { VisitPhotos } from "../../lib/photos/photo-view";
import { MAX_PHOTOS } from "../../lib/photos/image";
import { plural } from "../../lib/format";

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
    ["Buyer ID", c.buyerID],
    ["Name", c.buyerName],
    ["Mobile", c.mobile && <a href={`tel:${c.mobile}`}>{c.mobile}</a>],
    ["Email", c.email],
    ["Address", [c.address1, c.address2].filter(Boolean).join(", ")],
    ["Postal Code", c.postalCode],
    ["City", c.city],
    ["State", c.state],
    ["Country", c.country],
    ["Info", c.info],
  ];
  return (
    <div class="card customer-card" data-testid="customer-details">
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} class="dl-row">
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
          Open in maps
        </a>
      )}
    </div>
  );
}

/**
 * @param {{ buyerId: string, buyerName: string, user: User, outcomes: Schemas["Outcome"][],
 *   onSaved: (r: { queued?: boolean }) => void }} props
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
  const form = useForm({ outcomeId: "", remark: "" }, { outcomeId: [rules.required("Visit Outcome is required")] });
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
      };
      /** @returns {Promise<{ queued?: false, message: string, locationStatus?: string | null, distanceM?: number | null }>} */
      const send = () => saveVisit(body);
      const queue = async () => {
        const outcome = (outcomes || []).find((o) => o.outComeId === outcomeId);
        await offline.enqueue(user.uid, { ...body, clientId: id, buyerName, outcomeName: outcome ? outcome.outCome : "" });
        return { queued: /** @type {const} */ (true), message: offline.queuedMessage("Saved on this phone") };
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
      else alertSuccess(checkInText(r));
      form.reset();
      onSaved(r);
    });
  };
  return (
    <form class="card" onSubmit={submit} noValidate>
      <h2>Visit</h2>
      <Select
        id="outcomeId"
        label="Outcome"
        value={form.values.outcomeId}
        onChange={form.set("outcomeId")}
        options={(outcomes || []).map((o) => ({ value: String(o.outComeId), label: o.outCome }))}
        error={form.errors.outcomeId}
      />
      <Field label="Remark" id="remark">
        <textarea id="remark" rows={2} maxLength={MAX.visitRemark} value={form.values.remark} onInput={form.set("remark")} />
      </Field>
      {withPhotos && (
        <div class="field">
          <span class="field-label">Photos</span>
          <PhotoCapture photos={photos} onChange={setPhotos} newKey={offline.newClientId} disabled={busy} />
        </div>
      )}
      <SubmitButton busy={busy}>Save Visit</SubmitButton>
      {withPhotos && lastVisit && lastVisit.count < MAX_PHOTOS && (
        <div class="photo-after" data-testid="photos-after-save">
          <h3>Add photos to the visit just saved</h3>
          <p class="muted">
            {lastVisit.count ? `${plural(lastVisit.count, "photo")} queued with it.` : "No photos with it yet."}
          </p>
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
                  alertInfo(offline.queuedMessage(`${plural(n, "photo")} saved on this phone`));
                })
              }
            >
              Send {plural(more.length, "photo")}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** A visit's place in the phone's queue, else where it was against the shop. @param {{ row: InteractionRow }} props */
function VisitState({ row }) {
  if (row.queued === "failed") return <span class="loc-badge loc-failed">Not accepted</span>;
  if (row.queued) return <span class="loc-badge loc-waiting">Waiting to sync</span>;
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
          Show More
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
        label="Product"
        placeholder="Type a product name"
        fetchItems={productSuggestions}
        labelOf={(p) => p.display}
        onPick={pick}
      />
      {rows && (
        <DataTable
          serial={false}
          rows={rows}
          empty="No prices in the last 90 days"
          columns={[
            { key: "lastOrderDate", label: "Last Order Date", render: (r) => formatDate(r.lastOrderDate) },
            { key: "product", label: "Product" },
            { key: "unitPrice", label: "Unit Price", render: (r) => money(r.unitPrice) },
            { key: "distributorName", label: "Distributor Name" },
            { key: "faoName", label: "FAO Name" },
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
    ["must", "Must Sell"],
    ["best", "Best Sellers"],
    ["price", "Price Comparison"],
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
            { key: "lastOrderDate", label: "Last Ordered", render: (r) => dayMonth(r.lastOrderDate) },
            { key: "distinctProductName", label: "Product" },
            { key: "lastOrderShippedQty", label: "Qty." },
            { key: "unitPrice", label: "Unit Price", render: (r) => money(r.unitPrice) },
            { key: "dsName", label: "Ds Name" },
            { key: "faoName", label: "FAO Name" },
          ]}
        />
      )}
      {tab === "best" && (
        <ShowMoreTable
          testId="best-sellers"
          rows={screen.bestSeller}
          columns={[
            { key: "lastOrderDate", label: "Last Order Date", render: (r) => formatDate(r.lastOrderDate) },
            { key: "product", label: "Product" },
            { key: "unitPrice", label: "Unit Price", render: (r) => money(r.unitPrice) },
            { key: "distributorName", label: "Distributor Name" },
            { key: "faoName", label: "FAO Name" },
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
  return (
    <section>
      <PageHeader title="Customer Visit">
        {hasRight(user, RIGHT.NEW_CUSTOMER) && (
          <a class="btn" href="#/customer/new">
            Add Customer
          </a>
        )}
      </PageHeader>
      <SuggestBox
        id="customerSearch"
        label="Search customer"
        placeholder="Buyer ID, name or mobile"
        fetchItems={customerSuggestions(user)}
        labelOf={(s) => s.display}
        onPick={(s) => navigate(`/customer/visit/${encodeURIComponent(s.buyerId)}`)}
        noMatch={(q) => `No customer matches '${q}'`}
      />
      {!buyerId && <Empty text="Search a customer by buyer ID, name or mobile number." />}
      {loading && <Loading />}
      {screen && !loading && (
        <div class="visit-layout">
          {(screen.seenAt || screen.fromCopy) && (
            <p class="offline-note" role="status" data-testid="offline-details">
              {screen.fromCopy
                ? "Offline: the details from the customer list on this phone."
                : `Offline: the details as last seen on ${formatDateTime(screen.seenAt)}.`}
            </p>
          )}
          <Details c={screen.customerDetails} />
          <VisitForm
            key={screen.customerDetails.buyerID}
            buyerId={screen.customerDetails.buyerID}
            buyerName={screen.customerDetails.buyerName}
            user={user}
            outcomes={outcomes}
            onSaved={(r) => !r.queued && load()}
          />
          {(hasRight(user, RIGHT.COLLECTIONS) || hasRight(user, RIGHT.COLLECTIONS_REVIEW)) && (
            <OutstandingPanel user={user} buyerId={screen.customerDetails.buyerID}>
              {hasRight(user, RIGHT.COLLECTIONS) && (
                <a class="btn btn-primary" href={`#/collections/collect/${encodeURIComponent(screen.customerDetails.buyerID)}`}>
                  Collect payment
                </a>
              )}
            </OutstandingPanel>
          )}
          {hasRight(user, RIGHT.ORDER_BOOKING) && <CustomerOrders buyerId={screen.customerDetails.buyerID} user={user} />}
          {!screen.fromCopy && <Tabs screen={screen} buyerId={screen.customerDetails.buyerID} />}
          <div class="card">
            <h2>Last 5 interactions</h2>
            <DataTable
              serial={false}
              testId="interactions"
              rows={[...queued, .../** @type {InteractionRow[]} */ (screen.transcations)]}
              empty="No visits yet"
              rowClass={(r) => (r.queued ? "row-queued" : undefined)}
              columns={[
                { key: "date", label: "Date", render: (r) => formatDate(r.date) },
                { key: "time", label: "Time" },
                { key: "outcome", label: "Outcome" },
                { key: "agentId", label: "Agent ID" },
                { key: "entryUpdateBy", label: "Updated By" },
                { key: "remark", label: "Remark", wrap: true },
                { key: "location", label: "Location", render: (r) => <VisitState row={r} /> },
              ]}
            />
          </div>
          {hasRight(user, RIGHT.PHOTO_REVIEW) && !screen.fromCopy && !screen.seenAt && (
            <VisitPhotos buyerId={screen.customerDetails.buyerID} />
          )}
          <div class="card">
            <h2>Links</h2>
            <DataTable
              pageSize={30}
              serial={false}
              rows={screen.linkDetails}
              empty="No links"
              columns={[
                { key: "linkName", label: "Link Name" },
                {
                  key: "link",
                  label: "Link",
                  render: (r) => (
                    <a href={r.link} target="_blank" rel="noopener noreferrer">
                      {r.link}
                    </a>
                  ),
                },
                { key: "country", label: "Country" },
              ]}
            />
          </div>
          <div class="footer-actions">
            {hasRight(user, RIGHT.PROFILE_UPDATE) && (
              <a class="btn" href={`#/customer/profile/${encodeURIComponent(String(buyerId))}`}>
                Profile Update
              </a>
            )}
            {hasRight(user, RIGHT.INFO_ADD) && (
              <a class="btn" href={`#/customer/info/${encodeURIComponent(String(buyerId))}`}>
                Add Info
              </a>
            )}
            {hasRight(user, RIGHT.NEW_CUSTOMER) && (
              <a class="btn" href="#/customer/new">
                New Customer
              </a>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
