// The offline engine, one lazily loaded chunk for agents (lib/offline/status.js loads it): the
// per-user store, the visit queue, sync, and the customer copy.
export { newClientId, enqueue, listQueue, onQueueChange, clearQueue } from "./queue";
export { copyState, keepDetails, keepOutcomes, lastOutcomes, offlineDetails, searchCustomers } from "./customers";
export { discardEntry, forgetUser, isTransient, retryEntry, startOffline, stopOffline, syncNow } from "./sync";
