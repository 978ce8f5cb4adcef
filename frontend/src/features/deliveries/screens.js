// The delivery screens, loaded together on demand by the route table.
export { default as DeliveryScreen } from "./delivery-screen";
export { default as ApproveScreen } from "./approve-screen";
