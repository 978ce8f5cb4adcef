// Photos (managers and administrators; right photo_review): the visit photos of the caller's agents
// (GET /users/visit/photos, scoped by the server), 30 a page newest first, filtered by agent,
// customer, dates, label and the duplicate flag; a grid of square thumbnails (loaded as they come
// into view) with customer, agent, time, label and the "Possible duplicate" mark; a tap opens the
// full photo over the screen.
import { useState } from "react";
import { AgentSelect } from "../../lib/agent-select";
import { DateInput } from "../../lib/date-input";
import { formatDateTime } from "../../lib/format";
import { labelText, PHOTO_LABELS } from "../../lib/photos/image";
import { PhotoOverlay, PhotoTile } from "../../lib/photos/photo-view";
import { Pager } from "../../lib/table";
import { Empty, Loading, PageHeader, Select, TextInput } from "../../lib/ui";
import { FilterBar } from "../../lib/filter-bar";
import { usePhotoList } from "./api";
import { t } from "./text";

/** @typedef {import("../../lib/photos/api").PhotoRow} PhotoRow */
/** @typedef {{ agentId: number, buyerId: string, from: string, to: string, label: string, flagged: "" | "true" | "false" }} Filter */

const PAGE = 30;
/** @type {Filter} */
const NONE = { agentId: 0, buyerId: "", from: "", to: "", label: "", flagged: "" };

export default function PhotosScreen() {
  const list = usePhotoList(NONE, t("fromAfterTo"));
  const { filter, set, page, answer } = list;
  const dateError = list.errors;
  const [open, setOpen] = useState(/** @type {PhotoRow | null} */ (null));
  /** @param {Event} e */
  const value = (e) => /** @type {HTMLInputElement | HTMLSelectElement} */ (e.currentTarget).value;
  const pages = answer ? Math.max(1, Math.ceil(answer.totalRecords / PAGE)) : 1;
  /** @type {PhotoRow[]} */
  const rows = answer ? answer.data : [];
  return (
    <section>
      <PageHeader title={t("title")} back="/home" />
      <FilterBar list={list} searchText={t("search")} class="photo-filters" testId="photo-filters">
        <AgentSelect value={filter.agentId} allLabel={t("allAgents")} onChange={(agentId) => set({ agentId })} />
        <TextInput id="photoBuyerId" label={t("customer")} value={filter.buyerId} onInput={(e) => set({ buyerId: value(e) })} />
        <DateInput
          id="photoFrom"
          label={t("from")}
          value={filter.from}
          onValue={(from) => set({ from })}
          error={dateError.from}
        />
        <DateInput id="photoTo" label={t("to")} value={filter.to} onValue={(to) => set({ to })} error={dateError.to} />
        <Select
          id="photoLabel"
          label={t("label")}
          value={filter.label}
          placeholder={t("anyLabel")}
          onChange={(e) => set({ label: value(e) })}
          options={PHOTO_LABELS.map(([v, l]) => ({ value: v, label: l }))}
        />
        <Select
          id="photoFlagged"
          label={t("duplicates")}
          value={filter.flagged}
          placeholder={t("allPhotos")}
          onChange={(e) => set({ flagged: /** @type {Filter["flagged"]} */ (value(e)) })}
          options={[
            { value: "true", label: t("duplicatesOnly") },
            { value: "false", label: t("notFlagged") },
          ]}
        />
      </FilterBar>
      {!answer ? (
        <Loading />
      ) : (
        <>
          {/* No "0 photos" over the empty list's own text (decision 48). */}
          {answer.totalRecords > 0 && (
            <p class="muted" data-testid="photos-count">
              {t("count", { count: answer.totalRecords })}
            </p>
          )}
          {!rows.length ? (
            <Empty text={t("noneMatch")} />
          ) : (
            <ul class="photo-grid" data-testid="photo-grid">
              {rows.map((p) => (
                <li key={p.photoId} class="photo-card" data-testid="photo-card">
                  <PhotoTile photo={p} onOpen={setOpen} />
                  <span class="photo-meta" title={`${p.buyerId} - ${p.buyerName}`}>
                    <strong>{p.buyerName || p.buyerId}</strong>
                  </span>
                  <span class="photo-meta muted">{p.agentName}</span>
                  <span class="photo-meta muted">{formatDateTime(p.takenAt)}</span>
                  {p.label && <span class="photo-meta muted">{labelText(p.label)}</span>}
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pages={pages} onPage={list.setPage} />
        </>
      )}
      {open && <PhotoOverlay photo={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
