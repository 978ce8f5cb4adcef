// Sign-in screens (spec 1 §2 "Login area"): the two-step login, forgot password, and the forced
// and voluntary password changes.
import { useEffect, useState } from "react";
import { Redirect, useLocation } from "wouter";
import { alertError, alertSuccess } from "../../lib/alerts";
import { rules, useForm } from "../../lib/form";
import { useSaving } from "../../lib/use-api";
import { checkVersion, clearSession, getSession, landingRouteFor, setSession } from "../../lib/session";
import { FormInput, PageHeader, SubmitButton, TextInput } from "../../lib/ui";
import { currentPosition } from "../../lib/location";
import { confirmRule, PASSWORD_HINT, passwordRule } from "../../lib/password-rules";
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
  const one = count === 1;
  return (
    <p class="offline-note" role="status" data-testid="waiting-for-signed-out">
      Not sent yet: {one ? "1 visit or order" : `${count} visits or orders`} saved on this phone. {one ? "It goes" : "They go"} to
      the server when the agent who saved {one ? "it" : "them"} signs in here again.
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
      <div class="auth-brand">fieldsales</div>
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
      ? { userName: [rules.required("Login ID is required")] }
      : {
          userName: [rules.required("Login ID is required")],
          password: v.method === "password" ? [rules.required("Password is required")] : [],
          otp: v.method === "otp" ? [rules.required("OTP is required")] : [],
          terms: [(t) => (t ? null : "You must agree to the terms and conditions.")],
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
      <Card title="Sign in" language={{ value: language, onChange: chooseLanguage }}>
        <WaitingForSignedOut />
        <form onSubmit={checkUser} noValidate>
          <FormInput form={form} id="userName" label="Login ID" autocomplete="username" />
          <SubmitButton busy={busy}>Next</SubmitButton>
        </form>
        <p class="auth-links">
          <a href="#/app/forgot">Forgot Password</a>
        </p>
      </Card>
    );
  }
  return (
    <Card title="Sign in" language={{ value: language, onChange: chooseLanguage }}>
      <form onSubmit={login} noValidate>
        <TextInput id="userName" label="Login ID" value={values.userName} readOnly />
        {account.otpAllowed && (
          <fieldset class="choice">
            <legend>Login method</legend>
            <label>
              <input
                type="radio"
                name="method"
                value="password"
                checked={values.method === "password"}
                onChange={() => set("method")("password")}
              />{" "}
              Password
            </label>
            <label>
              <input
                type="radio"
                name="method"
                value="otp"
                checked={values.method === "otp"}
                onChange={() => set("method")("otp")}
              />{" "}
              OTP
            </label>
          </fieldset>
        )}
        {values.method === "password" ? (
          <FormInput form={form} id="password" label="Password" type="password" autocomplete="current-password" />
        ) : (
          <div class="otp-row">
            <FormInput
              form={form}
              id="otp"
              label="OTP"
              inputMode="numeric"
              autocomplete="one-time-code"
              maxLength={6}
              disabled={!otpRequested}
            />
            <button type="button" class="btn" onClick={getOtp} disabled={busy}>
              Get OTP
            </button>
          </div>
        )}
        <div class={`field checkbox${errors.terms ? " has-error" : ""}`}>
          <label>
            <input type="checkbox" name="terms" checked={values.terms} onChange={set("terms")} /> I agree to the{" "}
            {/* A new tab, so what is typed here stays. */}
            <a href="#/app/terms" target="_blank" rel="noopener">
              terms and conditions
            </a>
          </label>
          {errors.terms && <small class="field-error">{errors.terms}</small>}
        </div>
        <div class="actions">
          <SubmitButton busy={busy}>Login</SubmitButton>
          <button type="button" class="btn" onClick={() => setStep(1)}>
            Back
          </button>
        </div>
      </form>
      <p class="auth-links">
        <a href="#/app/forgot">Forgot Password</a>
      </p>
    </Card>
  );
}

/** After the temporary password is mailed, the user goes back to sign-in (spec 1 §4), with the message kept. */
export function ForgotScreen() {
  const [, navigate] = useLocation();
  const [busy, saving] = useSaving();
  const form = useForm({ userName: "" }, { userName: [rules.required("Email ID is required")] });
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
    <Card title="Forgot Password">
      <form onSubmit={submit} noValidate>
        <FormInput form={form} id="userName" label="Email ID or User Name" autocomplete="username" />
        <SubmitButton busy={busy}>Submit</SubmitButton>
      </form>
      <p class="auth-links">
        <a href="#/login">Login</a>
      </p>
    </Card>
  );
}

/** What the sign-in's terms checkbox agrees to; opened from it in a tab of its own. */
export function TermsScreen() {
  return (
    <Card title="Terms and conditions">
      <p>fieldsales is for the staff of the company that runs it, each signed in with their own account.</p>
      <ul>
        <li>Keep your password to yourself. An administrator may block an account that is misused.</li>
        <li>
          The app records your work in it: sign-ins, visits, orders, and where the phone is when you check in at a customer.
        </li>
        <li>Customer details are the company's. Use them only for your work.</li>
      </ul>
      <p class="muted">Your administrator can give you your employer's full terms.</p>
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
      currentPassword: [rules.required("Current Password is required")],
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
    <form onSubmit={submit} noValidate class="narrow-form">
      <FormInput form={form} id="currentPassword" label="Current Password" type="password" autocomplete="current-password" />
      <FormInput
        form={form}
        id="newPassword"
        label="New Password"
        type="password"
        autocomplete="new-password"
        hint={PASSWORD_HINT}
      />
      <FormInput form={form} id="confirmPassword" label="Confirm Password" type="password" autocomplete="new-password" />
      <SubmitButton busy={busy}>Submit</SubmitButton>
    </form>
  );
}

export function ForcedPasswordScreen() {
  const session = getSession();
  if (!session) return <Redirect to="/login" />;
  return (
    <Card title="Change your password">
      <p class="muted">Please choose a new password before you continue.</p>
      <PasswordForm />
    </Card>
  );
}

export function ChangePasswordScreen() {
  return (
    <section>
      <PageHeader title="Change Password" />
      <PasswordForm />
    </section>
  );
}
