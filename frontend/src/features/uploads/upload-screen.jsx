// The upload screens (spec 1 §2, spec 2 "Delivery upload screen"): pick an .xlsx, Submit, the
// 'Upload File Format' sample, and the result modal with the rejected rows paged at 30.
import { t } from "./text";
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { messageFor } from "../../lib/i18n/messages";
import { downloadLink } from "../../lib/download";
import { DataTable } from "../../lib/table";
import { Field, PageHeader, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { customerWorkbook, uploadWorkbook } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]["UploadResult"]} UploadResult */
/** @typedef {import("./api").UploadKind} UploadKind */

/**
 * Each upload screen: its file field and sample (its API path is in api.js).
 * @type {Record<UploadKind, { field: string, sample: string, isDelete?: boolean }>} (the title: the catalogue's "uploads.<kind>")
 */
export const UPLOADS = {
  customer: {
    field: "customerdata",
    sample: "sample_customerupload.xlsx",
  },
  customerdelete: {
    field: "customerdata",
    sample: "sample_customerdelete.xlsx",
    isDelete: true,
  },
  product: {
    field: "productdata",
    sample: "sample_productupload.xlsx",
  },
  distributor: {
    field: "distributordata",
    sample: "sample_distributorupload.xlsx",
  },
  scorecard: {
    field: "scorecarddata",
    sample: "sample_scorecardupload.xlsx",
  },
  delivery: {
    field: "deliverydata",
    sample: "sample_deliveryupload.xlsx",
  },
  order: { field: "orderdata", sample: "sample_orderupload.xlsx" },
  beat: { field: "beatdata", sample: "sample_beatupload.xlsx" },
};

/** @param {{ result: UploadResult, onClose: () => void }} props */
function ResultModal({ result, onClose }) {
  const title = result.excelLink ? t("uploaded") : t("notUploaded");
  return (
    <div class="modal-backdrop">
      <div class="modal modal-wide" role="dialog" aria-modal="true" aria-labelledby="result-title">
        <h2 id="result-title">{title}</h2>
        <p>{result.message}</p>
        {result.excelLink && (
          <p>
            <a href={result.excelLink} onClick={(e) => (e.preventDefault(), result.excelLink && downloadLink(result.excelLink))}>
              {t("downloadResult")}
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
              { key: "rowNumber", label: t("row") },
              {
                key: "reason",
                label: t("reason"),
                wrap: true,
                render: (/** @type {UploadResult["data"][number]} */ row) => messageFor(row.code, row.params, row.reason),
              },
            ]}
          />
        )}
        <div class="modal-actions">
          <button type="button" class="btn btn-primary" onClick={onClose}>
            {t("close")}
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
      setError(t("chooseXlsx"));
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
      <PageHeader title={t(kind)} back={back}>
        <a class="btn" href={`/webapi/excelupload/${spec.sample}`} download="sample.xlsx">
          {t("fileFormat")}
        </a>
      </PageHeader>
      <form onSubmit={submit} noValidate class="narrow-form">
        <Field label={t("excelFile")} id="uploadFile" error={error}>
          <input
            id="uploadFile"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.currentTarget.files?.[0] || null)}
          />
        </Field>
        <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
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
      if (await downloadLink(r.excelPath)) alertSuccess(t("downloaded"));
    });
  };
  return (
    <section>
      <PageHeader title={t("customerMaster")} back="/home" />
      <p class="muted">{t("customerMasterNote")}</p>
      <div class="actions">
        <a class="btn btn-primary" href="#/master/customer-master-upload">
          {t("addEdit")}
        </a>
        <a class="btn btn-danger" href="#/master/customer-master-upload/true">
          {t("delete")}
        </a>
        <button type="button" class="btn" onClick={download} disabled={busy}>
          {t("downloadCustomers")}
        </button>
      </div>
    </section>
  );
}
