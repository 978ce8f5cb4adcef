// Where a visit was, against its shop's position (check-in verification): loud only when it was
// off-site or has no location. Used wherever a manager looks at visits.
import { t } from "./parts-text";
import { distance } from "./format";

/**
 * A visit save's message with where the check-in found the phone: "Visit saved successfully - at
 * the shop (25 m)", "... - 1.2 km from the shop", "... - location off on this phone".
 * @param {{ message: string, locationStatus?: string | null, distanceM?: number | null }} saved the server's answer
 */
export function checkInText({ message, locationStatus, distanceM }) {
  const far = distanceM != null ? distance(distanceM) : null;
  const where = {
    verified: far ? `at the shop (${far})` : "at the shop",
    "off-site": far ? `${far} from the shop` : "away from the shop",
    "no-location": "location off on this phone",
    "customer-unlocated": "the shop is not on the map yet",
  }[locationStatus || ""];
  return where ? `${message.replace(/\.$/, "")} - ${where}` : message;
}

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
