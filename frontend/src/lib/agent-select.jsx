// The caller's agents in a dropdown (GET /master/allagent): the bucket dashboard's agent picker,
// with its "all agents" choice (0), and the agent whose day a manager or administrator looks at.
import { t } from "./parts-text";
import { get } from "./api-client";
import { Select } from "./ui";
import { useApi } from "./use-api";

/** @typedef {import("../../types/api").components["schemas"]["AgentItem"]} AgentItem */

/** The caller's agents (GET /master/allagent, without the caller's own account). @returns {Promise<AgentItem[]>} */
export const callerAgents = () => get("/master/allagent", { query: { addSelfAccount: false } });

/** An agent as a picker names them: a deleted one marked "(deleted)" (their data stays visible). @param {AgentItem} a */
export const agentLabel = (a) => (a.deleted ? t("deletedAgent", { name: a.name }) : a.name);

/**
 * `allLabel` adds the choice 0 (every agent) first; without it the choice starts empty.
 * @param {{ value: number | null | undefined, onChange: (agent: number) => void, allLabel?: string | null, label?: string }} props
 */
export function AgentSelect({ value, onChange, allLabel = null, label = t("agent") }) {
  const { data } = useApi(callerAgents, { initial: /** @type {AgentItem[]} */ ([]) });
  const agents = (data || []).map((a) => ({ value: String(a.uid), label: agentLabel(a) }));
  return (
    <Select
      id="agentPicker"
      label={label}
      value={value ? String(value) : allLabel ? "0" : ""}
      onChange={(e) => e.currentTarget.value !== "" && onChange(Number(e.currentTarget.value))}
      placeholder={allLabel ? null : t("chooseAgent")}
      options={allLabel ? [{ value: "0", label: allLabel }, ...agents] : agents}
    />
  );
}
