// The visit form of the visit screen: the outcome and a remark, saved with where the phone is
// (agents), or queued on the phone when the network does not answer; agents with visit_photo take
// photos with it, and may add more to the visit just saved (lib/photos: each its own queue entry).
import { useRef, useState } from "react";
import { alertInfo, alertSuccess } from "../../lib/alerts";
import { distance } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { messageFor } from "../../lib/i18n/messages";
import { MAX } from "../../lib/limits";
import { currentPosition } from "../../lib/location";
import { newClientId } from "../../lib/offline/client-id";
import { loadEngine, networkOr, offlineEnabled } from "../../lib/offline/status";
import { MAX_PHOTOS } from "../../lib/photos/image";
import { PhotoCapture } from "../../lib/photos/photo-capture";
import { queueVisitPhotos } from "../../lib/photos/photo-queue";
import { AGENT, RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { Field, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { saveVisit } from "./api";
import { t as tc } from "./text";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/** @typedef {import("../../lib/photos/photo-capture").TakenPhoto} TakenPhoto */
/** @typedef {typeof import("../../lib/offline/engine")} Engine the offline engine's module */

/**
 * A visit save's message in the user's language with where the check-in found the phone: "Visit
 * saved successfully - at the shop (25 m)", "... - 1.2 km from the shop", "... - location off on
 * this phone" (the server's message by its code: the save's answer is always `visit_saved`).
 * @param {{ message: string, code?: string, locationStatus?: string | null, distanceM?: number | null }} saved
 */
function savedText({ message, code, locationStatus, distanceM }) {
  const text = messageFor(code || "visit_saved", null, message);
  const far = distanceM != null ? distance(distanceM) : null;
  const said = { message: text.replace(/[.।]$/, ""), distance: far };
  switch (locationStatus) {
    case "verified":
      return far ? t("atShopDistance", said) : t("atShop", said);
    case "off-site":
      return far ? t("fromShop", said) : t("awayFromShop", said);
    case "no-location":
      return t("locationOff", said);
    case "customer-unlocated":
      return t("shopNotOnMap", said);
    default:
      return text;
  }
}

/**
 * @param {{ buyerId: string, buyerName: string, user: User, outcomes: Schemas["Outcome"][],
 *   onSaved: (r: { queued?: boolean, clientId?: string }) => void }} props
 */
export function VisitForm({ buyerId, buyerName, user, outcomes, onSaved }) {
  const [busy, saving] = useSaving();
  // Photos (agents with visit_photo, who keep a queue): taken before the save, queued after it; then
  // more may be added to the visit just saved.
  const withPhotos = offlineEnabled(user) && hasRight(user, RIGHT.VISIT_PHOTO);
  const [photos, setPhotos] = useState(/** @type {TakenPhoto[]} */ ([]));
  const [lastVisit, setLastVisit] = useState(/** @type {{ clientId: string, takenAt: string, count: number } | null} */ (null));
  const form = useForm({ outcomeId: "", remark: "" }, { outcomeId: [rules.required(t("outcomeRequired"))] });
  // One clientId per visit until it is saved or queued: a repeat of this save (a Save after an
  // error, the queue) is then harmless, the server answers it as a duplicate.
  const clientId = useRef(/** @type {string | null} */ (null));
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const agent = user.userType === AGENT;
      const position = agent ? await currentPosition({ checkIn: true }) : null;
      const id = (clientId.current = clientId.current || newClientId());
      const outcomeId = Number(form.values.outcomeId);
      // visitedAt is the phone's time of the save, whenever it reaches the server (agents only).
      const body = {
        buyerID: buyerId,
        outcomeId,
        remark: form.values.remark.trim(),
        latitude: position ? position.latitude : null,
        longitude: position ? position.longitude : null,
        clientId: id,
        visitedAt: agent ? new Date().toISOString() : null,
        accuracy: position ? position.accuracy : null,
        proposalId: null,
      };
      /** @returns {Promise<{ queued?: false, message: string, locationStatus?: string | null, distanceM?: number | null }>} */
      const send = () => saveVisit(body);
      /** @param {Engine} offline */
      const queue = async (offline) => {
        const outcome = (outcomes || []).find((o) => o.outComeId === outcomeId);
        await offline.enqueue(user.uid, { ...body, clientId: id, buyerName, outcomeName: outcome ? outcome.outCome : "" });
        return { queued: /** @type {const} */ (true), message: offline.queuedMessage(t("savedOnPhone")) };
      };
      // An agent's save the server did not judge (no answer, its trouble, an ended session) waits
      // on the phone rather than being lost; a refusal is the agent's to fix at once. The engine
      // (loaded for agents already, app.jsx) is not the screen's code: its first load waits for none.
      /** @type {Engine | null} */
      const offline = offlineEnabled(user) ? await loadEngine() : null;
      const r = offline ? await networkOr(send, () => queue(offline), offline.unjudged) : await send();
      clientId.current = null;
      if (withPhotos) {
        const takenAt = body.visitedAt || new Date().toISOString();
        const n = await queueVisitPhotos(user.uid, { clientId: id, takenAt, buyerId, buyerName }, photos);
        setPhotos([]);
        setLastVisit({ clientId: id, takenAt, count: n });
      }
      if (r.queued) alertInfo(r.message);
      else alertSuccess(savedText(r));
      form.reset();
      onSaved({ ...r, clientId: id });
    });
  };
  return (
    <form class="card" onSubmit={submit} onFocusOut={form.leave} noValidate>
      <h2>{t("visit")}</h2>
      <Select
        id="outcomeId"
        label={tc("outcome")}
        value={form.values.outcomeId}
        onChange={form.set("outcomeId")}
        options={(outcomes || []).map((o) => ({ value: String(o.outComeId), label: o.outCome }))}
        error={form.errors.outcomeId}
      />
      <Field label={tc("remark")} id="remark">
        <textarea id="remark" rows={2} maxLength={MAX.visitRemark} value={form.values.remark} onInput={form.set("remark")} />
      </Field>
      {withPhotos && (
        <div class="field">
          <span class="field-label">{t("photos")}</span>
          <PhotoCapture photos={photos} onChange={setPhotos} newKey={newClientId} disabled={busy} />
        </div>
      )}
      <SubmitButton busy={busy}>{t("saveVisit")}</SubmitButton>
      {withPhotos && lastVisit && lastVisit.count < MAX_PHOTOS && (
        <PhotosAfterSave
          key={lastVisit.clientId}
          user={user}
          visit={{ ...lastVisit, buyerId, buyerName }}
          onQueued={(n) => setLastVisit({ ...lastVisit, count: lastVisit.count + n })}
        />
      )}
    </form>
  );
}

