// Sign-in screens (spec 1 §2 "Login area"): the two-step login, forgot password, and the forced
// and voluntary password changes.
import { useEffect, useState } from "react";
import { Redirect, useLocation } from "wouter";
import { t } from "./text";
import { alertError, alertSuccess } from "../../lib/alerts";
import { rules, useForm } from "../../lib/form";
import { useSaving } from "../../lib/use-api";
import { checkVersion, clearSession, getSession, landingRouteFor, setSession } from "../../lib/session";
import { FormInput, PageHeader, SubmitButton, TextInput } from "../../lib/ui";
import { currentPosition } from "../../lib/location";
import { confirmRule, passwordHint, passwordRule } from "../../lib/password-rules";
import { AGENT } from "../../lib/rights";
import { waitingForSignedOut } from "../../lib/offline/status";
import { LanguageSwitch, sendSignInLanguage, useSignInLanguage } from "../../lib/i18n/language-switch";
import { checkUser as askUser, generateOtp, resetPassword, signIn, updatePassword } from "./api";

/** @typedef {import("preact").JSX.TargetedSubmitEvent<HTMLFormElement>} SubmitEvent */

/**
 * Says that work saved on this phone waits for a user whose session ended without a logout, so
 * whoever signs in knows it is there and whose sign-in sends it.
 */
function WaitingForSignedOut() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    waitingForSignedOut()
      .then(setCount)
      .catch(() => setCount(0));
  }, []);
  if (!count) return null;
  return (
    <p class="offline-note" role="status" data-testid="waiting-for-signed-out">
      {t("waitingForSignedOut", { count })}
    </p>
  );
}

/**
 * @param {{ title: string, children: import("preact").ComponentChildren,
 *   language?: { value: string, onChange: (language: string) => void } }} props
 */
function Card({ title, children, language }) {
  return (
    <section class="auth-card">
      {language && (
        <div class="auth-language">
          <LanguageSwitch value={language.value} onChange={language.onChange} testId="sign-in-language" />
        </div>
      )}
      <div class="auth-brand">{t("brand")}</div>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

export function LoginScreen() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState(1);
  const [busy, saving] = useSaving();
  const [account, setAccount] = useState(
    /** @type {{ otpAllowed: boolean, userType: number | null | undefined }} */ ({ otpAllowed: false, userType: null }),
  );
  const [otpRequested, setOtpRequested] = useState(false);
  const [language, chooseLanguage] = useSignInLanguage();
  const form = useForm({ userName: "", method: "password", password: "", otp: "", terms: false }, (v) =>
    step === 1
      ? { userName: [rules.required(t("loginIdRequired"))] }
      : {
          userName: [rules.required(t("loginIdRequired"))],
          password: v.method === "password" ? [rules.required(t("passwordRequired"))] : [],
          otp: v.method === "otp" ? [rules.required(t("otpRequired"))] : [],
          terms: [(agreed) => (agreed ? null : t("mustAgree"))],
        },
  );
  const existing = getSession();
  if (existing && existing.token) return <Redirect to={landingRouteFor(existing)} />;
  const { values, errors, set } = form;

  const checkUser = async (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const r = await askUser(values.userName.trim());
      if (!r.success) {
        alertError(r.message);
      } else {
        setAccount({ otpAllowed: !!r.loginMethodAllowed, userType: r.userType });
        form.reset({ ...values, method: "password", password: "", otp: "", terms: false });
        setOtpRequested(false);
        setStep(2);
      }
    });
  };

  const getOtp = async () => {
    if (!values.userName.trim()) return;
    await saving(async () => {
      const r = await generateOtp(values.userName.trim());
      alertSuccess(r.message);
      setOtpRequested(true);
    });
  };

  const login = async (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const position = account.userType === AGENT ? await currentPosition() : null;
      const otp = values.method === "otp";
      const user = await signIn(otp, {
        userName: values.userName.trim(),
        password: otp ? values.otp : values.password,
        otp: otp ? values.otp : "",
        terms: values.terms,
        loginMethod: values.method,
        lattitude: position ? position.latitude : null,
        longitude: position ? position.longitude : null,
      });
      setSession(user);
      await sendSignInLanguage(user);
      checkVersion(user);
      navigate(landingRouteFor(user));
    });
  };

  if (step === 1) {
    return (
      <Card title={t("signIn")} language={{ value: language, onChange: chooseLanguage }}>
        <WaitingForSignedOut />
        <form onSubmit={checkUser} onFocusOut={form.leave} noValidate>
          <FormInput form={form} id="userName" label={t("loginId")} autocomplete="username" />
          <SubmitButton busy={busy}>{t("next")}</SubmitButton>
        </form>
        <p class="auth-links">
          <a href="#/app/forgot">{t("forgotPassword")}</a>
        </p>
      </Card>
    );
  }
  return (
    <Card title={t("signIn")} language={{ value: language, onChange: chooseLanguage }}>
      <form onSubmit={login} onFocusOut={form.leave} noValidate>
        <TextInput id="userName" label={t("loginId")} value={values.userName} readOnly />
        {account.otpAllowed && (
          <fieldset class="choice">
            <legend>{t("loginMethod")}</legend>
            <label>
              <input
                type="radio"
                name="method"
                value="password"
                checked={values.method === "password"}
                onChange={() => set("method")("password")}
              />{" "}
              {t("password")}
            </label>
            <label>
              <input
                type="radio"
                name="method"
                value="otp"
                checked={values.method === "otp"}
                onChange={() => set("method")("otp")}
              />{" "}
              {t("otp")}
            </label>
          </fieldset>
        )}
        {values.method === "password" ? (
          <FormInput form={form} id="password" label={t("password")} type="password" autocomplete="current-password" />
        ) : (
          <div class="otp-row">
            <FormInput
              form={form}
              id="otp"
              label={t("otp")}
              inputMode="numeric"
              autocomplete="one-time-code"
              maxLength={6}
              disabled={!otpRequested}
            />
            <button type="button" class="btn" onClick={getOtp} disabled={busy}>
              {t("getOtp")}
            </button>
          </div>
        )}
        <div class={`field checkbox${errors.terms ? " has-error" : ""}`}>
          <label>
            <input type="checkbox" name="terms" checked={values.terms} onChange={set("terms")} />{" "}
            {/* One box for the words and the link: the label lays its children out as a row,
                which drops the space between two of them ("theterms", issue #55). A new tab, so
                what is typed here stays. */}
            <span>
              {t("iAgree")}{" "}
              <a href="#/app/terms" target="_blank" rel="noopener">
                {t("terms")}
              </a>
            </span>
          </label>
          {errors.terms && <small class="field-error">{errors.terms}</small>}
        </div>
        <div class="actions">
          <SubmitButton busy={busy}>{t("login")}</SubmitButton>
          <button type="button" class="btn" onClick={() => setStep(1)}>
            {t("back")}
          </button>
        </div>
      </form>
      <p class="auth-links">
        <a href="#/app/forgot">{t("forgotPassword")}</a>
      </p>
    </Card>
  );
}

