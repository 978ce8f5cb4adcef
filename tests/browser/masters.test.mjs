// An administrator keeps the masters: outcomes, links with countries, users; empty submits show
// the spec's messages and deletes ask 'Please confirm' first.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, start } from "./server.mjs";

let app;
let p;
before(async () => {
  app = await start();
  p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
});
after(async () => app && (await app.stop()));

const rowOf = (text) => p.getByTestId("master-table").locator("tr", { hasText: text });

/** Deletes the row containing `text`, checking the confirmation dialog's exact words. */
async function deleteRow(text, message) {
  await rowOf(text).getByRole("button", { name: "Delete" }).click();
  const dialog = p.getByRole("dialog");
  assert.equal(await dialog.locator("h2").textContent(), "Please confirm");
  assert.equal(await dialog.locator("p").textContent(), "Are you sure, you want to delete?");
  assert.deepEqual(await dialog.getByRole("button").allTextContents(), ["Yes", "Cancel"]);
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expectAlert(p, "success", message);
  await rowOf(text).waitFor({ state: "detached" });
}

test("an outcome is added, changed and deleted", async () => {
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").getByRole("link", { name: "Outcome Master" }).click();
  await p.getByRole("heading", { name: "Outcome Master" }).waitFor();
  await p.getByRole("link", { name: "Add", exact: true }).click();
  // A required field says so as the user leaves it empty, before Save (issue #55); typing clears it.
  await p.getByLabel("Outcome").focus();
  assert.equal(await p.getByText("Outcome is required").count(), 0, "no error before the field is left");
  await p.getByLabel("Outcome").blur();
  await p.getByText("Outcome is required").waitFor();
  await p.getByLabel("Outcome").fill("x");
  await p.getByText("Outcome is required").waitFor({ state: "detached" });
  await p.getByLabel("Outcome").fill("");
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Outcome is required").waitFor();
  await p.getByLabel("Outcome").fill("Owner away");
  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "Outcome saved successfully.");
  await rowOf("Owner away").waitFor();

  await rowOf("Owner away").getByRole("link", { name: "Modify" }).click();
  await p.getByRole("heading", { name: "Modify Outcome" }).waitFor();
  await p.waitForFunction(() => document.querySelector("#name")?.value === "Owner away");
  await p.getByLabel("Outcome").fill("Owner away today");
  await p.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "success", "Outcome saved successfully.");
  await rowOf("Owner away today").waitFor();

  // Cancel keeps the row.
  await rowOf("Owner away today").getByRole("button", { name: "Delete" }).click();
  await p.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  assert.equal(await rowOf("Owner away today").count(), 1);
  await deleteRow("Owner away today", "Outcome deleted successfully.");
});

test("a link is added with countries, changed and deleted", async () => {
  await p.goto("/#/master/link-master-add");
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Link Name is required").waitFor();
  await p.getByText("Link is required").waitFor();
  await p.getByText("At least one country must be selected.").waitFor();
  await p.getByLabel("Link Name").fill("Training videos");
  await p.getByLabel("Link", { exact: true }).fill("https://training.demo.test/");
  await p.getByLabel("India").check();
  await p.getByLabel("Sri Lanka").check();
  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "Link saved successfully.");
  assert.match(await rowOf("Training videos").textContent(), /India, Sri Lanka/);

  await rowOf("Training videos").getByRole("link", { name: "Modify" }).click();
  await p.waitForFunction(() => document.querySelector("#linkName")?.value === "Training videos");
  await p.getByLabel("India").uncheck();
  await p.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "success", "Link saved successfully.");
  const row = await rowOf("Training videos").textContent();
  assert.match(row, /Sri Lanka/);
  assert.doesNotMatch(row, /India/);
  await deleteRow("Training videos", "Link deleted successfully.");
});

test("a user is added, changed and deleted", async () => {
  await p.goto("/#/master/user-master");
  await p.getByRole("heading", { name: "User Master" }).waitFor();
  // The signed-in administrator's own row offers neither Modify nor Delete.
  await rowOf("admin@demo.test").waitFor();
  assert.equal(await rowOf("admin@demo.test").getByRole("button", { name: "Delete" }).count(), 0);
  await p.getByRole("link", { name: "Add", exact: true }).click();
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("User Type is Required").waitFor();
  await p.getByText("Email is Required").waitFor();
  await p.getByLabel("User Type").selectOption({ label: "RCA" });
  await p.getByLabel("Email").fill("kiran@demo.test");
  await p.getByLabel("Name").fill("Kiran Patil");
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Country is Required").waitFor();
  await p.getByText("Manager is Required").waitFor();
  await p.getByLabel("Country").selectOption("India");
  await p.getByLabel("Manager").selectOption({ label: "Meera Nair (am@demo.test)" });
  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "User saved successfully. A temporary password was sent to kiran@demo.test.");
  assert.ok(app.mailed("kiran@demo.test", "Temporary password: ").length >= 12);

  // Filters: by type and by search text.
  await p.getByLabel("Search name or email").fill("kiran");
  await p.waitForFunction(() => document.querySelectorAll("[data-testid=master-table] tbody tr").length === 1);
  await rowOf("kiran@demo.test").getByRole("link", { name: "Modify" }).click();
  await p.waitForFunction(() => document.querySelector("#name")?.value === "Kiran Patil");
  await p.getByLabel("Name").fill("Kiran P");
  await p.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "success", "User saved successfully.");
  await rowOf("Kiran P").waitFor();
  await deleteRow("kiran@demo.test", "User deleted successfully.");
});

test("delivery status and broadcast forms show their messages", async () => {
  await p.goto("/#/master/delivery-status-master-add");
  assert.equal(await p.getByLabel("Record Lock").inputValue(), "false");
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Delivery Status is Required").waitFor();
  await p.goto("/#/master/broadcast-master-add");
  await p.getByRole("button", { name: "Send" }).click();
  await p.getByText("User Type is required").waitFor();
  await p.getByLabel("Message").fill("Stock count on Friday");
  await p.getByLabel("User Type").selectOption({ label: "All" });
  await p.getByRole("button", { name: "Send" }).click();
  await expectAlert(p, "success", "Broadcast message sent successfully.");
  await rowOf("Stock count on Friday").waitFor();
  assert.deepEqual(p.pageErrors, []);
});

test("a Modify address naming no record goes back to the list, never an empty Add form", async () => {
  // The tour once opened ".../edit/undefined" and shot "Add Delivery Status" under a Modify address.
  for (const [address, list] of [
    ["/#/master/delivery-status-master-edit/undefined", "#/master/delivery-status"],
    ["/#/master/additional-reason-master-edit/x1", "#/master/additional-reason-master"],
  ]) {
    await p.goto(address);
    await p.waitForURL((u) => u.hash === list);
    await p.getByTestId("master-table").waitFor();
  }
  // A real record still opens in its Modify form.
  const id = await p.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem("fieldsales.session"));
    const r = await fetch("/webapi/api/master/additionalReason", { headers: { Authorization: `Bearer ${session.token}` } });
    return (await r.json())[0].reasonCodeID;
  });
  await p.goto(`/#/master/additional-reason-master-edit/${id}`);
  await p.getByRole("heading", { name: "Modify Additional Reason" }).waitFor();
  assert.notEqual(await p.getByLabel("Additional Reason Code").inputValue(), "");
  assert.deepEqual(p.pageErrors, []);
});
