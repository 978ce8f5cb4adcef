// The Attendance screen's marks of claimed taps (issue #49): the tap's own time and when it
// arrived, with that date when it is another day than the one shown; none for ordinary taps.
import assert from "node:assert/strict";
import { test } from "node:test";
import { claimMarks } from "../src/features/attendance/claims.js";
import { localParts } from "../src/lib/format.js";

/** A local time of a day as ISO 8601 (the phone's zone, as the screen reads it). */
const at = (date, time) => new Date(`${date}T${time}:00`).toISOString();

test("a claimed start and end show their time and when they arrived", () => {
  const row = {
    startClaimed: true,
    startTapAt: at("2026-12-04", "07:00"),
    startReceivedAt: at("2026-12-06", "10:02"),
    endClaimed: true,
    endTapAt: at("2026-12-04", "21:45"),
    endReceivedAt: at("2026-12-04", "22:30"),
  };
  assert.equal(localParts(row.startTapAt).time, "07:00");
  assert.deepEqual(claimMarks(/** @type {any} */ (row), "2026-12-04"), [
    "Start claimed 07:00, received 06-Dec-2026 10:02",
    "End claimed 21:45, received 22:30",
  ]);
});

test("ordinary taps carry no mark", () => {
  const row = {
    startClaimed: false,
    startTapAt: at("2026-12-04", "09:00"),
    startReceivedAt: at("2026-12-04", "09:01"),
    endClaimed: false,
  };
  assert.deepEqual(claimMarks(/** @type {any} */ (row), "2026-12-04"), []);
});
