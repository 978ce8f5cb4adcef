// The chat (spec 2 "Chat window", §4 "Chat", §9): a floating button with the unread badge, on every
// screen of the shell. While closed it polls the unread count every 10 minutes. The window itself
// (chat-panel.jsx) is loaded on the first tap, so it costs nothing on the first load.
import { t } from "./text";
import { lazy, Suspense, useEffect, useState } from "react";
import { Icon } from "../../lib/icons";
import * as chat from "./api";
import { pollMs } from "./poll";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

const CLOSED_POLL = 600_000;
const quiet = () => {};
const ChatPanel = lazy(() => import("./chat-panel"));

/** @param {{ user: Schemas["SessionBody"] }} props */
export function ChatWidget({ user }) {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (open) return undefined;
    const load = () =>
      chat
        .unreadCounts()
        .then((r) => setUnread(r.unreadCounts.reduce((n, c) => n + c.unreadCount, 0) + r.broadCastCounts.unreadCount))
        .catch(quiet);
    load();
    const timer = setInterval(load, pollMs(CLOSED_POLL));
    return () => clearInterval(timer);
  }, [open]);
  const toggle = () => {
    setOpen(!open);
    setUnread(0);
  };
  return (
    <>
      <button
        type="button"
        class="chat-fab"
        aria-label={unread > 0 && !open ? t("chatUnread", { count: unread }) : t("chat")}
        onClick={toggle}
      >
        <Icon name="chat" size={24} />
        {unread > 0 && !open && (
          <span class="badge" data-testid="chat-badge">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel user={user} onClose={toggle} />
        </Suspense>
      )}
    </>
  );
}
