// The customer screens, loaded together on demand by the route table; the visit screen comes alone.
export { default as WaitingVisitsScreen } from "./waiting-visits-screen";
export { NewCustomerScreen, ProfileScreen } from "./customer-forms";
export { InfoScreen, InfoUpdateScreen } from "./info-screens";
export { FtmFtdScreen, ScorecardScreen, ImageViewerScreen } from "./more-screens";
