// Today (issue #19): an agent's day from their beat plan, the agent's home. The date and the day's
// beats, the progress ("7 of 23 visited, 3 ordered"), the planned customers in beat order (or
// nearest first once the phone's position is known), each one tap from its visit screen with
// whether it was visited, where, and whether an order was taken; the unplanned visits apart; the
// customer search and the map one tap away. An agent's own day opens offline from the copy kept on
// the phone (lib/plan.js), with what waits in the phone's queue counted in. Managers and
// administrators open one agent's day at /today/:agentId. An agent starts and ends the working day
// here too (work-day.jsx), and sees the month's targets (targets-card.jsx).
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { AgentSelect } from "../../lib/agent-select";
import { alertError, alertInfo } from "../../lib/alerts";
import { distance as formatDistance, formatDate, formatDateTime, localParts } from "../../lib/format";
import { currentPosition, distanceM, knownPosition } from "../../lib/location";
import { LocationBadge } from "../../lib/location-badge";
import { hasPosition, loadPlan, onPlanQueueChange, planStatus } from "../../lib/plan";
import { hasRight } from "../../lib/session";
import { Empty, Loading, PageHeader, Spinner } from "../../lib/ui";
import { AGENT, RIGHT } from "../../lib/rights";
import { t } from "./text";
import { WorkDay } from "./work-day";
import { TargetsCard } from "./targets-card";

/** @typedef {import("../../lib/plan").DayPlan} DayPlan */
/** @typedef {import("../../lib/plan").PlanCustomer} PlanCustomer */
/** @typedef {import("../../lib/session").SessionUser} SessionUser */
/** @typedef {{ latitude: number, longitude: number }} Position */

/** The weekday's name, from the plan's "Mon".."Sun" (itself when unknown). @param {string} day */
const weekdayName = (day) => {
  const name = /** @type {Record<string, Parameters<typeof t>[0]>} */ ({
    Mon: "mon",
    Tue: "tue",
    Wed: "wed",
    Thu: "thu",
    Fri: "fri",
    Sat: "sat",
    Sun: "sun",
  })[day];
  return name ? t(name) : day;
};

const visitHref = (/** @type {string} */ buyerId) => `#/customer/visit/${encodeURIComponent(buyerId)}`;

/**
 * What happened at a customer today, in words: visited or not, where, an order, still on the phone.
 * @param {{ c: PlanCustomer }} props
 */
function CustomerState({ c }) {
  return (
    <span class="plan-state">
      {c.visited ? (
        <span class="state-badge state-visited">{t("visited")}</span>
      ) : (
        <span class="state-badge state-none">{t("notVisited")}</span>
      )}
      {c.ordered && <span class="state-badge state-ordered">{t("ordered")}</span>}
      {c.queued ? <span class="loc-badge loc-waiting">{t("waitingToSync")}</span> : <LocationBadge status={c.locationStatus} />}
    </span>
  );
}

/**
 * One customer of the day: its number (coloured as its map pin), name, address and state.
 * @param {{ c: PlanCustomer, seq: number | null, distance: number | null, canVisit: boolean }} props
 */
function PlanItem({ c, seq, distance, canVisit }) {
  const status = planStatus(c);
  const body = (
    <>
      <span class={`pin pin-${status}`} aria-hidden={seq == null ? "true" : undefined}>
        {seq}
      </span>
      <span class="plan-main">
        <strong class="plan-name">{c.buyerName}</strong>
        <small class="muted">{[c.buyerId, c.address1, c.city].filter(Boolean).join(" · ")}</small>
        <CustomerState c={c} />
      </span>
      {distance != null && <span class="plan-distance">{formatDistance(distance)}</span>}
    </>
  );
  return (
    <li
      class={`plan-item${c.visited ? " is-visited" : ""}`}
      data-testid="plan-item"
      data-buyer-id={c.buyerId}
      data-state={status}
    >
      {canVisit ? (
        <a class="plan-link" href={visitHref(c.buyerId)}>
          {body}
        </a>
      ) : (
        <div class="plan-link">{body}</div>
      )}
    </li>
  );
}

