// The beat screens (issue #19), loaded together on demand by the route table: the list of the
// caller's agents' beats and the editor of one. The beat upload is an upload screen (features/uploads).
export { default as BeatList } from "./beat-list";
export { default as BeatEditor } from "./beat-editor";
