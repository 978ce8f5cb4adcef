// The map screens, loaded together on demand by the route table; Leaflet lives only in this chunk.
export { TodayMapScreen, BucketMapScreen } from "./map-screen";
