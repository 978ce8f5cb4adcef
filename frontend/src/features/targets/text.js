// The English of the targets screens (team-screen.jsx): ids "targets.<name>". Hindi:
// lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("targets", {
  title: "Targets",
  month: "Month",
  agent: "Agent",
  incentive: "Incentive",
  edit: "Set targets",
  doneEditing: "Done",
  upload: "Upload targets",
  report: "Targets report",
  noAgents: "No agents to show.",
  days: "Working day {worked} of {working}",
  noTarget: "no target",
  ofTarget: "of {target}",
  targetFor: "Target of {agent}: {measure}",
  saved: "Target saved: {agent}, {measure}.",
  sortBy: "Sort by {column}",
  legend: "Colour by percent of target: under 50 %, 50-79 %, 80-99 %, 100 % or more.",
  salesValue: "Sales value",
  productiveCalls: "Productive calls",
  linesPerCall: "Lines per call",
  visits: "Visits",
  newOutlets: "New outlets",
  collections: "Collections",
});
