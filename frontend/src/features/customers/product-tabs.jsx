// The visit screen's tabs: the customer's Must Sell and Best Sellers (5 at a time, Show More), and
// the price comparison of a product the user picks.
import { useState } from "react";
import { alertError } from "../../lib/alerts";
import { formatDate, money } from "../../lib/format";
import { SuggestBox } from "../../lib/suggest";
import { DataTable } from "../../lib/table";
import { t as tlib } from "../../lib/text";
import { priceComparison, productSuggestions } from "./api";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {import("../../lib/table").Column} Column */

const STEP = 5;

/**
 * A product's last prices to this customer: the columns of the best sellers and of the price
 * comparison.
 * @returns {Column[]}
 */
const priceColumns = () => [
  { key: "lastOrderDate", label: t("lastOrderDate"), render: (r) => formatDate(r.lastOrderDate) },
  { key: "product", label: t("product") },
  { key: "unitPrice", label: t("unitPrice"), render: (r) => money(r.unitPrice) },
  { key: "distributorName", label: t("distributorName") },
  { key: "faoName", label: t("faoName") },
];

/** @param {{ columns: Column[], rows: any[], testId: string }} props */
function ShowMoreTable({ columns, rows, testId }) {
  const [shown, setShown] = useState(STEP);
  return (
    <>
      <DataTable columns={columns} rows={rows.slice(0, shown)} pageSize={1000} serial={false} testId={testId} />
      {rows.length > shown && (
        <button type="button" class="btn" onClick={() => setShown(shown + STEP)}>
          {t("showMore")}
        </button>
      )}
    </>
  );
}

/** @param {{ buyerId: string }} props */
function PriceComparison({ buyerId }) {
  const [rows, setRows] = useState(/** @type {Schemas["PriceRow"][] | null} */ (null));
  /** @param {Schemas["ProductSuggestion"]} p */
  const pick = (p) =>
    priceComparison(buyerId, p.productName)
      .then(setRows)
      .catch((err) => alertError(err.message));
  return (
    <div>
      <SuggestBox
        id="productSearch"
        label={t("product")}
        placeholder={t("typeProduct")}
        fetchItems={productSuggestions}
        buttonText={tlib("search")}
        labelOf={(p) => p.display}
        onPick={pick}
      />
      {rows && <DataTable serial={false} rows={rows} empty={t("noPrices")} columns={priceColumns()} />}
    </div>
  );
}

/** @param {{ screen: Schemas["VisitScreen"], buyerId: string }} props */
export function ProductTabs({ screen, buyerId }) {
  const [tab, setTab] = useState("must");
  const tabs = [
    ["must", t("mustSell")],
    ["best", t("bestSellers")],
    ["price", t("priceComparison")],
  ];
  return (
    <div class="card">
      <div class="tabs" role="tablist">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            class={tab === key ? "tab active" : "tab"}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === "must" && (
        <ShowMoreTable
          testId="must-sell"
          rows={screen.reOrderMustSell}
          columns={[
            {
              key: "lastOrderDate",
              label: t("lastOrdered"),
              render: (r) => <span class="nowrap">{formatDate(r.lastOrderDate)}</span>,
            },
            { key: "distinctProductName", label: t("product") },
            { key: "lastOrderShippedQty", label: t("qty") },
            { key: "unitPrice", label: t("unitPrice"), render: (r) => money(r.unitPrice) },
            { key: "dsName", label: t("dsName") },
            { key: "faoName", label: t("faoName") },
          ]}
        />
      )}
      {tab === "best" && <ShowMoreTable testId="best-sellers" rows={screen.bestSeller} columns={priceColumns()} />}
      {tab === "price" && <PriceComparison buyerId={buyerId} />}
    </div>
  );
}
