// The English of Today and its working day card (today-screen.jsx, work-day.jsx): ids
// "today.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("today", {
  title: "Today",
  titleOf: "Today: {name}",
  // The plan's weekday (DayPlan.weekday).
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
  // A customer of the day.
  visited: "Visited",
  notVisited: "Not visited",
  ordered: "Ordered",
  waitingToSync: "Waiting to sync",
  // The progress card.
  progress: "{visited} of {planned} visited, {ordered} ordered",
  progressLabel: "Planned customers visited",
  offSite: "{count} of them off-site",
  unplanned: "{count, plural, one {# unplanned visit} other {# unplanned visits}}",
  customersOrder: "Order of the customers",
  planOrder: "Plan order",
  nearestFirst: "Nearest first",
  // A manager's /today without an agent.
  chooseAgent: "Choose an agent to see their day: the beat plan, what was visited and what was ordered.",
  forAgents: "Today shows an agent's beat plan; agents see their own here.",
  noPosition: "Your position is not available, so the plan order stays.",
  searchCustomers: "Search customers",
  showOnMap: "Show on map",
  planFailed: "The plan could not be loaded.",
  offlinePlan: "Offline: the plan as loaded on {at}.",
  planOf: "It is the plan of {date}.",
  beats: "{count, plural, one {Beat} other {Beats}}: {names}",
  plannedCustomers: "Planned customers",
  noBeat: "No beat planned for today",
  unplannedHeading: "Unplanned visits ({count})",
  unplannedVisits: "Unplanned visits",
  // The working day card (work-day.jsx).
  notStarted: "Your day has not started.",
  startDay: "Start day",
  endDay: "End day",
  workingSince: "Working since {time}",
  visits: "{count, plural, one {# visit} other {# visits}}",
  startedAtFirstVisit: "started at your first visit",
  endedAt: "Day ended at {time}",
  closedAutomatically: "closed automatically",
  confirmEnd: "End your working day now?",
  started: "Your day has started.",
  ended: "Your day has ended.",
  startRefused: "Start day was not accepted.",
  endRefused: "End day was not accepted.",
  startSaved: "Start day saved on this phone",
  endSaved: "End day saved on this phone",
});
