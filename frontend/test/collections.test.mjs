// Collections on the phone (issue #38): receipt numbers made offline (lib/receipt-numbers.js), the
// outstanding worked in paise (lib/outstanding.js), the collect form's rules, and a payment in the
// phone's queue (kind "payment"): sent once to POST /users/payment with its clientId, its
// allocations taken off the copy's balances while it waits and after the server accepts it (once),
// and its receipt kept on the phone.
import { AGENT_USER, bodyOf, freshPhone, json, pathOf, stubFetch } from "./support/offline.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { MemoryStorage } from "./support/browser.mjs";
import { deviceTag, nextPaymentClientId, paymentClientId, randomTag, receiptNo } from "../src/lib/receipt-numbers.js";
import {
  allocate,
  applyAllocations,
  bucketOf,
  daysBetween,
  fromPaise,
  parseAmount,
  summarize,
  toPaise,
} from "../src/lib/outstanding.js";
import { checkPayment, message } from "../src/features/collections/payment-rules.js";
import { enqueue, listQueue } from "../src/lib/offline/queue.js";
import { syncQueue } from "../src/lib/offline/sync.js";
import { findReceipt, keepReceipt, offlineOutstanding, paymentApplied } from "../src/lib/offline/payments.js";
import { getStatus, queuedText, setStatus } from "../src/lib/offline/state.js";
import { userDb } from "../src/lib/offline/store.js";
import * as collections from "../src/features/collections/api.js";
import { API_BASE, urlOf } from "../src/lib/api-client.js";

const uid = AGENT_USER.uid;
// The server's clientId: 1-64 characters of A-Za-z0-9_-.
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

beforeEach(async () => {
  await freshPhone();
  setStatus({ waiting: 0, failed: 0, waitingOrders: 0, failedOrders: 0, syncing: false, online: true, reachable: true });
});

// ---- receipt numbers

test("a phone's tag is 8 of A-Z0-9, made once and kept", () => {
  const tag = deviceTag();
  assert.match(tag, /^[A-Z0-9]{8}$/);
  assert.equal(deviceTag(), tag);
  assert.equal(localStorage.getItem("fieldsales-device-tag"), tag);
  // A damaged stored tag is replaced, never used.
  localStorage.setItem("fieldsales-device-tag", "bad tag");
  assert.match(deviceTag(), /^[A-Z0-9]{8}$/);
  for (let i = 0; i < 200; i++) assert.match(randomTag(), /^[A-Z0-9]{8}$/);
});

test("payment clientIds are the tag and a 4-digit counter that only goes up; the receipt number is R, uid, clientId upper-cased", () => {
  const tag = deviceTag();
  const ids = Array.from({ length: 12 }, () => nextPaymentClientId());
  assert.equal(ids[0], `${tag}-0001`);
  assert.equal(ids[11], `${tag}-0012`);
  assert.equal(new Set(ids).size, 12);
  for (const id of ids) assert.match(id, CLIENT_ID);
  assert.equal(paymentClientId("ABCD1234", 7), "ABCD1234-0007");
  assert.equal(paymentClientId("ABCD1234", 12345), "ABCD1234-12345");
  assert.equal(receiptNo(12, "abcd1234-0007"), "R12-ABCD1234-0007");
  assert.equal(receiptNo(12, ids[0]), `R12-${tag}-0001`);
  // The counter survives a reload (it is in storage, kept before it is given out).
  assert.equal(localStorage.getItem("fieldsales-payment-counter"), "12");
});

test("two phones collecting offline at the same time get different receipt numbers, even for one agent", () => {
  const phone = () => {
    globalThis.localStorage = new MemoryStorage();
    return Array.from({ length: 50 }, () => receiptNo(uid, nextPaymentClientId()));
  };
  const saved = globalThis.localStorage;
  try {
    const a = phone();
    const b = phone();
    assert.notEqual(a[0].split("-")[1], b[0].split("-")[1], "two tags");
    assert.equal(new Set([...a, ...b]).size, 100);
    // Many phones: no two tags alike.
    const tags = new Set(Array.from({ length: 2000 }, () => randomTag()));
    assert.equal(tags.size, 2000);
  } finally {
    globalThis.localStorage = saved;
  }
});

// ---- outstanding in paise

