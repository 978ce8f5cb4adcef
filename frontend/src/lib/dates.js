// Kept for branches written before lib/format.js: the date helpers live there now (one formatter
// for every screen). New code imports from "./format".
export { dayHeader, dayMonth, formatDate, formatDateTime, localMonth, localParts } from "./format";
