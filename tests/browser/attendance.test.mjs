// The working day (issue #37) at 390 px: the agent taps "Start day" on Today while offline (the tap
// waits in the phone's queue and shows on the waiting list), comes back online (it is sent by
// itself), sees "Working since"; the manager sees the agent working on the Attendance screen at
// 390 and 1280 px; the agent ends the day. Screenshots go to $SHOTS (default /tmp/attendance-shots).
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { expectAlert, PASSWORD, start } from "./server.mjs";

const shots = process.env.SHOTS || "/tmp/attendance-shots";
mkdirSync(shots, { recursive: true });

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** Waits until the element of `testId` says text matching `pattern`. */
async function says(p, testId, pattern, timeout = 15000) {
  const deadline = Date.now() + timeout;
  let text = "";
  while (Date.now() < deadline) {
    text =
      (await p
        .getByTestId(testId)
        .first()
        .textContent()
        .catch(() => "")) || "";
    if (pattern.test(text)) return text;
    await p.waitForTimeout(200);
  }
  assert.match(text, pattern);
  return text;
}

test("the agent starts the day offline, it syncs, and the manager sees the agent working", async () => {
  // A new agent of the demo's manager: the demo's agents have worked today already (their day
  // started by itself at their first visit).
  app.cli(
    "user",
    "create",
    "--email",
    "dev@demo.test",
    "--name",
    "Dev Walker",
    "--type",
    "4",
    "--country",
    "India",
    "--manager",
    "am@demo.test",
    "--password",
    PASSWORD,
  );
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p
    .context()
    .setGeolocation({ latitude: 12.9716, longitude: 77.5946, accuracy: 18 });
  await app.login(p, "dev@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const card = p.getByTestId("work-day");
  await card.waitFor();
  await says(p, "day-state", /^Your day has not started\.$/);
  // The app is installed (the worker serves its files offline) before the network goes.
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  await p.context().setOffline(true);
  await p.getByTestId("start-day").click();
  await expectAlert(p, "info", "Start day saved on this phone, will sync");
  const offlineText = await says(
    p,
    "day-state",
    /^Working since \d\d:\d\d · 0 visits.*Waiting to sync$/,
  );
  const since = offlineText.match(/Working since (\d\d:\d\d)/)[1];
  await p.screenshot({ path: join(shots, "today-offline-390.png") });

  // The waiting list shows the tap.
  await p.goto("/#/customer/waiting-visits");
  await says(p, "waiting-days", new RegExp(`^Start day ${since}, waiting`));
  await p.screenshot({ path: join(shots, "waiting-390.png") });

  // Back online: sent by itself, and Today says so from the server's day.
  await p.goto("/#/today");
  await p.context().setOffline(false);
  await p.evaluate(() => window.dispatchEvent(new Event("online")));
  const onlineText = await says(
    p,
    "day-state",
    /^Working since \d\d:\d\d · 0 visits$/,
    30000,
  );
  assert.ok(onlineText.startsWith(`Working since ${since}`), onlineText);
  await p.screenshot({ path: join(shots, "today-working-390.png") });

  // The manager's Attendance screen, at 390 and 1280 px.
  for (const width of [390, 1280]) {
    const m = await app.page(
      width === 390 ? undefined : { width, height: 900 },
    );
    await app.login(m, "am@demo.test");
    await m.waitForURL((u) => !u.hash.includes("login"));
    await m.goto("/#/attendance");
    const item = m.locator(
      '[data-testid=attendance-item][data-state="working"]',
      { hasText: "Dev Walker" },
    );
    await item.waitFor({ timeout: 15000 });
    assert.match(
      await item.getByTestId("attendance-line").textContent(),
      new RegExp(`^since ${since}, 0 visits, last at ${since}$`),
    );
    await says(
      m,
      "attendance-summary",
      /^Today: \d+ working · \d+ ended · \d+ not started$/,
    );
    assert.ok(
      await item.getByRole("link", { name: "Last known position" }).isVisible(),
    );
    // Nothing runs off the screen sideways.
    const overflow = await m.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(
      overflow <= 1,
      `the page is ${overflow}px wider than the screen at ${width}`,
    );
    await m.screenshot({
      path: join(shots, `attendance-${width}.png`),
      fullPage: true,
    });
    assert.deepEqual(m.pageErrors, []);
    await m.close();
  }

  // The agent ends the day (after a confirmation).
  await p.getByTestId("end-day").click();
  await p.getByRole("button", { name: "Yes" }).click();
  await expectAlert(p, "success", "Your day has ended.");
  await says(p, "day-state", /^Day ended at \d\d:\d\d · 0 visits$/);
  await p.screenshot({ path: join(shots, "today-ended-390.png") });
  assert.deepEqual(p.pageErrors, []);

  // The manager corrects the start, with a reason, after a confirmation.
  const m = await app.page();
  await app.login(m, "am@demo.test");
  await m.waitForURL((u) => !u.hash.includes("login"));
  await m.goto("/#/attendance");
  const ended = m.locator('[data-testid=attendance-item][data-state="ended"]', { hasText: "Dev Walker" });
  await ended.waitFor({ timeout: 15000 });
  await ended.getByRole("button", { name: "Correct" }).click();
  const dialog = m.getByTestId("correct-dialog");
  // One time format (issue #55): the times are typed and shown as 24-hour text like the lines
  // above them, never the browser's 12-hour clock; a 12-hour time typed is turned into it.
  const startField = dialog.getByLabel("Start");
  assert.equal(await startField.getAttribute("type"), "text");
  assert.match(await startField.inputValue(), /^\d\d:\d\d$/);
  await startField.fill("7:65");
  await startField.blur();
  await dialog.getByText("Enter a time such as 14:30 (24-hour).").waitFor();
  await startField.fill("12:05 am");
  await startField.blur();
  assert.equal(await startField.inputValue(), "00:05");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByText("A reason is required.").waitFor();
  await dialog.getByLabel("Reason").fill("Was at the depot from midnight");
  await m.screenshot({ path: join(shots, "correct-390.png") });
  await dialog.getByRole("button", { name: "Save" }).click();
  await m.getByText(/^Are you sure, you want to correct the day of Dev Walker to 00:05–\d\d:\d\d\?$/).waitFor();
  await m.getByRole("button", { name: "Yes" }).click();
  await expectAlert(m, "success", "The day has been corrected.");
  await m.locator('[data-testid=attendance-item][data-state="ended"]', { hasText: "Dev Walker" }).getByText(/^00:05–\d\d:\d\d, 0 visits \(corrected\)$/).waitFor();
  await m.getByText("Corrected: Was at the depot from midnight").waitFor();
  assert.deepEqual(m.pageErrors, []);
});
