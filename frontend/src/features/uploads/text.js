// The English of the upload screens: ids "uploads.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("uploads", {
  customer: "Customer Master Upload",
  customerdelete: "Customer Master Delete",
  product: "Product Master Upload",
  distributor: "Distributor Master Upload",
  scorecard: "Scorecard Upload",
  delivery: "Delivery Upload",
  order: "Order Upload",
  beat: "Beat Upload",
  uploaded: "Data Uploaded Successfully",
  notUploaded: "No Data Uploaded",
  downloadResult: "Download the result workbook",
  row: "Row",
  reason: "Reason",
  close: "Close",
  chooseXlsx: "Please choose an .xlsx file.",
  fileFormat: "Upload File Format",
  excelFile: "Excel file (.xlsx)",
  submit: "Submit",
  downloaded: "Downloaded Successful",
  customerMaster: "Customer Master",
  customerMasterNote:
    "Customers are kept in the customer workbook: download it, change or add rows, and upload it again. Deleting takes a list of buyer ids.",
  addEdit: "Add/Edit",
  delete: "Delete",
  downloadCustomers: "Download Customer Master",
  invoice: "Invoice Upload",
  target: "Target Upload",
  matchTitle: "Match the columns",
  matchIntro:
    "This file's header is not the upload's. Pick which of its columns holds each of ours (* required); the match is remembered for your next file.",
  notInFile: "— not in the file —",
  uploadMatched: "Upload with these columns",
  sending: "Sending the file…",
  rowsDone: "{rows} rows applied so far",
  cancel: "Cancel",
  cancelled: "The upload was cancelled; the rows already applied stay.",
  lastStopped:
    "Your last upload of this kind stopped after row {row}: {reason} Upload the file again: rows already in are updated, not repeated.",
});
