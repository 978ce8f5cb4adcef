// Visit summary (spec 2 §2): today's, this month's and the last-3-months average visits, orders
// and order value; the visit tiles open the FTD and FTM lists. Below, each agent's check-ins this
// month: how many visits were verified at the shop.
import { useState } from "react";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { money } from "../../lib/format";
import { AgentPicker, defaultAgent } from "./agent-picker";
import { AREA_MANAGER } from "../../lib/rights";
import { useVisitSummary } from "./api";

/** @param {{ user: import("./api").Schemas["SessionBody"] }} props */
export default function VisitSummaryScreen({ user }) {
  const [agent, setAgent] = useState(defaultAgent(user));
  const manager = user.userType === AREA_MANAGER;
  const { data, loading } = useVisitSummary(manager ? agent : null);
  /** @type {[string, string | number, string?][]} a tile's label, its figure and what it opens */
  const tiles = !data
    ? []
    : [
        ["Total Visits Today", data.totalVisitFTD, "#/customer/details/ftd"],
        ["Total Visits This Month", data.totalVisitFTM, "#/customer/details/ftm"],
        ["Unique Customers Visited Today", data.uniqueVisitFTD, "#/customer/details/ftd"],
        ["Unique Customers Visited This Month", data.uniqueVisitFTM, "#/customer/details/ftm"],
        ["Monthly Avg Customers Visited (L3M)", data.avgVisitMonthlyL3M],
        ["Unique Orders Today", data.uniqueOrderFTD],
        ["Unique Orders This Month", data.uniqueOrderFTM],
        ["Monthly Avg Unique Orders (L3M)", data.avgOrderMonthlyL3M],
        ["Orders Value Today", money(data.orderValueFTD)],
        ["Orders Value This Month", money(data.orderValueFTM)],
        ["Monthly Avg Orders Value (L3M)", money(data.avgOrderValueMonthlyL3M)],
      ];
  return (
    <section>
      <PageHeader title="Visit Summary" />
      {manager && <AgentPicker value={agent} onChange={setAgent} />}
      {loading || !data ? (
        <Loading />
      ) : (
        <div class="tiles" data-testid="summary-tiles">
          {tiles.map(([label, value, href]) =>
            href ? (
              <a key={label} class="tile" href={href}>
                <span class="tile-label">{label}</span>
                <strong class="tile-value">{value}</strong>
              </a>
            ) : (
              <div key={label} class="tile">
                <span class="tile-label">{label}</span>
                <strong class="tile-value">{value}</strong>
              </div>
            ),
          )}
        </div>
      )}
      {data && !loading && (
        <div class="card">
          <h2>Check-ins this month</h2>
          <DataTable
            serial={false}
            testId="check-ins"
            rows={data.checkInByAgent}
            empty="No visits with a location check this month"
            columns={[
              { key: "agentName", label: "Agent" },
              { key: "visits", label: "Visits" },
              { key: "verified", label: "Verified" },
              { key: "offSite", label: "Off-site" },
              { key: "noLocation", label: "No location" },
              { key: "customerUnlocated", label: "Shop not located" },
              { key: "verifiedPercentage", label: "Verified %", render: (r) => `${r.verifiedPercentage}%` },
            ]}
          />
        </div>
      )}
    </section>
  );
}
