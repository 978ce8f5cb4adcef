// The message catalogue in the browser (issue #42): with the pseudo-locale (`?locale=pseudo`) every
// catalogue text shows as "[!! ... !!]", and a walk through every agent screen finds no
// visible text outside the wrappers except data; then the same screens in Hindi at 390 px, where no
// element's text is cut or overflows its box.
//
// Which text counts as data: language-checks.mjs.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { PASSWORD, start } from "./server.mjs";
import { overflowing, recordData, strayTexts } from "./language-checks.mjs";

const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");
mkdirSync(shots, { recursive: true });

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** Goes to a screen and waits for it to settle (its loading gone). */
async function open(p, path) {
  await p.goto(`/#${path}`);
  await p.waitForFunction((want) => location.hash === `#${want}`, path);
  await p.waitForLoadState("networkidle");
  await p.waitForFunction(() => !document.querySelector(".loading"));
  assert.equal(
    new URL(p.url()).hash,
    `#${path}`,
    `${path} stays open (no redirect)`,
  );
}

/** The agent's converted screens, walked by `check(name)` on each. */
async function walkAgentScreens(p, check) {
  await p.goto("/#/login");
  await p.locator("#userName").waitFor();
  await check("sign-in");
  await p.goto("/#/app/forgot");
  await p.locator("#userName").waitFor();
  await check("forgot-password");
  await p.goto("/#/app/terms");
  await p.locator(".auth-card ul").waitFor();
  await check("terms");
  await p.goto("/#/login");
  await p.locator("#userName").fill("agent1@demo.test");
  await p.locator("form button[type=submit]").click();
  await p.locator("#password").waitFor();
  await check("sign-in-password");
  await p.locator("#password").fill(PASSWORD);
  await p.locator("input[name=terms]").check();
  await p.locator("form button[type=submit]").click();
  await p.waitForURL((u) => u.hash === "#/today");
  // The sign-in's own work (the language chosen there sent, the session refreshed, the landing
  // screen opened) done first.
  await p.waitForFunction(
    () => JSON.parse(localStorage.getItem("fieldsales.session") || "{}").token,
  );
  await p.waitForLoadState("networkidle");
  await p.getByTestId("plan-day").waitFor();
  await check("today");

  await open(p, "/landing/retailer-bucket");
  await check("buckets");
  await open(p, "/landing/retailer-bucket/mycustomer");
  await p.getByTestId("bucket-table").waitFor();
  await check("bucket-list");
  const href = await p
    .locator('[data-testid=bucket-table] a[href^="#/customer/visit/"]')
    .first()
    .getAttribute("href");
  const buyerId = decodeURIComponent(href.split("/").pop());
  await open(p, "/customer/visit");
  await check("customer-search");
  await open(p, `/customer/visit/${encodeURIComponent(buyerId)}`);
  await p.getByTestId("customer-details").waitFor();
  await check("visit");
  await open(p, `/customer/order/${encodeURIComponent(buyerId)}`);
  await p.getByTestId("order-customer").waitFor();
  await check("order");
  await open(p, `/collections/collect/${encodeURIComponent(buyerId)}`);
  await check("collect");
  await open(p, "/customer/waiting-visits");
  await check("waiting-list");
  await open(p, "/map/bucket/mycustomer/0");
  await check("bucket-map");
  await open(p, "/map/today");
  await check("map-today");
  await open(p, "/customer/new");
  await check("new-customer");
  await open(p, `/customer/profile/${encodeURIComponent(buyerId)}`);
  await check("profile-update");
  await open(p, `/customer/info/${encodeURIComponent(buyerId)}`);
  await check("add-info");
  await open(p, "/customer/details/ftm");
  await check("visits-this-month");
  await open(p, "/score/card");
  await check("score-card");
  await open(p, "/user/change-password");
  await check("change-password");
  await open(p, "/unauthorized");
  await check("unauthorized");
  // The chat: the people, then the broadcasts.
  await open(p, "/score/card");
  await p.locator(".chat-fab").click();
  await p.getByTestId("chat-window").waitFor();
  await p.waitForLoadState("networkidle");
  await check("chat");
  await p.locator(".chat-people li button").first().click();
  await p.waitForLoadState("networkidle");
  await check("chat-broadcasts");
  await p.locator(".chat-header button").first().click();
  await p.locator(".chat-people li button").nth(1).click();
  await p.getByTestId("chat-messages").waitFor();
  await p.waitForLoadState("networkidle");
  await check("chat-conversation");
  await p.locator(".chat-fab").click();
  // The menu open: its foot (the language) and the header.
  await p.locator(".menu-toggle").click();
  // Once the menu has slid in.
  await p.waitForFunction(
    () =>
      document.querySelector("[data-testid=sidebar]").getBoundingClientRect()
        .left >= 0,
  );
  await p.waitForTimeout(300);
  await check("menu");
}

