// The month's targets on an agent's Today (issue #53): each measure with a target as achieved of
// target with a bar, the projection at the current run rate and what is needed per remaining
// working day; the incentive earned and what the next slab needs. The figures are the server's
// (kept on the phone) with the phone's queued orders, visits and payments added at once, marked
// "includes N waiting" (lib/targets.js); they load again whenever the queue changes.
import { useEffect, useState } from "react";
import { money, number, percent as formatPercent } from "../../lib/format";
import { onPlanQueueChange } from "../../lib/plan";
import { loadTargets } from "../../lib/targets";
import "./targets.css";
import { t } from "./text";

/** @typedef {import("../../lib/targets").Targets} Targets */
/** @typedef {import("../../lib/targets").MeasureProgress} MeasureProgress */

/** A measure's name, as Today says it. @param {string} measure */
export const measureName = (measure) =>
  t(
    /** @type {Parameters<typeof t>[0]} */ (
      {
        sales_value: "measureSalesValue",
        productive_calls: "measureProductiveCalls",
        lines_per_call: "measureLinesPerCall",
        visits: "measureVisits",
        new_outlets: "measureNewOutlets",
        collections: "measureCollections",
      }[measure] || "measureVisits"
    ),
  );

/** A figure of `measure` in its unit: money for sales value and collections. @param {string} measure @param {number | null | undefined} v */
const figure = (measure, v) => (v == null ? "" : measure === "sales_value" || measure === "collections" ? money(v) : number(v));

/** @param {{ m: MeasureProgress }} props */
function MeasureBar({ m }) {
  const share = Math.max(0, Math.min(100, m.percent ?? 0));
  const level =
    m.percent == null ? "none" : m.percent >= 100 ? "met" : m.percent >= 80 ? "high" : m.percent >= 50 ? "mid" : "low";
  return (
    <li class="target-row" data-testid={`target-${m.measure}`} data-achieved={m.achieved}>
      <div class="target-head">
        <strong>{measureName(m.measure)}</strong>
        <span>
          {t("achievedOf", { achieved: figure(m.measure, m.achieved), target: figure(m.measure, m.target) })}
          {m.percent != null && <span class="muted"> · {formatPercent(m.percent)}</span>}
        </span>
      </div>
      <div
        class={`progress-bar target-bar target-${level}`}
        role="progressbar"
        aria-label={measureName(m.measure)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <p class="muted target-more">
        {t("projected", { value: figure(m.measure, m.projected) })}
        {m.neededPerDay != null && ` · ${t("neededPerDay", { value: figure(m.measure, m.neededPerDay) })}`}
      </p>
    </li>
  );
}

/** @param {{ user: import("../../lib/session").SessionUser }} props */
export function TargetsCard({ user }) {
  const [state, setState] = useState(
    /** @type {{ targets: Targets | null, keptAt: string | null, waiting: number, failed: boolean }} */ ({
      targets: null,
      keptAt: null,
      waiting: 0,
      failed: false,
    }),
  );
  const load = () => {
    loadTargets(user)
      .then(({ targets, keptAt, waiting }) => setState({ targets, keptAt, waiting, failed: false }))
      .catch(() => setState((s) => ({ ...s, failed: !s.targets })));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(load, []);
  // An order, visit or payment joining the phone's queue (or leaving it, sent): counted again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onPlanQueueChange(user, null, load), []);
  const { targets, waiting, keptAt } = state;
  if (!targets) return null;
  const shown = targets.measures.filter((m) => m.target != null);
  if (shown.length === 0 && targets.incentive.earned === 0) return null;
  const next = targets.incentive.next;
  return (
    <section class="card targets-card" data-testid="targets-card" aria-label={t("targetsTitle")}>
      <h2 class="plan-heading">{t("targetsTitle")}</h2>
      <p class="muted">
        {t("daysWorked", { worked: targets.daysWorked, working: targets.workingDays })}
        {waiting > 0 && (
          <span class="loc-badge loc-waiting targets-waiting" data-testid="targets-waiting">
            {t("includesWaiting", { count: waiting })}
          </span>
        )}
        {keptAt && <span class="targets-kept"> · {t("targetsKept")}</span>}
      </p>
      <ul class="target-list">
        {shown.map((m) => (
          <MeasureBar key={m.measure} m={m} />
        ))}
      </ul>
      <p class="targets-incentive" data-testid="targets-incentive">
        {t("earned", { amount: money(targets.incentive.earned) })}
        {next &&
          ` · ${t("nextSlab", {
            need: figure(next.measure, next.need),
            measure: measureName(next.measure),
            payout: money(next.payout),
          })}`}
      </p>
    </section>
  );
}
