// Visit photos as managers see them: a square tile with the small picture (fetched with the
// session's headers when the tile comes into view), a "Possible duplicate" mark when the server
// flagged it, and the full photo on tap in an overlay with Close. The visit screen shows a
// customer's photos by visit (VisitPhotos); the Photos screen (features/photos) shows the grid.
import { useEffect, useRef, useState } from "react";
import { formatDateTime } from "../format";
import { Loading } from "../ui";
import { photoBlob, photoPage } from "./api";
import { labelText } from "./image";
import { tq } from "../text";
import { t } from "./text";
import "./photos.css";

/** @typedef {import("./api").PhotoRow} PhotoRow */

export { labelText };

/** "Shelf at Shop X" (or "Photo at Shop X"): a photo's words for a screen reader. @param {PhotoRow} photo */
const altOf = (photo) =>
  t("labelAt", { label: labelText(photo.label) || t("photo"), customer: photo.buyerName || photo.buyerId });

/**
 * An object URL of the picture at `url` once `active`, released when the component goes.
 * @param {string | null} url
 * @param {boolean} active
 */
function useBlobUrl(url, active) {
  const [src, setSrc] = useState(/** @type {string | null} */ (null));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url || !active) return undefined;
    let alive = true;
    /** @type {string | null} */
    let made = null;
    photoBlob(url)
      .then((blob) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, active]);
  return { src, failed };
}

/** The small picture, asked for only when near the screen. @param {{ url: string, alt: string }} props */
function LazyThumb({ url, alt }) {
  const box = useRef(/** @type {HTMLSpanElement | null} */ (null));
  const [seen, setSeen] = useState(typeof IntersectionObserver !== "function");
  useEffect(() => {
    if (seen || !box.current) return undefined;
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          watch.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    watch.observe(box.current);
    return () => watch.disconnect();
  }, [seen]);
  const { src, failed } = useBlobUrl(url, seen);
  return (
    <span ref={box} class="photo-lazy">
      {src ? <img src={src} alt={alt} class="photo-img" /> : <span class="muted">{failed ? "!" : ""}</span>}
    </span>
  );
}

/** @param {{ photo: PhotoRow, onOpen: (photo: PhotoRow) => void }} props */
export function PhotoTile({ photo, onOpen }) {
  const alt = altOf(photo);
  return (
    <div class="photo-tile" data-testid="photo-tile">
      <LazyThumb url={photo.thumbUrl} alt={alt} />
      {photo.flagged && (
        <span class="photo-flag" data-testid="photo-flag">
          {t("possibleDuplicate")}
        </span>
      )}
      <button type="button" class="photo-open" aria-label={t("open", { photo: alt })} onClick={() => onOpen(photo)} />
    </div>
  );
}

/** The full photo over the screen; Close or Escape or a tap beside it closes. @param {{ photo: PhotoRow, onClose: () => void }} props */
export function PhotoOverlay({ photo, onClose }) {
  const { src, failed } = useBlobUrl(photo.url, true);
  const close = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(() => {
    if (close.current) close.current.focus();
    /** @param {KeyboardEvent} e */
    const key = (e) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per photo; `onClose` is the caller's, remade on every render
  }, [photo.photoId]);
  return (
    <div
      class="photo-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t("photo")}
      data-testid="photo-overlay"
      onClick={onClose}
    >
      <div class="photo-overlay-bar" onClick={(e) => e.stopPropagation()}>
        <span>
          {photo.buyerName || photo.buyerId} · {photo.agentName} · {formatDateTime(photo.takenAt)}
          {photo.label ? ` · ${labelText(photo.label)}` : ""}
          {photo.flagged && !photo.similarTo ? ` · ${t("possibleDuplicate")}` : ""}
        </span>
        {photo.flagged && photo.similarTo ? (
          // Which photo it resembles (issue #55): that photo's thumbnail and number.
          <span class="photo-similar" data-testid="photo-similar">
            <LazyThumb
              url={photo.thumbUrl.replace(/\/\d+\/thumb$/, `/${photo.similarTo}/thumb`)}
              alt={t("similarTo", { id: photo.similarTo })}
            />
            {t("similarTo", { id: photo.similarTo })}
          </span>
        ) : null}
        <button type="button" class="btn" ref={close} onClick={onClose}>
          {t("close")}
        </button>
      </div>
      {src ? (
        <img src={src} alt={altOf(photo)} onClick={(e) => e.stopPropagation()} />
      ) : failed ? (
        <p class="photo-overlay-note">{t("notLoaded")}</p>
      ) : (
        <Loading />
      )}
    </div>
  );
}

/**
 * A customer's visit photos for managers (right photo_review) on the visit screen: the latest page,
 * grouped by visit (its time and agent), newest first.
 * @param {{ buyerId: string, reload?: number }} props
 */
export function VisitPhotos({ buyerId, reload = 0 }) {
  const [rows, setRows] = useState(/** @type {PhotoRow[] | null} */ (null));
  const [open, setOpen] = useState(/** @type {PhotoRow | null} */ (null));
  useEffect(() => {
    let alive = true;
    photoPage({ buyerId, pageNumber: 1 })
      .then((p) => alive && setRows(p.data))
      .catch(() => alive && setRows([]));
    return () => {
      alive = false;
    };
  }, [buyerId, reload]);
  if (!rows) return <Loading />;
  /** @type {Map<number, PhotoRow[]>} */
  const byVisit = new Map();
  for (const r of rows) byVisit.set(r.visitId, [...(byVisit.get(r.visitId) || []), r]);
  return (
    <div class="card" data-testid="visit-photos">
      <h2>{t("visitPhotos")}</h2>
      {!rows.length && <p class="muted">{t("noPhotos")}</p>}
      {Array.from(byVisit.entries()).map(([visitId, photos]) => (
        <div key={visitId} class="photo-visit-group" data-testid="visit-photo-group">
          <h3>
            {formatDateTime(photos[0].takenAt)} · {photos[0].agentName} · {tq("photos", { count: photos.length })}
          </h3>
          <ul class="photo-grid">
            {photos.map((p) => (
              <li key={p.photoId} class="photo-card">
                <PhotoTile photo={p} onOpen={setOpen} />
                {p.label && <span class="photo-meta muted">{labelText(p.label)}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {open && <PhotoOverlay photo={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
