// The team view (issue #53): the caller's agents (an administrator's: every agent) by measure for
// a month, each cell what was achieved of the target, coloured by percent, sortable by any column;
// "Set targets" turns the cells into fields that save as they are left (POST /master/target), so
// the grid is also where a manager sets the month's targets.
import { useEffect, useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { money, number, percent as formatPercent } from "../../lib/format";
import { MonthInput } from "../../lib/month-input";
import { Empty, Loading, PageHeader } from "../../lib/ui";
import { setTarget, teamTargets } from "./api";
import { t } from "./text";
import "./targets.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["TeamAgent"]} TeamAgent */
/** @typedef {Schemas["MeasureProgress"]} MeasureProgress */

/** The measures as columns, with their headers. */
const COLUMNS = /** @type {const} */ ([
  ["sales_value", "salesValue"],
  ["productive_calls", "productiveCalls"],
  ["lines_per_call", "linesPerCall"],
  ["visits", "visits"],
  ["new_outlets", "newOutlets"],
  ["collections", "collections"],
]);
const MONEY = new Set(["sales_value", "collections"]);

/** @param {string} measure @param {number | null | undefined} v */
const figure = (measure, v) => (v == null ? "" : MONEY.has(measure) ? money(v) : number(v));

/** The colour class of a percent. @param {number | null | undefined} p */
const level = (p) => (p == null ? "" : p >= 100 ? "pct-met" : p >= 80 ? "pct-high" : p >= 50 ? "pct-mid" : "pct-low");

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
};

/** @param {TeamAgent} a @param {string} measure */
const cellOf = (a, measure) => a.measures.find((m) => m.measure === measure);

/**
 * One editable target: saved when left, if changed.
 * @param {{ agent: TeamAgent, m: MeasureProgress, month: string, label: string, onSaved: () => void }} props
 */
function TargetField({ agent, m, month, label, onSaved }) {
  const initial = m.target == null ? "" : String(m.target);
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial]);
  const save = async () => {
    if (value.trim() === initial) return;
    try {
      await setTarget({ agentId: agent.agentId, month, measure: m.measure, target: value.trim() === "" ? null : value.trim() });
      alertSuccess(t("saved", { agent: agent.agentName, measure: label }));
      onSaved();
    } catch (err) {
      alertError(/** @type {Error} */ (err).message);
      setValue(initial);
    }
  };
  return (
    <input
      inputMode="decimal"
      value={value}
      aria-label={t("targetFor", { agent: agent.agentName, measure: label })}
      data-testid={`edit-${agent.agentId}-${m.measure}`}
      onInput={(e) => setValue(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") e.currentTarget.blur();
      }}
    />
  );
}

export default function TeamScreen() {
  const [month, setMonth] = useState(thisMonth());
  const [team, setTeam] = useState(/** @type {Schemas["Team"] | null} */ (null));
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState(false);
  const [sort, setSort] = useState(/** @type {{ by: string, desc: boolean }} */ ({ by: "agent", desc: false }));

  const load = () => {
    setLoading(true);
    teamTargets(month)
      .then((answer) => setTeam(answer))
      .catch((/** @type {Error} */ err) => alertError(err.message))
      .finally(() => setLoading(false));
  };
  useEffect(load, [month]);

  const sortBy = (/** @type {string} */ by) => setSort((s) => ({ by, desc: s.by === by ? !s.desc : by !== "agent" }));
  const agents = team ? [...team.agents] : [];
  agents.sort((a, b) => {
    let d;
    if (sort.by === "agent") d = a.agentName.localeCompare(b.agentName);
    else if (sort.by === "incentive") d = a.incentive.earned - b.incentive.earned;
    else {
      const pa = cellOf(a, sort.by)?.percent ?? -1;
      const pb = cellOf(b, sort.by)?.percent ?? -1;
      d = pa - pb || (cellOf(a, sort.by)?.achieved ?? 0) - (cellOf(b, sort.by)?.achieved ?? 0);
    }
    return sort.desc ? -d : d;
  });
  /** @param {string} by */
  const ariaSort = (by) => (sort.by === by ? (sort.desc ? "descending" : "ascending") : undefined);
  /** @param {string} by @param {string} label */
  const header = (by, label) => (
    <th scope="col" aria-sort={ariaSort(by)} key={by}>
      <button type="button" onClick={() => sortBy(by)} title={t("sortBy", { column: label })} data-testid={`sort-${by}`}>
        {label}
        {sort.by === by ? (sort.desc ? " ▼" : " ▲") : ""}
      </button>
    </th>
  );

  return (
    <section class="team-targets-screen">
      <PageHeader title={t("title")}>
        <a class="btn" href="#/targets/upload">
          {t("upload")}
        </a>
        <a class="btn" href="#/master/report/targets">
          {t("report")}
        </a>
      </PageHeader>
      <div class="team-targets-tools">
        <MonthInput id="targets-month" label={t("month")} value={month} onValue={setMonth} years={3} />
        <button type="button" class={editing ? "btn primary" : "btn"} aria-pressed={editing} onClick={() => setEditing(!editing)}>
          {editing ? t("doneEditing") : t("edit")}
        </button>
      </div>
      {team && (
        <p class="muted" data-testid="team-days">
          {t("days", { worked: team.daysWorked, working: team.workingDays })}
        </p>
      )}
      {loading && !team && <Loading />}
      {team && agents.length === 0 && <Empty text={t("noAgents")} />}
      {team && agents.length > 0 && (
        <>
          <div class="team-targets-wrap">
            <table class="team-targets" data-testid="team-targets">
              <thead>
                <tr>
                  {header("agent", t("agent"))}
                  {COLUMNS.map(([measure, name]) => header(measure, t(name)))}
                  {header("incentive", t("incentive"))}
                </tr>
              </thead>
              <tbody>
                {agents.map((a) => (
                  <tr key={a.agentId} data-testid="team-row" data-agent={a.email}>
                    <th scope="row">{a.agentName}</th>
                    {COLUMNS.map(([measure, name]) => {
                      const m = cellOf(a, measure);
                      if (!m) return <td key={measure} />;
                      return (
                        <td key={measure} class={level(m.percent)} data-measure={measure} data-percent={m.percent ?? ""}>
                          <span class="cell-figure">{figure(measure, m.achieved)}</span>
                          {editing ? (
                            <TargetField agent={a} m={m} month={month} label={t(name)} onSaved={load} />
                          ) : (
                            <span class="cell-target">
                              {m.target == null
                                ? t("noTarget")
                                : `${t("ofTarget", { target: figure(measure, m.target) })} · ${formatPercent(m.percent)}`}
                            </span>
                          )}
                        </td>
                      );
                    })}
                    <td>{money(a.incentive.earned)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="team-legend">
            <span class="pct-low">&lt; 50 %</span>
            <span class="pct-mid">50-79 %</span>
            <span class="pct-high">80-99 %</span>
            <span class="pct-met">≥ 100 %</span>
            <span class="muted">{t("legend")}</span>
          </p>
        </>
      )}
    </section>
  );
}
