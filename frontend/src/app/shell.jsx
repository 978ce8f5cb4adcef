// The signed-in frame: header with the user's name and Logout, the permission-gated sidebar
// (a drawer on phones that closes on an outside click; its groups fold), and a back-to-top link;
// for agents the offline bar (visits waiting on the phone) and the logout warning when some are.
import { t } from "./text";
import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { visibleMenu } from "./menu";
import { hasRight, homeRouteFor, IMPERSONATION_KEY, landingRouteFor } from "../lib/session";
import { logout } from "../features/auth/logout";
import { LogoutWarning } from "../features/auth/logout-warning";
import { offlineEnabled } from "../lib/offline/status";
import { OfflineBar } from "./offline-bar";
import { ChatWidget } from "../features/chat/chat-window";
import { Icon } from "../lib/icons";
import { Loading } from "../lib/ui";
import { closeDialogsOnEscape } from "../lib/modal";
import { UserLanguage } from "../lib/i18n/language-switch";

/** @typedef {import("../lib/session").SessionUser} SessionUser */
/** @typedef {import("./menu").MenuItem} MenuItem */

/**
 * Says whose account this tab works in, and ends it (spec 2 §4; issue: a visible banner).
 * @param {{ user: SessionUser }} props
 */
function ImpersonationBanner({ user }) {
  if (!user.impersonatedBy) return null;
  // Logging out of an impersonated tab ends only the impersonation.
  // The name in bold inside the sentence of the user's language.
  const [before, after] = t("actingAs", { name: "\u0000", by: user.impersonatedBy }).split("\u0000");
  return (
    <div class="impersonation-banner" role="status" data-testid="impersonation-banner">
      <span>
        {before}
        <strong>{user.name}</strong>
        {after}
      </span>
      <button type="button" class="btn btn-small" onClick={() => logout()}>
        {t("end")}
      </button>
    </div>
  );
}

/**
 * A menu group that folds. It starts open when it holds the screen shown or the user's home, and
 * opens when the user moves to one of its screens; otherwise it stays as the user left it.
 * @param {{ entry: import("./menu").MenuGroup, location: string, home: string,
 *   link: (item: MenuItem) => import("preact").JSX.Element }} props
 */
function MenuGroup({ entry, location, home, link }) {
  const holds = (/** @type {string} */ path) => entry.items.some((i) => i.path === path);
  const [open, setOpen] = useState(() => holds(location) || holds(home));
  const here = holds(location);
  useEffect(() => {
    if (here) setOpen(true);
  }, [here, location]);
  return (
    <li class="menu-group">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary class="menu-group-title">{entry.group}</summary>
        <ul>{entry.items.map(link)}</ul>
      </details>
    </li>
  );
}

/** Whether the page is scrolled past half a screen: only then is a way back to the top worth its room. */
function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const check = () => setScrolled(window.scrollY > window.innerHeight / 2);
    window.addEventListener("scroll", check, { passive: true });
    return () => window.removeEventListener("scroll", check);
  }, []);
  return scrolled;
}

/** @param {{ user: SessionUser, children: import("preact").ComponentChildren }} props */
export function Shell({ user, children }) {
  const [open, setOpen] = useState(false);
  const scrolled = useScrolled();
  const [location] = useLocation();
  const sidebar = useRef(/** @type {HTMLElement | null} */ (null));
  const toggle = useRef(/** @type {HTMLButtonElement | null} */ (null));

  useEffect(closeDialogsOnEscape, []);
  // A new screen starts at the top with the drawer closed.
  useEffect(() => {
    setOpen(false);
    window.scrollTo(0, 0);
  }, [location]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (/** @type {MouseEvent} */ e) => {
      const target = /** @type {Node | null} */ (e.target);
      if (sidebar.current && !sidebar.current.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("click", outside);
    return () => document.removeEventListener("click", outside);
  }, [open]);

  const home = homeRouteFor(user.userType);
  const menu = visibleMenu((right) => right != null && hasRight(user, right), home);
  const link = (/** @type {MenuItem} */ item) => (
    <li key={item.path + item.label}>
      <a href={`#${item.path}`} class={location === item.path ? "active" : undefined}>
        {item.label}
      </a>
    </li>
  );
  return (
    <div class="shell" id="top">
      <header class="app-header">
        <button
          type="button"
          class="menu-toggle"
          ref={toggle}
          aria-label={t("menu")}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <Icon name="menu" size={24} />
        </button>
        <a class="brand" href={`#${landingRouteFor(user)}`}>
          {t("brand")}
        </a>
        <span class="user-name" data-testid="user-name">
          {user.name}
        </span>
        <a
          class="logout"
          href="#/login"
          onClick={(e) => {
            e.preventDefault();
            logout();
          }}
        >
          {t("logout")}
        </a>
      </header>
      <ImpersonationBanner user={user} />
      {offlineEnabled(user) && <OfflineBar />}
      <LogoutWarning user={user} />
      <nav ref={sidebar} class={`sidebar${open ? " open" : ""}`} data-testid="sidebar" aria-label={t("mainMenu")}>
        <ul>
          {menu.map((entry) =>
            "group" in entry ? (
              <MenuGroup key={entry.group} entry={entry} location={location} home={home} link={link} />
            ) : (
              link(entry)
            ),
          )}
        </ul>
        {/* One's own settings: the language of the formats and messages (not while acting as another user). */}
        {!sessionStorage.getItem(IMPERSONATION_KEY) && (
          <div class="sidebar-settings">
            <UserLanguage locale={user.locale} />
          </div>
        )}
      </nav>
      {/* The header and menu stay while a screen's code loads. */}
      <main class="content">
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
      <ChatWidget user={user} />
      <a
        class="back-to-top"
        href="#top"
        hidden={!scrolled}
        onClick={(e) => (e.preventDefault(), window.scrollTo({ top: 0, behavior: "smooth" }))}
      >
        <Icon name="up" size={16} /> {t("top")}
      </a>
    </div>
  );
}
