// Link master: a name, a web address and the countries that see it.
import { rules, useForm } from "../../lib/form";
import { FormInput } from "../../lib/ui";
import { deleteLink, linkDetail, saveLink, useLinks } from "./api";
import { MasterForm, MasterList, useCountryOptions, useMasterForm } from "./master-screen";

/** @typedef {import("./api").Schemas} Schemas */

const LIST = "/master/link-master";

export function LinkList() {
  return (
    <MasterList
      title="Link Master"
      loaded={useLinks()}
      columns={[
        { key: "linkName", label: "Link Name" },
        {
          key: "link",
          label: "Link",
          render: (r) => (
            <a href={r.link} target="_blank" rel="noopener noreferrer">
              {r.link}
            </a>
          ),
        },
        { key: "countries", label: "Country", render: (r) => r.countries.map((c) => c.country).join(", ") },
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
      linkName: [rules.required("Link Name is required")],
      link: [rules.required("Link is required")],
      countries: [(v) => (v.length ? null : "At least one country must be selected.")],
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
    <MasterForm noun="Link" master={master} onSubmit={master.submit(form, send)}>
      <FormInput form={form} id="linkName" label="Link Name" />
      <FormInput form={form} id="link" label="Link" type="url" placeholder="https://" />
      <fieldset class={`choice${form.errors.countries ? " has-error" : ""}`}>
        <legend>Country</legend>
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
