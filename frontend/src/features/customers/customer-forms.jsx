// New customer and profile update forms (spec 1 §2, §5).
import { t } from "./text";
import { useLocation } from "wouter";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { coordinates, distance, formatDate, formatDateTime, money } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { currentPosition } from "../../lib/location";
import { useSaving } from "../../lib/use-api";
import { FormInput, Loading, PageHeader, SubmitButton } from "../../lib/ui";
import { ADMINISTRATOR, AREA_MANAGER, RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { MAX } from "../../lib/limits";
import { addCustomer, decideLocation, updateProfile, useCustomerProfile } from "./api";
import { CreditLimitForm } from "./credit-limit";
import { gstinMessage, t as taxText } from "../../lib/tax-ids-text";
import { normaliseTaxId } from "../../lib/tax-ids";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

// Mobile inputs take no maxLength: the spec's own length message ("atmost 11 numbers") must be
// reachable; the server refuses more than 11 digits all the same (lib/limits.js).
const mobileRules = [
  rules.digitsBetween(
    1000000000,
    99999999999,
    "Mobile No. should contain atleast 10 numbers",
    "Mobile No. should contain atmost 11 numbers",
  ),
];

export function NewCustomerScreen() {
  const [, navigate] = useLocation();
  const [busy, saving] = useSaving();
  const form = useForm(
    { mobileNo: "", buyerName: "", address1: "", city: "", state: "", postalCode: "", gstin: "" },
    {
      mobileNo: [rules.required(t("mobileRequired")), ...mobileRules],
      buyerName: [rules.required(t("buyerNameRequired"))],
      // The server's rule (gstin_invalid): its state code must be the state's.
      gstin: [(g, all) => gstinMessage(g, all.state)],
    },
  );
  const v = form.values;
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const r = await addCustomer({
        ...v,
        mobileNo: v.mobileNo.trim(),
        buyerName: v.buyerName.trim(),
        gstin: normaliseTaxId(v.gstin) || null,
      });
      alertSuccess(r.message);
      navigate(`/customer/visit/${encodeURIComponent(r.buyerId)}`);
    });
  };
  return (
    <section>
      <PageHeader title={t("newCustomer")} back="/customer/visit" />
      <form onSubmit={submit} onFocusOut={form.leave} noValidate class="narrow-form">
        <FormInput form={form} id="mobileNo" label={t("mobileNo")} inputMode="numeric" />
        <FormInput form={form} id="buyerName" label={t("buyerName")} maxLength={MAX.buyerName} />
        <FormInput form={form} id="address1" label={t("address")} maxLength={MAX.address1} />
        <FormInput form={form} id="city" label={t("city")} maxLength={MAX.city} />
        <FormInput form={form} id="state" label={t("state")} maxLength={MAX.state} />
        <FormInput form={form} id="postalCode" label={t("postalCode")} inputMode="numeric" maxLength={MAX.postalCode} />
        <FormInput form={form} id="gstin" label={t("gstinHint")} autoCapitalize="characters" />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </form>
    </section>
  );
}

const PROFILE_FIELDS = ["mobile", "address1", "address2", "city", "state", "postalCode", "gstin"];

/** @param {number} lat @param {number} lng */
const mapsLink = (lat, lng) => `https://www.google.com/maps?q=${lat},${lng}`;

/**
 * A shop position proposed by an accurate visit while the customer had none, or typed by an agent
 * (profile update, new customer): a manager or an administrator accepts it (it becomes the
 * customer's position) or rejects it. Never silent.
 * @param {{ buyerId: string, proposal: Schemas["ProposedLocation"], onDecided: () => void }} props
 */
function ProposedLocation({ buyerId, proposal, onDecided }) {
  const [busy, saving] = useSaving();
  /** @param {"accept" | "reject"} what */
  const decide = (what) =>
    saving(async () => {
      const r = await decideLocation(buyerId, what);
      alertSuccess(r.message);
      onDecided();
    });
  return (
    <div class="card" data-testid="proposed-location">
      <h2>{t("proposedLocation")}</h2>
      <p>
        {t(proposal.fromVisit ? "proposedByVisit" : "proposedTyped", {
          who: proposal.proposedBy,
          when: formatDateTime(proposal.proposedAt),
        })}{" "}
        <a href={mapsLink(proposal.latitude, proposal.longitude)} target="_blank" rel="noopener noreferrer">
          {coordinates(proposal.latitude, proposal.longitude)}
        </a>{" "}
        {proposal.accuracy != null && t("accurateTo", { distance: distance(proposal.accuracy) })} {t("useAsLocation")}
      </p>
      <div class="actions">
        <button type="button" class="btn btn-primary" disabled={busy} onClick={() => decide("accept")}>
          {t("accept")}
        </button>
        <button type="button" class="btn" disabled={busy} onClick={() => decide("reject")}>
          {t("reject")}
        </button>
      </div>
    </div>
  );
}

/**
 * The profile form. t("setLocationHere") sends the phone's position as the
 * customer's latitude/longitude (the spec's payload). It is a choice, not automatic, so an update
 * made away from the shop never moves the shop.
 * @param {{ params: { buyerId: string }, user: Schemas["SessionBody"] }} props
 */
