// The retailer buckets' names as screens show them: the bucket list and its map. Ids
// "bucket.<bucket>" of the message catalogue (lib/i18n/catalogue.js).
import { catalogue } from "./i18n/catalogue";

const TITLES = {
  retailers: "My Retailers",
  wholesalers: "My Wholesellers",
  ordered: "Ordered in L15 Days",
  notordered: "Not Ordered in L15 Days",
  visited: "Visits in L15 Days",
  notvisited: "Not Visited in L15 Days",
  mycustomer: "My Customer",
  repeatrateprev: "Repeat Rate: Ordered Last Month",
  repeatratecurrent: "Repeat Rate: Ordered Again This Month",
};
const t = catalogue("bucket", TITLES);

/** A bucket's title in the user's language; an unknown bucket shows its own name. @param {string} bucket */
export const bucketTitle = (bucket) => (Object.hasOwn(TITLES, bucket) ? t(/** @type {keyof typeof TITLES} */ (bucket)) : bucket);
