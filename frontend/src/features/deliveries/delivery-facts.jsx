// A delivery's facts as the delivery screen's detail and the approval dialog show them: a
// definition list of label and value rows, the order's four first and any rejection last.
import { t } from "./text";
import { formatDate } from "../../lib/format";

/** @typedef {import("./api").Schemas["Delivery"]} Delivery */
/** @typedef {[string, import("preact").ComponentChildren]} Fact a row's label and value */

/**
 * The order's facts: its id, date, planned delivery date and distributor.
 * @param {Delivery} d @returns {Fact[]}
 */
export const orderFacts = (d) => [
  [t("orderId"), d.orderID],
  [t("orderDate"), formatDate(d.orderDate)],
  [t("plannedDeliveryDate"), formatDate(d.plannedDeliveryDate)],
  [t("distributorName"), d.sellerName],
];

/** Why the update was rejected, when it was. @param {Delivery} d @returns {Fact[]} */
export const rejectionFacts = (d) => (d.rejectedReason ? [[t("rejectedReason"), d.rejectedReason]] : []);

/** @param {{ facts: Fact[] }} props */
export function Facts({ facts }) {
  return (
    <dl>
      {facts.map(([k, val]) => (
        <div key={k} class="dl-row">
          <dt>{k}</dt>
          <dd>{val}</dd>
        </div>
      ))}
    </dl>
  );
}