/** @param {{ plan: DayPlan }} props */
function Progress({ plan }) {
  const { planned, visitedAsPlanned, productive, visitedOffSite, unplanned } = plan;
  const share = planned ? Math.min(100, Math.round((visitedAsPlanned / planned) * 100)) : 0;
  const more = [
    visitedOffSite ? t("offSite", { count: visitedOffSite }) : "",
    unplanned ? t("unplanned", { count: unplanned }) : "",
  ].filter(Boolean);
  return (
    <div class="card plan-progress">
      <p class="plan-progress-text" data-testid="plan-progress">
        {t("progress", { visited: visitedAsPlanned, planned, ordered: productive })}
      </p>
      <div
        class="progress-bar"
        role="progressbar"
        aria-label={t("progressLabel")}
        aria-valuemin={0}
        aria-valuemax={planned}
        aria-valuenow={visitedAsPlanned}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      {more.length > 0 && <p class="muted plan-progress-more">{more.join(" · ")}</p>}
    </div>
  );
}

/**
 * Plan order or nearest first; asking for the position only when the agent presses the button.
 * @param {{ order: string, locating: boolean, onPlan: () => void, onNearest: () => void }} props
 */
function OrderSwitch({ order, locating, onPlan, onNearest }) {
  return (
    <div class="plan-order">
      <div class="seg" role="group" aria-label={t("customersOrder")}>
        <button type="button" aria-pressed={order === "plan"} onClick={onPlan}>
          {t("planOrder")}
        </button>
        <button type="button" aria-pressed={order === "nearest"} onClick={onNearest} aria-busy={locating}>
          {locating && <Spinner />} {t("nearestFirst")}
        </button>
      </div>
    </div>
  );
}

/**
 * /today without an agent, for a manager or administrator: whose day to open.
 * @param {{ user: SessionUser }} props
 */
function ChooseAgent({ user }) {
  const [, navigate] = useLocation();
  return (
    <section>
      <PageHeader title={t("title")} />
      {hasRight(user, RIGHT.BEAT_MASTER) ? (
        <div class="narrow-form">
          <p>{t("chooseAgent")}</p>
          <AgentSelect value={null} onChange={(a) => navigate(`/today/${a}`)} />
        </div>
      ) : (
        <Empty text={t("forAgents")} />
      )}
    </section>
  );
}

