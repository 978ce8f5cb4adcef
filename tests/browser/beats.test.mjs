// Beat plans (issue #19): an area manager plans a beat for one of their agents (customers found by
// search, reordered by the arrow buttons and by dragging, weekdays), finds it again as saved, meets
// the server's refusals on the form, and deletes it; an administrator uploads a beat workbook with
// one refused row and downloads the beat-adherence report.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { expectAlert, start } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const BEAT = "Browser Beat Mon/Thu";
// The demo company's customers go round the agents: agent1 (Ravi Kumar) has B100001, B100005,
// B100009, ...; agent2 (Priya Sharma) B100002, B100006, ...
const DURGA = "Durga Departmental Store (B100001)";
const SHREE_SUPER = "Shree Supermarket (B100005)";
const SHREE_PROV = "Shree Provisions (B100009)";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const today = () => new Date().toISOString().slice(0, 10);

/** The buyer ids of the editor's customer list, in order. */
const stops = (p) => p.getByTestId("beat-stops").locator("li").evaluateAll((lis) => lis.map((li) => li.dataset.stop));

/** Adds a customer through the editor's search: types the buyer id, picks its suggestion. */
async function addCustomer(p, buyerId) {
  const before = await p.getByTestId("beat-stops").locator("li").count();
  await p.getByLabel("Add a customer").fill(buyerId);
  await p.getByRole("option").filter({ hasText: `${buyerId} - ` }).click();
  await p.waitForFunction((n) => document.querySelectorAll("[data-testid=beat-stops] li").length === n, before + 1);
  // The box empties after a pick, ready for the next customer.
  assert.equal(await p.getByLabel("Add a customer").inputValue(), "");
}

/** Waits until the focused element is the one with this accessible label (moved after a render). */
async function focused(p, label) {
  try {
    await p.waitForFunction((l) => document.activeElement?.getAttribute("aria-label") === l, label, { timeout: 3000 });
  } finally {
    assert.equal(await p.evaluate(() => document.activeElement?.getAttribute("aria-label")), label);
  }
}

/** The text every xml part of an .xlsx holds (cell strings and the sheet), tags removed. */
function xlsxText(file) {
  const script = "import sys,zipfile,re;z=zipfile.ZipFile(sys.argv[1]);print(' '.join(re.sub(r'<[^>]+>',' ',z.read(n).decode()) for n in z.namelist() if n.endswith('.xml')))";
  return execFileSync("python3", ["-c", script, file], { encoding: "utf8" }).replace(/\s+/g, " ");
}

const rowOf = (p, text) => p.getByTestId("beats-table").locator("tbody tr", { hasText: text });

