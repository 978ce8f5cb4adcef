// A bucket's customers (spec 2 "Bucket list screen"): 25 a page from the server, sortable by last
// visit date, columns by bucket, mycustomer rows coloured, a click opens the customer; "Show on map"
// opens the page being viewed on the map (features/map).
import { t } from "./text";
import { useEffect, useState } from "react";
import { alertError } from "../../lib/alerts";
import { bucketTitle } from "../../lib/bucket-titles";
import { formatDate, money, number } from "../../lib/format";
import { DataTable, Pager } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { defaultAgent } from "./agent-picker";
import { LocationBadge } from "../../lib/location-badge";
import { AREA_MANAGER } from "../../lib/rights";
import { bucketPage } from "./api";
import { retailerTypeLabel } from "../../lib/enum-text";

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
      {t("map")}
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
    { key: "customerId", label: t("customerId"), render: (r) => customerLink(r.customerId, r.customerId) },
    { key: "customerName", label: t("fullName"), render: (r) => customerLink(r.customerId, r.customerName) },
    { key: "mobile", label: t("mobile") },
    { key: "address1", label: t("address1") },
    { key: "info", label: t("info") },
    { key: "retailerType", label: t("retailerType"), render: (r) => retailerTypeLabel(r.retailerType) },
    { key: "lastVisitDate", label: sortHeader, render: (r) => formatDate(r.lastVisitDate) || t("never") },
    {
      key: "lastVisitLocationStatus",
      label: t("lastVisitLocation"),
      render: (r) => <LocationBadge status={r.lastVisitLocationStatus} />,
    },
  ];
  if (bucket === "mycustomer") {
    return [
      ...base,
      { key: "email", label: t("email") },
      { key: "address2", label: t("address2") },
      { key: "shippingCity", label: t("shippingCity") },
      { key: "pinCode", label: t("pinCode") },
      { key: "amEmailId", label: t("amEmail") },
      { key: "agentId", label: t("agentId") },
      { key: "lastOrderDate", label: t("lastOrderDate"), render: (r) => formatDate(r.lastOrderDate) || t("never") },
      { key: "topSellingProduct", label: t("topSellingProduct") },
      { key: "location", label: t("location"), render: mapLink },
      { key: "orderingStatus", label: t("orderingStatus") },
    ];
  }
  if (bucket === "repeatrateprev") return [...base, { key: "orderingStatus", label: t("orderingStatus") }];
  if (bucket === "retailers" || bucket === "wholesalers") {
    return [...base, { key: "shippingCity", label: t("city") }, { key: "location", label: t("location"), render: mapLink }];
  }
  return base;
}

/**
 * The columns of the ordered bucket, whose rows are order lines.
 * @param {import("preact").ComponentChildren} sortHeader
 * @returns {Column<OrderedRow>[]}
 */
const ORDERED_COLUMNS = (sortHeader) => [
  { key: "buyerID", label: t("buyerId"), render: (r) => customerLink(r.buyerID, r.buyerID) },
  { key: "sellerName", label: t("sellerName") },
  { key: "monthOrderDate", label: sortHeader },
  { key: "productName", label: t("productName") },
  { key: "unitPrice", label: t("unitPrice"), render: (r) => money(r.unitPrice) },
  { key: "totalProductShippedQuantity", label: t("totalShippedQty") },
  { key: "sku", label: t("sku") },
  { key: "lastVisitDate", label: t("lastVisitDate"), render: (r) => formatDate(r.lastVisitDate) || t("never") },
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
  const sortLabel = bucket === "ordered" ? t("monthOfOrderDate") : t("lastVisitDate");
  const sortHeader = (
    <button type="button" class="sort" onClick={() => (setOrder(order === "desc" ? "asc" : "desc"), setPage(1))}>
      {sortLabel} {order === "desc" ? "▼" : "▲"}
    </button>
  );
  const pages = result ? Math.max(1, Math.ceil(result.totalRecords / 25)) : 1;
  return (
    <section>
      <PageHeader
        title={bucketTitle(bucket)}
        back={agent && user.userType === AREA_MANAGER ? `/landing/retailer-bucket-agent/${agent}` : "/landing/retailer-bucket"}
      >
        <span class="muted">{result ? t("inAll", { count: number(result.totalRecords) }) : ""}</span>
        {/* The ordered bucket's rows are order lines, without the shop's position. */}
        {result && result.data.length > 0 && bucket !== "ordered" && (
          <a class="btn btn-small" href={`#/map/bucket/${encodeURIComponent(bucket)}/${agent}?pageNumber=${page}&order=${order}`}>
            {t("showOnMap")}
          </a>
        )}
      </PageHeader>
      {loading || !result ? (
        <Loading />
      ) : (
        <>
          <div class="sort-bar">
            {t("sort")} {sortHeader}
          </div>
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
