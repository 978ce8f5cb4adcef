// Attendance (issue #37), for managers and administrators: every agent of theirs on a day, live
// for today (refreshed every minute): not started / working (since 09:12, 7 visits, last at 14:03)
// / ended, how the start and end were recorded, the last known position (a link to the map
// site: the map view lives in the map feature, which a feature may not import), and a Correct
// action with start and end times and a required reason, confirmed before it is saved. A claimed
// tap (issue #49) is marked with its time and when it arrived.
import { useEffect, useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { DateInput, isDay } from "../../lib/date-input";
import { formatDate, localParts } from "../../lib/format";
import { messageFor } from "../../lib/i18n/messages";
import { RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { parseTime, TimeInput } from "../../lib/time-input";
import { Empty, Loading, PageHeader, Spinner } from "../../lib/ui";
import { useApi } from "../../lib/use-api";
import { Modal, ModalActions } from "../../lib/modal";
import { attendance, correctDay } from "./api";
import { claimMarks } from "./claims";
import { t } from "./text";
import "./attendance.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["AttendanceRow"]} Row */

const REFRESH_MS = 60 * 1000;

/** The phone's "HH:MM" of an instant. @param {string | null | undefined} iso */
const hhmm = (iso) => localParts(iso).time;

/** An agent's state in words (the server's name when it is none of the three). @param {string} state */
const stateLabel = (state) =>
  state === "working" ? t("working") : state === "ended" ? t("ended") : state === "not-started" ? t("notStarted") : state;

/**
 * The line under an agent's name: since when, how many visits, the last activity, and how the
 * start and end were recorded when not by a tap.
 * @param {Row} r
 */
export function dayLine(r) {
  if (r.state === "not-started") return t("notStarted");
  const visits = t("visits", { count: r.visits });
  const notes = [];
  if (r.startHow === "automatic") notes.push(t("startedAuto"));
  if (r.endHow === "automatic") notes.push(t("endedAuto"));
  if (r.startHow === "corrected" || r.endHow === "corrected") notes.push(t("corrected"));
  const start = hhmm(r.startedAt);
  const line =
    r.state === "working"
      ? r.lastActivityAt
        ? t("sinceLast", { start, visits, last: hhmm(r.lastActivityAt) })
        : t("since", { start, visits })
      : `${start}–${hhmm(r.endedAt)}, ${visits}`;
  return notes.length ? `${line} (${notes.join(", ")})` : line;
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
  const changed = (time, was) => (parseTime(time) && time !== was ? new Date(`${date}T${time}:00`).toISOString() : null);
  const startedAt = changed(start, hhmm(row.startedAt));
  const endedAt = changed(end, hhmm(row.endedAt));
  const check = (/** @type {Event} */ e) => {
    e.preventDefault();
    if ((start && !parseTime(start)) || (end && !parseTime(end))) return setError(t("badTime"));
    if (!startedAt && !endedAt) return setError(t("changeTime"));
    if (!reason.trim()) return setError(t("reasonRequired"));
    setError("");
    setConfirming(true);
  };
  const save = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const r = await correctDay({ dayId: row.dayId ?? null, startedAt, endedAt, reason: reason.trim() });
      alertSuccess(messageFor(r.code, r.params, r.message));
      onDone();
    } catch (err) {
      alertError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      onClose={onCancel}
      onSubmit={check}
      class="modal correct-form"
      titleId="correct-title"
      title={t("correctTitle", { name: row.agentName, date: formatDate(date) })}
      testId="correct-dialog"
    >
      <div class="correct-times">
        <TimeInput id="correct-start" label={t("start")} value={start} onValue={setStart} />
        <TimeInput id="correct-end" label={t("end")} value={end} onValue={setEnd} />
      </div>
      <div class={`field${error && !reason.trim() ? " has-error" : ""}`}>
        <label for="correct-reason">{t("reason")}</label>
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
      <ModalActions closeText={t("cancel")} onClose={onCancel}>
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy && <Spinner />}
          {t("save")}
        </button>
      </ModalActions>
      <ConfirmDialog
        open={confirming}
        message={
          end
            ? t("confirm", { name: row.agentName, start: start || "-", end })
            : t("confirmStart", { name: row.agentName, start: start || "-" })
        }
        onYes={save}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}

/**
 * One agent's day on `date`.
 * @param {{ r: Row, date: string, showPlan: boolean, onCorrect: (r: Row) => void }} props
 */
function AgentDay({ r, date, showPlan, onCorrect }) {
  const hasPosition = r.latitude != null && r.longitude != null;
  return (
    <li class="card attendance-item" data-testid="attendance-item" data-agent-id={r.agentId} data-state={r.state}>
      <div class="attendance-head">
        <strong>{r.agentName}</strong>
        <span class={`state-badge state-${r.state}`}>{stateLabel(r.state)}</span>
      </div>
      <p data-testid="attendance-line">{dayLine(r)}</p>
      {claimMarks(r, date).map((mark) => (
        <p key={mark} class="claim-mark" data-testid="claim-mark">
          {mark}
        </p>
      ))}
      {r.correctionReason && <p class="muted">{t("correctedReason", { reason: r.correctionReason })}</p>}
      <div class="attendance-links">
        {hasPosition && (
          // A geo: link opens the phone's own map app; the server and the page call out to no one.
          <a href={`geo:${r.latitude},${r.longitude}?q=${r.latitude},${r.longitude}`} title={`${r.latitude}, ${r.longitude}`}>
            {t("lastPosition")}
          </a>
        )}
        {showPlan && <a href={`#/map/today/${r.agentId}`}>{t("mapOfDay")}</a>}
        {r.dayId != null && (
          <button type="button" class="btn btn-small" onClick={() => onCorrect(r)}>
            {t("correct")}
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
  // What the date field holds: a day (YYYY-MM-DD), "" or a typed text that is no date yet.
  const [typed, setTyped] = useState(today);
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
      <PageHeader title={t("title")} />
      <div class="narrow-form">
        <DateInput
          id="attendance-date"
          label={t("date")}
          max={today}
          value={typed}
          error={isDay(typed) && typed > today ? t("future") : null}
          onValue={(v) => {
            setTyped(v);
            // A day is shown as soon as it is one (not after today); a typo keeps the day shown
            // (the field says why once left).
            if (isDay(v) && v <= today) setDate(v);
          }}
        />
      </div>
      {loading && !data && <Loading />}
      {data && (
        <>
          <p class="attendance-summary" data-testid="attendance-summary">
            {t("summary", {
              day: date === today ? t("today") : formatDate(date),
              working: count("working"),
              ended: count("ended"),
              notStarted: count("not-started"),
            })}
          </p>
          {rows.length ? (
            <ul class="attendance-list" data-testid="attendance-list" aria-label={t("agents")}>
              {rows.map((r) => (
                <AgentDay key={r.agentId} r={r} date={date} showPlan={showPlan} onCorrect={setCorrecting} />
              ))}
            </ul>
          ) : (
            <Empty text={t("noAgents")} />
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
