// The customer's credit limit on the profile screen (issue #38): managers and administrators (right
// credit_approval) set it or, left empty, remove it (POST /users/customer/creditLimit). An order
// that would take the customer's outstanding plus open orders over it waits for their approval.
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { money } from "../../lib/format";
import { alertFailure } from "../../lib/resources";
import { SubmitButton, TextInput } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { messageFor } from "../../lib/i18n/messages";
import { setCreditLimit } from "./api";
import { t } from "./credit-text";

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
      setError(t("notAmount"));
      return;
    }
    setError(null);
    await saving(async () => {
      try {
        const r = await setCreditLimit(buyerId, text ? Number(text) : null);
        alertSuccess(messageFor(r.code, null, r.message));
        onSaved();
      } catch (err) {
        alertFailure(err);
      }
    });
  };
  return (
    <form class="card narrow-form" onSubmit={submit} noValidate data-testid="credit-limit-form">
      <h2>{t("title")}</h2>
      <p class="muted">
        {limit == null ? t("none") : t("now", { limit: money(limit) })} {t("rule")}
      </p>
      <TextInput
        id="creditLimit"
        label={t("label")}
        inputMode="decimal"
        value={value}
        onInput={(e) => setValue(e.currentTarget.value)}
        error={error}
        hint={t("hint")}
      />
      <SubmitButton busy={busy}>{t("save")}</SubmitButton>
    </form>
  );
}
