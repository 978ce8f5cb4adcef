// The Attendance screen (issue #37), loaded on demand by the route table.
export { default as AttendanceScreen } from "./attendance-screen";
