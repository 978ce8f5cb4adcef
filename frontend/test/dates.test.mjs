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

test("a typed time becomes the app's 24-hour HH:MM (issue #55); no time gives null", async () => {
  const { parseTime } = await import("../src/lib/parse-time.js");
  const cases = {
    "8:05": "08:05",
    "08:05": "08:05",
    "0805": "08:05",
    805: "08:05",
    8: "08:00",
    20.05: "20:05",
    "8:05 pm": "20:05",
    "8pm": "20:00",
    "12:05 am": "00:05",
    "12 PM": "12:00",
    "23:59": "23:59",
    "00:00": "00:00",
  };
  for (const [typed, want] of Object.entries(cases)) assert.equal(parseTime(typed), want, typed);
  for (const bad of ["", "24:00", "7:65", "13 pm", "0 am", "noon", "8:5", null, undefined])
    assert.equal(parseTime(bad), null, String(bad));
});
