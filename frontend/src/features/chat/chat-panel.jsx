// The chat's window (spec 2 "Chat window", §4 "Chat", §9), loaded when the chat button is first
// tapped: it lists the people one may chat with (most unread first) and the broadcasts, and shows a
// conversation grouped by day, polling the open pane (a conversation or the broadcasts) every 25
// seconds. Fetch failures are silent.
import { t } from "./text";
import { useEffect, useRef, useState } from "react";
import { AuthImage } from "../../lib/auth-image";
import { dayHeader, localParts } from "../../lib/format";
import { Icon } from "../../lib/icons";
import * as chat from "./api";
import { pollMs } from "./poll";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** A message as the pane shows it: a conversation's, or a broadcast (sender 0). */
/** @typedef {{ messageID: number, sentDate: string, messageText?: string | null, imageUrl?: string | null, senderID: number }} Shown */

const OPEN_POLL = 25_000;
const IMAGE_TYPES = ["jpg", "jpeg", "bmp", "png"];

/** "14:05" in the phone's time. @param {string} iso */
const time = (iso) => localParts(iso).time;
const quiet = () => {};

/** @param {{ messages: Shown[], me: number }} props */
function Messages({ messages, me }) {
  const end = useRef(/** @type {HTMLDivElement | null} */ (null));
  useEffect(() => {
    if (end.current) end.current.scrollIntoView({ block: "end" });
  }, [messages.length]);
  /** @type {string | null} */
  let lastDay = null;
  return (
    <div class="chat-messages" data-testid="chat-messages">
      {messages.map((m) => {
        const day = dayHeader(m.sentDate);
        const header = day !== lastDay ? <div class="chat-day">{day}</div> : null;
        lastDay = day;
        const mine = m.senderID === me;
        return (
          <div key={m.messageID}>
            {header}
            <div class={`chat-bubble${mine ? " mine" : ""}`}>
              {m.messageText && <span class="pre-wrap">{m.messageText}</span>}
              {m.imageUrl && <AuthImage url={m.imageUrl} alt={t("picture")} className="chat-image" />}
              <small>{time(m.sentDate)}</small>
            </div>
          </div>
        );
      })}
      <div ref={end} />
    </div>
  );
}

/**
 * Messages of one pane, loaded once and then polled every 25 s while the pane is open (spec 2 §4,
 * §9): `load()` gives the history, `since(latest)` what came after the newest one held, and
 * `afterFetch(messages)` marks what arrived unread as read. Both the conversation and the
 * broadcast pane use it.
 * @template {{ messageID: number, sentDate: string }} T
 * @param {() => Promise<T[]>} load
 * @param {(latest: string | null) => Promise<T[]>} since
 * @param {(messages: T[]) => void} afterFetch
 * @param {unknown[]} deps
 * @returns {[T[], (incoming: T[]) => void]}
 */
