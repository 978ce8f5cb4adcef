// Where a visit was, against its shop's position (check-in verification): loud only when it was
// off-site or has no location. Used wherever a manager looks at visits.

/** "450 m", "1.2 km". @param {number} m */
export function formatDistance(m) {
  return m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`;
}

/**
 * The badge of a `locationStatus` (null: the visit predates check-in, nothing shows).
 * @param {{ status: string | null | undefined, distanceM?: number | null }} props
 */
export function LocationBadge({ status, distanceM }) {
  switch (status) {
    case "verified":
      return <span class="loc-quiet">Verified</span>;
    case "off-site":
      return <span class="loc-badge loc-off-site">Off-site{distanceM != null ? ` ${formatDistance(distanceM)}` : ""}</span>;
    case "no-location":
      return <span class="loc-badge loc-none">No location</span>;
    case "customer-unlocated":
      return <span class="loc-quiet">Shop not located</span>;
    default:
      return null;
  }
}
