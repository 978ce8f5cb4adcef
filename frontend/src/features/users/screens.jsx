// The user-administration screens (spec 1 §2 "user/unblock-user", "user/user-agent"; spec 2
// "Impersonation screen"), loaded together on demand by the route table.
export { UnblockUserScreen, UserAgentScreen } from "./block-screens";
export { ImpersonationLanding, ImpersonationScreen } from "./impersonation-screens";
