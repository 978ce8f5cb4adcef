// The upload screens (spec 1 §2, spec 2 "Delivery upload screen"): pick an .xlsx, Submit, the
// 'Upload File Format' sample, and the result modal with the rejected rows paged at 30.
import { t } from "./text";
import { useEffect, useState } from "react";
import { alertInfo, alertSuccess } from "../../lib/alerts";
import { messageFor } from "../../lib/i18n/messages";
import { downloadLink } from "../../lib/download";
import { DataTable } from "../../lib/table";
import { FilePick } from "../../lib/file-pick";
import { Field, PageHeader, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { customerWorkbook, latestUpload, uploadWorkbook } from "./api";
import { guessMatch, mappingOf, rememberMapping, rememberedMapping } from "./match";
import { ApiError } from "../../lib/api-client";
import { Modal } from "../../lib/modal";

/** @typedef {import("../../../types/api").components["schemas"]["UploadResult"]} UploadResult */
/** @typedef {import("../../../types/api").components["schemas"]["UploadProgress"]} UploadProgress */
/** Their columns beside ours: `chosen` is our header -> theirs ("" where none).
 * @typedef {{ ours: { header: string, required: boolean }[], theirs: string[], chosen: Record<string, string> }} Match */
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
  invoice: { field: "invoicedata", sample: "sample_invoiceupload.xlsx" },
  scheme: { field: "schemedata", sample: "sample_schemeupload.xlsx" },
  target: { field: "targetdata", sample: "sample_targetupload.xlsx" },
};

/** @param {{ result: UploadResult, onClose: () => void }} props */
function ResultModal({ result, onClose }) {
  const title = result.excelLink ? t("uploaded") : t("notUploaded");
  return (
    <Modal class="modal modal-wide" titleId="result-title" title={title}>
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
    </Modal>
  );
}

/** @param {{ kind: UploadKind, back?: string }} props */
export function UploadScreen({ kind, back = "/home" }) {
  const spec = UPLOADS[kind];
  const [file, setFile] = useState(/** @type {File | null} */ (null));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, saving] = useSaving();
  const [result, setResult] = useState(/** @type {UploadResult | null} */ (null));
  // While the file's rows go in: how far they got (polled), and the Cancel of the request.
  const [progress, setProgress] = useState(/** @type {UploadProgress | null} */ (null));
  // The file's bytes sent so far, before its rows go in.
  const [sentBytes, setSentBytes] = useState(/** @type {{ sent: number, total: number } | null} */ (null));
  const [cancel, setCancel] = useState(/** @type {AbortController | null} */ (null));
  // The last upload of this kind, where it stopped part-way (the server stopped, a refused row).
  const [stopped, setStopped] = useState(/** @type {UploadProgress | null} */ (null));
  // Counts the uploads sent from this screen: each one ended looks again.
  const [sent, setSent] = useState(0);
  useEffect(() => {
    latestUpload(kind).then(
      (last) => setStopped(last && last.state === "stopped" ? last : null),
      () => setStopped(null),
    );
  }, [kind, sent]);
  // Someone else's export: their columns beside ours, to be matched (and remembered) before the
  // file goes in again.
  const [match, setMatch] = useState(/** @type {Match | null} */ (null));
  /** Sends the file, read through `mapping` (their header -> ours) where given. @param {Record<string, string> | null} mapping */
  const send = async (mapping) => {
    if (!file) return;
    const data = new FormData();
    data.append(spec.field, file);
    if (kind.startsWith("customer")) data.append("isDelete", spec.isDelete ? "true" : "false");
    if (mapping) data.append("mapping", JSON.stringify(mapping));
    const controller = new AbortController();
    setCancel(controller);
    const poll = setInterval(() => {
      latestUpload(kind).then(
        (now) => now && now.state === "running" && setProgress(now),
        () => {},
      );
    }, 1000);
    await saving(async () => {
      try {
        const r = await uploadWorkbook(kind, data, controller.signal, (sent, total) => setSentBytes({ sent, total }));
        if (mapping) rememberMapping(kind, mapping);
        if (r.excelLink) alertSuccess(r.message);
        setMatch(null);
        setResult(r);
      } catch (err) {
        if (controller.signal.aborted) {
          alertInfo(t("cancelled"));
          return;
        }
        const theirs = err instanceof ApiError && err.code === "upload_bad_header" ? err.params?.theirs : null;
        if (!Array.isArray(theirs) || theirs.length === 0) throw err;
        const ours = /** @type {Match["ours"]} */ (err.params?.ours);
        setMatch({ ours, theirs, chosen: guessMatch(ours, theirs) });
      }
    });
    clearInterval(poll);
    setProgress(null);
    setSentBytes(null);
    setCancel(null);
    setSent((n) => n + 1);
  };
  const submit = async (/** @type {import("preact").JSX.TargetedSubmitEvent<HTMLFormElement>} */ e) => {
    e.preventDefault();
    if (!file || !file.name.toLowerCase().endsWith(".xlsx")) {
      setError(t("chooseXlsx"));
      return;
    }
    setError(null);
    setMatch(null);
    await send(rememberedMapping(kind));
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
          <FilePick
            id="uploadFile"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onFile={setFile}
          />
        </Field>
        <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
      </form>
      {busy && (
        <div class="upload-progress" role="status" data-testid="upload-progress">
          {progress || !sentBytes ? (
            <progress />
          ) : (
            <progress value={sentBytes.sent} max={sentBytes.total} aria-label={t("sending")} />
          )}
          <span>
            {progress
              ? t("rowsDone", { rows: progress.applied + progress.rejected })
              : sentBytes && sentBytes.sent < sentBytes.total
                ? t("sendingPercent", { percent: Math.floor((sentBytes.sent * 100) / sentBytes.total) })
                : sentBytes
                  ? t("reading")
                  : t("sending")}
          </span>
          {cancel && (
            <button type="button" class="btn" onClick={() => cancel.abort()}>
              {t("cancel")}
            </button>
          )}
        </div>
      )}
      {match && !busy && (
        <section class="column-match" data-testid="column-match" aria-labelledby="column-match-title">
          <h2 id="column-match-title">{t("matchTitle")}</h2>
          <p class="muted">{t("matchIntro")}</p>
          {match.ours.map((our, i) => (
            <Field key={our.header} label={our.required ? `${our.header} *` : our.header} id={`match-${i}`}>
              <select
                id={`match-${i}`}
                value={match.chosen[our.header]}
                onChange={(e) => setMatch({ ...match, chosen: { ...match.chosen, [our.header]: e.currentTarget.value } })}
              >
                <option value="">{t("notInFile")}</option>
                {match.theirs.map((their) => (
                  <option key={their} value={their}>
                    {their}
                  </option>
                ))}
              </select>
            </Field>
          ))}
          <button type="button" class="btn btn-primary" onClick={() => send(mappingOf(match.chosen))}>
            {t("uploadMatched")}
          </button>
        </section>
      )}
      {!busy && stopped && (
        <p class="notice" role="status" data-testid="upload-stopped">
          {t("lastStopped", {
            row: stopped.lastRow,
            reason: messageFor(stopped.stoppedCode, null, stopped.stoppedReason || ""),
          })}
        </p>
      )}
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