const inv = (invoiceNo, invoiceDate, dueDate, amount, paid = 0, daysOverdue = 0) => ({
  invoiceNo,
  invoiceDate,
  dueDate,
  amount,
  paid,
  balance: fromPaise(toPaise(amount) - toPaise(paid)),
  daysOverdue,
});
const INVOICES = [
  inv("INV-3", "2026-11-01", "2026-11-15", 500, 0, 13),
  inv("INV-1", "2026-08-01", "2026-08-15", 1000.1, 0, 105),
  inv("INV-2", "2026-10-01", "2026-10-15", 2000, 500, 44),
];

test("amounts typed are read to paise exactly, at most two decimals", () => {
  assert.equal(parseAmount("1200"), 120000);
  assert.equal(parseAmount("1,200.5"), 120050);
  assert.equal(parseAmount("0.1"), 10);
  assert.equal(parseAmount(".05"), 5);
  assert.equal(parseAmount("19.99"), 1999);
  assert.equal(parseAmount("1.005"), null);
  assert.equal(parseAmount("-5"), null);
  assert.equal(parseAmount("abc"), null);
  assert.equal(toPaise(0.1 + 0.2), 30);
  assert.equal(toPaise(1000.1), 100010);
});

test("a payment goes to the oldest open invoices first; what is left over stays unallocated", () => {
  assert.deepEqual(allocate(INVOICES, 120000), {
    allocations: [
      { invoiceNo: "INV-1", paise: 100010 },
      { invoiceNo: "INV-2", paise: 19990 },
    ],
    unallocated: 0,
  });
  // Exact, and over: every balance to zero, the rest unallocated.
  assert.deepEqual(allocate(INVOICES, 100010).allocations, [{ invoiceNo: "INV-1", paise: 100010 }]);
  const over = allocate(INVOICES, 500000);
  assert.deepEqual(
    over.allocations.map((a) => [a.invoiceNo, a.paise]),
    [
      ["INV-1", 100010],
      ["INV-2", 150000],
      ["INV-3", 50000],
    ],
  );
  assert.equal(over.unallocated, 500000 - 300010);
  // Ticked invoices first, in the order ticked, then the rest oldest first (as the server spreads it).
  assert.deepEqual(allocate(INVOICES, 60000, ["INV-3", "INV-2"]).allocations, [
    { invoiceNo: "INV-3", paise: 50000 },
    { invoiceNo: "INV-2", paise: 10000 },
  ]);
  assert.deepEqual(allocate(INVOICES, 60000, ["INV-2"]).allocations, [{ invoiceNo: "INV-2", paise: 60000 }]);
  assert.deepEqual(allocate(INVOICES, 260000, ["INV-2"]).allocations, [
    { invoiceNo: "INV-2", paise: 150000 },
    { invoiceNo: "INV-1", paise: 100010 },
    { invoiceNo: "INV-3", paise: 9990 },
  ]);
});

test("random invoice sets and payments: allocations plus unallocated equal the payment, no balance below zero", () => {
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let round = 0; round < 2000; round++) {
    const invoices = Array.from({ length: 1 + rand(6) }, (_, i) => {
      const amount = (1 + rand(500000)) / 100;
      const paid = rand(3) === 0 ? fromPaise(rand(toPaise(amount))) : 0;
      return inv(`I${i}`, `2026-0${1 + rand(9)}-1${rand(9)}`, "2026-10-01", amount, paid);
    });
    const paise = 1 + rand(1500000);
    const { allocations, unallocated } = allocate(invoices, paise);
    assert.equal(allocations.reduce((s, a) => s + a.paise, 0) + unallocated, paise);
    const after = applyAllocations(
      invoices,
      allocations.map((a) => ({ invoiceNo: a.invoiceNo, amount: fromPaise(a.paise) })),
    );
    for (const i of after) {
      assert.ok(toPaise(i.balance) >= 0);
      assert.equal(toPaise(i.paid) + toPaise(i.balance), toPaise(i.amount));
    }
    const before = summarize("B", invoices).total;
    assert.equal(toPaise(summarize("B", after).total), toPaise(before) - (paise - unallocated));
  }
});

