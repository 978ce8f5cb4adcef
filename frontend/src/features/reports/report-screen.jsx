// Report screens (spec 1 §2 "Report screens", §5 report rules): a filter form per report, then the
// Excel file through the download-token check.
import { useState } from "react";
import { DateInput, validDate } from "../../lib/date-input";
import { MonthInput } from "../../lib/month-input";
import { localMonth } from "../../lib/format";
import { downloadLink } from "../../lib/download";
import { rules, useForm } from "../../lib/form";
import { FormInput, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import {
  buyerImagesReport,
  datedReport,
  deliveryReport,
  monthlyReport,
  myCustomerReport,
  reportCountries,
  reportUserTypes,
} from "./api";
import { t } from "./text";
import { userTypeLabel } from "../../lib/enum-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {"dated" | "productivity" | "monthly" | "delivery" | "plain" | "countries" | "today"} ReportKind */
/** @typedef {{ value: string, label: string }} Option */

/**
 * What each report's form asks for, and its title (the id of its text).
 * @type {Record<string, { titleId: Parameters<typeof t>[0], kind: ReportKind }>}
 */
export const REPORTS = {
  "customer-visit": { titleId: "customerVisit", kind: "dated" },
  "customer-add": { titleId: "customerAdd", kind: "dated" },
  "profile-update": { titleId: "profileUpdate", kind: "dated" },
  "info-add": { titleId: "infoAdd", kind: "dated" },
  "login-history": { titleId: "loginHistory", kind: "dated" },
  productivity: { titleId: "productivity", kind: "productivity" },
  "monthly-summary": { titleId: "monthlySummary", kind: "monthly" },
  "monthly-summary-am": { titleId: "monthlySummaryAm", kind: "monthly" },
  delivery: { titleId: "delivery", kind: "delivery" },
  mycustomer: { titleId: "myCustomer", kind: "plain" },
  "buyer-details": { titleId: "buyerDetails", kind: "countries" },
  orders: { titleId: "orderLines", kind: "dated" },
  "beat-adherence": { titleId: "beatAdherence", kind: "dated" },
  attendance: { titleId: "attendance", kind: "dated" },
  schemes: { titleId: "schemes", kind: "dated" },
  collections: { titleId: "collections", kind: "dated" },
  // Today's balances: no dates, the country and search of the filter only.
  outstanding: { titleId: "outstanding", kind: "today" },
  "visit-photos": { titleId: "visitPhotos", kind: "dated" },
  targets: { titleId: "targets", kind: "dated" },
  returns: { titleId: "returns", kind: "dated" },
};

/**
 * Checkboxes over `options`: `value` holds the checked ones.
 * @param {{ legend: string, options: Option[], value: string[], onChange: (value: string[]) => void, error?: string }} props
 */
function MultiCheck({ legend, options, value, onChange, error }) {
  const toggle = (/** @type {string} */ v) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset class={`choice${error ? " has-error" : ""}`}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="checkbox" checked={value.includes(o.value)} onChange={() => toggle(o.value)} /> {o.label}
        </label>
      ))}
      {error && <small class="field-error">{error}</small>}
    </fieldset>
  );
}

