// The map screens (issue #19): an agent's day plan (/map/today, /map/today/:agentId) and a retailer
// bucket (/map/bucket/:bucketName/:agentId?order=: every customer of it, clustered, issue #55;
// a pageNumber in the address, from the list's link, is ignored). Numbered pins in the list's order, a legend of their colours, and
// beside the map the customers without a position. The day plan opens offline like Today
// (lib/plan.js); the tile setting (GET /users/map/settings) missing or unreachable means a plain
// background.
import { t } from "./text";
import { useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { alertError } from "../../lib/alerts";
import { bucketTitle } from "../../lib/bucket-titles";
import { formatDateTime } from "../../lib/format";
import { hasPosition, loadPlan, PLAN_STATES, planStatus } from "../../lib/plan";
import { hasRight } from "../../lib/session";
import { Empty, Loading, PageHeader } from "../../lib/ui";
import { Legend, MapView } from "./map-view";
import { AGENT, RIGHT } from "../../lib/rights";
import { allBucketRows, mapSettings } from "./api";
import "./map.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {import("./map-view").Pin} Pin */
/** @typedef {import("./map-view").LegendState} LegendState */
/** @typedef {{ tileUrl: string, attribution: string }} Tiles */

const NO_TILES = { tileUrl: "", attribution: "" };

/** The tile setting; no tiles when it cannot be had (offline, say): the pins still show. */
function useTiles() {
  const [tiles, setTiles] = useState(/** @type {Tiles | null} */ (null));
  useEffect(() => {
    mapSettings()
      .then((s) => setTiles({ tileUrl: (s && s.tileUrl) || "", attribution: (s && s.attribution) || "" }))
      .catch(() => setTiles(NO_TILES));
  }, []);
  return tiles;
}

/** The words of a day plan's pin state, in the user's language. @type {Record<string, () => string>} */
const PLAN_WORDS = {
  none: () => t("planNone"),
  verified: () => t("planVerified"),
  offsite: () => t("planOffsite"),
  visited: () => t("planVisited"),
  ordered: () => t("planOrdered"),
};
/** @param {string} key */
const planWords = (key) => (PLAN_WORDS[key] ? PLAN_WORDS[key]() : key);

/** Legend rows of the day plan: [state, words, shown even when no customer has it]. */
const planLegend = () => PLAN_STATES.map(([key]) => /** @type {LegendState} */ ([key, planWords(key), key !== "visited"]));

/**
 * A bucket row's last visit as a pin state, and the words for it.
 * @param {{ lastVisitDate?: string | null, lastVisitLocationStatus?: string | null }} row
 */
function bucketStatus(row) {
  if (!row.lastVisitDate) return "none";
  if (row.lastVisitLocationStatus === "verified") return "verified";
  if (row.lastVisitLocationStatus === "off-site" || row.lastVisitLocationStatus === "no-location") return "offsite";
  return "visited";
}
/** @returns {LegendState[]} */
const bucketLegend = () => [
  ["none", t("bucketNone"), true],
  ["verified", t("bucketVerified"), true],
  ["offsite", t("bucketOffsite"), true],
  ["visited", t("bucketVisited"), false],
];

/**
 * The legend, the map and, beside it, the customers without a position.
 * @param {{ items: Pin[], legend: LegendState[], tiles: Tiles | null, canVisit: boolean, cluster?: boolean }} props
 */
function MapLayout({ items, legend, tiles, canVisit, cluster = false }) {
  // The same pins until the items change: new ones would fit the map again and close a popup.
  const pins = useMemo(() => items.filter(hasPosition), [items]);
  const unplaced = items.filter((i) => !hasPosition(i));
  return (
    <div class="map-layout">
      <div class="map-main">
        <Legend states={legend} items={items} />
        <MapView pins={pins} tiles={tiles} cluster={cluster} />
        {pins.length === 0 && <Empty text={t("noPositions")} />}
      </div>
      {/* Focusable: on a desktop a long list scrolls in its box, which the keyboard must reach too. */}
      <aside class="card map-aside" data-testid="no-position" tabIndex={0} aria-labelledby="no-position-heading">
        <h2 id="no-position-heading">{t("noPosition", { count: unplaced.length })}</h2>
        {unplaced.length > 0 ? (
          <ol class="map-unplaced">
            {unplaced.map((i) => (
              <li key={i.id}>
                <span class={`pin pin-small pin-${i.status}`} aria-hidden="true" />
                <span>
                  {i.seq}. {canVisit ? <a href={`#/customer/visit/${encodeURIComponent(i.id)}`}>{i.name}</a> : i.name}
                  <small class="muted"> {i.stateLabel}</small>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p class="muted">{t("allPlaced")}</p>
        )}
      </aside>
    </div>
  );
}

/** A pin's link to the visit screen, for those who may visit. @param {boolean} canVisit @param {string} id */
const visitHref = (canVisit, id) => (canVisit ? `#/customer/visit/${encodeURIComponent(id)}` : null);

/**
 * The day plan on the map: the agent's own (offline too), or one agent's for their manager.
 * @param {{ params?: { agentId?: string }, user: Schemas["SessionBody"] }} props
 */
export function TodayMapScreen({ params, user }) {
  const agentId = params && params.agentId ? Number(params.agentId) : null;
  const own = agentId == null;
  const chooser = own && Number(user.userType) !== AGENT;
  const tiles = useTiles();
  const canVisit = hasRight(user, RIGHT.CUSTOMER_VISIT);
  const [state, setState] = useState(
    /** @type {{ loading: boolean, plan: Schemas["DayPlan"] | null, keptAt: string | null, error: string | null }} */ ({
      loading: !chooser,
      plan: null,
      keptAt: null,
      error: null,
    }),
  );
  useEffect(() => {
    if (chooser) return;
    loadPlan(user, agentId)
      .then(({ plan, keptAt }) => setState({ loading: false, plan, keptAt, error: null }))
      .catch((err) => {
        if (err.status !== 0 && err.status !== 401) alertError(err.message);
        setState({ loading: false, plan: null, keptAt: null, error: err.message });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per agent: a session refresh (a new `user`) must not load the plan again
  }, [agentId]);
  const back = own ? "/today" : `/today/${agentId}`;
  const { plan, keptAt, loading, error } = state;
  const items = useMemo(() => {
    return (plan ? plan.customers : []).map((c, i) => {
      const status = planStatus(c);
      return {
        id: c.buyerId,
        seq: i + 1,
        name: c.buyerName,
        detail: [c.address1, c.city].filter(Boolean).join(", "),
        status,
        stateLabel: planWords(status),
        latitude: c.latitude,
        longitude: c.longitude,
        href: visitHref(canVisit, c.buyerId),
      };
    });
  }, [plan, canVisit]);
  return (
    <section class="map-screen">
      <PageHeader title={plan && !own ? t("todayOnMapOf", { agent: plan.agentName }) : t("todayOnMap")} back={back} />
      {chooser && <Empty text={t("chooseFromToday")} />}
      {loading && <Loading />}
      {!loading && !chooser && !plan && <Empty text={error || t("planFailed")} />}
      {keptAt && (
        <p class="offline-note" role="status" data-testid="offline-plan">
          {t("offlinePlan", { when: formatDateTime(keptAt) })}
        </p>
      )}
      {plan && plan.planned === 0 && <Empty text={t("noBeat")} />}
      {plan && plan.planned > 0 && <MapLayout items={items} legend={planLegend()} tiles={tiles} canVisit={canVisit} />}
    </section>
  );
}

/**
 * A bucket on the map (issue #55): every customer of the bucket with a position, clustered where
 * they crowd, not one page of the list; numbered in the list's order (from the query), so a
 * number is the customer's place in the list.
 * @param {{ params: { bucketName: string, agentId?: string }, user: Schemas["SessionBody"] }} props
 */
export function BucketMapScreen({ params, user }) {
  const [location] = useLocation();
  const query = new URLSearchParams(location.split("?")[1] || "");
  const order = query.get("order") === "asc" ? "asc" : "desc";
  const bucket = params.bucketName;
  const agent = Number(params.agentId) || 0;
  const tiles = useTiles();
  const canVisit = hasRight(user, RIGHT.CUSTOMER_VISIT);
  const [rows, setRows] = useState(/** @type {Schemas["BucketPage"]["data"] | null} */ (null));
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  useEffect(() => {
    let gone = false;
    setRows(null);
    allBucketRows(bucket, agent, order, (done, total) => !gone && setProgress({ done, total }))
      .then((all) => !gone && setRows(all))
      .catch((err) => {
        if (gone) return;
        alertError(err.message);
        setRows([]);
      });
    return () => {
      gone = true;
    };
  }, [bucket, agent, order]);
  const items = useMemo(() => {
    // The ordered bucket lists order lines (buyerID; sellerName is the distributor): one pin per customer.
    const seen = new Set();
    /** @type {Pin[]} */
    const list = [];
    for (const r of rows || []) {
      // A row of the ordered buckets has no customer's name, address or position.
      const row = "customerId" in r ? r : null;
      const id = row ? row.customerId : "buyerID" in r ? r.buyerID : null;
      if (id == null || seen.has(id)) continue;
      seen.add(id);
      const status = bucketStatus(r);
      const legend = bucketLegend().find(([key]) => key === status);
      list.push({
        id,
        seq: list.length + 1,
        name: (row && row.customerName) || id,
        detail: row ? [row.address1, row.shippingCity].filter(Boolean).join(", ") : "",
        status,
        stateLabel: legend ? legend[1] : "",
        latitude: row ? row.latitude : null,
        longitude: row ? row.longitude : null,
        href: visitHref(canVisit, id),
      });
    }
    return list;
  }, [rows, canVisit]);
  const title = bucketTitle(bucket);
  return (
    <section class="map-screen">
      <PageHeader title={t("bucketOnMap", { title })} back={`/landing/retailer-bucket/${encodeURIComponent(bucket)}/${agent}`} />
      {!rows ? (
        <Loading text={progress.total ? t("loadingBucket", progress) : undefined} />
      ) : items.length === 0 ? (
        <Empty text={t("noCustomersInBucket")} />
      ) : (
        <>
          <p class="muted" data-testid="bucket-count">
            {t("bucketCount", { count: items.length, placed: items.filter(hasPosition).length })}
          </p>
          <MapLayout items={items} legend={bucketLegend()} tiles={tiles} canVisit={canVisit} cluster />
        </>
      )}
    </section>
  );
}