test("an area manager plans a beat, reorders it, meets the refusals and deletes it", async () => {
  const p = await app.page();
  await app.login(p, "am@demo.test");
  await p.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await p.goto("/#/master/beats");
  await p.getByRole("heading", { name: "Beats" }).waitFor();
  // The demo's beats of the manager's four agents (a beat a weekday each), narrowed to one agent.
  await p.getByTestId("beats-count").getByText("28 beats").waitFor();
  await p.getByLabel("Agent", { exact: true }).selectOption({ label: "Ravi Kumar" });
  await p.getByTestId("beats-count").getByText("7 beats").waitFor();
  assert.deepEqual([...new Set(await p.getByTestId("beats-table").locator("tbody td[data-label=Agent]").allTextContents())], ["Ravi Kumar"]);

  await p.getByRole("link", { name: "Add Beat" }).click();
  await p.getByRole("heading", { name: "Add Beat" }).waitFor();
  // No customer yet: the list's own text, not "0 customers" over it (decision 48).
  await p.getByText("No customers on this beat yet. Search above to add them in visiting order.").waitFor();
  assert.equal(await p.getByTestId("stop-count").count(), 0);
  // An empty form: the server's own words, before anything is sent.
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Beat Name is required.").waitFor();
  await p.getByText("Agent is required.").waitFor();
  await p.getByText("Choose at least one weekday.").waitFor();
  await p.getByText("Add at least one customer.").waitFor();
  // The first refused field takes the focus.
  assert.equal(await p.evaluate(() => document.activeElement.id), "beatName");

  await p.getByLabel("Beat Name", { exact: true }).fill(BEAT);
  await p.getByLabel("Agent", { exact: true }).selectOption({ label: "Ravi Kumar" });
  const day = (d) => p.getByRole("group", { name: "Weekdays" }).getByRole("button", { name: d, exact: true });
  await day("Mon").click();
  await day("Thu").click();
  await day("Sat").click();
  await day("Sat").click();
  for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) {
    assert.equal(await day(d).getAttribute("aria-pressed"), String(d === "Mon" || d === "Thu"), `${d} toggled`);
  }
  await p.getByText("Choose at least one weekday.").waitFor({ state: "detached" });

  for (const b of ["B100001", "B100005", "B100009"]) await addCustomer(p, b);
  assert.deepEqual(await stops(p), ["B100001", "B100005", "B100009"]);
  await p.getByTestId("stop-count").getByText("3 customers").waitFor();
  // The first cannot go up, the last cannot go down.
  assert.equal(await p.getByRole("button", { name: `Move ${DURGA} up` }).isDisabled(), true);
  assert.equal(await p.getByRole("button", { name: `Move ${SHREE_PROV} down` }).isDisabled(), true);

  // Reordered by the buttons; the focus stays on the moved customer's button.
  await p.getByRole("button", { name: `Move ${SHREE_PROV} up` }).click();
  assert.deepEqual(await stops(p), ["B100001", "B100009", "B100005"]);
  await focused(p, `Move ${SHREE_PROV} up`);
  await p.keyboard.press("Enter");
  assert.deepEqual(await stops(p), ["B100009", "B100001", "B100005"]);
  // At the top its up arrow is disabled: the focus moves to its down arrow.
  await focused(p, `Move ${SHREE_PROV} down`);
  await p.getByRole("button", { name: `Move ${SHREE_SUPER} up` }).click();
  assert.deepEqual(await stops(p), ["B100009", "B100005", "B100001"]);
  // And by dragging: Durga onto the first place.
  const row = (b) => p.locator(`[data-testid=beat-stops] li[data-stop=${b}]`);
  await row("B100001").dragTo(row("B100009"));
  assert.deepEqual(await stops(p), ["B100001", "B100009", "B100005"]);

  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "Beat saved successfully.");
  await p.waitForURL((u) => u.hash === "#/master/beats");
  await p.getByLabel("Search beat or agent name").fill("browser beat");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByTestId("beats-count").getByText("1 beat").waitFor();
  const saved = rowOf(p, BEAT);
  assert.equal(await saved.locator("td[data-label=Agent]").textContent(), "Ravi Kumar");
  assert.equal(await saved.locator("td[data-label=Weekdays]").textContent(), "Mon, Thu");
  assert.equal(await saved.locator("td[data-label=Customers]").textContent(), "3");

  // Reopened: the order and the weekdays as saved; the agent stays the beat's.
  await saved.getByRole("link", { name: `Edit ${BEAT}` }).click();
  await p.getByRole("heading", { name: "Edit Beat" }).waitFor();
  await p.waitForFunction((name) => document.querySelector("#beatName")?.value === name, BEAT);
  assert.deepEqual(await stops(p), ["B100001", "B100009", "B100005"]);
  assert.equal(await p.getByLabel("Agent", { exact: true }).inputValue(), "Ravi Kumar");
  assert.equal(await p.getByLabel("Agent", { exact: true }).getAttribute("readonly"), "");
  for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) {
    assert.equal(await day(d).getAttribute("aria-pressed"), String(d === "Mon" || d === "Thu"), `${d} saved`);
  }

  // A customer of another of the manager's agents is never offered: the search keeps to the beat's agent.
  await p.getByLabel("Add a customer").fill("B100002");
  await p.getByLabel("Add a customer").press("Enter");
  await expectAlert(p, "info", "No customer has the buyer id B100002: pick one of the suggestions.");
  assert.deepEqual(await stops(p), ["B100001", "B100009", "B100005"]);
  await p.getByRole("link", { name: "Cancel" }).click();
  await p.waitForURL((u) => u.hash === "#/master/beats");

  // The same name again for the same agent: the server's 409, on the form.
  await p.getByRole("link", { name: "Add Beat" }).click();
  await p.getByRole("heading", { name: "Add Beat" }).waitFor();
  await p.getByLabel("Beat Name", { exact: true }).fill(BEAT);
  await p.getByLabel("Agent", { exact: true }).selectOption({ label: "Ravi Kumar" });
  await day("Tue").click();
  // A buyer id typed whole and Enter at once adds that customer too.
  await p.getByLabel("Add a customer").fill("B100013");
  await p.getByLabel("Add a customer").press("Enter");
  await p.waitForFunction(() => document.querySelector("[data-testid=beat-stops] li")?.dataset.stop === "B100013");
  // Given to another agent before saving: the server refuses the customer by name, and its row is marked.
  await p.getByLabel("Agent", { exact: true }).selectOption({ label: "Priya Sharma" });
  await p.getByRole("button", { name: "Save" }).click();
  const error = p.getByTestId("beat-error");
  await error.getByText("Customer B100013 is not a customer of this agent.").waitFor();
  assert.match(await row("B100013").getAttribute("class"), /stop-bad/);
  await p.getByLabel("Agent", { exact: true }).selectOption({ label: "Ravi Kumar" });
  await p.getByRole("button", { name: "Save" }).click();
  await error.getByText(`A beat named ${BEAT} already exists for this agent.`).waitFor();
  assert.equal(new URL(p.url()).hash, "#/master/beat/new");
  await p.getByRole("link", { name: "Back" }).click();

  // Deleted after the masters' confirmation (Cancel first keeps it).
  await p.getByLabel("Search beat or agent name").fill("browser beat");
  await p.getByRole("button", { name: "Search" }).click();
  await rowOf(p, BEAT).getByRole("button", { name: `Delete ${BEAT}` }).click();
  const dialog = p.getByRole("dialog");
  assert.equal(await dialog.locator("h2").textContent(), "Please confirm");
  assert.equal(await dialog.locator("p").textContent(), "Are you sure, you want to delete?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await rowOf(p, BEAT).count(), 1);
  await rowOf(p, BEAT).getByRole("button", { name: `Delete ${BEAT}` }).click();
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expectAlert(p, "success", "Beat deleted successfully.");
  await p.getByText("No beat matches.").waitFor();
  assert.equal(await p.getByTestId("beats-count").count(), 0, "no '0 beats' over the empty list");
  assert.deepEqual(p.pageErrors, []);
  assert.deepEqual(p.consoleErrors, []);
  await p.context().close();
});

