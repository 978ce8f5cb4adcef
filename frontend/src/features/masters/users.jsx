// User master: filters by user type and country, search by name or email; add and modify with the
// agent's manager. Rows show Modify and Delete only when the server says they may be used.
import { useState } from "react";
import { useLocation } from "wouter";

import { rules, useForm } from "../../lib/form";
import { Loading, PageHeader, Select, SubmitButton, TextInput } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { MasterList, saveAndReturn, useEditedRecord } from "./master-list";
import { AGENT, AREA_MANAGER } from "../../lib/rights";

const LIST = "/master/user-master";

const typeOptions = (types) => (types || []).map((t) => ({ value: String(t.userTypeId), label: t.userType }));
const countryOptions = (countries) => (countries || []).map((c) => ({ value: c.country, label: c.country }));

export function UserList() {
  const { data: types } = useApi("/master/userType", { initial: [] });
  const { data: countries } = useApi("/master/country", { initial: [] });
  const [filter, setFilter] = useState({ userType: "", country: "", search: "" });
  const change = (field) => (e) => setFilter({ ...filter, [field]: e.target.value });
  const matches = (r) => {
    const q = filter.search.trim().toLowerCase();
    return (
      (!filter.userType || String(r.userType) === filter.userType) &&
      (!filter.country || r.country === filter.country) &&
      (!q || r.name.toLowerCase().includes(q) || r.emailID.toLowerCase().includes(q))
    );
  };
  return (
    <MasterList
      title="User Master"
      source="/master/user"
      columns={[
        { key: "name", label: "Name" },
        { key: "emailID", label: "Email" },
        { key: "userTypeDetail", label: "User Type" },
        { key: "country", label: "Country" },
      ]}
      idOf={(r) => r.uid}
      addPath="/master/user/add"
      editPath={(id) => `/master/user-edit/${id}`}
      deletePath={(id) => `/master/user/delete/${id}`}
      canEdit={(r) => r.isEditable}
      canDelete={(r) => r.isDeletable}
      filter={(rows) => rows.filter(matches)}
      toolbar={
        <div class="toolbar">
          <Select
            id="filterType"
            label="User Type"
            value={filter.userType}
            onChange={change("userType")}
            options={typeOptions(types)}
            placeholder="All"
          />
          <Select
            id="filterCountry"
            label="Country"
            value={filter.country}
            onChange={change("country")}
            options={countryOptions(countries)}
            placeholder="All"
          />
          <TextInput id="search" label="Search name or email" type="search" value={filter.search} onInput={change("search")} />
        </div>
      }
    />
  );
}

export function UserForm({ params }) {
  const [, navigate] = useLocation();
  const id = params && params.id ? Number(params.id) : 0;
  const { data: types } = useApi("/master/userType", { initial: [] });
  const { data: countries } = useApi("/master/country", { initial: [] });
  const { data: managers } = useApi(`/master/user?userType=${AREA_MANAGER}`, { initial: [] });
  const [busy, saving] = useSaving();
  const supportsCountry = (typeId) => {
    const t = (types || []).find((x) => String(x.userTypeId) === String(typeId));
    return !!(t && t.isCountrySupported);
  };
  const form = useForm({ userType: "", emailId: "", name: "", country: "", managerId: "" }, (v) => ({
    userType: [rules.required("User Type is Required")],
    emailId: [rules.required("Email is Required")],
    name: [rules.required("Name is Required")],
    country: supportsCountry(v.userType) ? [rules.required("Country is Required")] : [],
    managerId: Number(v.userType) === AGENT ? [rules.required("Manager is Required")] : [],
  }));
  const loading = useEditedRecord(
    id,
    `/master/user/${id}`,
    (u) =>
      form.reset({
        userType: String(u.userType),
        emailId: u.emailId,
        name: u.name,
        country: u.country || "",
        managerId: u.managerId ? String(u.managerId) : "",
      }),
    LIST,
    navigate,
  );
  const v = form.values;
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    const body = {
      uid: id,
      emailId: v.emailId.trim(),
      name: v.name.trim(),
      userType: Number(v.userType),
      country: supportsCountry(v.userType) ? v.country : null,
      managerId: Number(v.userType) === AGENT ? Number(v.managerId) : null,
    };
    saveAndReturn(saving, "/master/user", body, LIST, navigate);
  };
  if (loading) return <Loading />;
  return (
    <section>
      <PageHeader title={`${id ? "Modify" : "Add"} User`} back={LIST} />
      <form onSubmit={submit} noValidate class="narrow-form">
        <Select
          id="userType"
          label="User Type"
          value={v.userType}
          onChange={form.set("userType")}
          options={typeOptions(types)}
          error={form.errors.userType}
        />
        <TextInput
          id="emailId"
          label="Email"
          type="email"
          value={v.emailId}
          onInput={form.set("emailId")}
          error={form.errors.emailId}
        />
        <TextInput id="name" label="Name" value={v.name} onInput={form.set("name")} error={form.errors.name} />
        {supportsCountry(v.userType) && (
          <Select
            id="country"
            label="Country"
            value={v.country}
            onChange={form.set("country")}
            options={countryOptions(countries)}
            error={form.errors.country}
          />
        )}
        {Number(v.userType) === AGENT && (
          <Select
            id="managerId"
            label="Manager"
            value={v.managerId}
            onChange={form.set("managerId")}
            options={(managers || []).map((m) => ({ value: String(m.uid), label: `${m.name} (${m.emailID})` }))}
            error={form.errors.managerId}
          />
        )}
        <SubmitButton busy={busy}>{id ? "Update" : "Save"}</SubmitButton>
      </form>
    </section>
  );
}
