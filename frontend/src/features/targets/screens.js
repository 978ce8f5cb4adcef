// The targets screens (issue #53), loaded together on demand by the route table: the team view
// of managers and administrators, where targets are also set in place.
export { default as TeamScreen } from "./team-screen";