// A list's answer that comes after the answer to a newer search is dropped, not shown, and does not
// leave the page loading (the first answer here is held back until the search's has come).
test("a search's answer stands when the list's answer before it comes late", async () => {
  const p = await app.page();
  await app.login(p, "am@demo.test");
  await p.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  let releaseFirst;
  const searched = new Promise((resolve) => (releaseFirst = resolve));
  await p.route(/\/webapi\/api\/master\/beat\?/, async (route) => {
    if (new URL(route.request().url()).searchParams.get("search")) {
      await route.continue();
      setTimeout(releaseFirst, 300);
    } else {
      await searched;
      await route.continue();
    }
  });
  await p.goto("/#/master/beats");
  await p.getByRole("heading", { name: "Beats" }).waitFor();
  await p.getByLabel("Search beat or agent name").fill("Ravi");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByTestId("beats-count").getByText("7 beats").waitFor({ timeout: 10000 });
  await p.waitForTimeout(800);
  assert.equal(await p.getByTestId("beats-count").textContent({ timeout: 2000 }), "7 beats");
  await p.close();
});

test("an administrator uploads beats with one refused row and downloads the adherence report", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  const sidebar = p.getByTestId("sidebar");
  // The menu's groups fold; open them all.
  await sidebar.locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await sidebar.getByRole("link", { name: "Beat Upload" }).click();
  await p.getByRole("heading", { name: "Beat Upload" }).waitFor();
  const [sample] = await Promise.all([p.waitForEvent("download"), p.getByRole("link", { name: "Upload File Format" }).click()]);
  const sampleText = xlsxText(await sample.path());
  for (const column of ["Beat Name", "Agent Email", "Weekdays", "Buyer ID", "Sequence"]) assert.ok(sampleText.includes(column), `sample has ${column}`);

  // agent2's beat in Sequence order, not file order; B100001 is agent1's.
  const dir = mkdtempSync(join(tmpdir(), "fieldsales-beats-"));
  const file = join(dir, "beats.xlsx");
  const rows = [
    ["Beat Name", "Agent Email", "Weekdays", "Buyer ID", "Sequence"],
    ["Upload Beat", "agent2@demo.test", "Tue,Fri", "B100002", "2"],
    ["Upload Beat", "agent2@demo.test", "Tue,Fri", "B100006", "1"],
    ["Upload Beat", "agent2@demo.test", "Tue,Fri", "B100001", "3"],
  ];
  execFileSync("python3", [join(here, "make_xlsx.py"), file, JSON.stringify(rows)]);
  await p.locator("#uploadFile").setInputFiles(file);
  await p.getByRole("button", { name: "Submit" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Data Uploaded Successfully" }).waitFor();
  await dialog.getByText("2 rows uploaded, 1 rejected.").waitFor();
  const refused = dialog.getByTestId("upload-result").locator("tbody tr");
  assert.equal(await refused.count(), 1);
  assert.match(await refused.textContent(), /4.*Customer B100001 is not a customer of this agent/);
  const [result] = await Promise.all([p.waitForEvent("download"), dialog.getByRole("link", { name: "Download the result workbook" }).click()]);
  assert.match(result.suggestedFilename(), /^beat.*\.xlsx$/);
  const resultText = xlsxText(await result.path());
  assert.ok(resultText.includes("Customer B100001 is not a customer of this agent"), "the result workbook gives the reason");
  assert.ok(resultText.includes("B100006"), "the result workbook lists the rows");
  await dialog.getByRole("button", { name: "Close" }).click();

  // The uploaded beat in the list and the editor.
  await sidebar.getByRole("link", { name: "Beats", exact: true }).click();
  await p.getByRole("heading", { name: "Beats" }).waitFor();
  await p.getByLabel("Search beat or agent name").fill("Upload Beat");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByTestId("beats-count").getByText("1 beat").waitFor();
  const row = rowOf(p, "Upload Beat");
  assert.equal(await row.locator("td[data-label=Agent]").textContent(), "Priya Sharma");
  assert.equal(await row.locator("td[data-label=Weekdays]").textContent(), "Tue, Fri");
  assert.equal(await row.locator("td[data-label=Customers]").textContent(), "2");
  await row.getByRole("link", { name: "Edit Upload Beat" }).click();
  await p.getByRole("heading", { name: "Edit Beat" }).waitFor();
  await p.getByTestId("beat-stops").waitFor();
  assert.deepEqual(await stops(p), ["B100006", "B100002"]);

  // The beat-adherence report, from the Report menu.
  await sidebar.locator(".menu-group", { hasText: "Report" }).getByRole("link", { name: "Beat Adherence" }).click();
  await p.getByRole("heading", { name: "Beat Adherence Report" }).waitFor();
  await p.getByRole("button", { name: "Generate Report" }).click();
  await p.getByText("From Date is required").waitFor();
  const from = new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10);
  await p.getByLabel("From Date").fill(from);
  await p.getByLabel("To Date").fill(today());
  const [report] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Generate Report" }).click()]);
  const reportText = xlsxText(await report.path());
  for (const column of ["Date", "Agent Name", "Agent Email", "Planned", "Visited As Planned", "Visited Off-site", "Ordered As Planned", "Unplanned Visits", "Adherence %"]) {
    assert.ok(reportText.includes(column), `the report has ${column}`);
  }
  assert.ok(reportText.includes("agent1@demo.test"), "the report has a row of a demo agent");
  await p.getByRole("status").getByText(/report: \d+ rows?\./).waitFor();
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("an agent has no beat screens", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => !["#/login", "#/"].includes(u.hash));
  for (const path of ["/master/beats", "/master/beat/new", "/master/beat-upload"]) {
    await p.goto(`/#${path}`);
    await p.waitForURL((u) => u.hash === "#/unauthorized");
  }
  await p.context().close();
});
