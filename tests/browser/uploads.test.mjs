// An administrator downloads a sample, uploads a file with one bad row, reads the result modal and
// downloads the result workbook.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { start } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

test("an admin uploads products with one bad row and downloads the result", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  await p.context().setDefaultTimeout(10000);
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").getByRole("link", { name: "Product Upload" }).click();
  await p.getByRole("heading", { name: "Product Master Upload" }).waitFor();

  const [sample] = await Promise.all([p.waitForEvent("download"), p.getByRole("link", { name: "Upload File Format" }).click()]);
  assert.equal(sample.suggestedFilename(), "sample.xlsx");
  const samplePath = await sample.path();
  assert.equal(readFileSync(samplePath).subarray(0, 2).toString(), "PK");

  // Nothing chosen: the screen says so and sends nothing.
  await p.getByRole("button", { name: "Submit" }).click();
  await p.getByText("Please choose an .xlsx file.").waitFor();

  const dir = mkdtempSync(join(tmpdir(), "fieldsales-upload-"));
  const file = join(dir, "products.xlsx");
  execFileSync("python3", [join(here, "make_xlsx.py"), file, JSON.stringify([["Product Name", "SKU"], ["Browser Cola", "BC-1"], ["", "NO-NAME"], ["Browser Tea", "BT-1"]])]);
  await p.locator("#uploadFile").setInputFiles(file);
  await p.getByRole("button", { name: "Submit" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Data Uploaded Successfully" }).waitFor();
  await dialog.getByText("2 rows uploaded, 1 rejected.").waitFor();
  const row = dialog.getByTestId("upload-result").locator("tbody tr");
  assert.equal(await row.count(), 1);
  assert.match(await row.textContent(), /3.*Product Name is required/);

  const [result] = await Promise.all([p.waitForEvent("download"), dialog.getByRole("link", { name: "Download the result workbook" }).click()]);
  assert.equal(result.suggestedFilename(), "product-result.xlsx");
  assert.equal(readFileSync(await result.path()).subarray(0, 2).toString(), "PK");
  await dialog.getByRole("button", { name: "Close" }).click();

  // A file that uploads nothing says so.
  const bad = join(dir, "bad.xlsx");
  execFileSync("python3", [join(here, "make_xlsx.py"), bad, JSON.stringify([["Product Name", "SKU"], ["", "X"]])]);
  await p.locator("#uploadFile").setInputFiles(bad);
  await p.getByRole("button", { name: "Submit" }).click();
  await p.getByRole("dialog").getByRole("heading", { name: "No Data Uploaded" }).waitFor();

  // Both count on the home as uploads with errors; the tile leads to the screen of the latest.
  await p.goto("/#/home");
  const tile = p.getByRole("figure", { name: "Dashboard" }).locator("a.tile", { hasText: "Uploads with errors" });
  assert.equal((await tile.locator(".tile-value").textContent()).trim(), "2");
  await tile.click();
  await p.waitForURL((u) => u.hash === "#/master/product-master-upload");
  await p.context().close();
});

test("the customer master downloads the workbook", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.goto("/#/master/customer-master");
  const [file] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Download Customer Master" }).click()]);
  assert.equal(file.suggestedFilename(), "customer.xlsx");
  await p.waitForFunction(() => document.querySelector("[data-testid=alert-success]")?.textContent === "Downloaded Successful");
  await p.getByRole("link", { name: "Delete" }).click();
  await p.getByRole("heading", { name: "Customer Master Delete" }).waitFor();
  await p.context().close();
});

