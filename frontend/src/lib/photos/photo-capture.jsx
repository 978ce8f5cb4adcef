// Taking a visit's photos on the phone (issue #37): the camera (not the gallery, where the browser
// allows it), each photo made ready at once (lib/photos/image.js: oriented, <= 1600 px, <= 200 KB,
// no metadata), shown as a thumbnail with its label picker and a remove button, "n of 8". The
// visit screen holds the list and queues it with the visit (queueVisitPhotos).
import { useEffect, useRef, useState } from "react";
import { alertError } from "../alerts";
import { Spinner } from "../ui";
import { fileSize, MAX_PHOTOS, PHOTO_LABELS, preparePhoto } from "./image";
import { t } from "./text";
import "./photos.css";

/**
 * A photo taken and made ready, not queued yet: `key` is its clientId to be.
 * @typedef {import("./image").PreparedPhoto & { key: string, label: import("./api").PhotoLabel | "" }} TakenPhoto
 */

/** A thumbnail of a Blob (its object URL released when it goes). @param {{ blob: Blob, alt: string }} props */
function BlobThumb({ blob, alt }) {
  const [src, setSrc] = useState(/** @type {string | null} */ (null));
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return src ? <img src={src} alt={alt} class="photo-img" /> : null;
}

/**
 * @param {{ photos: TakenPhoto[], onChange: (photos: TakenPhoto[]) => void, newKey: () => string,
 *   taken?: number, disabled?: boolean, idPrefix?: string, max?: number, labels?: boolean }} props
 *   `taken`: photos of the same visit already queued (they count towards the `max`, 8 by default);
 *   `labels`: each photo has its label picker (a new shop's one photo of its front has none)
 */
export function PhotoCapture({
  photos,
  onChange,
  newKey,
  taken = 0,
  disabled = false,
  idPrefix = "visitPhoto",
  max = MAX_PHOTOS,
  labels = true,
}) {
  const [busy, setBusy] = useState(false);
  const input = useRef(/** @type {HTMLInputElement | null} */ (null));
  const count = taken + photos.length;
  const room = max - count;
  // The latest list: a photo made ready after another change joins that change, not the old list.
  const latest = useRef(photos);
  latest.current = photos;
  /** @param {Event} e */
  const pick = async (e) => {
    const el = /** @type {HTMLInputElement} */ (e.currentTarget);
    const files = Array.from(el.files || []).slice(0, room);
    el.value = "";
    if (!files.length) return;
    setBusy(true);
    try {
      for (const file of files) {
        try {
          const ready = await preparePhoto(file);
          latest.current = [...latest.current, { ...ready, key: newKey(), label: "" }];
          onChange(latest.current);
        } catch {
          alertError(t("notAPhoto"));
        }
      }
    } finally {
      setBusy(false);
    }
  };
  /** @param {string} key @param {Partial<TakenPhoto>} patch */
  const change = (key, patch) => onChange(photos.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  return (
    <div class="photo-capture" data-testid="photo-capture">
      <div class="photo-capture-head">
        <label class={`btn${disabled || busy || room <= 0 ? " disabled" : ""}`} for={`${idPrefix}Input`}>
          {busy && <Spinner />}
          {busy ? t("preparing") : t("take")}
        </label>
        <input
          ref={input}
          id={`${idPrefix}Input`}
          class="photo-input visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={disabled || busy || room <= 0}
          onChange={pick}
          data-testid="photo-input"
        />
        <span class="muted" data-testid="photo-count">
          {t("countOf", { count, max })}
        </span>
      </div>
      {photos.length > 0 && (
        <ul class="photo-strip">
          {photos.map((p, i) => (
            <li key={p.key} class="photo-item" data-testid="photo-item">
              <div class="photo-tile">
                <BlobThumb blob={p.blob} alt={t("photoN", { n: taken + i + 1 })} />
              </div>
              <small class="muted">{fileSize(p.size)}</small>
              {labels && (
                <select
                  aria-label={t("labelOfN", { n: taken + i + 1 })}
                  value={p.label}
                  disabled={disabled}
                  onChange={(e) =>
                    change(p.key, {
                      label: /** @type {TakenPhoto["label"]} */ (/** @type {HTMLSelectElement} */ (e.currentTarget).value),
                    })
                  }
                >
                  <option value="">{t("noLabel")}</option>
                  {PHOTO_LABELS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
              <button
                type="button"
                class="btn btn-small btn-danger"
                disabled={disabled}
                aria-label={t("removeN", { n: taken + i + 1 })}
                onClick={() => onChange(photos.filter((x) => x.key !== p.key))}
              >
                {t("remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
