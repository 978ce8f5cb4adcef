// Broadcast messages: the list (delete goes to the broadcast delete call) and the send form with
// an optional picture.
import { useState } from "react";
import { alertError } from "../../lib/alerts";
import { formatDateTime } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { Field } from "../../lib/ui";
import { deleteBroadcast, sendBroadcast, useBroadcasts } from "./api";
import {
  FileField,
  FormSelect,
  MasterForm,
  MasterList,
  useCountryOptions,
  useMasterForm,
  useUserTypeChoice,
} from "./master-screen";
import { t } from "./text";
import { userTypeLabel } from "../../lib/enum-text";

/** @typedef {import("./api").Schemas["Broadcast"]} Broadcast */

const LIST = "/master/broadcast-master";
const IMAGE_TYPES = ["jpeg", "jpg", "bmp", "png"];

export function BroadcastList() {
  return (
    <MasterList
      title={t("broadcastMessage")}
      loaded={useBroadcasts()}
      columns={[
        { key: "messageText", label: t("message"), render: (r) => <span class="pre-wrap">{r.messageText}</span> },
        {
          key: "userTypeDetail",
          label: t("userType"),
          // 0: every type, which the server names in English ("All").
          render: (r) => (r.userType === 0 ? t("all") : userTypeLabel(r.userType, r.userTypeDetail)),
        },
        { key: "country", label: t("country"), render: (r) => r.country || t("all") },
        { key: "sentDate", label: t("sent"), render: (r) => formatDateTime(r.sentDate) },
      ]}
      idOf={(r) => r.id}
      routes={LIST}
      canEdit={() => false}
      editPath={() => LIST}
      remove={deleteBroadcast}
    />
  );
}

export function BroadcastForm() {
  const types = useUserTypeChoice();
  const countries = useCountryOptions();
  const master = useMasterForm({ params: undefined, list: LIST });
  const [image, setImage] = useState(/** @type {File | null} */ (null));
  const form = useForm({ messageText: "", userType: "", country: "" }, (v) => ({
    messageText: [rules.required(t("messageRequired"))],
    userType: [rules.required(t("userTypeRequiredLower"))],
    country: types.supportsCountry(v.userType) ? [rules.required(t("countryRequiredLower"))] : [],
  }));
  const v = form.values;
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (image && !IMAGE_TYPES.includes((image.name.split(".").pop() || "").toLowerCase())) {
      alertError(t("onlyImages"));
      return;
    }
    await master.save(() =>
      sendBroadcast({ messageText: v.messageText.trim(), userType: v.userType, country: v.country }, image),
    );
  };
  return (
    <MasterForm onLeave={form.leave} noun={t("broadcastMessage")} master={master} onSubmit={submit} submitText={t("send")}>
      <Field label={t("message")} id="messageText" error={form.errors.messageText}>
        <textarea id="messageText" rows={4} maxLength={2000} value={v.messageText} onInput={form.set("messageText")} />
      </Field>
      <FormSelect form={form} id="userType" label={t("userType")} options={[{ value: "0", label: t("all") }, ...types.options]} />
      <FormSelect form={form} id="country" label={t("country")} options={countries} placeholder={t("all")} />
      <FileField id="chatImage" label={t("imageFile")} accept=".jpeg,.jpg,.bmp,.png" onFile={setImage} />
    </MasterForm>
  );
}
