// The English of the shelf count and returns (the visit's shelf-panel.jsx and the shop screens): ids "shelf.<name>".
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "./i18n/catalogue";

export const t = catalogue("shelf", {
  title: "Shelf count",
  hint: "Count what the shop holds of its usual products; the suggested order follows.",
  product: "Product",
  onShelf: "On shelf",
  averageWeekly: "Weekly",
  suggested: "Suggested",
  addProduct: "Add a product",
  searchProduct: "Search products",
  saveCount: "Save count",
  countSaved: "Shelf count saved on this phone",
  takeSuggested: "Take suggested order",
  nothingSuggested: "Nothing to suggest: the shelf holds two weeks.",
  noProducts: "No usual products yet: add the products you count.",
  returnsTitle: "Goods returned",
  reason: "Reason",
  reasonDamaged: "Damaged",
  reasonExpired: "Expired",
  reasonNearExpiry: "Near expiry",
  reasonWrongItem: "Wrong item",
  reasonOther: "Other",
  quantity: "Quantity",
  batch: "Batch",
  expiry: "Expiry",
  // Not "Remark": the visit form beside it has one (a label is found by its words).
  remark: "Note on the return",
  photo: "Photo of the goods",
  photoAfterVisit: "Save the visit first to add a photo.",
  recordReturn: "Record return",
  returnSaved: "Return saved on this phone",
  quantityWhole: "Enter a whole number from 1.",
  batchRequired: "Enter the batch number.",
  expiryRequired: "Enter the expiry date.",
  expiryFuture: "Expired goods cannot expire after today.",
  chooseProduct: "Choose a product.",
});

/** A return's reason, by its code. */
const REASON_TEXT = /** @type {const} */ ({
  damaged: "reasonDamaged",
  expired: "reasonExpired",
  near_expiry: "reasonNearExpiry",
  wrong_item: "reasonWrongItem",
  other: "reasonOther",
});

/**
 * A return's reason in the language in force, by its code (damaged, expired...); another as it came.
 * @param {string} code
 */
export const reasonLabel = (code) =>
  code in REASON_TEXT ? t(REASON_TEXT[/** @type {keyof typeof REASON_TEXT} */ (code)]) : code;
