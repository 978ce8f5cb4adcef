// FTD/FTM visit lists, the scorecard, and the image viewer.
import { useEffect, useState } from "react";
import { api } from "../../lib/api-client";
import { formatDate } from "../../lib/dates";
import { money } from "../../lib/money";
import { DataTable } from "../../lib/table";
import { Empty, Loading, PageHeader, Select } from "../../lib/ui";
import { useApi } from "../../lib/use-api";
import { AREA_MANAGER, RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";

export function FtmFtdScreen({ params }) {
  const which = params.ftmftd;
  const { data, loading } = useApi(`/users/customer/FTMFTD/${encodeURIComponent(which)}`, { initial: [] });
  return (
    <section>
      <PageHeader title={which.toUpperCase()} back="/customer/visit" />
      {loading ? (
        <Loading />
      ) : (
        <DataTable
          pageSize={30}
          testId="visits"
          rows={data || []}
          empty="No visits"
          columns={[
            { key: "date", label: "Date", render: (r) => formatDate(r.date) },
            { key: "time", label: "Time" },
            { key: "outcome", label: "Outcome" },
            {
              key: "customerName",
              label: "Customer Name",
              render: (r) => <a href={`#/customer/visit/${encodeURIComponent(r.buyerID)}`}>{r.customerName}</a>,
            },
            { key: "agentId", label: "Agent ID" },
            { key: "address", label: "Address", wrap: true },
            { key: "remark", label: "Remark", wrap: true },
          ]}
        />
      )}
    </section>
  );
}

/** @param {{ card: any, note: string }} props `note`: what would show here and how to get it */
function Card({ card, note }) {
  if (!card) return <Empty note={note} />;
  const rows = [
    ["Updated Up To", formatDate(card.updatedUpto)],
    ["Agent ID", card.agentID],
    ["TTV Target", money(card.ttvTarget)],
    ["TTV Achieved", money(card.ttvAchieved)],
    ["TTV Achieved %", `${card.ttvAchievedPercentage}%`],
    ["Last Month TTV", money(card.lastMonthTTV)],
    ["Retailer Target", card.retailerTarget],
    ["Retailers Achieved", card.retailersAchieved],
    ["Retailers Achieved %", `${card.retailersAchievedPercentage}%`],
    ["Last Month Active Retailers", card.lastMonthActiveRetailers],
    ["TTV Projection", money(card.ttvProjection)],
    ["Proposed Incentive (projected TTV)", money(card.proposedIncentiveBasedOnProjectedTTV)],
    ["Qualification Status", card.qualificationStatus],
  ];
  return (
    <div class="card" data-testid="scorecard">
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} class="dl-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Why a score card is missing and where one comes from, for whoever looks. */
function emptyNote(manager, agent, user) {
  if (manager && !agent) return "Choose an agent to see their score card for the month.";
  const whose = manager ? "An agent's" : "Your";
  const upload = hasRight(user, RIGHT.SCORECARD_MASTER)
    ? "Scorecard Upload in the Master menu adds the month's cards."
    : "It shows here once the month's score cards are uploaded.";
  return `${whose} score card holds the month's targets and what was achieved. ${upload}`;
}

export function ScorecardScreen({ user }) {
  const manager = user.userType === AREA_MANAGER;
  const agents = useApi(manager ? "/users/agentList" : null, { initial: [] });
  const [agent, setAgent] = useState("");
  const path = manager ? (agent ? `/users/scorecardAM/${agent}` : null) : "/users/scorecard";
  const { data, loading } = useApi(path);
  return (
    <section>
      <PageHeader title="Score Card" />
      {manager && (
        <Select
          id="agent"
          label="Agent"
          value={agent}
          onChange={(e) => setAgent(e.currentTarget.value)}
          placeholder=""
          options={(agents.data || []).map((a) => ({ value: String(a.uid), label: a.name }))}
        />
      )}
      {loading ? <Loading /> : <Card card={path ? data : null} note={emptyNote(manager, agent, user)} />}
    </section>
  );
}

/**
 * Fetches the named file with the session's headers, then shows it; the address is freed after 60 s.
 * Opened without a file, it says so and asks nothing (the server would only answer 400).
 */
export function ImageViewerScreen() {
  const [error, setError] = useState(null);
  useEffect(() => {
    const query = window.location.hash.split("?")[1] || "";
    const fileName = new URLSearchParams(query).get("fileName") || "";
    if (!fileName) {
      setError("No file was named to show.");
      return;
    }
    api(`/users/media?fileName=${encodeURIComponent(fileName)}`, { raw: true })
      .then((r) => r.blob())
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        setTimeout(() => URL.revokeObjectURL(url), 60000);
        window.location.href = url;
      })
      .catch((err) => setError(err.message));
  }, []);
  return <section class="message-page">{error ? <p>{error}</p> : <Loading text="Loading the file…" />}</section>;
}
