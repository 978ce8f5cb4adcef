// The agent's day (Today), loaded on demand by the route table.
export { default as TodayScreen } from "./today-screen";
