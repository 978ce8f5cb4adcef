// Visit photos on the phone (issue #37): the pure helpers of lib/photos/image.js (size fitting, the
// JPEG marker scan that finds and strips EXIF, the quality/size search under 200 KB, the sizes the
// waiting list shows), the words of the counts, and the queue's photo entries: each its own entry,
// sent as multipart after its visit, stored once however often sent (duplicate: true is success),
// waiting (not failed) while the server does not know its visit.
import { AGENT_USER, freshPhone, json, pathOf, stubFetch } from "./support/offline.mjs";
import assert from "node:assert/strict";
import { beforeEach, mock, test } from "node:test";
import {
  fileSize,
  fitSize,
  hasExif,
  jpegSegments,
  jpegSize,
  labelText,
  MAX_BYTES,
  QUALITIES,
  smallEnough,
  stripExif,
} from "../src/lib/photos/image.js";
import { urlOf } from "../src/lib/api-client.js";
import { photosQuery } from "../src/lib/photos/api.js";

/** The photo list's URL for a filter (features/photos/api.js usePhotoList). @param {any} f */
const photosPagePath = (f) => urlOf("/users/visit/photos", { query: photosQuery(f) });
import { getStatus, queuedText, setStatus } from "../src/lib/offline/state.js";
import { enqueue, listQueue } from "../src/lib/offline/queue.js";
import { syncQueue } from "../src/lib/offline/sync.js";

const uid = AGENT_USER.uid;

/** A marker segment: FF, marker, 2-byte length (counting itself), payload. */
const segment = (marker, payload) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
const ascii = (s) => Array.from(s, (c) => c.charCodeAt(0));