function usePolledMessages(load, since, afterFetch, deps) {
  const [messages, setMessages] = useState(/** @type {T[]} */ ([]));
  /** @param {T[]} incoming */
  const merge = (incoming) =>
    setMessages((old) => {
      const known = new Set(old.map((m) => m.messageID));
      const fresh = incoming.filter((m) => !known.has(m.messageID));
      return fresh.length ? [...old, ...fresh] : old;
    });
  const latest = useRef(/** @type {string | null} */ (null));
  useEffect(() => {
    latest.current = messages.length ? messages[messages.length - 1].sentDate : null;
  }, [messages]);
  useEffect(() => {
    /** @type {ReturnType<typeof setInterval> | undefined} */
    let timer;
    let live = true;
    setMessages([]);
    load()
      .then((history) => {
        if (!live) return;
        setMessages(history);
        afterFetch(history);
        timer = setInterval(() => {
          since(latest.current)
            .then((fresh) => {
              if (!live) return;
              merge(fresh);
              afterFetch(fresh);
            })
            .catch(quiet);
        }, pollMs(OPEN_POLL));
      })
      .catch(quiet);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` name what `load` and `since` read
  }, deps);
  return [messages, merge];
}

/** @param {{ partner: Schemas["ChatUser"], me: number, onRead: () => void }} props */
function Conversation({ partner, me, onRead }) {
  const conversation = useRef(/** @type {number | null} */ (null));
  const [text, setText] = useState("");
  /** @param {Schemas["Message"][]} messages */
  const markRead = (messages) => {
    const id = conversation.current;
    if (id != null && messages.some((m) => m.receiverID === me && !m.isRead)) chat.markConversationRead(id).then(onRead, quiet);
  };
  const [messages, merge] = usePolledMessages(
    async () => {
      const { conversationId } = await chat.openConversation(partner.uid);
      conversation.current = conversationId;
      return chat.chatHistory(conversationId);
    },
    (latestTimestamp) =>
      conversation.current == null ? Promise.resolve([]) : chat.newMessages(conversation.current, latestTimestamp),
    markRead,
    [partner.uid],
  );
  /** @param {Event} e */
  const send = (e) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || !conversation.current) return;
    chat
      .sendMessage({ conversationId: conversation.current, receiverId: partner.uid, messageText: body })
      .then((m) => {
        merge([m]);
        setText("");
      })
      .catch(quiet);
  };
  /** @param {Event & { currentTarget: HTMLInputElement }} e */
  const sendImage = (e) => {
    const input = e.currentTarget;
    const file = input.files && input.files[0];
    input.value = "";
    if (!file || !conversation.current || !IMAGE_TYPES.includes((file.name.split(".").pop() || "").toLowerCase())) return;
    const data = new FormData();
    data.append("chatImage", file);
    data.append("conversationId", String(conversation.current));
    data.append("receiverId", String(partner.uid));
    chat.sendImage(data).then((m) => merge([m]), quiet);
  };
  return (
    <div class="chat-conversation">
      <Messages messages={messages} me={me} />
      <form class="chat-input" onSubmit={send}>
        <input
          aria-label={t("message")}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder={t("messageTo", { name: partner.userName })}
          maxLength={2000}
        />
        <label class="btn btn-small chat-attach" title={t("picture")}>
          <Icon name="attach" />
          <span class="visually-hidden">{t("attach")}</span>
          <input type="file" accept=".jpg,.jpeg,.bmp,.png" onChange={sendImage} hidden />
        </label>
        <button type="submit" class="btn btn-primary btn-small">
          {t("send")}
        </button>
      </form>
    </div>
  );
}

/** The read-only broadcast pane: its unread messages are marked read as they arrive. */
/** @param {{ onRead: () => void }} props */
function Broadcasts({ onRead }) {
  /** @param {Schemas["BroadcastMessage"][]} items */
  const markRead = (items) => {
    const unread = items.filter((b) => !b.isRead).map((b) => b.messageID);
    if (unread.length) chat.markBroadcastsRead(unread).then(onRead, quiet);
  };
  const [list] = usePolledMessages(
    () => chat.broadcasts(),
    (latestTimestamp) => chat.broadcasts(latestTimestamp),
    markRead,
    [],
  );
  return <Messages messages={list.map((b) => ({ ...b, senderID: 0 }))} me={-1} />;
}

/** @param {{ user: Schemas["SessionBody"], onClose: () => void }} props */
export default function ChatPanel({ user, onClose }) {
  const [people, setPeople] = useState(/** @type {Schemas["ChatUser"][]} */ ([]));
  const [broadcastUnread, setBroadcastUnread] = useState(0);
  const [selected, setSelected] = useState(/** @type {Schemas["ChatUser"] | "broadcast" | null} */ (null));
  const refresh = () => {
    chat.chatUsers().then(setPeople, quiet);
    chat.unreadCounts().then((r) => setBroadcastUnread(r.broadCastCounts.unreadCount), quiet);
  };
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, pollMs(OPEN_POLL));
    return () => clearInterval(timer);
  }, []);
  return (
    <div class="chat-window" role="dialog" aria-label={t("chat")} data-testid="chat-window">
      <header class="chat-header">
        <strong>{selected ? (selected === "broadcast" ? t("broadcasts") : selected.userName) : t("chat")}</strong>
        {selected && (
          <button type="button" class="btn btn-small" onClick={() => setSelected(null)}>
            {t("back")}
          </button>
        )}
        <button type="button" class="btn btn-small" aria-label={t("close")} onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {!selected && (
        <ul class="chat-people">
          <li>
            <button type="button" onClick={() => setSelected("broadcast")}>
              <span class="chat-initial">
                <Icon name="broadcast" size={18} />
              </span>{" "}
              {t("broadcasts")} {broadcastUnread > 0 && <span class="badge">{broadcastUnread}</span>}
            </button>
          </li>
          {people.map((p) => (
            <li key={p.uid}>
              <button type="button" onClick={() => setSelected(p)}>
                <span class="chat-initial">{p.imageName}</span> {p.userName}{" "}
                {p.unreadCount > 0 && <span class="badge">{p.unreadCount}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected === "broadcast" && <Broadcasts onRead={refresh} />}
      {selected && selected !== "broadcast" && <Conversation partner={selected} me={user.uid} onRead={refresh} />}
    </div>
  );
}
