// The server calls of the masters, deliveries, beats and buckets screens (features/*/api.js): each
// function asks the path, method and body the API documents (docs/openapi.json), with fetch stubbed.
import { json, resetBrowser, stubFetch } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { API_BASE, urlOf } from "../src/lib/api-client.js";
import * as masters from "../src/features/masters/api.js";
import * as deliveries from "../src/features/deliveries/api.js";
import * as beats from "../src/features/beats/api.js";
import * as buckets from "../src/features/buckets/api.js";

/** @type {{ url: string, init: RequestInit }[]} */
let calls = [];

beforeEach(() => {
  resetBrowser();
  // The anti-forgery cookie is there: a POST makes one call, no /healthz first.
  document.cookie = "XSRF-TOKEN=t";
  calls = stubFetch(() => json(200, { message: "Done" }));
});

/** The one call made: its path under API_BASE, method and body (JSON parsed; FormData as its entries). */
function only() {
  assert.equal(calls.length, 1, "one call");
  const { url, init } = calls[0];
  assert.ok(url.startsWith(API_BASE), url);
  const body = init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : init.body && JSON.parse(init.body);
  return { path: url.slice(API_BASE.length), method: init.method, body };
}

test("masters: each record is read by id, saved whole, and deleted by POST …/delete/:id", async () => {
  const cases = [
    [masters.outcome, masters.saveOutcome, masters.deleteOutcome, "/master/outcome"],
    [masters.infoType, masters.saveInfoType, masters.deleteInfoType, "/master/info-type"],
    [masters.subInfo, masters.saveSubInfo, masters.deleteSubInfo, "/master/info-subtype"],
    [masters.linkDetail, masters.saveLink, masters.deleteLink, "/master/link"],
    [masters.userDetail, masters.saveUser, masters.deleteUser, "/master/user"],
    [masters.deliveryStatus, masters.saveDeliveryStatus, masters.deleteDeliveryStatus, "/master/deliveryStatus"],
    [masters.reason, masters.saveReason, masters.deleteReason, "/master/additionalReason"],
  ];
  for (const [read, save, remove, base] of cases) {
    calls.length = 0;
    await read(7);
    assert.deepEqual(only(), { path: `${base}/7`, method: "GET", body: undefined });
    calls.length = 0;
    assert.deepEqual(await save({ name: "x" }), { message: "Done" });
    assert.deepEqual(only(), { path: base, method: "POST", body: { name: "x" } });
    calls.length = 0;
    await remove(7);
    assert.deepEqual(only(), { path: `${base}/delete/7`, method: "POST", body: {} });
  }
});

test("masters: broadcasts, rights and products", async () => {
  await masters.deleteBroadcast(3);
  assert.deepEqual(only(), { path: "/chat/broadcastMessage/delete/3", method: "POST", body: {} });

  calls.length = 0;
  await masters.sendBroadcast({ messageText: "Hello", userType: "0", country: "" }, null);
  assert.deepEqual(only(), {
    path: "/chat/broadcastMessage",
    method: "POST",
    body: { messageText: "Hello", userType: "0", country: "" },
  });

  calls.length = 0;
  const picture = new File(["x"], "a.png", { type: "image/png" });
  await masters.sendBroadcast({ messageText: "Hi", userType: "4", country: "India" }, picture);
  assert.equal(only().body.chatImage.name, "a.png");

  calls.length = 0;
  await masters.saveRights({ userTypeId: 2, rights: ["user_master"] });
  assert.deepEqual(only(), { path: "/master/rights", method: "POST", body: { userTypeId: 2, rights: ["user_master"] } });

  calls.length = 0;
  await masters.saveProduct({
    productId: null,
    productName: "Tea",
    sku: "",
    price: 10.5,
    packSize: null,
    category: "",
    active: true,
  });
  assert.equal(only().path, "/master/product");
  assert.equal(
    urlOf("/master/product", { query: { search: "tea & milk", pageNumber: 2 } }),
    "/master/product?search=tea%20%26%20milk&pageNumber=2",
  );
});

test("masters: a sub info list upload sends the info type and the workbook as a form", async () => {
  const book = new File(["x"], "list.xlsx");
  await masters.uploadSubInfos("5", book);
  const { path, method, body } = only();
  assert.equal(path, "/master/info-type-subtype/upload");
  assert.equal(method, "POST");
  assert.equal(body.infoId, "5");
  assert.equal(body.data.name, "list.xlsx");
});

