// The offline engine, one lazily loaded chunk for agents (lib/offline/status.js loads it): the
// per-user store, the queue of visits, orders and payments, sync, the customer copy, the product list, the schemes,
// the day plan and the month's targets.
export { newClientId } from "./client-id";
export { enqueue, isDayEntry, kindOf, listQueue, onQueueChange, clearQueue, queuedMessage, visitClientIdOf } from "./queue";
export { keepPlan, lastPlan } from "./plan";
export { keepTargets, lastTargets } from "./targets";
export { fetchProducts, lastDistributors, lastProducts, refreshDistributors, refreshProducts, searchProducts } from "./products";
export { lastSchemes, refreshSchemes } from "./schemes";
export { copyState, keepDetails, keepOutcomes, lastOutcomes, offlineDetails, searchCustomers } from "./customers";
export { findReceipt, keepReceipt, listReceipts, offlineOutstanding, paymentApplied, receiptSaved } from "./payments";
export {
  discardEntry,
  forgetUser,
  isTransient,
  paymentAccepted,
  retryEntry,
  startOffline,
  stopOffline,
  syncNow,
  unjudged,
} from "./sync";
