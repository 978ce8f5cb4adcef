// FTD/FTM visit lists, the scorecard, and the image viewer.
import { t } from "./text";
import { useEffect, useState } from "react";
import { formatDate, money } from "../../lib/format";
import { DataTable } from "../../lib/table";
import { Empty, Loading, PageHeader, Select } from "../../lib/ui";
import { AREA_MANAGER, RIGHT } from "../../lib/rights";
import { agentLabel } from "../../lib/agent-select";
import { t as tl } from "../../lib/parts-text";
import { hasRight } from "../../lib/session";
import { mediaFile, useAgentList, useFtmFtd, useScorecard } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @param {{ params: { ftmftd: string } }} props */
export function FtmFtdScreen({ params }) {
  const which = params.ftmftd;
  const { data, loading } = useFtmFtd(which);
  return (
    <section>
      <PageHeader
        title={which === "ftd" ? t("ftdTitle") : which === "ftm" ? t("ftmTitle") : which.toUpperCase()}
        back="/customer/visit"
      />
      {loading ? (
        <Loading />
      ) : (
        <DataTable
          pageSize={30}
          testId="visits"
          rows={data || []}
          empty={t("noVisits")}
          columns={[
            { key: "date", label: t("date"), render: (r) => formatDate(r.date) },
            { key: "time", label: t("time") },
            { key: "outcome", label: t("outcome") },
            {
              key: "customerName",
              label: t("customerName"),
              render: (r) => <a href={`#/customer/visit/${encodeURIComponent(r.buyerID)}`}>{r.customerName}</a>,
            },
            { key: "agentId", label: t("agentId") },
            { key: "address", label: t("address"), wrap: true },
            { key: "remark", label: t("remark"), wrap: true },
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
    [t("updatedUpTo"), formatDate(card.updatedUpto)],
    [t("agentId"), card.agentID],
    [t("ttvTarget"), money(card.ttvTarget)],
    [t("ttvAchieved"), money(card.ttvAchieved)],
    [t("ttvAchievedPct"), `${card.ttvAchievedPercentage}%`],
    [t("lastMonthTtv"), money(card.lastMonthTTV)],
    [t("retailerTarget"), card.retailerTarget],
    [t("retailersAchieved"), card.retailersAchieved],
    [t("retailersAchievedPct"), `${card.retailersAchievedPercentage}%`],
    [t("lastMonthActive"), card.lastMonthActiveRetailers],
    [t("ttvProjection"), money(card.ttvProjection)],
    [t("proposedIncentive"), money(card.proposedIncentiveBasedOnProjectedTTV)],
    [t("qualificationStatus"), card.qualificationStatus],
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
  if (manager && !agent) return t("chooseAgentCard");
  const whose = manager ? t("cardNoteManager") : t("cardNoteOwn");
  const upload = hasRight(user, RIGHT.SCORECARD_MASTER) ? t("cardUpload") : t("cardLater");
  return `${whose} ${upload}`;
}

/** @param {{ user: Schemas["SessionBody"] }} props */
export function ScorecardScreen({ user }) {
  const manager = user.userType === AREA_MANAGER;
  const agents = useAgentList(manager);
  const [agent, setAgent] = useState("");
  const { data, loading } = useScorecard(manager, agent);
  return (
    <section>
      <PageHeader title={t("scoreCard")} />
      {manager && (
        <Select
          id="agent"
          label={t("agent")}
          value={agent}
          onChange={(e) => setAgent(e.currentTarget.value)}
          placeholder={tl("chooseAgent")}
          options={(agents.data || []).map((a) => ({ value: String(a.uid), label: agentLabel(a) }))}
        />
      )}
      {loading ? <Loading /> : <Card card={!manager || agent ? data : null} note={emptyNote(manager, agent, user)} />}
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
      setError(t("noFileNamed"));
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
  return <section class="message-page">{error ? <p>{error}</p> : <Loading text={t("loadingFile")} />}</section>;
}
