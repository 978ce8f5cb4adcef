// The area manager's agent dropdown: 'All RedForce(Cumulative)' (0) and each of their agents.
import { Select } from "../../lib/ui";
import { useApi } from "../../lib/use-api";

export function AgentPicker({ value, onChange }) {
  const { data } = useApi("/master/allagent?addSelfAccount=false", { initial: [] });
  return (
    <Select
      id="agentPicker"
      label="Agent"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      placeholder={null}
      options={[{ value: "0", label: "All RedForce(Cumulative)" }, ...(data || []).map((a) => ({ value: String(a.uid), label: a.name }))]}
    />
  );
}

/** The agent id a screen works on: the route's, else 0 for a manager, else the user's own. */
export function defaultAgent(user, routeAgent) {
  if (routeAgent !== undefined && routeAgent !== null && routeAgent !== "") return Number(routeAgent);
  return user.userType === 4 ? user.uid : 0;
}
