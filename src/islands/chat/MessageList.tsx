import { useLayoutEffect, useMemo, useRef, useState } from "react";
import type { ConversationAnswer, MessageView } from "../../contract/chat";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import { api, type ClientErrorCode } from "../../lib/api-client";
import { describeApiError } from "../ui/use-api-form";
import { ChatImage } from "./ChatImage";
import {
  type ChatStore,
  updateConversation,
  withOlderMessages,
  withReplacedMessage,
} from "./chat-store";
import { GIFT_ICONS } from "./chat-text";

type Props = {
  conversation: ConversationAnswer;
  store: ChatStore;
  name: string;
  t: Translate;
  locale: string;
  /** The zone the times are written in: the server's, then the browser's (issue 29 item 17). */
  timeZone: string;
  /** A call from the log failed (older messages, opening a photo): why, and the API's code. */
  onError: (text: string, code: ClientErrorCode | null) => void;
};

/**
 * spec §2 in-chat screen: the log (`role=log`), oldest first with a line per day, older messages
 * by keyset, and the state (sent, delivered, read) under the member's last own message. A
 * received message the safety rules flagged (issue 27) carries the safety notice beneath it.
 */
export default function MessageList(props: Props) {
  const { conversation, name, t } = props;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const keepScroll = useRef<number | null>(null);

  const time = useMemo(
    () => new Intl.DateTimeFormat(props.locale, { timeStyle: "short", timeZone: props.timeZone }),
    [props.locale, props.timeZone],
  );
  const day = useMemo(
    () => new Intl.DateTimeFormat(props.locale, { dateStyle: "medium", timeZone: props.timeZone }),
    [props.locale, props.timeZone],
  );

  // New messages scroll into view when the member is at the bottom; older ones keep the place.
  const count = conversation.messages.length;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (keepScroll.current !== null) {
      log.scrollTop = log.scrollHeight - keepScroll.current;
      keepScroll.current = null;
    } else if (log.scrollHeight - log.scrollTop - log.clientHeight < 200 || count <= 50) {
      log.scrollTop = log.scrollHeight;
    }
  }, [count]);

  async function loadOlder() {
    if (!conversation.older_cursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const older = await api("GET /api/messages.php", {
        query: { conversation: conversation.conversation, before: conversation.older_cursor },
      });
      keepScroll.current = (logRef.current?.scrollHeight ?? 0) - (logRef.current?.scrollTop ?? 0);
      updateConversation(props.store, conversation.conversation, (shown) =>
        withOlderMessages(shown, older),
      );
    } catch (caught) {
      props.onError(describeApiError(caught, t), null);
    } finally {
      setLoadingOlder(false);
    }
  }

  const lastMine = [...conversation.messages].reverse().find((message) => message.from_me);
  let previousDay = "";

  return (
    <div
      ref={logRef}
      className="chat-log"
      role="log"
      aria-label={t("chat.conversationWith", { name })}
    >
      <ol className="chat-messages">
        {conversation.older_cursor ? (
          <li className="chat-older">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={loadOlder}
              aria-disabled={loadingOlder}
            >
              {loadingOlder ? t("chat.loadingOlder") : t("chat.loadOlder")}
            </button>
          </li>
        ) : null}
        {conversation.messages.length === 0 ? (
          <li className="chat-start">{t("chat.start", { name })}</li>
        ) : null}
        {conversation.messages.map((message) => {
          const date = new Date(message.created_at);
          const dayLabel = day.format(date);
          const separator = dayLabel !== previousDay;
          previousDay = dayLabel;
          return [
            separator ? (
              <li key={`day-${dayLabel}`} className="chat-day">
                <span>{dayLabel}</span>
              </li>
            ) : null,
            <li
              key={message.id}
              className={`chat-message ${message.from_me ? "is-mine" : "is-theirs"}`}
            >
              <div className={`chat-bubble${message.kind === "gift" ? " is-gift" : ""}`}>
                <span className="visually-hidden">
                  {message.from_me
                    ? t("chat.messageFromMe", { time: time.format(date) })
                    : t("chat.messageFromThem", { name, time: time.format(date) })}
                </span>
                <MessageBody {...props} message={message} />
                <time dateTime={message.created_at} aria-hidden="true">
                  {time.format(date)}
                </time>
              </div>
              {message.safety_notice ? (
                <p className="chat-safety-notice" role="note">
                  {t("chat.safety.notice")}
                </p>
              ) : null}
              {message === lastMine && message.state ? (
                <span className="chat-state">{t(`chat.state.${message.state}`)}</span>
              ) : null}
            </li>,
          ];
        })}
      </ol>
    </div>
  );
}

/** A message's content: a gift's line, an image, or the text (as text, never HTML). */
function MessageBody(props: Props & { message: MessageView }) {
  const { message, name, t } = props;
  if (message.kind === "gift" && message.gift) {
    const gift = t(`gift.${message.gift}` as MessageKey);
    return (
      <p>
        <span className="chat-gift-icon" aria-hidden="true">
          {GIFT_ICONS[message.gift]}
        </span>
        {message.from_me ? t("chat.giftFromMe", { gift }) : t("chat.giftFromThem", { name, gift })}
      </p>
    );
  }
  if (message.kind === "image" && message.image) {
    return (
      <ChatImage
        message={message}
        t={t}
        name={name}
        onOpened={(opened) =>
          updateConversation(props.store, props.conversation.conversation, (shown) =>
            withReplacedMessage(shown, opened),
          )
        }
        onError={props.onError}
      />
    );
  }
  return <p className="chat-text">{message.text}</p>;
}
