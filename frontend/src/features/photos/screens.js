// The visit photo screens (issue #37), loaded on demand by the route table: the managers' Photos
// screen (right photo_review). Taking photos lives on the visit screen (lib/photos).
export { default as PhotosScreen } from "./photos-screen";
