// The English of the manager's and administrator's home: ids "home.<name>". Hindi:
// lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("home", {
  visitsToday: "Visits today",
  verifiedShare: "{verified} verified at the shop ({percent})",
  ordersToday: "Orders today",
  orderValue: "Value {value}",
  pendingApprovals: "Deliveries pending approval",
  waitingDecision: "Waiting for Approve or Reject",
  blockedUsers: "Blocked users",
  blockedNote: "Blocked or locked by wrong passwords",
  uploadsWithErrors: "Uploads with errors",
  uploadsNote: "Uploaded today with rejected rows",
  agentsNotStarted: "Agents not started",
  agentsNote: "of {agents, plural, one {# agent} other {# agents}} have no visit today",
  home: "Home",
  dashboard: "Dashboard",
  todayDate: "Today, {date}",
});
