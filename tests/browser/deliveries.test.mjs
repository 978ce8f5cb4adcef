// Deliveries: an agent sets a status with a reason and a picture; an administrator rejects one
// with a remark and approves two at once.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));


const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082", "hex");

test("an agent updates a delivery with a reason and an image", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/#/customer/delivery");
  await p.getByRole("heading", { name: "RED101 Delivery" }).waitFor();
  await p.getByTestId("delivery-tiles").waitFor();
  const table = p.getByTestId("delivery-table");
  assert.ok((await table.locator("tbody tr").count()) <= 5, "5 rows a page");
  const open = table.locator("tr", { hasText: "Open" }).first();
  const order = await open.locator("td").first().textContent();
  await open.getByRole("button", { name: "View" }).click();
  const detail = p.getByTestId("delivery-detail");
  await detail.getByText(`Delivery ${order}`).waitFor();
  await detail.getByRole("button", { name: "Submit" }).click();
  await detail.getByText("Delivery Status is Required").waitFor();
  await detail.getByLabel("Delivery Status").selectOption({ label: "Not delivered" });
  await detail.getByLabel("Additional Reason").waitFor();
  await detail.getByRole("button", { name: "Submit" }).click();
  await detail.getByText("Additional Reason is Required").waitFor();
  await detail.getByLabel("Additional Reason").selectOption({ label: "Other" });
  await detail.getByLabel("Other Reason").fill("Shop shutter down at 11am");
  await detail.locator("#imagedata").setInputFiles({ name: "shutter.png", mimeType: "image/png", buffer: PNG });
  await detail.getByRole("button", { name: "Submit" }).click();
  await expectAlert(p, "success", "Delivery updated successfully.");
  await detail.waitFor({ state: "detached" });
  // Found again by search, now waiting for approval.
  await p.getByLabel("Search delivery").fill(order);
  await p.getByRole("option", { name: order }).click();
  await table.locator("tr", { hasText: order }).getByText("Pending approval").waitFor();
  await p.context().close();
});

test("an administrator rejects one with a remark and approves two at once", async () => {
  const p = await app.page({ width: 1400, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.getByTestId("sidebar").getByRole("link", { name: "Delivery Approve" }).click();
  const table = p.getByTestId("approve-table");
  await table.waitFor();
  const approveSelected = p.getByRole("button", { name: "Approve Selected" });
  assert.equal(await approveSelected.isDisabled(), true, "nothing selected yet");
  const rows = table.locator("tbody tr");
  const before = await rows.count();
  assert.ok(before >= 3 && before <= 30, `${before} rows on the first page`);

  const first = await rows.nth(0).locator("td").nth(1).textContent();
  await rows.nth(0).getByRole("button", { name: "Update" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Delivery Update Status" }).waitFor();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await dialog.getByText("Please Select Approve Status").waitFor();
  await dialog.getByLabel("Approval Status").selectOption("Reject");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await dialog.getByText("Please Enter Remark").waitFor();
  await dialog.getByLabel("Remark").fill("y".repeat(201));
  await dialog.getByText("The remark is limited to a maximum of 200 characters.").waitFor();
  await dialog.getByLabel("Remark").fill("The photo shows another shop");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectAlert(p, "success", "1 delivery approval saved.");
  await table.locator("tr", { hasText: first }).waitFor({ state: "detached" });

  const a = await rows.nth(0).locator("td").nth(1).textContent();
  const b = await rows.nth(1).locator("td").nth(1).textContent();
  await p.getByRole("checkbox", { name: `Select ${a}` }).check();
  await p.getByRole("checkbox", { name: `Select ${b}` }).check();
  assert.equal(await approveSelected.isDisabled(), false);
  await approveSelected.click();
  await expectAlert(p, "success", "2 delivery approvals saved.");
  await table.locator("tr", { hasText: a }).waitFor({ state: "detached" });
  assert.equal(await table.locator("tr", { hasText: b }).count(), 0);
  // Select-all picks every row on the page.
  await p.getByRole("checkbox", { name: "Select all" }).check();
  const checked = await table.locator("tbody input[type=checkbox]:checked").count();
  assert.equal(checked, await rows.count());
  await p.context().close();
});
