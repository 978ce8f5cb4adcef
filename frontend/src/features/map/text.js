// The English of the map screens: ids "map.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("map", {
  // The day plan's pin states (lib/plan.js PLAN_STATES keys).
  planNone: "Not visited",
  planVerified: "Visited on site",
  planOffsite: "Visited off-site or without location",
  planVisited: "Visited, place not checked",
  planOrdered: "Ordered",
  bucketNone: "Never visited",
  bucketVerified: "Last visit on site",
  bucketOffsite: "Last visit off-site or without location",
  bucketVisited: "Last visit, place not checked",
  noPositions: "None of these customers has a position yet.",
  noPosition: "No position: {count}",
  allPlaced: "Every customer here has a position on the map.",
  todayOnMapOf: "Today on the map: {agent}",
  todayOnMap: "Today on the map",
  chooseFromToday: "The map shows an agent's day: open it from that agent's Today screen.",
  planFailed: "The plan could not be loaded.",
  offlinePlan: "Offline: the plan as loaded on {when}.",
  noBeat: "No beat planned for today",
  bucketOnMap: "{title} on the map",
  noCustomersInBucket: "No customers in this bucket.",
  tilesFailed: "The map tiles could not be loaded: the pins show on a plain background.",
  mapOfCustomers: "Map of the customers",
  legend: "Legend",
  openVisit: "Open visit screen",
  clusterOf: "{count} customers here: zoom in",
  // The bucket map (issue #55): every customer of the bucket, not a page of it.
  bucketCount: "{count, plural, one {# customer} other {# customers}} of the bucket, {placed} on the map",
  loadingBucket: "Loading the bucket's customers: {done} of {total}",
});