test("the total and ageing buckets are summed in paise; offline the days overdue count to today", () => {
  const o = summarize("B1", INVOICES);
  assert.equal(o.total, 3000.1);
  assert.deepEqual(o.ageing, { days0to30: 500, days31to60: 1500, days61to90: 0, days90plus: 1000.1 });
  assert.deepEqual(
    o.invoices.map((i) => i.invoiceNo),
    ["INV-1", "INV-2", "INV-3"],
  );
  assert.deepEqual(
    [bucketOf(0), bucketOf(30), bucketOf(31), bucketOf(60), bucketOf(61), bucketOf(90), bucketOf(91)],
    ["days0to30", "days0to30", "days31to60", "days31to60", "days61to90", "days61to90", "days90plus"],
  );
  assert.equal(daysBetween("2026-11-15", "2026-12-20"), 35);
  const later = summarize("B1", INVOICES, { today: "2026-12-20" });
  assert.deepEqual(
    later.invoices.map((i) => i.daysOverdue),
    [127, 66, 35],
  );
  assert.deepEqual(later.ageing, { days0to30: 0, days31to60: 500, days61to90: 1500, days90plus: 1000.1 });
  // Not yet due: 0 days, in 0-30; a paid invoice is not open.
  const early = summarize("B1", [...INVOICES, inv("INV-4", "2026-11-02", "2026-11-20", 10, 10)], { today: "2026-11-10" });
  assert.deepEqual(
    early.invoices.map((i) => [i.invoiceNo, i.daysOverdue]),
    [
      ["INV-1", 87],
      ["INV-2", 26],
      ["INV-3", 0],
    ],
  );
});

test("the collect form's rules say what the server would", () => {
  const base = { amount: "100", mode: "cash", chequeNo: "", bank: "", reference: "" };
  assert.deepEqual(checkPayment(base), {});
  assert.deepEqual(checkPayment({ ...base, amount: "" }), { amount: message("amountRequired") });
  assert.deepEqual(checkPayment({ ...base, amount: "0" }), { amount: message("amountInvalid") });
  assert.deepEqual(checkPayment({ ...base, amount: "1.234" }), { amount: message("amountInvalid") });
  assert.deepEqual(checkPayment({ ...base, mode: "cheque" }), {
    chequeNo: message("chequeNoRequired"),
    bank: message("bankRequired"),
  });
  assert.deepEqual(checkPayment({ ...base, mode: "upi" }), { reference: message("referenceRequired") });
  assert.deepEqual(checkPayment({ ...base, mode: "card" }), { mode: message("modeRequired") });
  assert.deepEqual(checkPayment({ ...base, mode: "bank", reference: "NEFT-1" }), {});
});

// ---- a payment on the phone

const payment = (clientId, amount = 1200, buyerId = "B1") => ({
  kind: /** @type {const} */ ("payment"),
  clientId,
  payment: { clientId, buyerId, amount, mode: "cash", collectedAt: "2026-11-28T10:00:00Z", invoices: null },
  buyerName: "Shop One",
  receiptNo: receiptNo(uid, clientId),
  allocations: allocate(INVOICES, toPaise(amount)).allocations.map((a) => ({
    invoiceNo: a.invoiceNo,
    amount: fromPaise(a.paise),
  })),
  agentName: "Agent",
});

async function stockCopy() {
  const db = await userDb(uid);
  await db.put("customers", { buyerId: "B1", buyerName: "Shop One", outstanding: summarize("B1", INVOICES) });
  await db.put("meta", "2026-11-28T08:00:00.000Z", "customersSyncedAt");
}