/** After the temporary password is mailed, the user goes back to sign-in (spec 1 §4), with the message kept. */
export function ForgotScreen() {
  const [, navigate] = useLocation();
  const [busy, saving] = useSaving();
  const form = useForm({ userName: "" }, { userName: [rules.required(t("emailRequired"))] });
  const submit = async (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const r = await resetPassword(form.values.userName.trim());
      alertSuccess(r.message);
      navigate("/login");
    });
  };
  return (
    <Card title={t("forgotPassword")}>
      <form onSubmit={submit} onFocusOut={form.leave} noValidate>
        <FormInput form={form} id="userName" label={t("emailOrUser")} autocomplete="username" />
        <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
      </form>
      <p class="auth-links">
        <a href="#/login">{t("login")}</a>
      </p>
    </Card>
  );
}

/** What the sign-in's terms checkbox agrees to; opened from it in a tab of its own. */
export function TermsScreen() {
  return (
    <Card title={t("termsTitle")}>
      <p>{t("termsIntro")}</p>
      <ul>
        <li>{t("termsPassword")}</li>
        <li>{t("termsRecords")}</li>
        <li>{t("termsCustomers")}</li>
      </ul>
      <p class="muted">{t("termsFull")}</p>
    </Card>
  );
}

/** Current, new and confirm password; after a change the user signs in again. */
function PasswordForm() {
  const [, navigate] = useLocation();
  const [busy, saving] = useSaving();
  const form = useForm(
    { currentPassword: "", newPassword: "", confirmPassword: "" },
    {
      currentPassword: [rules.required(t("currentPasswordRequired"))],
      newPassword: [passwordRule],
      confirmPassword: [confirmRule],
    },
  );
  const submit = async (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const r = await updatePassword(form.values);
      alertSuccess(r.message);
      clearSession();
      navigate("/login");
    });
  };
  return (
    <form onSubmit={submit} onFocusOut={form.leave} noValidate class="narrow-form">
      <FormInput form={form} id="currentPassword" label={t("currentPassword")} type="password" autocomplete="current-password" />
      <FormInput
        form={form}
        id="newPassword"
        label={t("newPassword")}
        type="password"
        autocomplete="new-password"
        hint={passwordHint()}
      />
      <FormInput form={form} id="confirmPassword" label={t("confirmPassword")} type="password" autocomplete="new-password" />
      <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
    </form>
  );
}

export function ForcedPasswordScreen() {
  const session = getSession();
  if (!session) return <Redirect to="/login" />;
  return (
    <Card title={t("changeYourPassword")}>
      <p class="muted">{t("chooseNewPassword")}</p>
      <PasswordForm />
    </Card>
  );
}

export function ChangePasswordScreen() {
  return (
    <section>
      <PageHeader title={t("changePassword")} />
      <PasswordForm />
    </section>
  );
}
