// The Schemes screens, loaded together on demand by the route table.
export { SchemesScreen } from "./schemes-screen";
