// Visit photos (issue #37 "Must show"), at 390 px: the agent starts on Today, opens a customer,
// goes offline, saves a visit with two photos taken through the camera input (3000x2000 JPEGs made
// by the test, with an EXIF segment carrying a GPS-like text), sees them waiting apart from the
// visit with their size, comes back online; one photo's request is sent again and the server still
// holds each photo once; the stored photos are JPEGs of at most 200 KB and 1600 px without EXIF; the
// manager sees both on the customer's visit and in the Photos screen (grid, full photo on tap).
// Screenshots (390 and 1280 px) go to $PHOTOS_SHOTS or /tmp/photos-fe/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { classChecks } from "./layout-checks.mjs";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

const SHOTS = process.env.PHOTOS_SHOTS || "/tmp/photos-fe";
const SAVED_OFFLINE = "Saved on this phone, will sync";
const BUYER = "B100001";

/** Progress on stderr (PHOTOS_DEBUG=1): where a slow or stuck run was. */
const step = (what) => process.env.PHOTOS_DEBUG && process.stderr.write(`# ${new Date().toISOString()} ${what}\n`);

let app;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await start();
});
after(async () => app && (await app.stop()));

/** The stored session of the page's user. */
const session = (p) => p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));

/** A GET of the API from this test process. */
async function apiGet(token, path, raw = false) {
  const r = await fetch(`${app.base}/webapi/api${path.replace(/^\/webapi\/api/, "")}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200, `GET ${path}: ${r.status}`);
  return raw ? Buffer.from(await r.arrayBuffer()) : r.json();
}

/** The JPEG's marker segments before the image data, [{ marker, start }]. */
function segments(bytes) {
  const out = [];
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return out;
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    out.push({ marker, start: i });
    if (marker === 0xda) break;
    i += 2 + length;
  }
  return out;
}
const hasExif = (bytes) => segments(bytes).some((s) => s.marker === 0xe1 && bytes.subarray(s.start + 4, s.start + 8).toString("latin1") === "Exif");
function jpegSize(bytes) {
  const sof = segments(bytes).find((s) => s.marker >= 0xc0 && s.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(s.marker));
  return sof ? { height: bytes.readUInt16BE(sof.start + 5), width: bytes.readUInt16BE(sof.start + 7) } : null;
}

/**
 * A 3000x2000 camera-like JPEG drawn in the page (gradient, shapes, grain), with an APP1 Exif
 * segment carrying a GPS-like text put in after its SOI, as a phone camera writes one.
 */
async function cameraJpeg(p, hue) {
  const base64 = await p.evaluate(async (hue) => {
    const c = document.createElement("canvas");
    c.width = 3000;
    c.height = 2000;
    const g = c.getContext("2d");
    const grad = g.createLinearGradient(0, 0, 3000, 2000);
    grad.addColorStop(0, `hsl(${hue}, 70%, 55%)`);
    grad.addColorStop(1, `hsl(${(hue + 120) % 360}, 60%, 35%)`);
    g.fillStyle = grad;
    g.fillRect(0, 0, 3000, 2000);
    for (let i = 0; i < 60; i++) {
      g.fillStyle = `hsla(${(hue + i * 13) % 360}, 80%, ${30 + (i % 5) * 10}%, 0.8)`;
      g.fillRect((i * 197) % 2800, (i * 331) % 1800, 120 + (i % 7) * 30, 200 + (i % 4) * 60);
    }
    const img = g.getImageData(0, 0, 3000, 2000);
    let seed = hue * 7919 + 1;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 40) - 20;
      img.data[i] += n;
      img.data[i + 1] += n;
      img.data[i + 2] += n;
    }
    g.putImageData(img, 0, 0);
    g.fillStyle = "#fff";
    g.font = "bold 160px sans-serif";
    g.fillText(`Shelf ${hue}`, 200, 1000);
    const blob = await new Promise((ok) => c.toBlob(ok, "image/jpeg", 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }, hue);
  const jpeg = Buffer.from(base64, "base64");
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), Buffer.from("MM\0*\0\0\0\bGPSLatitude 18.5204N GPSLongitude 73.8567E", "latin1")]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  const file = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
  assert.ok(hasExif(file), "the camera file carries EXIF");
  assert.deepEqual(jpegSize(file), { width: 3000, height: 2000 });
  return file;
}

test("offline visit with two photos: waiting apart with sizes, synced once each, small and clean on the server, seen by the manager", async () => {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 25 });
  await app.login(p, "agent1@demo.test");
  step("signed in");
  await p.waitForURL((u) => u.hash === "#/today");
  step("today");
  // The agent starts the day (unless the demo's visits of today started it already: a day starts
  // by itself at its first visit), and Today says they are working.
  await p.getByTestId("work-day").waitFor();
  // (Today may learn from the server that the day started while the button shows: then no tap.)
  await p.getByTestId("start-day").click({ timeout: 3000 }).catch(() => {});
  await p.getByTestId("day-state").filter({ hasText: /^Working since \d\d:\d\d/ }).waitFor();
  await p.getByRole("link", { name: "Search customers" }).first().click();
  await p.waitForURL((u) => u.hash === "#/customer/visit");
  step("visit");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  step("sw");
  await offlineCopyLoaded(p);
  step("copy");
  const shelf = await cameraJpeg(p, 20);
  const display = await cameraJpeg(p, 200);
  step("images made");

  // Every photo upload the page makes (the service worker lets them through: seen on the context).
  const uploads = [];
  p.context().on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/webapi/api/users/visit/photo"))
      uploads.push(r.url());
  });

  await p.context().setOffline(true);
  step("offline");
  await p.getByLabel("Search customer").fill(BUYER);
  await p.getByRole("option").filter({ hasText: BUYER }).first().click();
  await p.waitForURL((u) => u.hash === `#/customer/visit/${BUYER}`);
  await p.getByTestId("customer-details").getByText(BUYER, { exact: true }).waitFor();

  // Two photos through the camera input (capture="environment", images only).
  const input = p.getByTestId("photo-input").first();
  assert.equal(await input.getAttribute("capture"), "environment");
  assert.equal(await input.getAttribute("accept"), "image/*");
  await input.setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: shelf });
  await p.getByTestId("photo-item").nth(0).waitFor();
  await input.setInputFiles({ name: "IMG_0002.jpg", mimeType: "image/jpeg", buffer: display });
  await p.getByTestId("photo-item").nth(1).waitFor();
  step("two photos");
  await p.getByTestId("photo-count").first().getByText("2 of 8").waitFor();
  await p.getByLabel("Label of photo 1").selectOption("shelf");
  await p.getByLabel("Label of photo 2").selectOption("display");
  // The thumbnails are squares, not the photo at full size.
  const box = await p.getByTestId("photo-item").first().locator(".photo-tile").boundingBox();
  assert.ok(box.width <= 200 && Math.abs(box.width - box.height) < 2, `a square thumbnail: ${JSON.stringify(box)}`);
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  const tag = `photos-${Date.now()}`;
  await p.getByLabel("Remark").fill(tag);
  await p.getByTestId("photo-capture").first().scrollIntoViewIfNeeded();
  await p.screenshot({ path: join(SHOTS, "visit-photos-390.png"), fullPage: true });
  await p.locator("form.card").screenshot({ path: join(SHOTS, "visit-form-390.png") });
  await p.getByRole("button", { name: "Save Visit" }).click();
  await expectAlert(p, "info", SAVED_OFFLINE);
  step("saved");
  await p.getByTestId("photos-after-save").getByText("2 photos queued with it.").waitFor();

  // Waiting: the visit is a visit, the photos are photos, each with its size.
  const bar = p.getByTestId("offline-bar");
  await bar.getByText("Offline: 1 visit and 2 photos waiting").waitFor();
  await bar.getByRole("link").click();
  await p.waitForURL((u) => u.hash === "#/customer/waiting-visits");
  await p.getByTestId("waiting-photos").waitFor();
  assert.equal(await p.getByTestId("waiting-visits").locator("tbody tr").count(), 1);
  const photoRows = p.getByTestId("waiting-photos").locator("tbody tr");
  assert.equal(await photoRows.count(), 2);
  const sizes = await p.getByTestId("waiting-photos").locator("td[data-label=Size]").allTextContents();
  assert.equal(sizes.length, 2);
  for (const s of sizes) {
    const kb = Number(s.replace(/[^\d]/g, ""));
    assert.match(s, /^\d[\d,]* KB$/, s);
    assert.ok(kb > 0 && kb <= 200, `a prepared photo weighs at most 200 KB: ${s}`);
  }
  const total = await p.getByTestId("waiting-photos-total").textContent();
  assert.match(total, /^2 photos waiting, \d[\d,]* KB$/, total);
  assert.match(await photoRows.first().textContent(), /Waiting for its visit/);
  await p.screenshot({ path: join(SHOTS, "waiting-390.png"), fullPage: true });
  assert.equal(uploads.length, 0, "nothing was sent while offline");
  // The first photo's entry as the phone queued it (its clientId and its visit's), to send again later.
  const queued = await p.evaluate(async (uid) => {
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open(`fieldsales-offline-${uid}`);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
    const all = await new Promise((ok, no) => {
      const r = db.transaction("queue").objectStore("queue").getAll();
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
    db.close();
    const photo = all.filter((e) => e.kind === "photo").sort((a, b) => a.savedAt - b.savedAt)[0];
    return { clientId: photo.clientId, visitClientId: photo.visitClientId, label: photo.label || "", takenAt: photo.takenAt };
  }, (await session(p)).uid);

  // Back online: the visit, then its photos.
  await p.context().setOffline(false);
  step("online");
  await bar.waitFor({ state: "detached", timeout: 30000 });
  assert.equal(uploads.length, 2, `two uploads: ${uploads.length}`);
  step("synced");

  // The manager's list: this customer's photos, two of them, each stored once.
  const am = await app.token("am@demo.test");
  const list = await apiGet(am, `/users/visit/photos?buyerId=${BUYER}&pageNumber=1`);
  assert.equal(list.totalRecords, 2, JSON.stringify(list));
  assert.deepEqual(list.data.map((r) => r.label).sort(), ["display", "shelf"]);
  assert.equal(new Set(list.data.map((r) => r.visitId)).size, 1, "both on the one visit");
  assert.ok(list.data.every((r) => r.agentName === "Ravi Kumar" && r.buyerId === BUYER));
  // Read back: a JPEG, <= 200 KB, <= 1600 px, no EXIF.
  for (const row of list.data) {
    const bytes = await apiGet(am, row.url, true);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], "a JPEG");
    assert.ok(bytes.length <= 200 * 1024, `${bytes.length} bytes`);
    const size = jpegSize(bytes);
    assert.ok(size && Math.max(size.width, size.height) <= 1600, JSON.stringify(size));
    assert.equal(Math.round((size.width / size.height) * 10), 15, "the shape kept (3:2)");
    assert.equal(hasExif(bytes), false, "no EXIF on the server");
    assert.ok(!bytes.includes(Buffer.from("GPSLatitude")), "no trace of the camera's GPS");
  }
  const agentToken = (await session(p)).token;
  const xsrf = await app.xsrf();
  // The same photo sent again under the clientId the phone gave it: the server stores nothing new.
  const form = new FormData();
  for (const [name, value] of Object.entries(queued)) if (value) form.append(name, value);
  // (The phone sends the prepared photo, at most 200 KB: the bytes the server kept of it.)
  const first = list.data.find((r) => r.label === "shelf");
  form.append("file", new Blob([await apiGet(am, first.url, true)], { type: "image/jpeg" }), "photo.jpg");
  const again = await fetch(`${app.base}/webapi/api/users/visit/photo`, {
    method: "POST",
    headers: { Authorization: `Bearer ${agentToken}`, "X-XSRF-TOKEN": xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
    body: form,
  });
  const repeat = await again.json();
  assert.equal(again.status, 200, JSON.stringify(repeat));
  assert.equal(repeat.duplicate, true, JSON.stringify(repeat));

  const after = await apiGet(am, `/users/visit/photos?buyerId=${BUYER}&pageNumber=1`);
  assert.equal(after.totalRecords, 2, "sent twice, held once");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();

  // The agent's visit screen with a photo taken, at 1280 px (the same strip, "1 of 8").
  const wide = await app.page({ width: 1280, height: 900 });
  await app.login(wide, "agent1@demo.test");
  await wide.waitForURL((u) => u.hash === "#/today");
  await wide.goto(`/#/customer/visit/${BUYER}`);
  await wide.getByTestId("customer-details").waitFor();
  await wide.getByTestId("photo-input").first().setInputFiles({ name: "IMG_0003.jpg", mimeType: "image/jpeg", buffer: shelf });
  await wide.getByTestId("photo-count").first().getByText("1 of 8").waitFor();
  await wide.getByTestId("photo-capture").first().scrollIntoViewIfNeeded();
  await wide.screenshot({ path: join(SHOTS, "visit-photos-1280.png") });
  assert.deepEqual(wide.pageErrors, []);
  await wide.context().close();

  // The manager sees them on the customer's visit and in the Photos screen, at 390 and 1280 px.
  for (const width of [390, 1280]) {
    const m = await app.page({ width, height: width === 390 ? 844 : 900 });
    await app.login(m, "am@demo.test");
    await m.waitForURL((u) => !u.hash.startsWith("#/login"));
    await m.goto(`/#/customer/visit/${BUYER}`);
    const card = m.getByTestId("visit-photos");
    await card.waitFor();
    await card.getByTestId("photo-tile").nth(1).waitFor();
    assert.equal(await card.getByTestId("photo-tile").count(), 2);
    // The thumbnails load as they come into view.
    await card.scrollIntoViewIfNeeded();
    await card.locator("img.photo-img").nth(1).waitFor();
    await m.screenshot({ path: join(SHOTS, `visit-manager-${width}.png`), fullPage: true });

    await m.goto("/#/visit/photos");
    step("photos screen");
    const grid = m.getByTestId("photo-grid");
    await grid.waitFor();
    assert.equal(await grid.getByTestId("photo-card").count(), 2);
    assert.equal(await m.getByTestId("photos-count").textContent(), "2 photos");
    // The filter's dates show their whole form (issue #55: cut to "DD-MMM-YYY" at both widths).
    assert.deepEqual(await m.evaluate(classChecks), []);
    await grid.locator("img.photo-img").nth(1).waitFor();
    const tiles = await grid.locator(".photo-tile").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    for (const t of tiles) {
      assert.ok(Math.abs(t.width - t.height) < 2, `square tiles: ${JSON.stringify(t)}`);
      assert.ok(t.width >= 100 && t.width <= 420, `tiles of a thumbnail's size: ${t.width}`);
    }
    assert.match(await grid.getByTestId("photo-card").first().textContent(), /Ravi Kumar/);
    await m.screenshot({ path: join(SHOTS, `photos-screen-${width}.png`), fullPage: true });
    // The label filter asks the server again.
    await m.getByLabel("Label").selectOption("shelf");
    await m.getByRole("button", { name: "Search" }).click();
    await m.getByTestId("photos-count").getByText("1 photo").waitFor();
    // A tap opens the full photo over the screen; Close closes it.
    await grid.getByRole("button", { name: /^Open / }).first().click();
    const overlay = m.getByTestId("photo-overlay");
    await overlay.locator("img").waitFor();
    const natural = await overlay.locator("img").evaluate((img) => [img.naturalWidth, img.naturalHeight]);
    assert.deepEqual(natural.map((n) => n <= 1600 && n > 320), [true, true], `the full photo, not the thumbnail: ${natural}`);
    await m.screenshot({ path: join(SHOTS, `photo-overlay-${width}.png`) });
    await overlay.getByRole("button", { name: "Close" }).click();
    await overlay.waitFor({ state: "detached" });
    // The menu names the screen "Photos".
    assert.deepEqual(m.pageErrors, []);
    await m.context().close();
  }
});
