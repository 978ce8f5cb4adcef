// An administrator generates reports: the validation messages, then the download starts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { start } from "./server.mjs";

let app;
let p;
before(async () => {
  app = await start();
  p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
});
after(async () => app && (await app.stop()));

const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");
const today = () => new Date().toISOString().slice(0, 10);

test("the customer-visit report downloads after its dates are given", async () => {
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").locator(".menu-group", { hasText: "Report" }).getByRole("link", { name: "Customer Visit" }).click();
  await p.getByRole("heading", { name: "Customer Visit Report" }).waitFor();
  await p.getByRole("button", { name: "Generate Report" }).click();
  await p.getByText("From Date is required").waitFor();
  await p.getByText("To Date is required").waitFor();
  // The dates in the company's form (dd-MMM-yyyy), never the browser's mm/dd/yyyy: typed as
  // 01-01-2026 it shows 01-Jan-2026; no date is refused on the screen.
  const from = p.getByLabel("From Date");
  await from.fill("31-02-2026");
  await p.getByLabel("To Date").fill("soon");
  await p.getByRole("button", { name: "Generate Report" }).click();
  assert.equal(await p.getByText("Enter a date such as 27-Nov-2026.").count(), 2);
  await from.fill("01-01-2026");
  await from.blur();
  assert.equal(await from.inputValue(), "01-Jan-2026");
  assert.equal(await from.getAttribute("type"), "text");
  // The calendar button opens the browser's own picker; what it picks shows in the company's form.
  await p.getByRole("button", { name: "Calendar" }).last().click();
  await p.locator("#toDate ~ input[type=date]").evaluate((input, day) => {
    input.value = day;
    // As the browser's picker does: an input event, then a change event.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, today());
  const [y, m, d] = today().split("-");
  const mon = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(m) - 1];
  assert.equal(await p.getByLabel("To Date").inputValue(), `${d}-${mon}-${y}`);
  await mkdir(shots, { recursive: true });
  await p.screenshot({ path: join(shots, "report-dates-1280.png") });
  const [file] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Generate Report" }).click()]);
  assert.equal(file.suggestedFilename(), "report.xlsx");
  assert.equal(readFileSync(await file.path()).subarray(0, 2).toString(), "PK");
  await p.getByRole("status").getByText(/Customer Visit report: \d+ rows?\./).waitFor();
});

test("the monthly and delivery reports ask for their choices", async () => {
  await p.goto("/#/master/report/monthly-summary");
  await p.getByRole("button", { name: "Generate Report" }).click();
  await p.getByText("Please select user type.").waitFor();
  await p.getByText("Please select country.").waitFor();
  await p.getByLabel("RCA").check();
  await p.getByLabel("India").check();
  const [monthly] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Generate Report" }).click()]);
  assert.equal(monthly.suggestedFilename(), "report.xlsx");

  await p.goto("/#/master/report/delivery");
  await p.getByRole("button", { name: "Generate Report" }).click();
  await p.getByText("Please Enter From Date.").waitFor();
  await p.getByText("Please Enter To Date.").waitFor();
  await p.getByText("Please select country.").waitFor();
  await p.getByLabel("From Date").fill("2026-01-01");
  await p.getByLabel("To Date").fill(today());
  await p.getByLabel("Sri Lanka").check();
  await p.getByLabel("Updated Date").check();
  const [delivery] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Generate Report" }).click()]);
  assert.equal(delivery.suggestedFilename(), "report.xlsx");
  assert.deepEqual(p.pageErrors, []);
});

test("the order lines report downloads from the Report menu", async () => {
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").locator(".menu-group", { hasText: "Report" }).getByRole("link", { name: "Order Lines" }).click();
  await p.getByRole("heading", { name: "Order Lines Report" }).waitFor();
  await p.getByLabel("From Date").fill("2026-01-01");
  await p.getByLabel("To Date").fill(today());
  const [file] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Generate Report" }).click()]);
  assert.equal(readFileSync(await file.path()).subarray(0, 2).toString(), "PK");
  await p.getByRole("status").getByText(/report: \d+ rows?\./).waitFor();
});

test("at 390 px the date fields and their calendar buttons fit", async () => {
  const small = await app.page({ width: 390, height: 800 });
  await app.login(small, "admin@demo.test");
  await small.waitForURL((u) => u.hash === "#/home");
  await small.goto("/#/master/report/delivery");
  await small.getByLabel("From Date").fill("1 Jan 2026");
  await small.getByLabel("To Date").fill("27/11/2026");
  await small.getByLabel("From Date").focus();
  assert.equal(await small.getByLabel("To Date").inputValue(), "27-Nov-2026");
  await small.getByLabel("To Date").focus();
  assert.equal(await small.getByLabel("From Date").inputValue(), "01-Jan-2026");
  await mkdir(shots, { recursive: true });
  await small.screenshot({ path: join(shots, "report-dates-390.png") });
  assert.equal(await small.evaluate(() => document.documentElement.scrollWidth > innerWidth), false, "no sideways scrolling at 390 px");
  const button = await small.getByRole("button", { name: "Calendar" }).first().boundingBox();
  assert.ok(button && button.x + button.width <= 390, "the calendar button is on the screen");
  assert.deepEqual(small.pageErrors, []);
  await small.context().close();
});
