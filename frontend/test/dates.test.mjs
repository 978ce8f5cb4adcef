// Date helpers (lib/format.js) in a time zone ahead of UTC, where the phone's day and month begin
// hours before UTC's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDateTime, localMonth, localParts } from "../src/lib/format.js";

process.env.TZ = "Asia/Kolkata";

test("the month is the phone's: on the 1st at 01:30 in India it is already the new month, while UTC's is the old", () => {
  const now = new Date("2026-02-28T20:00:00Z");
  assert.equal(localMonth(now), "2026-03");
  assert.equal(localMonth(new Date("2026-12-31T18:29:00Z")), "2026-12");
  assert.equal(localMonth(new Date("2026-12-31T18:30:00Z")), "2027-01");
});

test("an instant's date and time are the phone's", () => {
  assert.deepEqual(localParts("2026-02-28T20:00:00Z"), { date: "2026-03-01", time: "01:30" });
});

test("no instant (null, undefined, not a date) gives empty parts and an empty text, never 1970", () => {
  for (const none of [null, undefined, "", "not a date"]) {
    assert.deepEqual(localParts(none), { date: "", time: "" }, String(none));
    assert.equal(formatDateTime(none), "", String(none));
  }
  assert.equal(formatDateTime("2026-02-28T20:00:00Z"), "01-Mar-2026 01:30");
});
