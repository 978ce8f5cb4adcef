// Issue #41's layout round: empty states that say what goes there, tables that keep words and
// numbers whole and scroll in their card, and floating controls that never cover a control.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const DESKTOP = { width: 1280, height: 800 };

test("an empty Score Card and Info Status Update keep the spec's text and say what goes there", async () => {
  const p = await app.page(DESKTOP);
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash !== "#/login");
  await p.goto("/#/score/card");
  await p.getByText("No Data Available").waitFor();
  assert.match(await p.locator(".empty-note").textContent(), /Scorecard Upload in the Master menu/);
  await p.goto("/#/customer/info-update");
  await p.getByText("No Data Available").waitFor();
  assert.match(await p.locator(".empty-note").textContent(), /Add Info on a customer's visit screen/);
  await p.context().close();

  const m = await app.page(DESKTOP);
  await app.login(m, "am@demo.test");
  await m.waitForURL((u) => u.hash !== "#/login");
  await m.goto("/#/score/card");
  await m.getByText("No Data Available").waitFor();
  assert.equal(await m.locator(".empty-note").textContent(), "Choose an agent to see their score card for the month.");
  await m.context().close();
});
