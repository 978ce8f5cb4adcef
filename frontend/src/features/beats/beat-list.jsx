// The beat list (issue #19; right beat_master): the caller's agents' beats 30 a page from the
// server (GET /master/beat, by agent then beat name), narrowed to one agent or by a search over
// beat and agent names; Edit opens the editor, Delete asks the masters' confirmation first.
import { useState } from "react";
import { AgentSelect } from "../../lib/agent-select";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { invalidate } from "../../lib/resource-store";
import { ServerTable } from "../../lib/server-page";
import { SearchBox } from "../../lib/suggest";
import { PageHeader } from "../../lib/ui";
import { deleteBeat, useBeatList } from "./api";
import { t } from "./text";
import { shortDay } from "./days";

/** @typedef {import("./api").Schemas["BeatRow"]} BeatRow */

const PAGE = 30;

export default function BeatList() {
  const list = useBeatList();
  const { page, setPage, answer: data } = list;
  const [doomed, setDoomed] = useState(/** @type {BeatRow | null} */ (null));

  const remove = async () => {
    const beat = doomed;
    setDoomed(null);
    if (!beat) return;
    try {
      const r = await deleteBeat(beat.beatId);
      alertSuccess(r.message);
      // The last beat of a later page gone: show the page before rather than an empty one.
      if (data && data.data.length === 1 && page > 1) setPage(page - 1);
      else invalidate("/master/beat");
    } catch (err) {
      alertError(err.message);
    }
  };

  return (
    <section>
      <PageHeader title={t("beats")} back="/home">
        <a class="btn" href="#/master/beat-upload">
          {t("upload")}
        </a>
        <a class="btn btn-primary" href="#/master/beat/new">
          {t("addBeat")}
        </a>
      </PageHeader>
      <div class="toolbar">
        <AgentSelect
          value={list.filter.agentId}
          allLabel={t("allAgents")}
          onChange={(/** @type {number} */ agentId) => list.apply({ agentId })}
        />
        <SearchBox id="beatSearch" label={t("searchBeats")} onSearch={(search) => list.apply({ search })} />
      </div>
      <ServerTable
        answer={data}
        page={page}
        onPage={setPage}
        pageSize={PAGE}
        rowKey="beatId"
        nouns={[t("beatOne"), t("beatMany")]}
        countTestId="beats-count"
        testId="beats-table"
        empty={list.applied.search || list.applied.agentId ? t("noBeatMatch") : t("noBeats")}
        columns={[
          { key: "beatName", label: t("beatName") },
          { key: "agentName", label: t("agent") },
          { key: "weekdays", label: t("weekdays"), render: (b) => b.weekdays.map(shortDay).join(", ") },
          { key: "customerCount", label: t("customers") },
          {
            key: "actions",
            end: true,
            label: t("actions"),
            render: (b) => (
              <span class="row-actions">
                <a class="btn btn-small" href={`#/master/beat/${b.beatId}`} aria-label={t("editNamed", { name: b.beatName })}>
                  {t("edit")}
                </a>
                <button
                  type="button"
                  class="btn btn-small btn-danger"
                  aria-label={t("deleteNamed", { name: b.beatName })}
                  onClick={() => setDoomed(b)}
                >
                  {t("delete")}
                </button>
              </span>
            ),
          },
        ]}
      />
      <ConfirmDialog open={doomed !== null} onYes={remove} onCancel={() => setDoomed(null)} />
    </section>
  );
}
