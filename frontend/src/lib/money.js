// Kept for branches written before lib/format.js: money (now with the company's currency) and
// plural live there (one formatter for every screen). New code imports from "./format".
export { money, plural } from "./format";
