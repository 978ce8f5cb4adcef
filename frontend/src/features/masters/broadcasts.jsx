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

/** @typedef {import("./api").Schemas["Broadcast"]} Broadcast */

const LIST = "/master/broadcast-master";
const IMAGE_TYPES = ["jpeg", "jpg", "bmp", "png"];

export function BroadcastList() {
  return (
    <MasterList
      title="Broadcast Message"
      loaded={useBroadcasts()}
      columns={[
        { key: "messageText", label: "Message", render: (r) => <span class="pre-wrap">{r.messageText}</span> },
        { key: "userTypeDetail", label: "User Type" },
        { key: "country", label: "Country", render: (r) => r.country || "All" },
        { key: "sentDate", label: "Sent", render: (r) => formatDateTime(r.sentDate) },
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
    messageText: [rules.required("Message is required")],
    userType: [rules.required("User Type is required")],
    country: types.supportsCountry(v.userType) ? [rules.required("Country is required")] : [],
  }));
  const v = form.values;
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (image && !IMAGE_TYPES.includes((image.name.split(".").pop() || "").toLowerCase())) {
      alertError("Only jpeg, jpg, bmp and png images are allowed.");
      return;
    }
    await master.save(() =>
      sendBroadcast({ messageText: v.messageText.trim(), userType: v.userType, country: v.country }, image),
    );
  };
  return (
    <MasterForm noun="Broadcast Message" master={master} onSubmit={submit} submitText="Send">
      <Field label="Message" id="messageText" error={form.errors.messageText}>
        <textarea id="messageText" rows={4} maxLength={2000} value={v.messageText} onInput={form.set("messageText")} />
      </Field>
      <FormSelect form={form} id="userType" label="User Type" options={[{ value: "0", label: "All" }, ...types.options]} />
      <FormSelect form={form} id="country" label="Country" options={countries} placeholder="All" />
      <FileField id="chatImage" label="Image (jpeg, jpg, bmp, png)" accept=".jpeg,.jpg,.bmp,.png" onFile={setImage} />
    </MasterForm>
  );
}
