// The English of the Attendance screen (managers and administrators): ids "attendance.<name>".
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("attendance", {
  title: "Attendance",
  date: "Date",
  today: "Today",
  future: "Choose today or a day before.",
  // An agent's state, as a badge and as the line of a day not started.
  working: "Working",
  ended: "Ended",
  notStarted: "Not started",
  // The line under an agent's name: "since 09:12, 7 visits, last at 14:03 (corrected)"; a day
  // ended is "09:12–18:30, 7 visits" (figures and the visits' text only).
  visits: "{count, plural, one {# visit} other {# visits}}",
  since: "since {start}, {visits}",
  sinceLast: "since {start}, {visits}, last at {last}",
  startedAuto: "started at the first visit or order",
  endedAuto: "closed automatically",
  corrected: "corrected",
  correctedReason: "Corrected: {reason}",
  // A claimed tap (late, or for a day before): the tap's time and when it arrived.
  startClaimed: "Start claimed {time}, received {received}",
  endClaimed: "End claimed {time}, received {received}",
  lastPosition: "Last known position",
  mapOfDay: "Map of the day",
  correct: "Correct",
  // "Today: 3 working · 1 ended · 2 not started"
  summary: "{day}: {working} working · {ended} ended · {notStarted} not started",
  agents: "Agents",
  noAgents: "No agents.",
  // The correction dialog.
  correctTitle: "Correct {name}, {date}",
  start: "Start",
  end: "End",
  reason: "Reason",
  save: "Save",
  cancel: "Cancel",
  changeTime: "Change the start or the end time.",
  badTime: "Enter the times such as 14:30 (24-hour).",
  reasonRequired: "A reason is required.",
  confirm: "Are you sure, you want to correct the day of {name} to {start}–{end}?",
  // A day corrected to a start alone (issue #55: not "08:05–-").
  confirmStart: "Are you sure, you want to correct the day of {name} to start at {start}, with no end?",
});
