// The customer's links on the visit screen (their name, the link, opened in a new tab).
import { DataTable, webLinkColumn } from "../../lib/table";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @param {{ links: Schemas["VisitScreen"]["linkDetails"] }} props */
export function CustomerLinks({ links }) {
  return (
    <div class="card">
      <h2>{t("links")}</h2>
      <DataTable
        pageSize={30}
        serial={false}
        rows={links}
        empty={t("noLinks")}
        columns={[
          { key: "linkName", label: t("linkName") },
          webLinkColumn("link", t("link")),
          { key: "country", label: t("country") },
        ]}
      />
    </div>
  );
}
