// The dashboard screens, loaded together on demand by the route table.
export { default as DashboardScreen } from "./dashboard-screen";
export { default as BucketListScreen } from "./bucket-list-screen";
export { default as VisitSummaryScreen } from "./visit-summary-screen";
