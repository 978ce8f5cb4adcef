// The take-order screen's choices beyond the lines: the distributor (the customer's usual one
// unless the agent picks another), the visit's outcome ("Order placed" unless changed) and a remark.
import { useEffect, useState } from "react";
import { warmPricing } from "../../lib/pricing/warm";
import { Field, Select } from "../../lib/ui";
import { distributors as distributorList } from "./api";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

const DEFAULT_OUTCOME = "order placed";

/** The distributors to pick from (the list needs the network: none without it). */
export function useDistributors() {
  const [distributors, setDistributors] = useState(/** @type {Schemas["Distributor"][]} */ ([]));
  useEffect(() => {
    distributorList().then(setDistributors, () => {});
    // The engine compiled before the first line is typed (lib/pricing/warm.js).
    const warm = setTimeout(warmPricing, 0);
    return () => clearTimeout(warm);
  }, []);
  return distributors;
}

/**
 * The visit's outcome: "Order placed", the outcome an order usually logs, once the list arrives.
 * @param {Schemas["Outcome"][]} outcomes
 * @returns {[string, (id: string) => void]}
 */
export function useOrderOutcome(outcomes) {
  const [outcomeId, setOutcomeId] = useState("");
  useEffect(() => {
    if (outcomeId) return;
    const placed = outcomes.find((o) => String(o.outCome).trim().toLowerCase() === DEFAULT_OUTCOME);
    if (placed) setOutcomeId(String(placed.outComeId));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the list arrives: an outcome the user cleared stays cleared
  }, [outcomes]);
  return [outcomeId, setOutcomeId];
}

/**
 * @param {{ distributors: Schemas["Distributor"][], distributorId: string, onDistributor: (id: string) => void,
 *   distributorShown: { placeholder: string, hint: string, error: string | null },
 *   outcomes: Schemas["Outcome"][] | null, outcomeId: string, onOutcome: (id: string) => void,
 *   remark: string, onRemark: (remark: string) => void,
 *   errors: { distributor: string | null, outcome: string | null } | null }} props
 *   `outcomes` null where the order logs no visit; `errors` once the order was checked, else null
 */
export function OrderDetails({
  distributors,
  distributorId,
  onDistributor,
  distributorShown,
  outcomes,
  outcomeId,
  onOutcome,
  remark,
  onRemark,
  errors,
}) {
  return (
    <div class="card">
      <Select
        id="orderDistributor"
        label={t("distributor")}
        value={distributorId}
        onChange={(e) => onDistributor(e.currentTarget.value)}
        placeholder={distributorShown.placeholder}
        hint={distributorShown.hint}
        error={errors ? errors.distributor : null}
        options={distributors.map((d) => ({
          value: String(d.distributorId),
          label: d.hasEmail ? d.distributorName : t("noEmail", { name: d.distributorName }),
        }))}
      />
      {outcomes && (
        <Select
          id="orderOutcome"
          label={t("visitOutcome")}
          value={outcomeId}
          onChange={(e) => onOutcome(e.currentTarget.value)}
          options={outcomes.map((o) => ({ value: String(o.outComeId), label: o.outCome }))}
          error={errors ? errors.outcome : null}
        />
      )}
      <Field label={t("remark")} id="orderRemark">
        <textarea id="orderRemark" rows={2} maxLength={500} value={remark} onInput={(e) => onRemark(e.currentTarget.value)} />
      </Field>
    </div>
  );
}
