// Report screens (spec 1 §2 "Report screens", §5 report rules): a filter form per report, then the
// Excel file through the download-token check.
import { useState } from "react";
import { api } from "../../lib/api-client";
import { localMonth } from "../../lib/dates";
import { downloadLink } from "../../lib/download";
import { rules, useForm } from "../../lib/form";
import { FormInput, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";

/** What each report's form asks for. */
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
};

/** A report is built while its request waits, however long a wide one takes: no timeout. */
const generate = (path, body) => api(path, body ? { method: "POST", body, timeout: 0 } : { timeout: 0 });

function MultiCheck({ legend, options, value, onChange, error }) {
  const toggle = (v) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
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

export default function ReportScreen({ params }) {
  const name = params.name;
  const spec = REPORTS[name];
  const { data: types } = useApi("/master/userType?showAll=false", { initial: [] });
  const { data: countries } = useApi("/master/country", { initial: [] });
  const [busy, saving] = useSaving();
  const [status, setStatus] = useState(null);
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
      userTypes: [],
      countries: [],
    },
    () => {
      if (kind === "dated" || kind === "productivity")
        return { fromDate: [rules.required("From Date is required")], toDate: [rules.required("To Date is required")] };
      if (kind === "monthly") {
        return {
          userTypes: [(v) => (v.length ? null : "Please select user type.")],
          countries: [(v) => (v.length ? null : "Please select country.")],
        };
      }
      if (kind === "delivery") {
        return {
          fromDate: [rules.required("Please Enter From Date.")],
          toDate: [rules.required("Please Enter To Date.")],
          countries: [(v) => (v.length ? null : "Please select country.")],
        };
      }
      if (kind === "countries") return { countries: [(v) => (v.length ? null : "Please select country.")] };
      return {};
    },
  );
  const v = form.values;
  const typeOptions = (types || []).map((t) => ({ value: String(t.userTypeId), label: t.userType }));
  const countryOptions = (countries || []).map((c) => ({ value: c.country, label: c.country }));

  const request = () => {
    if (kind === "dated" || kind === "productivity") {
      const report = kind === "productivity" && v.radio === "Summary" ? "productivitysummary" : name;
      const q = new URLSearchParams({
        fromDate: v.fromDate,
        toDate: v.toDate,
        search: v.search,
        userType: v.userType,
        country: v.country,
      });
      return generate(`/report/${report}?${q}`);
    }
    if (kind === "monthly")
      return generate("/report/monthlyReport", {
        country: v.countries,
        userType: v.userTypes.map(Number),
        reportName: name,
        monthYear: v.monthYear,
      });
    if (kind === "delivery")
      return generate("/report/deliveryReport", {
        reportName: v.radio,
        monthYear: v.monthYear,
        fromDate: v.fromDate,
        toDate: v.toDate,
        country: v.countries,
      });
    if (kind === "countries") return generate("/report/buyerImagesReport", { country: v.countries });
    return generate("/report/mycustomerReport");
  };
  const submit = async (e) => {
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
            <FormInput form={form} id="fromDate" label="From Date" type="date" />
            <FormInput form={form} id="toDate" label="To Date" type="date" />
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
