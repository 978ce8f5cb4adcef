// Broadcast messages: the list (delete goes to the broadcast delete call) and the send form with
// an optional picture.
import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../lib/api-client";
import { alertError, alertSuccess } from "../../lib/alerts";
import { formatDateTime } from "../../lib/dates";
import { rules, useForm } from "../../lib/form";
import { Field, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { MasterList } from "./master-list";

const LIST = "/master/broadcast-master";
const IMAGE_TYPES = ["jpeg", "jpg", "bmp", "png"];

export function BroadcastList() {
  return (
    <MasterList
      title="Broadcast Message"
      source="/chat/broadcastMessage"
      columns={[
        { key: "messageText", label: "Message", render: (r) => <span class="pre-wrap">{r.messageText}</span> },
        { key: "userTypeDetail", label: "User Type" },
        { key: "country", label: "Country", render: (r) => r.country || "All" },
        { key: "sentDate", label: "Sent", render: (r) => formatDateTime(r.sentDate) },
      ]}
      idOf={(r) => r.id}
      addPath="/master/broadcast-master-add"
      canEdit={() => false}
      editPath={() => LIST}
      deletePath={(id) => `/chat/broadcastMessage/delete/${id}`}
    />
  );
}

export function BroadcastForm() {
  const [, navigate] = useLocation();
  const { data: types } = useApi("/master/userType", { initial: [] });
  const { data: countries } = useApi("/master/country", { initial: [] });
  const [busy, saving] = useSaving();
  const [image, setImage] = useState(null);
  const supportsCountry = (typeId) => {
    const t = (types || []).find((x) => String(x.userTypeId) === String(typeId));
    return !!(t && t.isCountrySupported);
  };
  const form = useForm({ messageText: "", userType: "", country: "" }, (v) => ({
    messageText: [rules.required("Message is required")],
    userType: [rules.required("User Type is required")],
    country: supportsCountry(v.userType) ? [rules.required("Country is required")] : [],
  }));
  const v = form.values;
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (image && !IMAGE_TYPES.includes(image.name.split(".").pop().toLowerCase())) {
      alertError("Only jpeg, jpg, bmp and png images are allowed.");
      return;
    }
    const data = new FormData();
    data.append("messageText", v.messageText.trim());
    data.append("userType", v.userType);
    data.append("country", v.country);
    if (image) data.append("chatImage", image);
    await saving(async () => {
      const r = await api("/chat/broadcastMessage", { method: "POST", body: data });
      alertSuccess(r.message);
      navigate(LIST);
    });
  };
  return (
    <section>
      <PageHeader title="Add Broadcast Message" back={LIST} />
      <form onSubmit={submit} noValidate class="narrow-form">
        <Field label="Message" id="messageText" error={form.errors.messageText}>
          <textarea id="messageText" rows={4} maxLength={2000} value={v.messageText} onInput={form.set("messageText")} />
        </Field>
        <Select
          id="userType"
          label="User Type"
          value={v.userType}
          onChange={form.set("userType")}
          options={[
            { value: "0", label: "All" },
            ...(types || []).map((t) => ({ value: String(t.userTypeId), label: t.userType })),
          ]}
          error={form.errors.userType}
        />
        <Select
          id="country"
          label="Country"
          value={v.country}
          onChange={form.set("country")}
          options={(countries || []).map((c) => ({ value: c.country, label: c.country }))}
          placeholder="All"
          error={form.errors.country}
        />
        <Field label="Image (jpeg, jpg, bmp, png)" id="chatImage">
          <input
            id="chatImage"
            type="file"
            accept=".jpeg,.jpg,.bmp,.png"
            onChange={(e) => setImage(e.currentTarget.files[0] || null)}
          />
        </Field>
        <SubmitButton busy={busy}>Send</SubmitButton>
      </form>
    </section>
  );
}
