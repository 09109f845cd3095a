import { type ReactNode, useMemo } from "react";
import type { ChatEntry } from "../../contract/chat";
import type { Translate } from "../../i18n/translate";
import { dayIn } from "../../lib/time-zone";
import { formatBadgeCount } from "../../stores/counts";
import Avatar from "./Avatar";
import { nameOf, preview } from "./chat-text";

type Props = {
  chats: ChatEntry[];
  t: Translate;
  locale: string;
  /** The zone the times are written in (issue 29 item 17). */
  timeZone: string;
  /** The open conversation's id, if any. */
  current: number | null;
  /** The conversation being fetched, if any. */
  loading: number | null;
  onOpen: (conversation: number) => void;
  /** Shown under the conversations (the push prompt), where it moves nothing above it. */
  children?: ReactNode;
};

/**
 * When a conversation last moved, as the list writes it: the time if that was today in the
 * member's zone (on the server as in the browser), else the date. The formatters are made once
 * for the list: making one costs far more than using it, and a member may have many chats.
 */
function entryTimes(locale: string, timeZone: string): (iso: string) => string {
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeZone });
  const today = dayIn(timeZone, new Date());
  return (iso) => {
    const date = new Date(iso);
    return (dayIn(timeZone, date) === today ? time : day).format(date);
  };
}

/** spec §2 Chats: the member's conversations, newest first, each with its unread count. */
export default function ConversationList(props: Props) {
  const { t } = props;
  const when = useMemo(
    () => entryTimes(props.locale, props.timeZone),
    [props.locale, props.timeZone],
  );
  return (
    <section className="chat-list" aria-labelledby="chats-heading">
      <header className="chat-list-header">
        <a href="/members" className="btn btn-ghost btn-icon">
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t("nav.searchMembers")}</span>
        </a>
        <h1 id="chats-heading">{t("chats.heading")}</h1>
      </header>
      {props.chats.length === 0 ? (
        <div className="chat-empty stack">
          <p>{t("chats.empty")}</p>
          <a className="btn btn-primary" href="/members">
            {t("chats.emptyCta")}
          </a>
        </div>
      ) : (
        <ul className="chat-entries">
          {props.chats.map((chat) => (
            <ConversationEntry
              key={chat.conversation}
              chat={chat}
              t={t}
              when={when}
              current={props.current === chat.conversation}
              busy={props.loading === chat.conversation}
              onOpen={() => props.onOpen(chat.conversation)}
            />
          ))}
        </ul>
      )}
      {props.children}
    </section>
  );
}

function ConversationEntry(props: {
  chat: ChatEntry;
  t: Translate;
  when: (iso: string) => string;
  current: boolean;
  busy: boolean;
  onOpen: () => void;
}) {
  const { chat, t } = props;
  const name = nameOf(chat.profile, t);
  const time = props.when(chat.updated_at);
  return (
    <li
      className={`chat-entry${props.current ? " is-current" : ""}${chat.num_unread_messages ? " is-unread" : ""}`}
    >
      <a
        href={`/chats/${chat.conversation}`}
        aria-current={props.current ? "page" : undefined}
        aria-busy={props.busy}
        onClick={(event) => {
          // A new tab or window opens the address as any link does.
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          props.onOpen();
        }}
      >
        <Avatar profile={chat.profile} size={48} />
        <span className="chat-entry-text">
          <span className="chat-entry-top">
            <span className="chat-entry-name">{name}</span>
            <time dateTime={chat.updated_at}>{time}</time>
          </span>
          <span className="chat-entry-preview">{preview(chat.last_message, t)}</span>
        </span>
        {chat.num_unread_messages > 0 ? (
          <span className="badge badge-unread">
            <span aria-hidden="true">{formatBadgeCount(chat.num_unread_messages)}</span>
            <span className="visually-hidden">
              {t("chats.unread", { count: chat.num_unread_messages })}
            </span>
          </span>
        ) : null}
      </a>
    </li>
  );
}
