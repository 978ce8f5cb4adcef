// Choosing the language: "English | हिन्दी". In the app (the menu's foot) the choice is the
// signed-in user's, kept on the server, and the session is refreshed so that formats and the
// server's messages switch at once; on the sign-in screen it is this phone's, kept in
// localStorage, and sent to the server after the sign-in when it differs from the user's.
import { t } from "../text";
import { useEffect, useState } from "react";
import { setFormats } from "../format-settings";
import { languageOf, loadLanguage } from "./messages";
import { refreshSession } from "../session-check";
import { useSaving } from "../use-saving";
import { loginSettings, setLocale } from "./language-api";

/** localStorage key of the language chosen on this phone (the sign-in screen's). */
export const LANGUAGE_KEY = "fieldsales.language";

/** sessionStorage flag: the language was chosen on the sign-in screen, to be sent after the sign-in. */
const CHOSEN_KEY = "fieldsales.language-chosen";

/** The languages offered, each named in itself. */
export const LANGUAGES = /** @type {const} */ ([
  { code: "en", name: "English", lang: "en" },
  { code: "hi", name: "हिन्दी", lang: "hi" },
]);

/** The language stored on this phone ("en", "hi"), null when none was chosen. */
export function storedLanguage() {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value ? languageOf(value) : null;
  } catch {
    return null;
  }
}

/** @param {string} language */
export function storeLanguage(language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, languageOf(language));
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * Puts a language in force in this page (formats and the server's messages) without a session.
 * @param {string} language
 */
export async function applyLanguage(language) {
  setFormats({ locale: language });
  await loadLanguage(language);
}

/**
 * The two buttons; `value` is pressed.
 * @param {{ value: string, onChange: (language: string) => void, busy?: boolean, label?: string, testId?: string }} props
 */
export function LanguageSwitch({ value, onChange, busy = false, label = t("language"), testId = "language-switch" }) {
  return (
    <div class="language-switch" role="group" aria-label={label} data-testid={testId}>
      <span class="language-label" aria-hidden="true">
        {label}:
      </span>
      {LANGUAGES.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.lang}
          class={`language-option${value === l.code ? " active" : ""}`}
          aria-pressed={value === l.code}
          disabled={busy}
          onClick={() => value !== l.code && onChange(l.code)}
        >
          {l.name}
        </button>
      ))}
    </div>
  );
}

/**
 * The signed-in user's language choice: sets it on the server, then refreshes the session, whose
 * `locale` the app applies (app.jsx).
 * @param {{ locale: string | null | undefined }} props the session's locale
 */
export function UserLanguage({ locale }) {
  const [busy, saving] = useSaving();
  const current = languageOf(locale);
  const choose = (/** @type {string} */ language) =>
    saving(async () => {
      await setLocale(language);
      storeLanguage(language);
      await refreshSession();
    });
  return <LanguageSwitch value={current} onChange={choose} busy={busy} />;
}

/**
 * The sign-in screen's language: this phone's stored choice, else the company's (GET
 * /login/settings), else the browser's when it is Hindi. Applied at once (formats, messages).
 */
export function useSignInLanguage() {
  const [language, setLanguage] = useState(() => storedLanguage() || "en");
  useEffect(() => {
    const stored = storedLanguage();
    if (stored) {
      applyLanguage(stored);
      return undefined;
    }
    let gone = false;
    const browser = (navigator.language || "").toLowerCase().startsWith("hi") ? "hi" : "en";
    loginSettings()
      .then((s) => {
        setFormats({ currency: s.currency });
        return s.locale ? languageOf(s.locale) : browser;
      })
      .catch(() => browser)
      .then((found) => {
        if (gone || storedLanguage()) return;
        setLanguage(found);
        applyLanguage(found);
      });
    return () => {
      gone = true;
    };
  }, []);
  /** The user's own choice on the sign-in screen: kept, and sent after the sign-in. */
  const choose = (/** @type {string} */ next) => {
    storeLanguage(next);
    try {
      sessionStorage.setItem(CHOSEN_KEY, "1");
    } catch {
      // no storage: the choice still applies to this page
    }
    setLanguage(next);
    applyLanguage(next);
  };
  return /** @type {const} */ ([language, choose]);
}

/**
 * After a sign-in: when the user chose a language on the sign-in screen that differs from their
 * session's, it becomes theirs on the server, and the session is refreshed to carry it. A failure
 * leaves the session's language as it was.
 * @param {{ locale?: string | null }} user the sign-in's answer (already stored as the session)
 */
export async function sendSignInLanguage(user) {
  let chosen = null;
  try {
    chosen = sessionStorage.getItem(CHOSEN_KEY) ? storedLanguage() : null;
    sessionStorage.removeItem(CHOSEN_KEY);
  } catch {
    return;
  }
  if (!chosen || chosen === languageOf(user.locale)) return;
  try {
    await setLocale(chosen);
    await refreshSession();
  } catch {
    // The user can still choose in the menu.
  }
}
