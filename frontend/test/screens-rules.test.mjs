// Rules of the screens that issue #55 found wanting, checked without a screen: the order's
// distributor for a customer with no order on file, the offline notes that contradicted their
// lists, the warning on a payment above what is owed, and Credit Approval's two outstandings.
import { resetBrowser } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { loadLanguage } from "../src/lib/i18n/messages.js";
import { amountForbidden, amountWarning, checkPayment } from "../src/features/collections/payment-rules.js";
import { collectionSums, mergeCollections } from "../src/features/collections/my-collections.js";
import { distributorField, hasUsualDistributor, heldFigures, mustSellTexts } from "../src/features/orders/order-notes.js";

beforeEach(() => resetBrowser());
afterEach(async () => await loadLanguage("en"));

test("no 'usual distributor' is offered for a customer without an order on file", () => {
  const none = hasUsualDistributor({ reOrderMustSell: [] });
  assert.equal(none, false);
  const field = distributorField(none, "");
  assert.doesNotMatch(field.placeholder, /usual/i);
  assert.match(field.hint, /no earlier order/);
  assert.ok(field.error, "an order without a distributor is refused before Submit");
  assert.equal(distributorField(none, "3").error, null);
  // With orders on file the usual one is offered; from the phone's copy it cannot be told.
  const usual = hasUsualDistributor({ reOrderMustSell: [{}] });
  assert.equal(distributorField(usual, "").placeholder, "Usual distributor");
  assert.equal(distributorField(usual, "").error, null);
  assert.equal(hasUsualDistributor({ fromCopy: true, reOrderMustSell: [] }), null);
  assert.equal(distributorField(null, "").error, null);
});

test("offline, the Must Sell card says once that its list is not on the phone", () => {
  const copy = mustSellTexts({ fromCopy: true });
  assert.equal(copy.note, null, "no note above a card that says the same");
  assert.match(copy.empty, /no Must Sell list on this phone/);
  assert.doesNotMatch(copy.empty, /No Must Sell products/);
  assert.equal(mustSellTexts({}).empty, "No Must Sell products for this customer.");
});

test("an amount above what is owed is told while typed; cash at the legal limit is refused before Submit", () => {
  assert.equal(amountWarning(600050, 600050), null);
  assert.equal(amountWarning(100, null), null, "outstanding unknown: nothing to compare");
  assert.match(amountWarning(700000, 600050) || "", /More than the ₹6,000\.50 owed: ₹999\.50 stays unallocated/);
  // The issue's ₹9,99,99,999 against ₹6,000.50 owed.
  assert.match(amountWarning(99999999_00, 600050) || "", /^Check the amount: ₹9,99,99,999\.00 is far above the ₹6,000\.50 owed/);
  assert.match(amountForbidden(200000_00, "cash", "INR") || "", /below ₹2,00,000\.00/);
  assert.equal(amountForbidden(199999_99, "cash", "INR"), null);
  assert.equal(amountForbidden(200000_00, "cheque", "INR"), null);
  assert.equal(amountForbidden(200000_00, "cash", "USD"), null);
  const form = { amount: "250000", mode: "cash", chequeNo: "", bank: "", reference: "" };
  assert.ok(checkPayment(form, "INR").amount, "the form's check refuses it too");
});

test("Credit Approval says which outstanding is now and which was at booking", () => {
  const order = { createdAt: "2026-12-05T10:00:00Z", outstanding: 39100.5, openOrders: 500, creditLimit: 40000 };
  const shown = heldFigures(
    order,
    "Outstanding ₹39,600.50 + open orders ₹0.00 + this order ₹500.00 exceeds the credit limit ₹40,000.00.",
  );
  assert.equal(shown.outstanding, "Outstanding now");
  assert.match(shown.reason, /^When booked \(.*2026.*\): Outstanding ₹39,600\.50/);
  assert.equal(heldFigures(order, "").reason, "");
});

test("My collections: the server's payments and the phone's receipts, 30 days, today's sums by mode", () => {
  const now = new Date(2026, 11, 6, 15, 0);
  const at = (/** @type {number} */ day, /** @type {number} */ hour) => new Date(2026, 11, day, hour).toISOString();
  const receipts = [
    // Sent and listed by the server: the server's row wins (deposited).
    {
      clientId: "p1",
      receiptNo: "R5-P1",
      paymentId: 1,
      buyerId: "B1",
      buyerName: "One",
      mode: "cash",
      amount: 100,
      collectedAt: at(6, 9),
    },
    // Still in the phone's queue: only the phone knows it.
    { clientId: "p2", receiptNo: "R5-P2", paymentId: null, buyerId: "B2", mode: "upi", amount: 250.5, collectedAt: at(6, 11) },
    // Older than 30 days: left out.
    {
      clientId: "p0",
      receiptNo: "R5-P0",
      paymentId: null,
      buyerId: "B2",
      mode: "cash",
      amount: 9,
      collectedAt: at(1, 9).replace("2026-12", "2026-10"),
    },
  ];
  const rows = [
    {
      clientId: "P1",
      receiptNo: "R5-P1",
      paymentId: 1,
      buyerId: "B1",
      customerName: "One",
      mode: "cash",
      amount: 100,
      collectedAt: at(6, 9),
      status: "deposited",
    },
    {
      clientId: "p3",
      receiptNo: "R5-P3",
      paymentId: 3,
      buyerId: "B3",
      customerName: "Three",
      mode: "cheque",
      amount: 40,
      collectedAt: at(5, 9),
      status: "collected",
    },
    {
      clientId: "p4",
      receiptNo: "R5-P4",
      paymentId: 4,
      buyerId: "B3",
      customerName: "Three",
      mode: "cash",
      amount: 70,
      collectedAt: at(6, 10),
      status: "reversed",
    },
  ];
  const list = mergeCollections(receipts, /** @type {any} */ (rows), now);
  assert.deepEqual(
    list.map((c) => [c.receiptNo, c.status]),
    [
      ["R5-P2", "phone"],
      ["R5-P4", "reversed"],
      ["R5-P1", "deposited"],
      ["R5-P3", "collected"],
    ],
  );
  const sums = collectionSums(list, now);
  assert.deepEqual(sums.byMode, { cash: 10000, cheque: 0, upi: 25050, bank: 0 });
  assert.equal(sums.total, 35050);
  assert.equal(sums.count, 2);
  assert.equal(sums.deposited, 10000);
  // Offline: the phone's receipts alone.
  assert.deepEqual(
    mergeCollections(receipts, null, now).map((c) => c.status),
    ["phone", "phone"],
  );
});
