// The caller's agents in a dropdown (GET /master/allagent): the bucket dashboard's agent picker,
// with its "all agents" choice (0), and the agent whose day a manager or administrator looks at.
import { Select } from "./ui";
import { useApi } from "./use-api";

/** `allLabel` adds the choice 0 (every agent) first; without it the choice starts empty. */
export function AgentSelect({ value, onChange, allLabel = null, label = "Agent" }) {
  const { data } = useApi("/master/allagent?addSelfAccount=false", { initial: [] });
  const agents = (data || []).map((a) => ({ value: String(a.uid), label: a.name }));
  return (
    <Select
      id="agentPicker"
      label={label}
      value={value ? String(value) : allLabel ? "0" : ""}
      onChange={(e) => e.currentTarget.value !== "" && onChange(Number(e.currentTarget.value))}
      placeholder={allLabel ? null : "Choose an agent"}
      options={allLabel ? [{ value: "0", label: allLabel }, ...agents] : agents}
    />
  );
}
