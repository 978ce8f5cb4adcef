// The customer's details on the visit screen, with a link to the shop on a map.
import { t as tc } from "./text";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @param {{ c: Schemas["CustomerDetails"] }} props */
export function CustomerDetails({ c }) {
  const rows = [
    ["buyerId", tc("buyerId"), c.buyerID],
    ["name", t("name"), c.buyerName],
    ["mobile", tc("mobile"), c.mobile && <a href={`tel:${c.mobile}`}>{c.mobile}</a>],
    ["email", t("email"), c.email],
    ["address", tc("address"), [c.address1, c.address2].filter(Boolean).join(", ")],
    ["postalCode", tc("postalCode"), c.postalCode],
    ["city", tc("city"), c.city],
    ["state", tc("state"), c.state],
    ["country", t("country"), c.country],
    ["info", t("info"), c.info],
  ];
  return (
    <div class="card customer-card" data-testid="customer-details">
      <dl>
        {rows.map(([key, k, v]) => (
          <div key={key} class="dl-row">
            <dt>{k}</dt>
            <dd>{v || "—"}</dd>
          </div>
        ))}
      </dl>
      {c.latitude != null && c.longitude != null && (
        <a
          class="btn"
          href={`https://www.google.com/maps?q=${c.latitude},${c.longitude}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("openInMaps")}
        </a>
      )}
    </div>
  );
}