/** @param {import("../../lib/session").ScreenProps} props */
export default function TodayScreen({ params, user }) {
  const [, navigate] = useLocation();
  const agentId = params && params.agentId ? Number(params.agentId) : null;
  const own = agentId == null;
  const [state, setState] = useState(
    /** @type {{ loading: boolean, plan: DayPlan | null, keptAt: string | null, error: string | null }} */ ({
      loading: true,
      plan: null,
      keptAt: null,
      error: null,
    }),
  );
  const [position, setPosition] = useState(/** @type {Position | null} */ (null));
  const [order, setOrder] = useState("plan");
  const [locating, setLocating] = useState(false);
  const chooser = own && Number(user.userType) !== AGENT;

  const load = () => {
    if (chooser) return;
    loadPlan(user, agentId)
      .then(({ plan, keptAt }) => setState({ loading: false, plan, keptAt, error: null }))
      .catch((/** @type {import("../../lib/api-client").ApiError} */ err) => {
        if (err.status !== 0 && err.status !== 401) alertError(err.message);
        setState({ loading: false, plan: null, keptAt: null, error: err.message });
      });
  };
  // Once per agent: a session refresh (a new `user`) must not load the plan again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(load, [agentId]);
  // A visit or order leaving the phone's queue (sent) or joining it: counted again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onPlanQueueChange(user, agentId, load), [agentId]);
  // Nearest first by itself only when the agent already allowed the position; never waits on it.
  useEffect(() => {
    if (!own || chooser) return undefined;
    let gone = false;
    knownPosition().then((p) => {
      if (gone || !p) return;
      setPosition(p);
      setOrder("nearest");
    });
    return () => (gone = true);
  }, [own, chooser]);

  if (chooser) return <ChooseAgent user={user} />;
  const { plan, keptAt, loading, error } = state;
  const canVisit = hasRight(user, RIGHT.CUSTOMER_VISIT);
  const mapHref = own ? "#/map/today" : `#/map/today/${agentId}`;

  const nearest = async () => {
    if (position) return setOrder("nearest");
    setLocating(true);
    const p = await currentPosition({ again: true });
    setLocating(false);
    if (!p) return alertInfo(t("noPosition"));
    setPosition(p);
    setOrder("nearest");
  };

  const distanceOf = (/** @type {PlanCustomer} */ c) => (position && hasPosition(c) ? distanceM(position, c) : null);
  // Numbered by place in the day's plan, as the map's pins (a day of two beats has one order).
  /** @type {{ c: PlanCustomer, seq: number, distance: number | null }[]} */
  let rows = plan ? plan.customers.map((c, i) => ({ c, seq: i + 1, distance: distanceOf(c) })) : [];
  if (order === "nearest" && position) {
    // Customers without a position keep their plan order, after the located ones.
    rows = [
      ...rows.filter((r) => r.distance != null).sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0)),
      ...rows.filter((r) => r.distance == null),
    ];
  }
  const today = localParts(new Date().toISOString()).date;

  return (
    <section class="today">
      <PageHeader title={plan && !own ? t("titleOf", { name: plan.agentName }) : t("title")}>
        {canVisit && (
          <a class="btn" href="#/customer/visit">
            {t("searchCustomers")}
          </a>
        )}
        {plan && plan.planned > 0 && (
          <a class="btn" href={mapHref}>
            {t("showOnMap")}
          </a>
        )}
      </PageHeader>
      {!own && hasRight(user, RIGHT.BEAT_MASTER) && <AgentSelect value={agentId} onChange={(a) => navigate(`/today/${a}`)} />}
      {own && hasRight(user, RIGHT.ATTENDANCE) && <WorkDay user={user} />}
      {own && <TargetsCard user={user} />}
      {loading && <Loading />}
      {!loading && !plan && (
        <div class="card empty-plan">
          <p>{error || t("planFailed")}</p>
          {canVisit && <a href="#/customer/visit">{t("searchCustomers")}</a>}
        </div>
      )}
      {plan && (
        <>
          {keptAt && (
            <p class="offline-note" role="status" data-testid="offline-plan">
              {t("offlinePlan", { at: formatDateTime(keptAt) })}
              {plan.date !== today ? ` ${t("planOf", { date: formatDate(plan.date) })}` : ""}
            </p>
          )}
          <p class="plan-day" data-testid="plan-day">
            <strong>
              {weekdayName(plan.weekday)}, {formatDate(plan.date)}
            </strong>
            {plan.beats.length > 0 && (
              <span class="muted">
                {" "}
                · {t("beats", { count: plan.beats.length, names: plan.beats.map((b) => b.beatName).join(", ") })}
              </span>
            )}
          </p>
          {plan.planned > 0 ? (
            <>
              <Progress plan={plan} />
              {own && plan.customers.some(hasPosition) && (
                <OrderSwitch order={order} locating={locating} onPlan={() => setOrder("plan")} onNearest={nearest} />
              )}
              <ol class="plan-list" data-testid="plan-list" aria-label={t("plannedCustomers")}>
                {rows.map(({ c, seq, distance }) => (
                  <PlanItem key={c.buyerId} c={c} seq={seq} distance={distance} canVisit={canVisit} />
                ))}
              </ol>
            </>
          ) : (
            <div class="card empty-plan" data-testid="no-plan">
              <p>
                <strong>{t("noBeat")}</strong>
              </p>
              {canVisit && <a href="#/customer/visit">{t("searchCustomers")}</a>}
            </div>
          )}
          {plan.unplannedVisits.length > 0 && (
            <>
              <h2 class="plan-heading">{t("unplannedHeading", { count: plan.unplannedVisits.length })}</h2>
              <ul class="plan-list" data-testid="unplanned-list" aria-label={t("unplannedVisits")}>
                {plan.unplannedVisits.map((u) => (
                  <PlanItem key={u.buyerId} c={{ ...u, visited: true }} seq={null} distance={distanceOf(u)} canVisit={canVisit} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
