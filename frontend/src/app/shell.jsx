// The signed-in frame: header with the user's name and Logout, the permission-gated sidebar
// (a drawer on phones that closes on an outside click), and a back-to-top link.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { visibleMenu } from "./menu";
import { hasRight, landingRouteFor } from "../lib/session";
import { logout } from "../features/auth/logout";

export function Shell({ user, children }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const sidebar = useRef(null);
  const toggle = useRef(null);

  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e) => {
      if (sidebar.current && !sidebar.current.contains(e.target) && !toggle.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener("click", outside);
    return () => document.removeEventListener("click", outside);
  }, [open]);

  const menu = visibleMenu((right) => hasRight(user, right));
  const link = (item) => (
    <li key={item.path + item.label}>
      <a href={`#${item.path}`} class={location === item.path ? "active" : undefined}>
        {item.label}
      </a>
    </li>
  );
  return (
    <div class="shell" id="top">
      <header class="app-header">
        <button type="button" class="menu-toggle" ref={toggle} aria-label="Menu" aria-expanded={open} onClick={() => setOpen(!open)}>
          ☰
        </button>
        <a class="brand" href={`#${landingRouteFor(user)}`}>
          fieldsales
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
          Logout
        </a>
      </header>
      <nav ref={sidebar} class={`sidebar${open ? " open" : ""}`} data-testid="sidebar" aria-label="Main menu">
        <ul>
          {menu.map((entry) =>
            entry.group ? (
              <li key={entry.group} class="menu-group">
                <span class="menu-group-title">{entry.group}</span>
                <ul>{entry.items.map(link)}</ul>
              </li>
            ) : (
              link(entry)
            ),
          )}
        </ul>
      </nav>
      <main class="content">{children}</main>
      <a class="back-to-top" href="#top" onClick={(e) => (e.preventDefault(), window.scrollTo({ top: 0, behavior: "smooth" }))}>
        ↑ Top
      </a>
    </div>
  );
}
