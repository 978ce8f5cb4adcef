// Geolocation for agents (spec 1 §4): asked on sign-in and visit save; a first denial (or no
// geolocation at all) is remembered, and later saves go on without coordinates. The accuracy
// (metres) goes with a visit, so the server can judge an off-site reading fairly. Today's
// "nearest first" reads the position without asking when it is already allowed, and distances.
const DENIED = "fieldsales.geo-denied";
const CHECK_IN_AGE_MS = 10 * 1000;

/**
 * The phone's position, or null. `again` asks even after a remembered denial (the user pressed a
 * button for it, or has allowed it since); a position it gets forgets the denial. `checkIn` wants
 * a fresh fix (a visit's check-in); otherwise one up to a minute old will do.
 */
export function currentPosition({ again = false, checkIn = false } = {}) {
  if (!("geolocation" in navigator) || (!again && localStorage.getItem(DENIED))) {
    localStorage.setItem(DENIED, "1");
    return Promise.resolve(null);
  }
  /** @type {(maximumAge: number, timeout: number) => Promise<GeolocationPosition>} */
  const read = (maximumAge, timeout) =>
    new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge, timeout }));
  // A check-in is judged by where the phone is now: a fix read a minute earlier (Today's "Nearest
  // first") once put a visit at the counter thousands of km off. So a fresh fix, or failing that
  // one at most CHECK_IN_AGE_MS old (timeout 0: only what the browser already holds).
  const fix = checkIn
    ? read(0, 8000).catch((err) => (err && err.code === 1 ? Promise.reject(err) : read(CHECK_IN_AGE_MS, 0)))
    : read(60000, 8000);
  return fix.then(
    (p) => {
      if (again) localStorage.removeItem(DENIED);
      return { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy ?? null };
    },
    (err) => {
      console.warn("location unavailable", err && err.message);
      if (err && err.code === 1) localStorage.setItem(DENIED, "1");
      return null;
    },
  );
}

/**
 * The phone's position only when the user already allowed it (never asks, never waits on a
 * prompt): null when not granted, when the browser cannot tell, or when no fix comes.
 */
export async function knownPosition() {
  if (!("geolocation" in navigator) || !navigator.permissions || !navigator.permissions.query) return null;
  try {
    const permission = await navigator.permissions.query({ name: "geolocation" });
    if (permission.state !== "granted") return null;
  } catch {
    return null;
  }
  return currentPosition({ again: true });
}

/**
 * Metres between two { latitude, longitude } on the earth's surface (haversine).
 * @typedef {{ latitude?: number | string | null, longitude?: number | string | null }} Place
 * @param {Place} a
 * @param {Place} b
 */
export function distanceM(a, b) {
  const rad = (/** @type {unknown} */ d) => (Number(d) * Math.PI) / 180;
  const dLat = rad(b.latitude) - rad(a.latitude);
  const dLon = rad(b.longitude) - rad(a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
