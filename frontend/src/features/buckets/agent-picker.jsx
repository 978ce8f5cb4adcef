// The area manager's agent dropdown: 'All RedForce(Cumulative)' (0) and each of their agents.
import { AgentSelect } from "../../lib/agent-select";
import { AGENT } from "../../lib/rights";
import { t } from "./text";

/** @param {{ value: number, onChange: (agent: number) => void }} props */
export function AgentPicker({ value, onChange }) {
  return <AgentSelect value={value} onChange={onChange} allLabel={t("allRedForce")} />;
}

/**
 * The agent id a screen works on: the route's, else 0 for a manager, else the user's own.
 * @param {{ uid: number, userType: number }} user @param {string | null} [routeAgent]
 * @returns {number}
 */
export function defaultAgent(user, routeAgent) {
  if (routeAgent !== undefined && routeAgent !== null && routeAgent !== "") return Number(routeAgent);
  return user.userType === AGENT ? user.uid : 0;
}
