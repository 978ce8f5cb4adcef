// Someone else's export matched with our upload's columns (issue #50): the first guess from the
// names, each of their columns given once, and the mapping the upload sends.
import assert from "node:assert/strict";
import { test } from "node:test";
import { guessMatch, mappingOf } from "../src/features/uploads/match.js";

const INVOICE = ["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date", "Distributor Name"].map((header) => ({
  header,
}));

test("a Tally Bills Receivable export is matched with the invoice upload from its names", () => {
  const tally = ["Date", "Ref. No.", "Party's Name", "Pending Amount", "Due on", "Overdue by days"];
  const chosen = guessMatch(INVOICE, tally);
  assert.deepEqual(chosen, {
    "Invoice No": "Ref. No.",
    "Buyer ID": "Party's Name",
    "Invoice Date": "Date",
    Amount: "Pending Amount",
    "Due Date": "Due on",
    "Distributor Name": "",
  });
  assert.deepEqual(mappingOf(chosen), {
    "Ref. No.": "Invoice No",
    "Party's Name": "Buyer ID",
    Date: "Invoice Date",
    "Pending Amount": "Amount",
    "Due on": "Due Date",
  });
});

test("the same name wins, and no column of theirs is given twice", () => {
  const chosen = guessMatch(INVOICE, ["invoice  no", "Bill No", "Invoice Date", "Date"]);
  assert.equal(chosen["Invoice No"], "invoice  no");
  assert.equal(chosen["Invoice Date"], "Invoice Date");
  assert.equal(Object.values(chosen).filter((v) => v === "Date").length <= 1, true);
  assert.equal(chosen["Due Date"], "", "Date is no due date once taken");
});