test("a manager matches a Tally export's columns once; the next file goes in with the match remembered", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await p.context().setDefaultTimeout(10000);
  await app.login(p, "am@demo.test");
  await p.waitForURL((u) => u.hash !== "" && !u.hash.startsWith("#/login"));
  await p.goto("/#/collections");
  await p.getByRole("link", { name: "Upload invoices" }).click();
  await p.getByRole("heading", { name: "Invoice Upload" }).waitFor();
  // Tally's "Bills Receivable": the company and the report above the header, its own column names,
  // dates as 2-Nov-26, balances marked Dr; the party's column holds the Buyer ID here.
  const dir = mkdtempSync(join(tmpdir(), "fieldsales-tally-"));
  const tally = (name, rows) => {
    const file = join(dir, name);
    const header = ["Date", "Ref. No.", "Party's Name", "Pending Amount", "Due on", "Overdue by days"];
    execFileSync("python3", [join(here, "make_xlsx.py"), file, JSON.stringify([["Demo Distributors"], ["Bills Receivable"], header, ...rows])]);
    return file;
  };
  await p.locator("#uploadFile").setInputFiles(tally("first.xlsx", [["2-Nov-26", "TL/B1", "B100001", "12,500.50 Dr", "2-Dec-26", "4"]]));
  await p.getByRole("button", { name: "Submit" }).click();
  const panel = p.getByTestId("column-match");
  await panel.getByRole("heading", { name: "Match the columns" }).waitFor();
  // The first guess from the names, each of ours beside a list of theirs.
  assert.equal(await panel.getByLabel("Invoice No *").inputValue(), "Ref. No.");
  assert.equal(await panel.getByLabel("Buyer ID *").inputValue(), "Party's Name");
  assert.equal(await panel.getByLabel("Invoice Date *").inputValue(), "Date");
  assert.equal(await panel.getByLabel("Amount *").inputValue(), "Pending Amount");
  assert.equal(await panel.getByLabel("Due Date *").inputValue(), "Due on");
  assert.equal(await panel.getByLabel("Distributor Name", { exact: true }).inputValue(), "");
  await panel.getByRole("button", { name: "Upload with these columns" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByText("1 row uploaded, 0 rejected.").waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  // The next export goes straight in: the match is remembered for this kind.
  await p.locator("#uploadFile").setInputFiles(tally("second.xlsx", [["3-Nov-26", "TL/B2", "B100001", "1,000.00 Dr", "3-Dec-26", ""]]));
  await p.getByRole("button", { name: "Submit" }).click();
  await p.getByRole("dialog").getByText("1 row uploaded, 0 rejected.").waitFor();
  assert.equal(await p.getByTestId("column-match").count(), 0);
  const manager = await app.token("am@demo.test");
  const owed = await (await fetch(`${app.base}/webapi/api/users/customer/outstanding/B100001`, { headers: { Authorization: `Bearer ${manager}` } })).json();
  const numbers = owed.invoices.map((i) => i.invoiceNo);
  assert.ok(numbers.includes("TL/B1") && numbers.includes("TL/B2"), JSON.stringify(numbers));
  assert.deepEqual(p.pageErrors, []);
});

test("a slow upload shows its bytes sent and can be cancelled; nothing of it is applied", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await p.context().setDefaultTimeout(15000);
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.goto("/#/master/product-master-upload");
  await p.getByRole("heading", { name: "Product Master Upload" }).waitFor();
  // 4,000 products with long names over a 64 KB/s uplink: several seconds of sending.
  const dir = mkdtempSync(join(tmpdir(), "fieldsales-slow-"));
  const file = join(dir, "products.xlsx");
  const rows = [["Product Name", "SKU"]];
  for (let i = 0; i < 4000; i++) rows.push([`Slow Upload Product ${i} ${Math.random().toString(36).repeat(3)}`, `SU-${i}`]);
  writeFileSync(join(dir, "rows.json"), JSON.stringify(rows));
  execFileSync("python3", [join(here, "make_xlsx.py"), file, `@${join(dir, "rows.json")}`]);
  const cdp = await p.context().newCDPSession(p);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: 1 << 20, uploadThroughput: 64 * 1024 });
  await p.locator("#uploadFile").setInputFiles(file);
  await p.getByRole("button", { name: "Submit" }).click();
  const progress = p.getByTestId("upload-progress");
  await progress.getByText(/^Sending the file: \d+ %$/).waitFor();
  const bar = progress.locator("progress");
  await p.waitForFunction(() => Number(document.querySelector("[data-testid=upload-progress] progress")?.getAttribute("value")) > 0);
  assert.ok(Number(await bar.getAttribute("max")) >= statSync(file).size, "the bar's end is the request's size");
  await progress.getByRole("button", { name: "Cancel" }).click();
  await p.getByText("The upload was cancelled; the rows already applied stay.").waitFor();
  assert.equal(await progress.count(), 0);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const admin = await app.token("admin@demo.test");
  const found = await (await fetch(`${app.base}/webapi/api/master/product?pageNumber=1&search=Slow%20Upload`, { headers: { Authorization: `Bearer ${admin}` } })).json();
  assert.equal(found.totalRecords ?? found.data?.length ?? 0, 0, JSON.stringify(found).slice(0, 200));
  assert.deepEqual(p.pageErrors, []);
});