test("deliveries: the screen, the search, the details, the update and the approvals", async () => {
  await deliveries.deliveryScreen(null);
  assert.deepEqual(only(), { path: "/users/delivery/init", method: "GET", body: undefined });
  calls.length = 0;
  await deliveries.deliveryScreen("12");
  assert.equal(only().path, "/users/delivery/initAM/12");

  calls = stubFetch(() => json(200, [{ display: "ORD1", matchedColumn: "orderID" }]));
  assert.deepEqual(await deliveries.searchDeliveries("ORD 1&2"), [{ display: "ORD1", matchedColumn: "orderID" }]);
  assert.equal(only().path, "/users/delivery/search?query=ORD%201%262");

  calls = stubFetch(() => json(200, { message: "Done" }));
  await deliveries.deliveryDetails({ query: "ORD1", matchedColumn: "orderID" });
  assert.deepEqual(only(), {
    path: "/users/delivery/details",
    method: "POST",
    body: { query: "ORD1", matchedColumn: "orderID" },
  });

  calls.length = 0;
  await deliveries.reasonsOf("3");
  assert.equal(only().path, "/master/additionalReason?deliveryStatusID=3");

  calls.length = 0;
  await deliveries.updateDelivery({ deliveryId: 9, deliveryStatusID: "3", reasonCodeID: null, otherReason: "" }, null);
  assert.deepEqual(only(), {
    path: "/users/delivery/update",
    method: "POST",
    body: { deliveryId: "9", deliveryStatusID: "3", otherReason: "" },
  });
  calls.length = 0;
  await deliveries.updateDelivery({ deliveryId: 9, deliveryStatusID: "3", reasonCodeID: "0", otherReason: "Shut" }, null);
  assert.equal(only().body.reasonCodeID, "0");

  calls.length = 0;
  const records = [{ deliveryId: 9, approveStatus: "Approve", rejectedReason: null }];
  await deliveries.saveApprovals(records);
  assert.deepEqual(only(), { path: "/users/delivery/approval/update", method: "POST", body: records });
});

test("beats: the page path, the detail, save, delete and the customer search of one agent", async () => {
  assert.equal(
    urlOf("/master/beat", { query: { agentId: 0, search: "north road", pageNumber: 2 } }),
    "/master/beat?agentId=0&search=north%20road&pageNumber=2",
  );
  await beats.beatDetail(4);
  assert.equal(only().path, "/master/beat/4");
  calls.length = 0;
  const beat = { beatId: null, beatName: "North", agentId: 5, weekdays: ["Mon"], customers: ["B1"] };
  await beats.saveBeat(beat);
  assert.deepEqual(only(), { path: "/master/beat", method: "POST", body: beat });
  calls.length = 0;
  await beats.deleteBeat(4);
  assert.deepEqual(only(), { path: "/master/beat/delete/4", method: "POST", body: {} });
  calls.length = 0;
  await beats.searchCustomers("B1", 0);
  assert.equal(only().path, "/users/customer/search?query=B1");
  calls.length = 0;
  await beats.searchCustomers("B 1", 5);
  assert.equal(only().path, "/users/customer/search?query=B%201&agentId=5");
});

test("buckets: a bucket's page names the bucket, the agent (0: all), the page and the order", async () => {
  await buckets.bucketPage("mycustomer", 0, 3, "asc");
  assert.deepEqual(only(), { path: "/users/landing/mycustomer/0?pageNumber=3&order=asc", method: "GET", body: undefined });
});

test("beats: a customer as the editor lists it, from a saved beat and from a search suggestion", async () => {
  const { savedStop, suggestedStop } = await import("../src/features/beats/stops.js");
  assert.deepEqual(savedStop({ buyerId: "B1", buyerName: "Ravi Stores", address1: "1 Main Rd", city: null, sequence: 1 }), {
    buyerId: "B1",
    name: "Ravi Stores (B1)",
    detail: "1 Main Rd",
  });
  assert.deepEqual(suggestedStop({ buyerId: "B2", display: "B2 - Asha Mart (98765, Pune)" }), {
    buyerId: "B2",
    name: "Asha Mart (B2)",
    detail: "98765, Pune",
  });
  assert.deepEqual(suggestedStop({ buyerId: "B3", display: "odd" }), { buyerId: "B3", name: "odd", detail: "" });
});

test("beats: the customer a refused save is about comes from the error's params, not its text", async () => {
  const { refusedBuyer } = await import("../src/features/beats/stops.js");
  const stops = [
    { buyerId: "B1", name: "", detail: "" },
    { buyerId: "B2", name: "", detail: "" },
  ];
  assert.equal(refusedBuyer({ message: "Customer B1 is listed twice.", params: { buyerId: "B2" } }, stops), "B2");
  // params that name no customer of the list mark none, whatever the text says
  assert.equal(refusedBuyer({ message: "Customer B1 is listed twice.", params: { name: "North" } }, stops), null);
  // an answer without params (a server before the error codes): the text's customer
  assert.equal(refusedBuyer({ message: "Customer B1 is listed twice." }, stops), "B1");
  assert.equal(refusedBuyer({ message: "Beat Name is required." }, stops), null);
});
