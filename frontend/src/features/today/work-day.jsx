// The agent's working day on Today (issue #37): one tap on "Start day" records the phone's time and
// position (with its accuracy), then "Working since 09:12 · 7 visits" and "End day"; after the end,
// "Day ended at 18:05". A tap goes through the phone's queue like a visit (kinds "day-start",
// "day-end"), so it works offline and reaches the server before the visits saved after it; while
// it waits, the card shows it from the queue. The day also starts by itself at the first visit or
// order (the server says so: "started at your first visit").
import { useEffect, useState } from "react";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { localParts } from "../../lib/format";
import { currentPosition } from "../../lib/location";
import { dayToday } from "../../lib/offline/api";
import { loadEngine } from "../../lib/offline/status";
import { Spinner } from "../../lib/ui";
import { t } from "./text";
import "./work-day.css";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {import("../../lib/offline/queue").QueueEntry} QueueEntry */
/** @typedef {import("../../lib/offline/queue").DayItem & import("../../lib/offline/queue").EntryState} DayEntry */
/** @typedef {typeof import("../../lib/offline/engine")} Engine */

/** Where the last answer of the day is kept, for a Today opened offline. @param {number} uid */
const keptKey = (uid) => `fieldsales.work-day.${uid}`;

/** The phone's "HH:MM" of an instant. @param {string | null | undefined} iso */
const hhmm = (iso) => localParts(iso).time;

/** @returns {Schemas["Today"] | null} */
function kept(/** @type {number} */ uid) {
  try {
    const day = JSON.parse(localStorage.getItem(keptKey(uid)) || "null");
    return day && day.date === localParts(new Date().toISOString()).date ? day : null;
  } catch {
    return null;
  }
}

/**
 * What the card says, from the server's day and the phone's waiting taps and visits.
 * @param {Schemas["Today"] | null} day
 * @param {QueueEntry[]} entries
 */
export function dayShown(day, entries) {
  const today = localParts(new Date().toISOString()).date;
  const waiting = entries.filter((e) => e.state === "waiting");
  const taps = /** @type {DayEntry[]} */ (waiting.filter((e) => e.kind === "day-start" || e.kind === "day-end"));
  const tap = (/** @type {string} */ kind) => taps.find((e) => e.kind === kind && localParts(e.day.at).date === today);
  const start = tap("day-start");
  const end = tap("day-end");
  const queuedVisits = waiting.filter((e) => !e.kind || e.kind === "visit").length;
  const startedAt = (day && day.startedAt) || (start && start.day.at) || null;
  const serverEnd = day && day.state === "ended" ? day.endedAt : null;
  const endedAt = serverEnd || (end && end.day.at) || null;
  return {
    state: endedAt ? "ended" : startedAt ? "working" : "not-started",
    startedAt,
    endedAt,
    automatic: !!day && !start && day.how === "automatic",
    closedAutomatically: !!serverEnd && !!day && day.endHow === "automatic",
    visits: ((day && day.visits) || 0) + queuedVisits,
    waiting: !!(start || end),
  };
}

/** @param {{ user: { uid: number } }} props */
export function WorkDay({ user }) {
  const uid = user.uid;
  const [day, setDay] = useState(/** @type {Schemas["Today"] | null} */ (kept(uid)));
  const [entries, setEntries] = useState(/** @type {QueueEntry[]} */ ([]));
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState(false);

  const load = () =>
    dayToday()
      .then((d) => {
        setDay(d);
        localStorage.setItem(keptKey(uid), JSON.stringify(d));
      })
      // Offline or refused: the kept day and the queue say what is known.
      .catch(() => {});
  useEffect(() => {
    load();
    let unwatch = () => {};
    let gone = false;
    loadEngine().then((m) => {
      if (gone) return;
      m.listQueue(uid).then(setEntries);
      unwatch = m.onQueueChange((list) => {
        setEntries(list);
        // A tap or visit sent meanwhile: the server's day has it now.
        load();
      });
    });
    return () => {
      gone = true;
      unwatch();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);

  /** @param {"day-start" | "day-end"} kind */
  const tap = async (kind) => {
    setBusy(true);
    try {
      /** @type {Engine} */
      const engine = await loadEngine();
      const at = new Date().toISOString();
      const position = await currentPosition();
      const clientId = engine.newClientId();
      /** @type {Schemas["DayMark"]} */
      const body = {
        clientId,
        at,
        latitude: position ? position.latitude : null,
        longitude: position ? position.longitude : null,
        accuracy: position ? position.accuracy : null,
      };
      await engine.enqueue(uid, { kind, clientId, day: body });
      const left = await engine.syncNow(uid);
      const mine = left.find((e) => e.clientId === clientId);
      const start = kind === "day-start";
      if (!mine) {
        alertSuccess(start ? t("started") : t("ended"));
        await load();
      } else if (mine.state === "failed") {
        alertError(mine.message || (start ? t("startRefused") : t("endRefused")));
        await engine.discardEntry(uid, clientId);
      } else alertInfo(engine.queuedMessage(start ? t("startSaved") : t("endSaved")));
    } catch (err) {
      alertError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const shown = dayShown(day, entries);
  return (
    <div class="card work-day" data-testid="work-day" data-state={shown.state}>
      {shown.state === "not-started" && (
        <div class="work-day-row">
          <p class="work-day-text" data-testid="day-state">
            {t("notStarted")}
          </p>
          <button type="button" class="btn btn-primary" data-testid="start-day" disabled={busy} onClick={() => tap("day-start")}>
            {busy && <Spinner />}
            {t("startDay")}
          </button>
        </div>
      )}
      {shown.state === "working" && (
        <div class="work-day-row">
          <p class="work-day-text" data-testid="day-state">
            <strong>{t("workingSince", { time: hhmm(shown.startedAt) })}</strong> · {t("visits", { count: shown.visits })}
            {shown.automatic && <span class="muted"> · {t("startedAtFirstVisit")}</span>}
            {shown.waiting && <span class="loc-badge loc-waiting">{t("waitingToSync")}</span>}
          </p>
          <button type="button" class="btn" data-testid="end-day" disabled={busy} onClick={() => setEnding(true)}>
            {busy && <Spinner />}
            {t("endDay")}
          </button>
        </div>
      )}
      {shown.state === "ended" && (
        <p class="work-day-text" data-testid="day-state">
          <strong>{t("endedAt", { time: hhmm(shown.endedAt) })}</strong> · {t("visits", { count: shown.visits })}
          {shown.closedAutomatically && <span class="muted"> · {t("closedAutomatically")}</span>}
          {shown.waiting && <span class="loc-badge loc-waiting">{t("waitingToSync")}</span>}
        </p>
      )}
      <ConfirmDialog
        open={ending}
        message={t("confirmEnd")}
        onYes={() => {
          setEnding(false);
          tap("day-end");
        }}
        onCancel={() => setEnding(false)}
      />
    </div>
  );
}
