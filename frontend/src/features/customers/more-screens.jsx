// FTD/FTM visit lists, the scorecard, and the image viewer.
import { useEffect, useState } from "react";
import { formatDate, money } from "../../lib/format";
import { DataTable } from "../../lib/table";
import { Empty, Loading, PageHeader, Select } from "../../lib/ui";
import { AREA_MANAGER, RIGHT } from "../../lib/rights";
import { useResource } from "../../lib/resources";
import { hasRight } from "../../lib/session";
import { agentList, agentScorecard, ftmFtd, mediaFile, ownScorecard } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @param {{ params: { ftmftd: string } }} props */
export function FtmFtdScreen({ params }) {
  const which = params.ftmftd;
  const { data, loading } = useResource(() => ftmFtd(which), [which]);
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

/** @param {{ card: Schemas["Scorecard"] | null, note: string }} props `note`: what would show here and how to get it */
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

/**
 * Why a score card is missing and where one comes from, for whoever looks.
 * @param {boolean} manager
 * @param {string} agent
 * @param {Schemas["SessionBody"]} user
 */
function emptyNote(manager, agent, user) {
  if (manager && !agent) return "Choose an agent to see their score card for the month.";
  const whose = manager ? "An agent's" : "Your";
  const upload = hasRight(user, RIGHT.SCORECARD_MASTER)
    ? "Scorecard Upload in the Master menu adds the month's cards."
    : "It shows here once the month's score cards are uploaded.";
  return `${whose} score card holds the month's targets and what was achieved. ${upload}`;
}

/** @param {{ user: Schemas["SessionBody"] }} props */
export function ScorecardScreen({ user }) {
  const manager = user.userType === AREA_MANAGER;
  const agents = useResource(manager ? agentList : null, [manager]);
  const [agent, setAgent] = useState("");
  const load = manager ? (agent ? () => agentScorecard(agent) : null) : ownScorecard;
  const { data, loading } = useResource(load, [manager, agent]);
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
      {loading ? <Loading /> : <Card card={load ? data : null} note={emptyNote(manager, agent, user)} />}
    </section>
  );
}

/**
 * Fetches the named file with the session's headers, then shows it; the address is freed after 60 s.
 * Opened without a file, it says so and asks nothing (the server would only answer 400).
 */
export function ImageViewerScreen() {
  const [error, setError] = useState(/** @type {string | null} */ (null));
  useEffect(() => {
    const query = window.location.hash.split("?")[1] || "";
    const fileName = new URLSearchParams(query).get("fileName") || "";
    if (!fileName) {
      setError("No file was named to show.");
      return;
    }
    mediaFile(fileName)
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
