// Report screens (spec 1 §2 "Report screens", §5 report rules): a filter form per report, then the
// Excel file through the download-token check.
import { useState } from "react";
import { DateInput, validDate } from "../../lib/date-input";
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

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {"dated" | "productivity" | "monthly" | "delivery" | "plain" | "countries"} ReportKind */
/** @typedef {{ value: string, label: string }} Option */

/**
 * What each report's form asks for.
 * @type {Record<string, { title: string, kind: ReportKind }>}
 */
export const REPORTS = {
  "customer-visit": { title: "Customer Visit Report", kind: "dated" },
  "customer-add": { title: "Customer Add Report", kind: "dated" },
  "profile-update": { title: "Profile Update Report", kind: "dated" },
  "info-add": { title: "Info Add Report", kind: "dated" },
  "login-history": { title: "Login History Report", kind: "dated" },
  productivity: { title: "Productivity Report", kind: "productivity" },
  "monthly-summary": { title: "Monthly Summary Report", kind: "monthly" },
  "monthly-summary-am": { title: "Monthly Summary AM Report", kind: "monthly" },
  delivery: { title: "Delivery Report", kind: "delivery" },
  mycustomer: { title: "My Customer Report", kind: "plain" },
  "buyer-details": { title: "Buyer Details Report", kind: "countries" },
  orders: { title: "Order Lines Report", kind: "dated" },
  "beat-adherence": { title: "Beat Adherence Report", kind: "dated" },
  attendance: { title: "Attendance Report", kind: "dated" },
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
          fromDate: [rules.required("From Date is required"), validDate()],
          toDate: [rules.required("To Date is required"), validDate()],
        };
      if (kind === "monthly") {
        return {
          userTypes: [(v) => (v.length ? null : "Please select user type.")],
          countries: [(v) => (v.length ? null : "Please select country.")],
        };
      }
      if (kind === "delivery") {
        return {
          fromDate: [rules.required("Please Enter From Date."), validDate()],
          toDate: [rules.required("Please Enter To Date."), validDate()],
          countries: [(v) => (v.length ? null : "Please select country.")],
        };
      }
      if (kind === "countries") return { countries: [(v) => (v.length ? null : "Please select country.")] };
      return {};
    },
  );
  const v = form.values;
  const typeOptions = types.map((t) => ({ value: String(t.userTypeId), label: t.userType }));
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
        setStatus("The report could not be generated.");
      }
    });
  };
  return (
    <section>
      <PageHeader title={spec.title} back="/home" />
      <form onSubmit={submit} noValidate class="narrow-form">
        {(kind === "dated" || kind === "productivity" || kind === "delivery") && (
          <>
            <DateInput
              id="fromDate"
              label="From Date"
              value={v.fromDate}
              onValue={form.set("fromDate")}
              error={form.errors.fromDate}
            />
            <DateInput id="toDate" label="To Date" value={v.toDate} onValue={form.set("toDate")} error={form.errors.toDate} />
          </>
        )}
        {(kind === "dated" || kind === "productivity") && (
          <>
            {name !== "login-history" && (
              <Select
                id="userType"
                label="User Type"
                value={v.userType}
                onChange={form.set("userType")}
                options={[{ value: "0", label: "All" }, ...typeOptions]}
                placeholder={null}
              />
            )}
            {name !== "login-history" && (
              <Select
                id="country"
                label="Country"
                value={v.country}
                onChange={form.set("country")}
                options={countryOptions}
                placeholder="All"
              />
            )}
            <FormInput form={form} id="search" label="Search" />
          </>
        )}
        {kind === "productivity" && (
          <fieldset class="choice">
            <legend>View</legend>
            {["DayWise", "Summary"].map((r) => (
              <label key={r}>
                <input type="radio" name="radio" checked={v.radio === r} onChange={() => form.set("radio")(r)} /> {r}
              </label>
            ))}
          </fieldset>
        )}
        {kind === "delivery" && (
          <fieldset class="choice">
            <legend>By</legend>
            {[
              ["OrderDate", "Order Date"],
              ["UpdatedDate", "Updated Date"],
            ].map(([r, label]) => (
              <label key={r}>
                <input type="radio" name="radio" checked={v.radio === r} onChange={() => form.set("radio")(r)} /> {label}
              </label>
            ))}
          </fieldset>
        )}
        {kind === "monthly" && (
          <>
            <FormInput form={form} id="monthYear" label="Month" type="month" />
            <MultiCheck
              legend="User Type"
              options={[{ value: "0", label: "All" }, ...typeOptions]}
              value={v.userTypes}
              onChange={form.set("userTypes")}
              error={form.errors.userTypes}
            />
          </>
        )}
        {(kind === "monthly" || kind === "delivery" || kind === "countries") && (
          <MultiCheck
            legend="Country"
            options={countryOptions}
            value={v.countries}
            onChange={form.set("countries")}
            error={form.errors.countries}
          />
        )}
        <SubmitButton busy={busy}>Generate Report</SubmitButton>
        {status && (
          <p class="muted" role="status">
            {status}
          </p>
        )}
      </form>
    </section>
  );
}
