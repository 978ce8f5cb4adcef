// The order screens (issue #18), loaded together on demand by the route table: taking an order for
// a customer, and the orders list of managers and administrators.
export { default as OrderScreen } from "./order-screen";
export { default as OrdersScreen } from "./orders-screen";
