// Link master: a name, a web address and the countries that see it.

import { useLocation } from "wouter";

import { rules, useForm } from "../../lib/form";
import { Loading, PageHeader, SubmitButton, TextInput } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { MasterList, saveAndReturn, useEditedRecord } from "./master-list";

const LIST = "/master/link-master";

export function LinkList() {
  return (
    <MasterList
      title="Link Master"
      source="/master/link"
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
      addPath="/master/link-master-add"
      editPath={(id) => `/master/link-master-edit/${id}`}
      deletePath={(id) => `/master/link/delete/${id}`}
    />
  );
}

export function LinkForm({ params }) {
  const [, navigate] = useLocation();
  const id = params && params.id ? Number(params.id) : 0;
  const { data: countries } = useApi("/master/country", { initial: [] });
  const [busy, saving] = useSaving();
  const form = useForm(
    { linkName: "", link: "", countries: [] },
    {
      linkName: [rules.required("Link Name is required")],
      link: [rules.required("Link is required")],
      countries: [(v) => (v.length ? null : "At least one country must be selected.")],
    },
  );
  const loading = useEditedRecord(
    id,
    `/master/link/${id}`,
    (row) => form.reset({ linkName: row.linkName, link: row.link, countries: row.countries.map((c) => c.country) }),
    LIST,
    navigate,
  );
  const toggle = (name) => {
    const list = form.values.countries;
    form.set("countries")(list.includes(name) ? list.filter((c) => c !== name) : [...list, name]);
  };
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    const v = form.values;
    saveAndReturn(
      saving,
      "/master/link",
      { linkId: id, linkName: v.linkName.trim(), link: v.link.trim(), countries: v.countries },
      LIST,
      navigate,
    );
  };
  if (loading) return <Loading />;
  return (
    <section>
      <PageHeader title={`${id ? "Modify" : "Add"} Link`} back={LIST} />
      <form onSubmit={submit} noValidate class="narrow-form">
        <TextInput
          id="linkName"
          label="Link Name"
          value={form.values.linkName}
          onInput={form.set("linkName")}
          error={form.errors.linkName}
        />
        <TextInput
          id="link"
          label="Link"
          type="url"
          placeholder="https://"
          value={form.values.link}
          onInput={form.set("link")}
          error={form.errors.link}
        />
        <fieldset class={`choice${form.errors.countries ? " has-error" : ""}`}>
          <legend>Country</legend>
          {(countries || []).map((c) => (
            <label key={c.countryId}>
              <input type="checkbox" checked={form.values.countries.includes(c.country)} onChange={() => toggle(c.country)} />{" "}
              {c.country}
            </label>
          ))}
          {form.errors.countries && <small class="field-error">{form.errors.countries}</small>}
        </fieldset>
        <SubmitButton busy={busy}>{id ? "Update" : "Save"}</SubmitButton>
      </form>
    </section>
  );
}