/** @param {import("../../lib/session").ScreenProps} props */
export default function ReportScreen({ params }) {
  const name = params.name;
  const spec = REPORTS[name];
  const { data: types } = useApi(reportUserTypes, { initial: /** @type {Schemas["UserType"][]} */ ([]) });
  const { data: countries } = useApi(reportCountries, { initial: /** @type {Schemas["Country"][]} */ ([]) });
  const [busy, saving] = useSaving();
  const [status, setStatus] = useState(/** @type {string | null} */ (null));
  const kind = spec.kind;
  const form = useForm(
    {
      fromDate: "",
      toDate: "",
      search: "",
      userType: "0",
      country: "",
      radio: kind === "delivery" ? "OrderDate" : "DayWise",
      monthYear: localMonth(),
      userTypes: /** @type {string[]} */ ([]),
      countries: /** @type {string[]} */ ([]),
    },
    () => {
      if (kind === "dated" || kind === "productivity")
        return {
          fromDate: [rules.required(t("fromDateRequired")), validDate()],
          toDate: [rules.required(t("toDateRequired")), validDate()],
        };
      if (kind === "monthly") {
        return {
          userTypes: [(v) => (v.length ? null : t("selectUserType"))],
          countries: [(v) => (v.length ? null : t("selectCountry"))],
        };
      }
      if (kind === "delivery") {
        return {
          fromDate: [rules.required(t("enterFromDate")), validDate()],
          toDate: [rules.required(t("enterToDate")), validDate()],
          countries: [(v) => (v.length ? null : t("selectCountry"))],
        };
      }
      if (kind === "countries") return { countries: [(v) => (v.length ? null : t("selectCountry"))] };
      return {};
    },
  );
  const v = form.values;
  const typeOptions = types.map((t) => ({ value: String(t.userTypeId), label: userTypeLabel(t.userTypeId, t.userType) }));
  const countryOptions = countries.map((c) => ({ value: c.country, label: c.country }));

  /** @returns {Promise<Schemas["DownloadLink"]>} */
  const request = () => {
    if (kind === "dated" || kind === "productivity") {
      const report = kind === "productivity" && v.radio === "Summary" ? "productivitysummary" : name;
      return datedReport(report, {
        fromDate: v.fromDate,
        toDate: v.toDate,
        search: v.search,
        userType: v.userType,
        country: v.country,
      });
    }
    if (kind === "monthly")
      return monthlyReport({
        country: v.countries,
        userType: v.userTypes.map(Number),
        reportName: name,
        monthYear: v.monthYear,
      });
    if (kind === "delivery")
      return deliveryReport({
        reportName: v.radio,
        monthYear: v.monthYear,
        fromDate: v.fromDate,
        toDate: v.toDate,
        country: v.countries,
      });
    if (kind === "countries") return buyerImagesReport({ country: v.countries });
    if (kind === "today") return datedReport(name, { search: v.search, country: v.country });
    return myCustomerReport();
  };
  const submit = async (/** @type {import("preact").JSX.TargetedSubmitEvent<HTMLFormElement>} */ e) => {
    e.preventDefault();
    if (!form.validate()) return;
    setStatus(null);
    await saving(async () => {
      try {
        const r = await request();
        setStatus(r.message);
        await downloadLink(r.excelPath);
      } catch (err) {
        // Report failures are only logged (spec 1 §8); the page says so briefly.
        console.error("report generation failed", err);
        setStatus(t("failed"));
      }
    });
  };
  return (
    <section>
      <PageHeader title={t(spec.titleId)} back="/home" />
      <form onSubmit={submit} onFocusOut={form.leave} noValidate class="narrow-form">
        {(kind === "dated" || kind === "productivity" || kind === "delivery") && (
          <>
            <DateInput
              id="fromDate"
              label={t("fromDate")}
              value={v.fromDate}
              onValue={form.set("fromDate")}
              error={form.errors.fromDate}
            />
            <DateInput id="toDate" label={t("toDate")} value={v.toDate} onValue={form.set("toDate")} error={form.errors.toDate} />
          </>
        )}
        {kind === "today" && <p class="muted">{t("asOfToday")}</p>}
        {(kind === "dated" || kind === "productivity" || kind === "today") && (
          <>
            {name !== "login-history" && kind !== "today" && (
              <Select
                id="userType"
                label={t("userType")}
                value={v.userType}
                onChange={form.set("userType")}
                options={[{ value: "0", label: t("all") }, ...typeOptions]}
                placeholder={null}
              />
            )}
            {name !== "login-history" && (
              <Select
                id="country"
                label={t("country")}
                value={v.country}
                onChange={form.set("country")}
                options={countryOptions}
                placeholder={t("all")}
              />
            )}
            <FormInput form={form} id="search" label={t("search")} />
          </>
        )}
        {kind === "productivity" && (
          <fieldset class="choice">
            <legend>{t("view")}</legend>
            {[
              ["DayWise", t("dayWise")],
              ["Summary", t("summary")],
            ].map(([r, label]) => (
              <label key={r}>
                <input type="radio" name="radio" checked={v.radio === r} onChange={() => form.set("radio")(r)} /> {label}
              </label>
            ))}
          </fieldset>
        )}
        {kind === "delivery" && (
          <fieldset class="choice">
            <legend>{t("by")}</legend>
            {[
              ["OrderDate", t("orderDate")],
              ["UpdatedDate", t("updatedDate")],
            ].map(([r, label]) => (
              <label key={r}>
                <input type="radio" name="radio" checked={v.radio === r} onChange={() => form.set("radio")(r)} /> {label}
              </label>
            ))}
          </fieldset>
        )}
        {kind === "monthly" && (
          <>
            <MonthInput
              id="monthYear"
              label={t("month")}
              value={v.monthYear}
              onValue={form.set("monthYear")}
              error={form.errors.monthYear}
            />
            <MultiCheck
              legend={t("userType")}
              options={[{ value: "0", label: t("all") }, ...typeOptions]}
              value={v.userTypes}
              onChange={form.set("userTypes")}
              error={form.errors.userTypes}
            />
          </>
        )}
        {(kind === "monthly" || kind === "delivery" || kind === "countries") && (
          <MultiCheck
            legend={t("country")}
            options={countryOptions}
            value={v.countries}
            onChange={form.set("countries")}
            error={form.errors.countries}
          />
        )}
        <SubmitButton busy={busy}>{t("generate")}</SubmitButton>
        {status && (
          <p class="muted" role="status">
            {status}
          </p>
        )}
      </form>
    </section>
  );
}
