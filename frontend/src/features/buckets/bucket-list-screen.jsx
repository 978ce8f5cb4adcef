// A bucket's customers (spec 2 "Bucket list screen"): 25 a page from the server, sortable by last
// visit date, columns by bucket, mycustomer rows coloured, a click opens the customer; "Show on map"
// opens the page being viewed on the map (features/map).
import { useEffect, useState } from "react";
import { get } from "../../lib/api-client";
import { alertError } from "../../lib/alerts";
import { BUCKET_TITLES } from "../../lib/bucket-titles";
import { formatDate } from "../../lib/dates";
import { money } from "../../lib/money";
import { DataTable, Pager } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { defaultAgent } from "./agent-picker";
import { LocationBadge } from "../../lib/location-badge";
import { AREA_MANAGER } from "../../lib/rights";

const customerLink = (id, text) => <a href={`#/customer/visit/${encodeURIComponent(id)}`}>{text}</a>;
const mapLink = (r) =>
  r.latitude != null && r.longitude != null ? (
    <a href={`https://www.google.com/maps?q=${r.latitude},${r.longitude}`} target="_blank" rel="noopener noreferrer">
      Map
    </a>
  ) : (
    "—"
  );

function columnsFor(bucket, sortHeader) {
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

/** mycustomer rows: red when not ordered in 10 days, else yellow when not visited in 15 days. */
export function rowColour(row) {
  if (row.isNotOrderedIn10Days) return "row-red";
  if (row.isNotVisitedIn15Days) return "row-yellow";
  return undefined;
}

export default function BucketListScreen({ params, user }) {
  const bucket = params.bucketName;
  const agent = defaultAgent(user, params.agentId);
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState("desc");
  const [result, setResult] = useState(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    get(`/users/landing/${encodeURIComponent(bucket)}/${agent}?pageNumber=${page}&order=${order}`)
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
        title={BUCKET_TITLES[bucket] || bucket}
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
