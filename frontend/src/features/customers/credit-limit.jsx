// The customer's credit limit on the profile screen (issue #38): managers and administrators (right
// credit_approval) set it or, left empty, remove it (POST /users/customer/creditLimit). An order
// that would take the customer's outstanding plus open orders over it waits for their approval.
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { money } from "../../lib/format";
import { alertFailure } from "../../lib/resources";
import { SubmitButton, TextInput } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { setCreditLimit } from "./api";

/** An amount as typed: digits with at most two places ("" for none). */
const AMOUNT = /^\d{1,13}(\.\d{0,2})?$/;

/**
 * @param {{ buyerId: string, limit: number | null | undefined, onSaved: () => void }} props
 */
export function CreditLimitForm({ buyerId, limit, onSaved }) {
  const [value, setValue] = useState(limit == null ? "" : String(limit));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, saving] = useSaving();
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    const text = value.trim().replace(/,/g, "");
    if (text && !AMOUNT.test(text)) {
      setError("Credit Limit must be an amount of 0 or more, with at most two decimal places.");
      return;
    }
    setError(null);
    await saving(async () => {
      try {
        const r = await setCreditLimit(buyerId, text ? Number(text) : null);
        alertSuccess(r.message);
        onSaved();
      } catch (err) {
        alertFailure(err);
      }
    });
  };
  return (
    <form class="card narrow-form" onSubmit={submit} noValidate data-testid="credit-limit-form">
      <h2>Credit Limit</h2>
      <p class="muted">
        {limit == null ? "No credit limit: orders are never held." : `Now ${money(limit)}.`} An order that would take the
        outstanding plus open orders over the limit waits for a manager's approval.
      </p>
      <TextInput
        id="creditLimit"
        label="Credit Limit"
        inputMode="decimal"
        value={value}
        onInput={(e) => setValue(e.currentTarget.value)}
        error={error}
        hint="Leave empty for no limit."
      />
      <SubmitButton busy={busy}>Save credit limit</SubmitButton>
    </form>
  );
}