/**
 * More photos for the visit just saved (up to the visit's 8), each queued after it: a new save
 * starts them afresh.
 * @param {{ user: User, visit: { clientId: string, takenAt: string, count: number, buyerId: string, buyerName: string },
 *   onQueued: (n: number) => void }} props
 */
function PhotosAfterSave({ user, visit, onQueued }) {
  const [more, setMore] = useState(/** @type {TakenPhoto[]} */ ([]));
  const [sendingMore, sendMore] = useSaving();
  return (
    <div class="photo-after" data-testid="photos-after-save">
      <h3>{t("addPhotosAfter")}</h3>
      <p class="muted">{visit.count ? t("photosQueuedWith", { count: visit.count }) : t("noPhotosWith")}</p>
      <PhotoCapture
        photos={more}
        onChange={setMore}
        newKey={newClientId}
        taken={visit.count}
        disabled={sendingMore}
        idPrefix="addPhoto"
      />
      {more.length > 0 && (
        <button
          type="button"
          class="btn btn-primary"
          disabled={sendingMore}
          onClick={() =>
            sendMore(async () => {
              const n = await queueVisitPhotos(user.uid, visit, more);
              setMore([]);
              onQueued(n);
              /** @type {Engine} */
              const offline = await loadEngine();
              alertInfo(offline.queuedMessage(t("photosSavedOnPhone", { count: n })));
            })
          }
        >
          {t("sendPhotos", { count: more.length })}
        </button>
      )}
    </div>
  );
}