test("a waiting payment comes off the copy's outstanding; once accepted it comes off the copy itself, once", async () => {
  await stockCopy();
  assert.equal((await offlineOutstanding(uid, "b1")).total, 3000.1);
  await enqueue(uid, payment("TAG00001-0001"));
  assert.deepEqual([getStatus().waiting, getStatus().waitingPayments], [1, 1]);
  const waiting = await offlineOutstanding(uid, "B1");
  assert.equal(waiting.total, 1800.1);
  assert.equal(waiting.asOf, "2026-11-28T08:00:00.000Z");
  assert.equal(waiting.fromCopy, true);
  assert.deepEqual(
    waiting.invoices.map((i) => [i.invoiceNo, i.balance]),
    [
      ["INV-2", 1300.1],
      ["INV-3", 500],
    ],
  );
  await keepReceipt(uid, { ...payment("TAG00001-0001"), ...payment("TAG00001-0001").payment, agentName: "Agent" });
  // Sent: the server's allocations come off the copy, the receipt takes its id; the same answer
  // again (a duplicate) takes nothing more off.
  const answer = {
    message: "Payment recorded.",
    paymentId: 9,
    receiptNo: receiptNo(uid, "TAG00001-0001"),
    duplicate: false,
    allocations: [
      { invoiceNo: "INV-1", amount: 1000.1 },
      { invoiceNo: "INV-2", amount: 199.9 },
    ],
    unallocated: 0,
  };
  const calls = stubFetch(() => json(200, answer));
  const r = await syncQueue(uid);
  assert.deepEqual([r.sent, r.payments, r.refused], [1, 1, 0]);
  assert.deepEqual(
    calls.map((c) => [c.init.method, pathOf(c), bodyOf(c).clientId, bodyOf(c).amount]),
    [["POST", "/users/payment", "TAG00001-0001", 1200]],
  );
  assert.deepEqual(Object.keys(bodyOf(calls[0])).sort(), ["amount", "buyerId", "clientId", "collectedAt", "invoices", "mode"]);
  assert.deepEqual(await listQueue(uid), []);
  assert.equal((await offlineOutstanding(uid, "B1")).total, 1800.1);
  await paymentApplied(uid, "B1", "TAG00001-0001", answer.allocations);
  assert.equal((await offlineOutstanding(uid, "B1")).total, 1800.1);
  const kept = await findReceipt(uid, "tag00001-0001");
  assert.equal(kept.paymentId, 9);
  assert.equal(kept.receiptNo, `R${uid}-TAG00001-0001`);
  // The server's next copy of the customer brings its own figures.
  const db = await userDb(uid);
  await db.put("customers", {
    buyerId: "B1",
    buyerName: "Shop One",
    outstanding: summarize("B1", [inv("INV-2", "2026-10-01", "2026-10-15", 2000, 700)]),
  });
  assert.equal((await offlineOutstanding(uid, "B1")).total, 1300);
});

test("a payment sent twice (the first answer lost) is one payment: the server answers duplicate, the queue empties", async () => {
  await stockCopy();
  await enqueue(uid, payment("TAG00001-0002", 100));
  let n = 0;
  const calls = stubFetch(() => {
    n++;
    if (n === 1) throw new TypeError("Failed to fetch");
    return json(200, {
      message: "Payment recorded.",
      paymentId: 3,
      receiptNo: "x",
      duplicate: true,
      allocations: [],
      unallocated: 0,
    });
  });
  const first = await syncQueue(uid);
  assert.ok(first.transient);
  assert.equal((await listQueue(uid)).length, 1);
  const second = await syncQueue(uid);
  assert.equal(second.sent, 1);
  assert.deepEqual(
    calls.map((c) => bodyOf(c).clientId),
    ["TAG00001-0002", "TAG00001-0002"],
  );
  assert.deepEqual(await listQueue(uid), []);
});

test("the queue's words count payments apart", () => {
  assert.equal(queuedText(1, { payments: 1 }), "1 payment");
  assert.equal(queuedText(3, { orders: 1, payments: 1 }), "1 visit, 1 order and 1 payment");
  assert.equal(queuedText(2, { payments: 1 }), "1 visit and 1 payment");
  assert.equal(queuedText(2, { orders: 1 }), "1 visit and 1 order");
  assert.equal(queuedText(0), "0 visits");
});

test("the collections api asks the contract's paths", async () => {
  document.cookie = "XSRF-TOKEN=x";
  const calls = stubFetch(() => json(200, { ok: true }));
  await collections.customerOutstanding("B 1");
  await collections.paymentDetail(5);
  await collections.depositPayment(5);
  await collections.reversePayment(5, "Cheque bounced");
  await collections.recordPayment({ clientId: "A-0001", buyerId: "B1", amount: 1, mode: "cash", collectedAt: "x" });
  assert.equal(
    // The payments list's query (collections/api.js usePaymentList: the filter and the page), as sent.
    urlOf("/users/payments", { query: { agentId: "7", from: "2026-11-01", to: "", mode: "cash", status: "", pageNumber: 2 } }),
    "/users/payments?agentId=7&from=2026-11-01&to=&mode=cash&status=&pageNumber=2",
  );
  assert.deepEqual(
    calls.map((c) => [c.init.method || "GET", c.url.slice(API_BASE.length), c.init.body]),
    [
      ["GET", "/users/customer/outstanding/B%201", undefined],
      ["GET", "/users/payment/5", undefined],
      ["POST", "/users/payment/5/deposit", "{}"],
      ["POST", "/users/payment/5/reverse", '{"reason":"Cheque bounced"}'],
      ["POST", "/users/payment", '{"clientId":"A-0001","buyerId":"B1","amount":1,"mode":"cash","collectedAt":"x"}'],
    ],
  );
});
