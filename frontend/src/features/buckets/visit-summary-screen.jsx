// Visit summary (spec 2 §2): today's, this month's and the last-3-months average visits, orders
// and order value; the visit tiles open the FTD and FTM lists. Below, each agent's check-ins this
// month: how many visits were verified at the shop.
import { t } from "./text";
import { useState } from "react";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { money, number, percent } from "../../lib/format";
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
        // Counts with the locale's grouping (issue #55: an average of 1305.67 visits showed bare).
        [t("totalVisitFTD"), number(data.totalVisitFTD), "#/customer/details/ftd"],
        [t("totalVisitFTM"), number(data.totalVisitFTM), "#/customer/details/ftm"],
        [t("uniqueVisitFTD"), number(data.uniqueVisitFTD), "#/customer/details/ftd"],
        [t("uniqueVisitFTM"), number(data.uniqueVisitFTM), "#/customer/details/ftm"],
        [t("avgVisitMonthlyL3M"), number(data.avgVisitMonthlyL3M)],
        [t("uniqueOrderFTD"), number(data.uniqueOrderFTD)],
        [t("uniqueOrderFTM"), number(data.uniqueOrderFTM)],
        [t("avgOrderMonthlyL3M"), number(data.avgOrderMonthlyL3M)],
        [t("orderValueFTD"), money(data.orderValueFTD)],
        [t("orderValueFTM"), money(data.orderValueFTM)],
        [t("avgOrderValueMonthlyL3M"), money(data.avgOrderValueMonthlyL3M)],
      ];
  return (
    <section>
      <PageHeader title={t("visitSummary")} />
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
          <h2>{t("checkIns")}</h2>
          <DataTable
            serial={false}
            testId="check-ins"
            rows={data.checkInByAgent}
            empty={t("noCheckIns")}
            columns={[
              { key: "agentName", label: t("agent") },
              { key: "visits", label: t("visits"), render: (r) => number(r.visits) },
              { key: "verified", label: t("verified"), render: (r) => number(r.verified) },
              { key: "offSite", label: t("offSite"), render: (r) => number(r.offSite) },
              { key: "noLocation", label: t("noLocation"), render: (r) => number(r.noLocation) },
              { key: "customerUnlocated", label: t("shopNotLocated"), render: (r) => number(r.customerUnlocated) },
              { key: "verifiedPercentage", label: t("verifiedPct"), render: (r) => percent(r.verifiedPercentage) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
