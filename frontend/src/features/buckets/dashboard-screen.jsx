// Retailer Buckets dashboard (spec 2 §2): today's beat plan in four tiles (issue #19; they open the
// agent's Today), tiles that open the bucket lists, the repeat rate with its two numbers, an agent
// picker for managers, and the last 8 weeks' trend.
import { t } from "./text";
import { useLocation } from "wouter";
import { formatDate, number, percent } from "../../lib/format";
import { hasRight } from "../../lib/session";
import { Loading, PageHeader } from "../../lib/ui";
import { bucketTitle } from "../../lib/bucket-titles";
import { AgentPicker, defaultAgent } from "./agent-picker";
import { AGENT, AREA_MANAGER, RIGHT } from "../../lib/rights";
import { useLanding, useTrend } from "./api";
import "./trend.css";

/** @typedef {import("./api").Schemas} Schemas */

/** @type {[keyof Schemas["Landing"], string][]} the figure and the bucket it opens (its title is the tile's label) */
const TILES = [
  ["myRetailers", "retailers"],
  ["myWholesalers", "wholesalers"],
  ["orderedInL15Days", "ordered"],
  ["notOrderedInL15Days", "notordered"],
  ["visitedInL15Days", "visited"],
  ["notVisitedInL15Days", "notvisited"],
  ["myCustomer", "mycustomer"],
];

/** The day plan's figures of the landing answer, summed over the agents in view. */
/** @type {[keyof Schemas["Landing"], "plannedToday" | "visitedAsPlannedToday" | "productiveToday" | "unplannedToday"][]} the figure and its label's id */
const PLAN_TILES = [
  ["plannedToday", "plannedToday"],
  ["visitedAsPlannedToday", "visitedAsPlannedToday"],
  ["productiveToday", "productiveToday"],
  ["unplannedToday", "unplannedToday"],
];

/** Today's tiles; they open the day of the one agent in view (none for all agents together). */
/** @param {{ data: Schemas["Landing"], agent: number, user: Schemas["SessionBody"] }} props */
function PlanTiles({ data, agent, user }) {
  if (data.plannedToday === undefined) return null;
  let href = null;
  if (user.userType === AGENT) href = "#/today";
  else if (agent && hasRight(user, RIGHT.BEAT_MASTER)) href = `#/today/${agent}`;
  return (
    <>
      <h2 class="tiles-heading">{t("todaysPlan")}</h2>
      <div class="tiles" data-testid="plan-tiles">
        {PLAN_TILES.map(([key, label]) => {
          const inner = (
            <>
              <span class="tile-label">{t(label)}</span>
              <strong class="tile-value">{number(data[key])}</strong>
            </>
          );
          return href ? (
            <a key={key} class="tile" href={href} data-key={key}>
              {inner}
            </a>
          ) : (
            <div key={key} class="tile" data-key={key}>
              {inner}
            </div>
          );
        })}
      </div>
    </>
  );
}

/** @param {{ agent: number }} props */
function Trend({ agent }) {
  const { data } = useTrend(agent);
  const weeks = data || [];
  if (!weeks.length) return null;
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.visits, w.orders)));
  /** @param {number} i */
  const x = (i) => 20 + i * 45;
  /** @param {number} v */
  const y = (v) => 110 - (v / max) * 90;
  // Each week's day under its bar, its month below where the month starts: the app's date form
  // ("12-Oct-2026") over two lines, narrow enough for a Hindi month between bars (issue #55).
  const days = weeks.map((w) => formatDate(w.weekStart).split("-"));
  return (
    <figure class="card trend" data-testid="trend">
      <figcaption>{t("trendCaption")}</figcaption>
      <svg viewBox="0 0 380 140" role="img" aria-label={t("trendLabel")}>
        {weeks.map((w, i) => (
          <rect key={w.weekStart} x={x(i) - 12} y={y(w.visits)} width="24" height={110 - y(w.visits)} fill="#9cc3dd">
            <title>{t("trendWeek", { week: formatDate(w.weekStart), visits: w.visits, orders: w.orders })}</title>
          </rect>
        ))}
        <polyline
          fill="none"
          stroke="#0f5c8c"
          stroke-width="3"
          points={weeks.map((w, i) => `${x(i)},${y(w.orders)}`).join(" ")}
        />
        {weeks.map((w, i) => (
          <text key={w.weekStart} x={x(i)} y="124" font-size="9" text-anchor="middle" fill="#5b6b77">
            <tspan>{days[i][0]}</tspan>
            {/* Read as "12 Oct" (a screen reader, a copy), drawn as the day over its month. */}{" "}
            {(i === 0 || days[i][1] !== days[i - 1][1]) && (
              <tspan x={x(i)} dy="11">
                {days[i][1]}
              </tspan>
            )}
          </text>
        ))}
      </svg>
    </figure>
  );
}

/** @param {{ params?: { agentId?: string }, user: Schemas["SessionBody"] }} props */
export default function DashboardScreen({ params, user }) {
  const [, navigate] = useLocation();
  const agent = defaultAgent(user, params && params.agentId);
  const { data, loading } = useLanding(agent);
  /** @param {string} bucket */
  const open = (bucket) => `#/landing/retailer-bucket/${bucket}/${agent}`;
  return (
    <section>
      <PageHeader title={t("retailerBuckets")} />
      {user.userType === AREA_MANAGER && (
        <AgentPicker
          value={agent}
          onChange={(a) => navigate(a ? `/landing/retailer-bucket-agent/${a}` : "/landing/retailer-bucket")}
        />
      )}
      {loading || !data ? (
        <Loading />
      ) : (
        <>
          <PlanTiles data={data} agent={agent} user={user} />
          {data.plannedToday !== undefined && <h2 class="tiles-heading">{t("retailerBucketsHeading")}</h2>}
          <div class="tiles" data-testid="tiles">
            {TILES.map(([key, bucket]) => (
              <a key={key} class="tile" href={open(bucket)}>
                <span class="tile-label">{bucketTitle(bucket)}</span>
                <strong class="tile-value">{number(data[key])}</strong>
              </a>
            ))}
            <div class="tile">
              <span class="tile-label">{t("repeatRate")}</span>
              <span class="tile-value">
                <a href={open("repeatratecurrent")} aria-label={t("repeatThisMonth", { count: data.repeatCustomerCount })}>
                  {number(data.repeatCustomerCount)}
                </a>
                {" / "}
                <a href={open("repeatrateprev")} aria-label={t("orderingLastMonth", { count: data.lastMonthOrderCustomerCount })}>
                  {number(data.lastMonthOrderCustomerCount)}
                </a>
              </span>
              <span class="tile-note">{percent(data.repeatRatePercentage)}</span>
            </div>
          </div>
        </>
      )}
      <Trend agent={agent} />
    </section>
  );
}
