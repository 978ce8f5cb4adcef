// User master: filters by user type and country, search by name or email; add and modify with the
// agent's manager. Rows show Modify and Delete only when the server says they may be used.
import { useState } from "react";
import { rules, useForm } from "../../lib/form";
import { FormInput, Select, TextInput } from "../../lib/ui";
import { MAX } from "../../lib/limits";
import { AGENT, AREA_MANAGER } from "../../lib/rights";
import { deleteUser, saveUser, userDetail, useUsers, useUsersOfType } from "./api";
import { FormSelect, MasterForm, MasterList, useCountryOptions, useMasterForm, useUserTypeChoice } from "./master-screen";
import { t } from "./text";
import { userTypeLabel } from "../../lib/enum-text";

/** @typedef {import("./api").Schemas} Schemas */

const LIST = "/master/user-master";

export function UserList() {
  const types = useUserTypeChoice();
  const countries = useCountryOptions();
  const [filter, setFilter] = useState({ userType: "", country: "", search: "" });
  /** @param {keyof typeof filter} field */
  const change = (field) => (/** @type {{ currentTarget: { value: string } }} */ e) =>
    setFilter({ ...filter, [field]: e.currentTarget.value });
  /** @param {Schemas["UserRow"]} r */
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
      title={t("userMaster")}
      loaded={useUsers()}
      columns={[
        { key: "name", label: t("name") },
        { key: "emailID", label: t("email") },
        { key: "userTypeDetail", label: t("userType"), render: (r) => userTypeLabel(r.userType, r.userTypeDetail) },
        { key: "country", label: t("country") },
      ]}
      idOf={(r) => r.uid}
      routes={LIST}
      addPath="/master/user/add"
      editPath={(id) => `/master/user-edit/${id}`}
      remove={deleteUser}
      canEdit={(r) => r.isEditable}
      canDelete={(r) => r.isDeletable}
      filter={(rows) => rows.filter(matches)}
      toolbar={
        <div class="toolbar">
          <Select
            id="filterType"
            label={t("userType")}
            value={filter.userType}
            onChange={change("userType")}
            options={types.options}
            placeholder={t("all")}
          />
          <Select
            id="filterCountry"
            label={t("country")}
            value={filter.country}
            onChange={change("country")}
            options={countries}
            placeholder={t("all")}
          />
          <TextInput id="search" label={t("searchNameEmail")} type="search" value={filter.search} onInput={change("search")} />
        </div>
      }
    />
  );
}

/** @param {import("./master-screen").FormProps} props */
export function UserForm({ params }) {
  const types = useUserTypeChoice();
  const countries = useCountryOptions();
  const { data: managers } = useUsersOfType(AREA_MANAGER);
  const form = useForm({ userType: "", emailId: "", name: "", country: "", managerId: "" }, (v) => ({
    userType: [rules.required(t("userTypeRequired"))],
    emailId: [rules.required(t("emailRequired"))],
    name: [rules.required(t("nameRequired"))],
    country: types.supportsCountry(v.userType) ? [rules.required(t("countryRequired"))] : [],
    managerId: Number(v.userType) === AGENT ? [rules.required(t("managerRequired"))] : [],
  }));
  const master = useMasterForm({
    params,
    list: LIST,
    load: userDetail,
    onLoad: (u) =>
      form.reset({
        userType: String(u.userType),
        emailId: u.emailId,
        name: u.name,
        country: u.country || "",
        managerId: u.managerId ? String(u.managerId) : "",
      }),
  });
  const v = form.values;
  const send = () =>
    saveUser({
      uid: master.id,
      emailId: v.emailId.trim(),
      name: v.name.trim(),
      userType: Number(v.userType),
      country: types.supportsCountry(v.userType) ? v.country : null,
      managerId: Number(v.userType) === AGENT ? Number(v.managerId) : null,
    });
  return (
    <MasterForm onLeave={form.leave} noun={t("user")} master={master} onSubmit={master.submit(form, send)}>
      <FormSelect form={form} id="userType" label={t("userType")} options={types.options} />
      <FormInput form={form} id="emailId" label={t("email")} type="email" />
      <FormInput form={form} id="name" label={t("name")} maxLength={MAX.userName} />
      {types.supportsCountry(v.userType) && <FormSelect form={form} id="country" label={t("country")} options={countries} />}
      {Number(v.userType) === AGENT && (
        <FormSelect
          form={form}
          id="managerId"
          label={t("manager")}
          options={(managers || []).map((m) => ({ value: String(m.uid), label: `${m.name} (${m.emailID})` }))}
        />
      )}
    </MasterForm>
  );
}