test("pseudo-locale: every visible text of the agent's converted screens comes from the catalogue, or is data", async () => {
  const p = await app.page();
  const data = recordData(p);
  await p.goto("/?locale=pseudo#/login");
  await p.locator("#userName").waitFor();
  assert.match(
    await p.locator(".auth-card h1").innerText(),
    /^\[!! .+ !!\]$/,
    "the pseudo-locale is on",
  );
  // The check itself: a text put in outside the catalogue is found.
  await p.evaluate(() =>
    document
      .querySelector(".auth-card")
      .insertAdjacentHTML("beforeend", "<p id=stray>Typed by hand</p>"),
  );
  assert.deepEqual(await strayTexts(p, data), ["Typed", "by", "hand"]);
  await p.evaluate(() => document.getElementById("stray").remove());
  const problems = [];
  const walked = [];
  await walkAgentScreens(p, async (name) => {
    walked.push(name);
    const stray = await strayTexts(p, data);
    if (stray.length)
      problems.push(`${name}: ${stray.slice(0, 12).join(" | ")}`);
  });
  await p.screenshot({ path: join(shots, "pseudo-menu-390.png") });
  assert.equal(walked.length, 25, walked.join(", "));
  assert.deepEqual(problems, [], "texts outside the catalogue");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("Hindi at 390 px: the agent's converted screens in Devanagari, no text cut or overflowing", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await p.goto("/#/login");
  await p
    .getByTestId("sign-in-language")
    .getByRole("button", { name: "हिन्दी" })
    .click();
  await p.waitForFunction(
    () => document.querySelector(".auth-card h1")?.textContent === "साइन इन",
  );
  // The check itself: a text wider than its box is found.
  await p.evaluate(() =>
    document
      .querySelector(".auth-card")
      .insertAdjacentHTML(
        "beforeend",
        '<p id=wide style="width:40px;white-space:nowrap">बहुत लंबा लेबल</p>',
      ),
  );
  assert.equal((await overflowing(p)).length, 1);
  await p.evaluate(() => document.getElementById("wide").remove());
  const problems = [];
  await walkAgentScreens(p, async (name) => {
    await p.screenshot({
      path: join(shots, `hindi-${name}-390.png`),
      fullPage: true,
    });
    const found = await overflowing(p);
    if (found.length) problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
    const heading = await p.evaluate(() =>
      (
        document.querySelector(".auth-card h1, main h1, .chat-header strong")
          ?.textContent || ""
      ).trim(),
    );
    if (
      heading &&
      !/[\u0900-\u097F]|^\d{3}/.test(heading) &&
      !["chat-broadcasts", "chat-conversation"].includes(name)
    )
      problems.push(`${name}: the heading "${heading}" is not Hindi`);
  });
  assert.deepEqual(problems, [], "texts cut or overflowing in Hindi");
  // Back to English for whoever uses this account next.
  await p.context().close();
});
