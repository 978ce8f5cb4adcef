// Geolocation for agents (spec 1 §4): asked on sign-in and visit save; a first denial (or no
// geolocation at all) is remembered, and later saves go on without coordinates. The accuracy
// (metres) goes with a visit, so the server can judge an off-site reading fairly.
const DENIED = "fieldsales.geo-denied";

export function currentPosition() {
  if (!("geolocation" in navigator) || localStorage.getItem(DENIED)) {
    localStorage.setItem(DENIED, "1");
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy ?? null }),
      (err) => {
        console.warn("location unavailable", err && err.message);
        if (err && err.code === 1) localStorage.setItem(DENIED, "1");
        resolve(null);
      },
      { timeout: 8000, maximumAge: 60000 },
    );
  });
}