export function ProfileScreen({ params, user }) {
  const buyerId = decodeURIComponent(params.buyerId);
  // The profile shown stays until the next answer (a decision reloads it).
  const { data: profile, reload: load } = useCustomerProfile(buyerId);
  const decides = [ADMINISTRATOR, AREA_MANAGER].includes(Number(user.userType));
  if (!profile) return <Loading />;
  return (
    <section>
      <PageHeader title={t("profileUpdate")} back={`/customer/visit/${encodeURIComponent(buyerId)}`} />
      <ProfileCard profile={profile} />
      {decides && profile.proposedLocation && (
        <ProposedLocation buyerId={buyerId} proposal={profile.proposedLocation} onDecided={load} />
      )}
      <ProfileForm buyerId={buyerId} profile={profile} />
      {hasRight(user, RIGHT.CREDIT_APPROVAL) && (
        <CreditLimitForm key={String(profile.creditLimit)} buyerId={buyerId} limit={profile.creditLimit} onSaved={load} />
      )}
    </section>
  );
}

/**
 * The fields start with the customer's current values (a blank field is sent as no change), so an
 * update changes what it needs and keeps the rest in view.
 * @param {{ buyerId: string, profile: Record<string, any> }} props
 */
function ProfileForm({ buyerId, profile }) {
  const [, navigate] = useLocation();
  const [busy, saving] = useSaving();
  const form = useForm(
    /** @type {Record<string, any>} */ ({ ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile[f] ?? ""])), here: false }),
    {
      mobile: mobileRules,
      // Checked against the state the update leaves (a blank state field keeps the stored one).
      gstin: [(g, all) => gstinMessage(g, String(all.state).trim() || profile.state)],
    },
  );
  const v = form.values;
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (PROFILE_FIELDS.every((f) => !String(v[f]).trim()) && !v.here) {
      alertInfo(t("oneFieldNeeded"));
      return;
    }
    await saving(async () => {
      /** @type {Record<string, string | number | null>} */
      const body = { buyerId };
      PROFILE_FIELDS.forEach((f) => v[f].trim() && (body[f] = v[f].trim()));
      if (body.gstin) body.gstin = normaliseTaxId(body.gstin);
      // A GSTIN cleared from the field is removed ("" is the server's removal).
      else if (profile.gstin) body.gstin = "";
      if (v.here) {
        const position = await currentPosition();
        if (!position && PROFILE_FIELDS.every((f) => !body[f])) {
          alertError(t("noLocationForUpdate"));
          return;
        }
        if (position) Object.assign(body, { latitude: position.latitude, longitude: position.longitude });
      }
      const r = await updateProfile(body);
      alertSuccess(r.message);
      navigate(`/customer/visit/${encodeURIComponent(buyerId)}`);
    });
  };
  return (
    <form onSubmit={submit} onFocusOut={form.leave} noValidate class="narrow-form">
      <FormInput form={form} id="mobile" label={t("mobile")} inputMode="numeric" />
      <FormInput form={form} id="address1" label={t("address1")} maxLength={MAX.address1} />
      <FormInput form={form} id="address2" label={t("address2")} maxLength={MAX.address2} />
      <FormInput form={form} id="city" label={t("city")} maxLength={MAX.city} />
      <FormInput form={form} id="state" label={t("state")} maxLength={MAX.state} />
      <FormInput form={form} id="postalCode" label={t("postalCode")} inputMode="numeric" maxLength={MAX.postalCode} />
      <FormInput form={form} id="gstin" label={t("gstinHint")} autoCapitalize="characters" />
      <div class="field checkbox">
        <label>
          <input type="checkbox" name="here" checked={v.here} onChange={form.set("here")} /> {t("setLocationHere")}
        </label>
      </div>
      <SubmitButton busy={busy}>{t("update")}</SubmitButton>
    </form>
  );
}

/** What the customer's profile holds now. @param {{ profile: Record<string, any> }} props */
function ProfileCard({ profile }) {
  return (
    <div class="card" data-testid="profile-card">
      <dl>
        <div class="dl-row">
          <dt>{t("buyerId")}</dt>
          <dd>{profile.buyerID}</dd>
        </div>
        <div class="dl-row">
          <dt>{t("buyerName")}</dt>
          <dd>{profile.buyerName}</dd>
        </div>
        <div class="dl-row">
          <dt>{t("mobile")}</dt>
          <dd>{profile.mobile || "—"}</dd>
        </div>
        <div class="dl-row">
          <dt>{t("address")}</dt>
          <dd>{profile.address || "—"}</dd>
        </div>
        <div class="dl-row">
          <dt>{taxText("gstin")}</dt>
          <dd data-testid="profile-gstin">{profile.gstin || "—"}</dd>
        </div>
        <div class="dl-row">
          <dt>{t("creditLimit")}</dt>
          <dd data-testid="profile-credit-limit">
            {profile.creditLimit == null ? t("noCreditLimit") : money(profile.creditLimit)}
          </dd>
        </div>
        <div class="dl-row">
          <dt>{t("lastUpdated")}</dt>
          <dd>{formatDate(profile.lastUpdateDate)}</dd>
        </div>
        <div class="dl-row">
          <dt>{t("location")}</dt>
          <dd>
            {profile.latitude != null && profile.longitude != null ? (
              <a href={mapsLink(profile.latitude, profile.longitude)} target="_blank" rel="noopener noreferrer">
                {coordinates(profile.latitude, profile.longitude)}
              </a>
            ) : (
              t("notLocated")
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
