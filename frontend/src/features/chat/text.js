// The English of the chat window: ids "chat.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("chat", {
  picture: "Picture",
  message: "Message",
  messageTo: "Message {name}",
  attach: "Attach a picture",
  send: "Send",
  chat: "Chat",
  chatUnread: "{count, plural, one {Chat, # unread} other {Chat, # unread}}",
  broadcasts: "Broadcasts",
  back: "Back",
  close: "Close chat",
});
