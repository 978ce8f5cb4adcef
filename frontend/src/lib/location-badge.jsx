// Where a visit was, against its shop's position (check-in verification): loud only when it was
// off-site or has no location. Used wherever a manager looks at visits.
import { t } from "./parts-text";
import { distance } from "./format";

/**
 * The badge of a `locationStatus` (null: the visit predates check-in, nothing shows).
 * @param {{ status: string | null | undefined, distanceM?: number | null }} props
 */
export function LocationBadge({ status, distanceM }) {
  switch (status) {
    case "verified":
      return <span class="loc-quiet">{t("verified")}</span>;
    case "off-site":
      return (
        <span class="loc-badge loc-off-site">
          {t("offSite")}
          {distanceM != null ? ` ${distance(distanceM)}` : ""}
        </span>
      );
    case "no-location":
      return <span class="loc-badge loc-none">{t("noLocation")}</span>;
    case "customer-unlocated":
      return <span class="loc-quiet">{t("shopNotLocated")}</span>;
    default:
      return null;
  }
}
