// The master screens, loaded together on demand by the route table.
export { OutcomeList, OutcomeForm, InfoTypeList, InfoTypeForm } from "./named-masters";
export { SubInfoList, SubInfoForm } from "./sub-info";
export { LinkList, LinkForm } from "./links";
export { UserList, UserForm } from "./users";
export { DeliveryStatusList, DeliveryStatusForm, ReasonList, ReasonForm } from "./delivery";
export { BroadcastList, BroadcastForm } from "./broadcasts";
export { RightsScreen } from "./rights";
export { ProductList } from "./products";
