// The order screens (issue #18), loaded together on demand by the route table: taking an order for
// a customer, the orders list of managers and administrators, and Credit Approval (orders held over
// a credit limit).
export { default as OrderScreen } from "./order-screen";
export { default as OrdersScreen } from "./orders-screen";
export { default as CreditApprovalScreen } from "./credit-approval-screen";
