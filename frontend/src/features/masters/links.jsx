// Link master: a name, a web address and the countries that see it.
import { rules, useForm } from "../../lib/form";
import { FormInput } from "../../lib/ui";
import { webLinkColumn } from "../../lib/table";
import { deleteLink, linkDetail, saveLink, useLinks } from "./api";
import { MasterForm, MasterList, useCountryOptions, useMasterForm } from "./master-screen";
import { t } from "./text";

/** @typedef {import("./api").Schemas} Schemas */

const LIST = "/master/link-master";
/** What a web address starts with, the address box's placeholder (the same in every language). */
const URL_START = "https://";

export function LinkList() {
  return (
    <MasterList
      title={t("linkMaster")}
      loaded={useLinks()}
      columns={[
        { key: "linkName", label: t("linkName") },
        webLinkColumn("link", t("link")),
        { key: "countries", label: t("country"), render: (r) => r.countries.map((c) => c.country).join(", ") },
      ]}
      idOf={(r) => r.linkId}
      routes={LIST}
      remove={deleteLink}
    />
  );
}

/** @param {import("./master-screen").FormProps} props */
export function LinkForm({ params }) {
  const countries = useCountryOptions();
  const form = useForm(
    { linkName: "", link: "", countries: /** @type {string[]} */ ([]) },
    {
      linkName: [rules.required(t("linkNameRequired"))],
      link: [rules.required(t("linkRequired"))],
      countries: [(v) => (v.length ? null : t("oneCountry"))],
    },
  );
  const master = useMasterForm({
    params,
    list: LIST,
    load: linkDetail,
    onLoad: (row) => form.reset({ linkName: row.linkName, link: row.link, countries: row.countries.map((c) => c.country) }),
  });
  /** @param {string} name */
  const toggle = (name) => {
    const list = form.values.countries;
    form.set("countries")(list.includes(name) ? list.filter((c) => c !== name) : [...list, name]);
  };
  const v = form.values;
  const send = () => saveLink({ linkId: master.id, linkName: v.linkName.trim(), link: v.link.trim(), countries: v.countries });
  return (
    <MasterForm onLeave={form.leave} noun={t("link")} master={master} onSubmit={master.submit(form, send)}>
      <FormInput form={form} id="linkName" label={t("linkName")} />
      <FormInput form={form} id="link" label={t("link")} type="url" placeholder={URL_START} />
      <fieldset class={`choice${form.errors.countries ? " has-error" : ""}`}>
        <legend>{t("country")}</legend>
        {countries.map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={v.countries.includes(c.value)} onChange={() => toggle(c.value)} /> {c.label}
          </label>
        ))}
        {form.errors.countries && <small class="field-error">{form.errors.countries}</small>}
      </fieldset>
    </MasterForm>
  );
}
