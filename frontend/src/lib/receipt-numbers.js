// Payment clientIds and receipt numbers, made on the phone so a receipt shows at once, offline too
// (issue #38). A payment's clientId is `<device tag>-<counter>`: the device tag is 8 random
// characters of A-Z0-9 made once per phone (browser profile) and kept in localStorage, the counter
// this phone's own, from 0001, also kept there. The receipt number is "R" + the agent's uid + "-" +
// the clientId, upper-cased: the server derives the same from the same two, so the number on the
// phone is the number in the books. Two phones never clash (their tags differ), nor two payments on
// one phone (the counter only goes up), nor two agents (the uid).

const TAG_KEY = "fieldsales-device-tag";
const COUNTER_KEY = "fieldsales-payment-counter";
const TAG_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const TAG_RE = /^[A-Z0-9]{8}$/;

/** @param {number} n how many random characters of A-Z0-9 */
export function randomTag(n = 8) {
  // 252 is the largest multiple of 36 below 256: bytes past it are dropped so every character is as likely.
  let out = "";
  while (out.length < n) {
    for (const b of crypto.getRandomValues(new Uint8Array(n * 2))) {
      if (b < 252 && out.length < n) out += TAG_CHARS[b % 36];
    }
  }
  return out;
}

/** This phone's tag, made on first use and kept. @returns {string} */
export function deviceTag() {
  const kept = localStorage.getItem(TAG_KEY);
  if (kept && TAG_RE.test(kept)) return kept;
  const tag = randomTag();
  localStorage.setItem(TAG_KEY, tag);
  return tag;
}

/**
 * The clientId for a counter value: "K3ZQ8D1A-0007" (at least four digits; past 9999 it grows).
 * @param {string} tag
 * @param {number} counter
 */
export const paymentClientId = (tag, counter) => `${tag}-${String(counter).padStart(4, "0")}`;

/**
 * A new payment clientId: this phone's tag and its next counter (kept before it is given out, so a
 * reload never gives the same one twice).
 * @returns {string}
 */
export function nextPaymentClientId() {
  const tag = deviceTag();
  const last = Number(localStorage.getItem(COUNTER_KEY)) || 0;
  const next = last + 1;
  localStorage.setItem(COUNTER_KEY, String(next));
  return paymentClientId(tag, next);
}

/**
 * The receipt number of a payment: "R" + uid + "-" + clientId, upper-cased ("R12-K3ZQ8D1A-0007").
 * @param {number | string} uid the collecting agent's
 * @param {string} clientId
 */
export const receiptNo = (uid, clientId) => `R${uid}-${clientId}`.toUpperCase();
