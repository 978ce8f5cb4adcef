// The date field's rules (lib/date-rules.js, used by lib/date-input.jsx): a day is a real
// "YYYY-MM-DD"; `validDate` says what is wrong in the language in force, with an example in the
// company's form (27-Nov-2026; hi-IN: the month's name in Hindi).
import { resetBrowser } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { setPseudo } from "../src/lib/i18n/catalogue.js";
import { loadLanguage } from "../src/lib/i18n/messages.js";
import { setFormats } from "../src/lib/format.js";
import { invalidDate, isDay, validDate } from "../src/lib/date-rules.js";

beforeEach(() => resetBrowser());
afterEach(async () => {
  setPseudo(false);
  setFormats({ locale: "en-IN" });
  await loadLanguage("en");
});

test("a day is a real YYYY-MM-DD; typed text is not", () => {
  assert.equal(isDay("2026-11-27"), true);
  assert.equal(isDay("2024-02-29"), true);
  for (const v of ["2026-13-45", "2026-02-30", "27-11-2026", "27-Nov-2026", "", null, undefined, 20261127])
    assert.equal(isDay(v), false, String(v));
});

test("validDate: empty passes (required is another rule), a day passes, anything else is told", () => {
  const rule = validDate();
  assert.equal(rule(""), null);
  assert.equal(rule("2026-11-27"), null);
  assert.equal(rule("2026-13-45"), "Enter a date such as 27-Nov-2026.");
  assert.equal(rule("tomorrow"), "Enter a date such as 27-Nov-2026.");
  assert.equal(validDate("Bad From Date")("31-31-2026"), "Bad From Date");
});

test("the message follows the language and the locale's month names", async () => {
  assert.equal(invalidDate(), "Enter a date such as 27-Nov-2026.");
  await loadLanguage("hi");
  setFormats({ locale: "hi" });
  assert.match(invalidDate(), /^तारीख ऐसे लिखें: 27-.+-2026।$/);
  assert.doesNotMatch(invalidDate(), /Nov/);
  await loadLanguage("en");
  setFormats({ locale: "en-IN" });
  setPseudo(true);
  assert.equal(invalidDate(), "[!! Enter a date such as 27-Nov-2026. !!]");
});

test("an empty date field's placeholder is the form to type, never a date (issue #55)", async () => {
  const { datePlaceholder } = await import("../src/lib/date-rules.js");
  assert.equal(datePlaceholder(), "DD-MMM-YYYY");
  await loadLanguage("hi");
  assert.doesNotMatch(datePlaceholder(), /\d/, "a Hindi placeholder with digits looks like a date");
  assert.notEqual(datePlaceholder(), "DD-MMM-YYYY");
});
