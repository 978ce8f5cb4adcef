// Retailer Buckets dashboard (spec 2 §2): today's beat plan in four tiles (issue #19; they open the
// agent's Today), tiles that open the bucket lists, the repeat rate with its two numbers, an agent
// picker for managers, and the last 8 weeks' trend.
import { useLocation } from "wouter";
import { percent } from "../../lib/format";
import { hasRight } from "../../lib/session";
import { Loading, PageHeader } from "../../lib/ui";
import { AgentPicker, defaultAgent } from "./agent-picker";
import { AGENT, AREA_MANAGER, RIGHT } from "../../lib/rights";
import { useLanding, useTrend } from "./api";

/** @typedef {import("./api").Schemas} Schemas */

/** @type {[keyof Schemas["Landing"], string, string][]} the figure, its tile's label, the bucket it opens */
const TILES = [
  ["myRetailers", "My Retailers", "retailers"],
  ["myWholesalers", "My Wholesellers", "wholesalers"],
  ["orderedInL15Days", "Ordered in L15 Days", "ordered"],
  ["notOrderedInL15Days", "Not Ordered in L15 Days", "notordered"],
  ["visitedInL15Days", "Visits in L15 Days", "visited"],
  ["notVisitedInL15Days", "Not Visited in L15 Days", "notvisited"],
  ["myCustomer", "My Customer", "mycustomer"],
];

/** The day plan's figures of the landing answer, summed over the agents in view. */
/** @type {[keyof Schemas["Landing"], string][]} */
const PLAN_TILES = [
  ["plannedToday", "Planned Today"],
  ["visitedAsPlannedToday", "Visited As Planned"],
  ["productiveToday", "Ordered As Planned"],
  ["unplannedToday", "Unplanned Visits"],
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
      <h2 class="tiles-heading">Today's beat plan</h2>
      <div class="tiles" data-testid="plan-tiles">
        {PLAN_TILES.map(([key, label]) => {
          const inner = (
            <>
              <span class="tile-label">{label}</span>
              <strong class="tile-value">{data[key]}</strong>
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
  return (
    <figure class="card trend" data-testid="trend">
      <figcaption>Last 8 weeks: visits (bars) and orders (line)</figcaption>
      <svg viewBox="0 0 380 130" role="img" aria-label="Weekly visits and orders">
        {weeks.map((w, i) => (
          <rect key={w.weekStart} x={x(i) - 12} y={y(w.visits)} width="24" height={110 - y(w.visits)} fill="#9cc3dd">
            <title>{`${w.weekStart}: ${w.visits} visits, ${w.orders} orders`}</title>
          </rect>
        ))}
        <polyline
          fill="none"
          stroke="#0f5c8c"
          stroke-width="3"
          points={weeks.map((w, i) => `${x(i)},${y(w.orders)}`).join(" ")}
        />
        {weeks.map((w, i) => (
          <text key={w.weekStart} x={x(i)} y="126" font-size="9" text-anchor="middle" fill="#5b6b77">
            {w.weekStart.slice(5)}
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
      <PageHeader title="Retailer Buckets" />
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
          {data.plannedToday !== undefined && <h2 class="tiles-heading">Retailer buckets</h2>}
          <div class="tiles" data-testid="tiles">
            {TILES.map(([key, label, bucket]) => (
              <a key={key} class="tile" href={open(bucket)}>
                <span class="tile-label">{label}</span>
                <strong class="tile-value">{data[key]}</strong>
              </a>
            ))}
            <div class="tile">
              <span class="tile-label">Repeat Rate</span>
              <span class="tile-value">
                <a href={open("repeatratecurrent")} aria-label={`${data.repeatCustomerCount} repeat customers this month`}>
                  {data.repeatCustomerCount}
                </a>
                {" / "}
                <a href={open("repeatrateprev")} aria-label={`${data.lastMonthOrderCustomerCount} ordering customers last month`}>
                  {data.lastMonthOrderCustomerCount}
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
