// The one date and money formatter (lib/dates.js, lib/money.js): the spec's dd-MMM-yyyy, two
// decimals with Indian grouping, and counts with their noun in the right number.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dayMonth, formatDate, formatDateTime } from "../src/lib/dates.js";
import { money, plural } from "../src/lib/money.js";

test("dates show as dd-MMM-yyyy (27-Nov-2026), the last-ordered date as day and month", () => {
  assert.equal(formatDate("2026-11-27"), "27-Nov-2026");
  assert.equal(formatDate("2026-03-01T10:00:00Z"), "01-Mar-2026");
  assert.equal(dayMonth("2026-11-27"), "27 Nov");
  assert.equal(formatDate(""), "");
  assert.equal(formatDate(null), "");
  assert.match(formatDateTime("2026-11-27T12:00:00Z"), /^2[78]-Nov-2026 \d\d:\d\d$/);
});

test("money has two decimals and Indian grouping, numbers and numeric text alike", () => {
  assert.equal(money(0), "0.00");
  assert.equal(money(5), "5.00");
  assert.equal(money(1234.5), "1,234.50");
  assert.equal(money(123456.789), "1,23,456.79");
  assert.equal(money("1146905.25"), "11,46,905.25");
  assert.equal(money(-2500), "-2,500.00");
  assert.equal(money(null), "");
  assert.equal(money(""), "");
  assert.equal(money("n/a"), "n/a");
});

test("a count takes its noun in the singular only for one", () => {
  assert.equal(plural(1, "attempt"), "1 attempt");
  assert.equal(plural(0, "row"), "0 rows");
  assert.equal(plural(3, "row"), "3 rows");
  assert.equal(plural(2, "delivery approval"), "2 delivery approvals");
  assert.equal(plural(2, "visit or order", "visits or orders"), "2 visits or orders");
});
