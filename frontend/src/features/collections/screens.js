// The collections screens (issue #38), loaded together on demand by the route table: collecting a
// payment and its receipt (agents), and the Collections list of managers and administrators.
export { default as CollectScreen } from "./collect-screen";
export { default as ReceiptScreen } from "./receipt-screen";
export { default as CollectionsScreen } from "./collections-screen";
export { default as MyCollectionsScreen } from "./my-collections-screen";
