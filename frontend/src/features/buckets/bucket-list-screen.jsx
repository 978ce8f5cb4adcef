// A bucket's customers (spec 2 "Bucket list screen"): 25 a page from the server, sortable by last
// visit date, columns by bucket, mycustomer rows coloured, a click opens the customer; "Show on map"
// opens the page being viewed on the map (features/map).
import { useEffect, useState } from "react";
import { alertError } from "../../lib/alerts";
import { BUCKET_TITLES } from "../../lib/bucket-titles";
import { formatDate, money } from "../../lib/format";
import { DataTable, Pager } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { defaultAgent } from "./agent-picker";
import { LocationBadge } from "../../lib/location-badge";
import { AREA_MANAGER } from "../../lib/rights";
import { bucketPage } from "./api";

/** @typedef {import("./api").Schemas} Schemas */
/** @typedef {Schemas["BucketRow"]} BucketRow */
/** @typedef {Schemas["OrderedRow"]} OrderedRow */
/**
 * A table column whose `render` gets the bucket's row type (see lib/table's Column).
 * @template T
 * @typedef {{ key: string, label: import("preact").ComponentChildren, render?: (row: T) => import("preact").ComponentChildren }} Column
 */

/** @param {string} id @param {string} text */
const customerLink = (id, text) => <a href={`#/customer/visit/${encodeURIComponent(id)}`}>{text}</a>;
/** @param {{ latitude?: number | null, longitude?: number | null }} r */
const mapLink = (r) =>
  r.latitude != null && r.longitude != null ? (
    <a href={`https://www.google.com/maps?q=${r.latitude},${r.longitude}`} target="_blank" rel="noopener noreferrer">
      Map
    </a>
  ) : (
    "—"
  );

/**
 * The columns of a customer bucket.
 * @param {string} bucket @param {import("preact").ComponentChildren} sortHeader
 * @returns {Column<BucketRow>[]}
 */
function columnsFor(bucket, sortHeader) {
  /** @type {Column<BucketRow>[]} */
  const base = [
    { key: "customerId", label: "Customer ID", render: (r) => customerLink(r.customerId, r.customerId) },
    { key: "customerName", label: "Full Name", render: (r) => customerLink(r.customerId, r.customerName) },
    { key: "mobile", label: "Mobile" },
    { key: "address1", label: "Address 1" },
    { key: "info", label: "Info" },
    { key: "retailerType", label: "Retailer Type" },
    { key: "lastVisitDate", label: sortHeader, render: (r) => formatDate(r.lastVisitDate) || "Never" },
    {
      key: "lastVisitLocationStatus",
      label: "Last Visit Location",
      render: (r) => <LocationBadge status={r.lastVisitLocationStatus} />,
    },
  ];
  if (bucket === "mycustomer") {
    return [
      ...base,
      { key: "email", label: "Email" },
      { key: "address2", label: "Address 2" },
      { key: "shippingCity", label: "Shipping City" },
      { key: "pinCode", label: "Pin Code" },
      { key: "amEmailId", label: "AM Email" },
      { key: "agentId", label: "Agent ID" },
      { key: "lastOrderDate", label: "Last Order Date", render: (r) => formatDate(r.lastOrderDate) || "Never" },
      { key: "topSellingProduct", label: "Top Selling Product" },
      { key: "location", label: "Location", render: mapLink },
      { key: "orderingStatus", label: "Ordering Status" },
    ];
  }
  if (bucket === "repeatrateprev") return [...base, { key: "orderingStatus", label: "Ordering Status" }];
  if (bucket === "retailers" || bucket === "wholesalers") {
    return [...base, { key: "shippingCity", label: "City" }, { key: "location", label: "Location", render: mapLink }];
  }
  return base;
}

/**
 * The columns of the ordered bucket, whose rows are order lines.
 * @param {import("preact").ComponentChildren} sortHeader
 * @returns {Column<OrderedRow>[]}
 */
const ORDERED_COLUMNS = (sortHeader) => [
  { key: "buyerID", label: "Buyer ID", render: (r) => customerLink(r.buyerID, r.buyerID) },
  { key: "sellerName", label: "Seller Name" },
  { key: "monthOrderDate", label: sortHeader },
  { key: "productName", label: "Product Name" },
  { key: "unitPrice", label: "Unit Price", render: (r) => money(r.unitPrice) },
  { key: "totalProductShippedQuantity", label: "Total Shipped Qty" },
  { key: "sku", label: "SKU" },
  { key: "lastVisitDate", label: "Last Visit Date", render: (r) => formatDate(r.lastVisitDate) || "Never" },
];

/**
 * mycustomer rows: red when not ordered in 10 days, else yellow when not visited in 15 days.
 * @param {BucketRow} row
 */
export function rowColour(row) {
  if (row.isNotOrderedIn10Days) return "row-red";
  if (row.isNotVisitedIn15Days) return "row-yellow";
  return undefined;
}

/** @param {{ params: { bucketName: string, agentId?: string }, user: Schemas["SessionBody"] }} props */
export default function BucketListScreen({ params, user }) {
  const bucket = params.bucketName;
  const agent = defaultAgent(user, params.agentId);
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState(/** @type {"asc" | "desc"} */ ("desc"));
  const [result, setResult] = useState(/** @type {Schemas["BucketPage"] | null} */ (null));
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    bucketPage(bucket, agent, page, order)
      .then(setResult)
      .catch((err) => alertError(err.message))
      .finally(() => setLoading(false));
  }, [bucket, agent, page, order]);
  const sortLabel = bucket === "ordered" ? "Month of Order Date" : "Last Visit Date";
  const sortHeader = (
    <button type="button" class="sort" onClick={() => (setOrder(order === "desc" ? "asc" : "desc"), setPage(1))}>
      {sortLabel} {order === "desc" ? "▼" : "▲"}
    </button>
  );
  const pages = result ? Math.max(1, Math.ceil(result.totalRecords / 25)) : 1;
  return (
    <section>
      <PageHeader
        title={BUCKET_TITLES[/** @type {keyof typeof BUCKET_TITLES} */ (bucket)] || bucket}
        back={agent && user.userType === AREA_MANAGER ? `/landing/retailer-bucket-agent/${agent}` : "/landing/retailer-bucket"}
      >
        <span class="muted">{result ? `${result.totalRecords} in all` : ""}</span>
        {/* The ordered bucket's rows are order lines, without the shop's position. */}
        {result && result.data.length > 0 && bucket !== "ordered" && (
          <a class="btn btn-small" href={`#/map/bucket/${encodeURIComponent(bucket)}/${agent}?pageNumber=${page}&order=${order}`}>
            Show on map
          </a>
        )}
      </PageHeader>
      {loading || !result ? (
        <Loading />
      ) : (
        <>
          <div class="sort-bar">Sort: {sortHeader}</div>
          <DataTable
            testId="bucket-table"
            pageSize={25}
            serial={false}
            rows={result.data}
            columns={bucket === "ordered" ? ORDERED_COLUMNS(sortLabel) : columnsFor(bucket, sortLabel)}
            rowClass={bucket === "mycustomer" ? rowColour : undefined}
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
