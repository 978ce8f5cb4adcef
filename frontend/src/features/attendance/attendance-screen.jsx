// Attendance (issue #37), for managers and administrators: every agent of theirs on a day, live
// for today (refreshed every minute): not started / working (since 09:12, 7 visits, last at 14:03)
// / ended, how the start and end were recorded, the last known position (a link to the map
// site: the map view lives in the map feature, which a feature may not import), and a Correct
// action with start and end times and a required reason, confirmed before it is saved.
import { useEffect, useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { formatDate, localParts, plural } from "../../lib/format";
import { RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { Empty, Loading, PageHeader, Spinner, TextInput } from "../../lib/ui";
import { useApi } from "../../lib/use-api";
import { attendance, correctDay } from "./api";
import "./attendance.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["AttendanceRow"]} Row */

const REFRESH_MS = 60 * 1000;

/** The phone's "HH:MM" of an instant. @param {string | null | undefined} iso */
const hhmm = (iso) => localParts(iso).time;

/** @type {Record<string, string>} */
const STATE_LABEL = { working: "Working", ended: "Ended", "not-started": "Not started" };

/**
 * The line under an agent's name: since when, how many visits, the last activity, and how the
 * start and end were recorded when not by a tap.
 * @param {Row} r
 */
export function dayLine(r) {
  if (r.state === "not-started") return "Not started";
  const visits = plural(r.visits, "visit");
  const notes = [];
  if (r.startHow === "automatic") notes.push("started at the first visit or order");
  if (r.endHow === "automatic") notes.push("closed automatically");
  if (r.startHow === "corrected" || r.endHow === "corrected") notes.push("corrected");
  const main =
    r.state === "working"
      ? `since ${hhmm(r.startedAt)}, ${visits}${r.lastActivityAt ? `, last at ${hhmm(r.lastActivityAt)}` : ""}`
      : `${hhmm(r.startedAt)}–${hhmm(r.endedAt)}, ${visits}`;
  return notes.length ? `${main} (${notes.join(", ")})` : main;
}

/**
 * The correction form of one agent's day: start and end times (the day's own date) and a reason.
 * @param {{ row: Row, date: string, onDone: () => void, onCancel: () => void }} props
 */
function CorrectDialog({ row, date, onDone, onCancel }) {
  const [start, setStart] = useState(hhmm(row.startedAt));
  const [end, setEnd] = useState(hhmm(row.endedAt));
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** An "HH:MM" of the day as ISO 8601, or null when unchanged. @param {string} time @param {string} was */
  const changed = (time, was) => (time && time !== was ? new Date(`${date}T${time}:00`).toISOString() : null);
  const startedAt = changed(start, hhmm(row.startedAt));
  const endedAt = changed(end, hhmm(row.endedAt));
  const check = (/** @type {Event} */ e) => {
    e.preventDefault();
    if (!startedAt && !endedAt) return setError("Change the start or the end time.");
    if (!reason.trim()) return setError("A reason is required.");
    setError("");
    setConfirming(true);
  };
  const save = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const r = await correctDay({ dayId: row.dayId ?? null, startedAt, endedAt, reason: reason.trim() });
      alertSuccess(r.message);
      onDone();
    } catch (err) {
      alertError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="modal-backdrop" onClick={onCancel}>
      <form
        class="modal correct-form"
        role="dialog"
        aria-modal="true"
        aria-labelledby="correct-title"
        data-testid="correct-dialog"
        onClick={(e) => e.stopPropagation()}
        onSubmit={check}
        noValidate
      >
        <h2 id="correct-title">
          Correct {row.agentName}, {formatDate(date)}
        </h2>
        <div class="correct-times">
          <TextInput
            id="correct-start"
            label="Start"
            type="time"
            value={start}
            onInput={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput id="correct-end" label="End" type="time" value={end} onInput={(e) => setEnd(e.currentTarget.value)} />
        </div>
        <div class={`field${error && !reason.trim() ? " has-error" : ""}`}>
          <label for="correct-reason">Reason</label>
          <textarea
            id="correct-reason"
            rows={2}
            maxLength={500}
            value={reason}
            onInput={(e) => {
              setReason(e.currentTarget.value);
              setError("");
            }}
          />
        </div>
        {error && (
          <small class="field-error" role="status">
            {error}
          </small>
        )}
        <div class="modal-actions">
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy && <Spinner />}
            Save
          </button>
          <button type="button" class="btn" onClick={onCancel}>
            Cancel
          </button>
        </div>
        <ConfirmDialog
          open={confirming}
          message={`Are you sure, you want to correct the day of ${row.agentName} to ${start || "-"}–${end || "-"}?`}
          onYes={save}
          onCancel={() => setConfirming(false)}
        />
      </form>
    </div>
  );
}

/**
 * One agent's day.
 * @param {{ r: Row, showPlan: boolean, onCorrect: (r: Row) => void }} props
 */
function AgentDay({ r, showPlan, onCorrect }) {
  const hasPosition = r.latitude != null && r.longitude != null;
  return (
    <li class="card attendance-item" data-testid="attendance-item" data-agent-id={r.agentId} data-state={r.state}>
      <div class="attendance-head">
        <strong>{r.agentName}</strong>
        <span class={`state-badge state-${r.state}`}>{STATE_LABEL[r.state] || r.state}</span>
      </div>
      <p data-testid="attendance-line">{dayLine(r)}</p>
      {r.correctionReason && <p class="muted">Corrected: {r.correctionReason}</p>}
      <div class="attendance-links">
        {hasPosition && (
          // A geo: link opens the phone's own map app; the server and the page call out to no one.
          <a href={`geo:${r.latitude},${r.longitude}?q=${r.latitude},${r.longitude}`} title={`${r.latitude}, ${r.longitude}`}>
            Last known position
          </a>
        )}
        {showPlan && <a href={`#/map/today/${r.agentId}`}>Map of the day</a>}
        {r.dayId != null && (
          <button type="button" class="btn btn-small" onClick={() => onCorrect(r)}>
            Correct
          </button>
        )}
      </div>
    </li>
  );
}

/** @param {import("../../lib/session").ScreenProps} props */
export default function AttendanceScreen({ user }) {
  const today = localParts(new Date().toISOString()).date;
  const [date, setDate] = useState(today);
  const [correcting, setCorrecting] = useState(/** @type {Row | null} */ (null));
  const { data, loading, reload } = useApi(() => attendance(date), { key: date });
  // Today is live: asked again every minute while the screen is open.
  useEffect(() => {
    if (date !== today) return undefined;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [date, today, reload]);
  const rows = data ? data.data : [];
  /** @param {string} state */
  const count = (state) => rows.filter((r) => r.state === state).length;
  const showPlan = date === today && hasRight(user, RIGHT.BEAT_MASTER);
  return (
    <section class="attendance">
      <PageHeader title="Attendance" />
      <div class="narrow-form">
        <TextInput
          id="attendance-date"
          label="Date"
          type="date"
          max={today}
          value={date}
          onInput={(e) => e.currentTarget.value && setDate(e.currentTarget.value)}
        />
      </div>
      {loading && !data && <Loading />}
      {data && (
        <>
          <p class="attendance-summary" data-testid="attendance-summary">
            {date === today ? "Today" : formatDate(date)}: {count("working")} working · {count("ended")} ended ·{" "}
            {count("not-started")} not started
          </p>
          {rows.length ? (
            <ul class="attendance-list" data-testid="attendance-list" aria-label="Agents">
              {rows.map((r) => (
                <AgentDay key={r.agentId} r={r} showPlan={showPlan} onCorrect={setCorrecting} />
              ))}
            </ul>
          ) : (
            <Empty text="No agents." />
          )}
        </>
      )}
      {correcting && (
        <CorrectDialog
          row={correcting}
          date={date}
          onCancel={() => setCorrecting(null)}
          onDone={() => {
            setCorrecting(null);
            reload();
          }}
        />
      )}
    </section>
  );
}