/** A small JPEG-shaped byte string: SOI, APP0 JFIF, [APP1 Exif with a GPS-ish payload], SOF0 3000x2000, SOS, data, EOI. */
function fakeJpeg({ exif = true } = {}) {
  const bytes = [0xff, 0xd8];
  bytes.push(...segment(0xe0, [...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  if (exif) bytes.push(...segment(0xe1, [...ascii("Exif"), 0, 0, ...ascii("MM\0*GPSLatitude 18.52N")]));
  // SOF0: precision 8, height 2000 (0x07D0), width 3000 (0x0BB8), 3 components.
  bytes.push(...segment(0xc0, [8, 0x07, 0xd0, 0x0b, 0xb8, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]));
  bytes.push(...segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]));
  bytes.push(0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9);
  return new Uint8Array(bytes);
}

test("fitSize keeps the longest side at most 1600 px, the shape kept, never enlarged", () => {
  assert.deepEqual(fitSize(3000, 2000), { width: 1600, height: 1067 });
  assert.deepEqual(fitSize(2000, 3000), { width: 1067, height: 1600 });
  assert.deepEqual(fitSize(4032, 4032), { width: 1600, height: 1600 });
  assert.deepEqual(fitSize(800, 600), { width: 800, height: 600 });
  assert.deepEqual(fitSize(1600, 10), { width: 1600, height: 10 });
});

test("the marker scan finds the Exif segment and the frame size; stripping leaves a JPEG without it", () => {
  const withExif = fakeJpeg();
  assert.deepEqual(
    jpegSegments(withExif).map((s) => s.marker),
    [0xe0, 0xe1, 0xc0, 0xda],
  );
  assert.equal(hasExif(withExif), true);
  assert.deepEqual(jpegSize(withExif), { width: 3000, height: 2000 });
  const stripped = stripExif(withExif);
  assert.equal(hasExif(stripped), false);
  assert.deepEqual(
    jpegSegments(stripped).map((s) => s.marker),
    [0xe0, 0xc0, 0xda],
  );
  assert.deepEqual(jpegSize(stripped), { width: 3000, height: 2000 });
  // Nothing but the APP1 segment went: the bytes are those of the same JPEG made without it.
  assert.deepEqual(Array.from(stripped), Array.from(fakeJpeg({ exif: false })));
  assert.equal(stripExif(stripped), stripped, "no APP1: the same bytes");
  assert.equal(hasExif(new Uint8Array([1, 2, 3])), false, "not a JPEG");
  assert.deepEqual(jpegSegments(new Uint8Array([0x89, 0x50, 0x4e, 0x47])), []);
});

test("smallEnough lowers the quality first, then the size, until the photo weighs at most 200 KB", async () => {
  const tries = [];
  // A fake encoder: the bytes grow with the pixels and the quality.
  const encode = async (w, h, q) => {
    tries.push([w, h, q]);
    return new Uint8Array(Math.round(w * h * q * 0.35));
  };
  const found = await smallEnough({ width: 3000, height: 2000 }, encode);
  assert.ok(found.bytes.length <= MAX_BYTES, `${found.bytes.length} bytes`);
  assert.ok(Math.max(found.width, found.height) <= 1600);
  // The first try is the best quality at the fitted size; qualities go down before the size does.
  assert.deepEqual(tries[0], [1600, 1067, QUALITIES[0]]);
  assert.deepEqual(
    tries.slice(0, QUALITIES.length).map((t) => t[2]),
    QUALITIES,
  );
  assert.ok(tries.length > QUALITIES.length, "this one needed a smaller size too");
  assert.ok(found.width < 1600);
  // A photo that fits at once is encoded once.
  tries.length = 0;
  const small = await smallEnough({ width: 400, height: 300 }, encode);
  assert.equal(tries.length, 1);
  assert.deepEqual([small.width, small.height, small.quality], [400, 300, QUALITIES[0]]);
});

test("sizes and labels read as the waiting list shows them", () => {
  assert.equal(fileSize(158 * 1024), "158 KB");
  assert.equal(fileSize(310 * 1024 + 300), "310 KB");
  assert.equal(fileSize(200), "1 KB");
  assert.equal(fileSize(1.5 * 1024 * 1024), "1.5 MB");
  assert.equal(labelText("competitor"), "Competitor");
  assert.equal(labelText(null), "");
});

test("the counts never call a photo a visit", () => {
  assert.equal(queuedText(1), "1 visit");
  assert.equal(queuedText(3, { photos: 2 }), "1 visit and 2 photos");
  assert.equal(queuedText(2, { photos: 2 }), "2 photos");
  assert.equal(queuedText(4, { orders: 1, photos: 2 }), "1 visit, 1 order and 2 photos");
  assert.equal(queuedText(3, { orders: 1, photos: 1 }), "1 visit, 1 order and 1 photo");
  assert.equal(queuedText(2, { orders: 1 }), "1 visit and 1 order");
  assert.equal(queuedText(0), "0 visits");
});

test("the photo list's path carries only the filters set", () => {
  assert.equal(photosPagePath({ pageNumber: 1 }), "/users/visit/photos?pageNumber=1");
  assert.equal(
    photosPagePath({
      agentId: 7,
      buyerId: "B 1",
      from: "2026-11-01",
      to: "2026-11-28",
      label: "shelf",
      flagged: "true",
      pageNumber: 2,
    }),
    "/users/visit/photos?agentId=7&buyerId=B%201&from=2026-11-01&to=2026-11-28&label=shelf&flagged=true&pageNumber=2",
  );
  assert.equal(photosPagePath({ agentId: 0, flagged: "", pageNumber: 1 }), "/users/visit/photos?pageNumber=1");
});

// The queue's photo entries.

const visit = (clientId) => ({
  buyerID: "B1",
  outcomeId: 2,
  remark: "",
  latitude: null,
  longitude: null,
  clientId,
  visitedAt: "2026-11-28T10:00:00+05:30",
  accuracy: null,
  buyerName: "Shop One",
  outcomeName: "Follow up",
});
const photo = (clientId, visitClientId, label = "shelf") => ({
  kind: /** @type {const} */ ("photo"),
  clientId,
  visitClientId,
  blob: new Blob([fakeJpeg({ exif: false })], { type: "image/jpeg" }),
  size: 150 * 1024,
  label,
  takenAt: "2026-11-28T10:00:00+05:30",
  buyerId: "B1",
  buyerName: "Shop One",
});

let now = 2_000_000;
beforeEach(async () => {
  mock.method(Date, "now", () => now++);
  await freshPhone();
  setStatus({
    waiting: 0,
    failed: 0,
    waitingOrders: 0,
    failedOrders: 0,
    waitingPhotos: 0,
    failedPhotos: 0,
    online: true,
    reachable: true,
  });
});

test("photos are counted apart and sent after their visit, as multipart with the visit's clientId", async () => {
  await enqueue(uid, visit("v1"));
  await enqueue(uid, photo("p1", "v1", "shelf"));
  await enqueue(uid, photo("p2", "v1", ""));
  assert.equal(getStatus().waiting, 3);
  assert.equal(getStatus().waitingPhotos, 2);
  const stored = (await listQueue(uid)).find((e) => e.clientId === "p1");
  assert.ok(stored.blob instanceof Blob, "IndexedDB keeps the Blob itself");
  const calls = stubFetch((url) =>
    json(
      200,
      url.endsWith("/users/visit/photo")
        ? { message: "Photo saved.", photoId: 1, duplicate: false, flagged: false }
        : { message: "Visit saved.", visitId: 9 },
    ),
  );
  const r = await syncQueue(uid);
  assert.deepEqual(calls.map(pathOf), ["/users/customer/details", "/users/visit/photo", "/users/visit/photo"]);
  assert.equal(r.sent, 3);
  assert.equal(r.photos, 2);
  const form = calls[1].init.body;
  assert.ok(form instanceof FormData);
  assert.equal(form.get("clientId"), "p1");
  assert.equal(form.get("visitClientId"), "v1");
  assert.equal(form.get("label"), "shelf");
  assert.equal(form.get("takenAt"), "2026-11-28T10:00:00+05:30");
  assert.equal([...form.keys()].at(-1), "file", "the file last: a repeat is answered before it is read");
  const file = form.get("file");
  assert.equal(file.type, "image/jpeg");
  assert.equal(hasExif(new Uint8Array(await file.arrayBuffer())), false);
  assert.equal(calls[2].init.body.get("label"), null, "no label: the field is left out");
  assert.deepEqual(await listQueue(uid), []);
  assert.equal(getStatus().waitingPhotos, 0);
});

test("a photo whose visit is still queued waits; the visit never waits for its photos", async () => {
  // The visit is refused: its photos stay waiting (not sent, not failed); another visit goes on.
  await enqueue(uid, visit("v1"));
  await enqueue(uid, photo("p1", "v1"));
  await enqueue(uid, visit("v2"));
  const calls = stubFetch((url, init) => {
    if (url.endsWith("/users/customer/details") && JSON.parse(String(init.body)).clientId === "v1")
      return json(400, { message: "The chosen outcome no longer exists.", code: "outcome_not_found" });
    return json(200, { message: "ok" });
  });
  const r = await syncQueue(uid);
  assert.deepEqual(calls.map(pathOf), ["/users/customer/details", "/users/customer/details"]);
  assert.equal(r.sent, 1);
  const left = await listQueue(uid);
  assert.deepEqual(
    left.map((e) => [e.clientId, e.state]),
    [
      ["v1", "failed"],
      ["p1", "waiting"],
    ],
  );
  assert.equal(getStatus().waitingPhotos, 1);
});

test("a repeated photo (duplicate: true) is a success and leaves the queue; a visit unknown to the server keeps it waiting", async () => {
  await enqueue(uid, photo("p1", "v-sent-before"));
  await enqueue(uid, photo("p2", "v-from-nowhere"));
  await enqueue(uid, photo("p3", "v-sent-before"));
  const calls = stubFetch((url, init) => {
    const id = init.body.get("clientId");
    if (id === "p2") return json(404, { message: "The visit of this photo is not known.", code: "photo_visit_not_found" });
    return json(200, { message: "Photo saved.", photoId: 3, duplicate: id === "p1", flagged: false });
  });
  const r = await syncQueue(uid);
  assert.equal(calls.length, 3, "the unknown visit does not stop the round");
  assert.equal(r.sent, 2);
  assert.equal(r.refused, 0);
  const left = await listQueue(uid);
  assert.deepEqual(
    left.map((e) => [e.clientId, e.state, e.attempts]),
    [["p2", "waiting", 1]],
  );
  // Sent again later (its visit arrived meanwhile): stored, and gone from the phone.
  stubFetch(() => json(200, { message: "Photo saved.", photoId: 4, duplicate: false, flagged: true }));
  await syncQueue(uid);
  assert.deepEqual(await listQueue(uid), []);
});

test("a hostile answer (400) marks the photo failed with the server's message, as visits are", async () => {
  await enqueue(uid, photo("p1", "v1"));
  stubFetch(() => json(400, { message: "The file is not a JPEG or WebP image.", code: "photo_not_image" }));
  await syncQueue(uid);
  const [entry] = await listQueue(uid);
  assert.equal(entry.state, "failed");
  assert.equal(entry.message, "The file is not a JPEG or WebP image.");
  assert.equal(getStatus().failedPhotos, 1);
});

test("queueVisitPhotos queues each photo under its own clientId with the visit's, and sends at once when online", async () => {
  const { queueVisitPhotos } = await import("../src/lib/photos/photo-queue.js");
  const calls = stubFetch(() => json(200, { message: "Photo saved.", photoId: 5, duplicate: false, flagged: false }));
  setStatus({ online: false, reachable: false });
  const taken = [
    {
      key: "k1",
      blob: new Blob([fakeJpeg({ exif: false })], { type: "image/jpeg" }),
      size: 120000,
      width: 1600,
      height: 1067,
      label: "",
    },
    {
      key: "k2",
      blob: new Blob([fakeJpeg({ exif: false })], { type: "image/jpeg" }),
      size: 90000,
      width: 1600,
      height: 1067,
      label: "competitor",
    },
  ];
  const visitOf = { clientId: "v9", takenAt: "2026-11-28T11:00:00+05:30", buyerId: "B1", buyerName: "Shop One" };
  assert.equal(await queueVisitPhotos(uid, visitOf, taken), 2);
  assert.equal(calls.length, 0, "offline: nothing sent");
  const queued = await listQueue(uid);
  assert.deepEqual(
    queued.map((e) => [e.kind, e.clientId, e.visitClientId, e.label, e.takenAt, e.size]),
    [
      ["photo", "k1", "v9", null, "2026-11-28T11:00:00+05:30", 120000],
      ["photo", "k2", "v9", "competitor", "2026-11-28T11:00:00+05:30", 90000],
    ],
  );
  // Online: the same path, and a round at once.
  setStatus({ online: true, reachable: true });
  await queueVisitPhotos(uid, visitOf, [{ ...taken[0], key: "k3" }]);
  for (let i = 0; i < 50 && (await listQueue(uid)).length; i++) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(await listQueue(uid), []);
  assert.equal(calls.map(pathOf).filter((p) => p === "/users/visit/photo").length, 3);
});
