// The retailer buckets' names as screens show them: the bucket list and its map.
export const BUCKET_TITLES = {
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
