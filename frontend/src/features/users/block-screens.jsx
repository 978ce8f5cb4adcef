// Block/Unblock User (user/unblock-user) and Unblock Agent / Agent Pass Reset (user/user-agent),
// spec 1 §2, §4 "Blocking", §8 (the confirmation texts).
import { t } from "./text";
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader, Select } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { AGENT } from "../../lib/rights";
import { blockList, resetAgent, setBlocked } from "./api";
import { userTypeLabel } from "../../lib/enum-text";
import { Modal } from "../../lib/modal";

/** @typedef {import("../../../types/api").components["schemas"]["BlockRow"]} BlockRow */

export function UnblockUserScreen() {
  const { data, loading, reload } = useApi(() => blockList(false), { initial: /** @type {BlockRow[]} */ ([]) });
  const [filter, setFilter] = useState("all");
  const [pending, setPending] = useState(/** @type {{ user: BlockRow, block: boolean } | null} */ (null));
  const [unblockedAgent, setUnblockedAgent] = useState(/** @type {string | null} */ (null));
  const [, saving] = useSaving();
  const rows = data.filter((u) => filter === "all" || u.isBlocked);
  const act = () => {
    if (!pending) return;
    const { user, block } = pending;
    setPending(null);
    saving(async () => {
      const r = await setBlocked(user.uid, block);
      alertSuccess(r.message);
      if (!block && r.userTypeId === AGENT) setUnblockedAgent(user.name);
      reload();
    });
  };
  return (
    <section>
      <PageHeader title={t("blockTitle")} back="/home" />
      <Select
        id="blockFilter"
        label={t("show")}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        placeholder={null}
        options={[
          { value: "all", label: t("all") },
          { value: "blocked", label: t("blocked") },
        ]}
      />
      {loading ? (
        <Loading />
      ) : (
        <DataTable
          pageSize={30}
          testId="block-table"
          rows={rows}
          columns={[
            { key: "name", label: t("name") },
            { key: "emailId", label: t("loginId") },
            { key: "userTypeDetail", label: t("userType"), render: (r) => userTypeLabel(r.userTypeId, r.userTypeDetail) },
            { key: "country", label: t("country") },
            { key: "isBlocked", label: t("status"), render: (u) => (u.isBlocked ? t("blocked") : t("active")) },
            {
              key: "action",
              label: t("action"),
              render: (u) => (
                <button
                  type="button"
                  class={`btn btn-small${u.isBlocked ? "" : " btn-danger"}`}
                  onClick={() => setPending({ user: u, block: !u.isBlocked })}
                >
                  {u.isBlocked ? t("unblock") : t("block")}
                </button>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={!!pending}
        message={pending ? t("confirmBlock", { action: pending.block ? "block" : "unblock", name: pending.user.name }) : ""}
        onYes={act}
        onCancel={() => setPending(null)}
      />
      {unblockedAgent && (
        <Modal titleId="unblocked-title" title={t("agentUnblocked")}>
          <p>{t("canSignIn", { name: unblockedAgent })}</p>
          <div class="modal-actions">
            <button type="button" class="btn btn-primary" onClick={() => setUnblockedAgent(null)}>
              {t("ok")}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}

export function UserAgentScreen() {
  const { data, loading, reload } = useApi(() => blockList(true), { initial: /** @type {BlockRow[]} */ ([]) });
  const [pending, setPending] = useState(/** @type {BlockRow | null} */ (null));
  const [, saving] = useSaving();
  const reset = () => {
    const user = pending;
    if (!user) return;
    setPending(null);
    saving(async () => {
      const r = await resetAgent(user.uid);
      alertSuccess(r.message);
      reload();
    });
  };
  return (
    <section>
      <PageHeader title={t("unblockAgent")} back="/home" />
      {loading ? (
        <Loading />
      ) : (
        <DataTable
          pageSize={30}
          testId="agent-table"
          rows={data}
          columns={[
            { key: "name", label: t("name") },
            { key: "emailId", label: t("loginId") },
            { key: "country", label: t("country") },
            { key: "isBlocked", label: t("status"), render: (u) => (u.isBlocked ? t("blocked") : t("active")) },
            {
              key: "reset",
              label: t("action"),
              render: (u) => (
                <button type="button" class="btn btn-small" onClick={() => setPending(u)}>
                  {t("resetPassword")}
                </button>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={!!pending}
        message={pending ? t("confirmReset", { name: pending.name }) : ""}
        onYes={reset}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
