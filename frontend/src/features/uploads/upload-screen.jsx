// The upload screens (spec 1 §2, spec 2 "Delivery upload screen"): pick an .xlsx, Submit, the
// 'Upload File Format' sample, and the result modal with the rejected rows paged at 30.
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { downloadLink } from "../../lib/download";
import { DataTable } from "../../lib/table";
import { Field, PageHeader, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { customerWorkbook, uploadWorkbook } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]["UploadResult"]} UploadResult */
/** @typedef {import("./api").UploadKind} UploadKind */

/**
 * Each upload screen: its title, file field and sample (its API path is in api.js).
 * @type {Record<UploadKind, { title: string, field: string, sample: string, isDelete?: boolean }>}
 */
export const UPLOADS = {
  customer: {
    title: "Customer Master Upload",
    field: "customerdata",
    sample: "sample_customerupload.xlsx",
  },
  customerdelete: {
    title: "Customer Master Delete",
    field: "customerdata",
    sample: "sample_customerdelete.xlsx",
    isDelete: true,
  },
  product: {
    title: "Product Master Upload",
    field: "productdata",
    sample: "sample_productupload.xlsx",
  },
  distributor: {
    title: "Distributor Master Upload",
    field: "distributordata",
    sample: "sample_distributorupload.xlsx",
  },
  scorecard: {
    title: "Scorecard Upload",
    field: "scorecarddata",
    sample: "sample_scorecardupload.xlsx",
  },
  delivery: {
    title: "Delivery Upload",
    field: "deliverydata",
    sample: "sample_deliveryupload.xlsx",
  },
  order: { title: "Order Upload", field: "orderdata", sample: "sample_orderupload.xlsx" },
  beat: { title: "Beat Upload", field: "beatdata", sample: "sample_beatupload.xlsx" },
};

/** @param {{ result: UploadResult, onClose: () => void }} props */
function ResultModal({ result, onClose }) {
  const title = result.excelLink ? "Data Uploaded Successfully" : "No Data Uploaded";
  return (
    <div class="modal-backdrop">
      <div class="modal modal-wide" role="dialog" aria-modal="true" aria-labelledby="result-title">
        <h2 id="result-title">{title}</h2>
        <p>{result.message}</p>
        {result.excelLink && (
          <p>
            <a href={result.excelLink} onClick={(e) => (e.preventDefault(), result.excelLink && downloadLink(result.excelLink))}>
              Download the result workbook
            </a>
          </p>
        )}
        {result.data.length > 0 && (
          <DataTable
            pageSize={30}
            serial={false}
            testId="upload-result"
            rows={result.data}
            columns={[
              { key: "rowNumber", label: "Row" },
              { key: "reason", label: "Reason", wrap: true },
            ]}
          />
        )}
        <div class="modal-actions">
          <button type="button" class="btn btn-primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/** @param {{ kind: UploadKind, back?: string }} props */
export function UploadScreen({ kind, back = "/home" }) {
  const spec = UPLOADS[kind];
  const [file, setFile] = useState(/** @type {File | null} */ (null));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, saving] = useSaving();
  const [result, setResult] = useState(/** @type {UploadResult | null} */ (null));
  const submit = async (/** @type {import("preact").JSX.TargetedSubmitEvent<HTMLFormElement>} */ e) => {
    e.preventDefault();
    if (!file || !file.name.toLowerCase().endsWith(".xlsx")) {
      setError("Please choose an .xlsx file.");
      return;
    }
    setError(null);
    const data = new FormData();
    data.append(spec.field, file);
    if (kind.startsWith("customer")) data.append("isDelete", spec.isDelete ? "true" : "false");
    await saving(async () => {
      const r = await uploadWorkbook(kind, data);
      if (r.excelLink) alertSuccess(r.message);
      setResult(r);
    });
  };
  return (
    <section>
      <PageHeader title={spec.title} back={back}>
        <a class="btn" href={`/webapi/excelupload/${spec.sample}`} download="sample.xlsx">
          Upload File Format
        </a>
      </PageHeader>
      <form onSubmit={submit} noValidate class="narrow-form">
        <Field label="Excel file (.xlsx)" id="uploadFile" error={error}>
          <input
            id="uploadFile"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.currentTarget.files?.[0] || null)}
          />
        </Field>
        <SubmitButton busy={busy}>Submit</SubmitButton>
      </form>
      {result && <ResultModal result={result} onClose={() => setResult(null)} />}
    </section>
  );
}

export function CustomerMasterScreen() {
  const [busy, saving] = useSaving();
  const download = async () => {
    await saving(async () => {
      const r = await customerWorkbook();
      if (await downloadLink(r.excelPath)) alertSuccess("Downloaded Successful");
    });
  };
  return (
    <section>
      <PageHeader title="Customer Master" back="/home" />
      <p class="muted">
        Customers are kept in the customer workbook: download it, change or add rows, and upload it again. Deleting takes a list
        of buyer ids.
      </p>
      <div class="actions">
        <a class="btn btn-primary" href="#/master/customer-master-upload">
          Add/Edit
        </a>
        <a class="btn btn-danger" href="#/master/customer-master-upload/true">
          Delete
        </a>
        <button type="button" class="btn" onClick={download} disabled={busy}>
          Download Customer Master
        </button>
      </div>
    </section>
  );
}
