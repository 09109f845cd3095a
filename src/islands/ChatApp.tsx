import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type {
  ChatEntry,
  ChatsAnswer,
  ConversationAnswer,
  MessageView,
  SentAnswer,
} from "../contract/chat";
import type { Gift } from "../contract/chat-options";
import type { PremiumFeature } from "../contract/premium";
import type { UserView } from "../contract/users";
import type { MessageKey } from "../i18n/catalogues";
import type { Translate } from "../i18n/translate";
import { ApiRequestError, apiFetch, isOutcomeUnknown, newIdempotencyKey } from "../lib/api-client";
import { $chats, refreshChats } from "../stores/chats";
import {
  $unreadMessages,
  bindAttentionCount,
  creditBadgeVariant,
  formatBadgeCount,
} from "../stores/counts";
import { onMemberEvent, startMemberEvents } from "../stores/events";
import { syncPush } from "../stores/push";
import { useSeededStore } from "../stores/seeded";
import { $member, startMemberRefresh } from "../stores/session";
import PremiumAlert from "./payments/PremiumAlert";
import ReportDialog from "./profile/ReportDialog";
import DropdownMenu from "./ui/DropdownMenu";
import Modal, { ModalActions } from "./ui/Modal";
import { describeApiError } from "./ui/use-api-form";
import { type I18nProps, useTranslate } from "./ui/use-translate";

type Props = I18nProps & {
  member: UserView;
  initialChats: ChatsAnswer;
  /** The open conversation (/chats/{id}), or null (/chats). */
  conversation: ConversationAnswer | null;
  /** What a message costs at least in the member's country, formatted ("€0.29"), if known. */
  priceFrom: string | null;
  /** The site's web push key: a subscribed browser's state is kept in step. */
  pushPublicKey: string | null;
};

const ICEBREAKERS = [1, 2, 3, 4, 5, 6].map((n) => `chat.icebreaker.line${n}` as MessageKey);

const GIFT_ICONS: Record<Gift, string> = {
  rose: "🌹",
  heart: "❤️",
  chocolate: "🍫",
  champagne: "🍾",
  teddy: "🧸",
};

/** How long the typing indicator shows after a signal (the sender signals every 2–3 s). */
const TYPING_SHOWN_MS = 5000;
/** The member's typing is signalled at most this often. */
const TYPING_SIGNAL_MS = 3000;

function nameOf(profile: ChatEntry["profile"], t: Translate): string {
  return profile?.name ?? t("chat.deletedMember");
}

function Avatar({ profile, size }: { profile: ChatEntry["profile"]; size: number }) {
  const image = profile?.main_image?.thumb;
  return image ? (
    <img className="avatar" src={image} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="avatar avatar-initial" aria-hidden="true">
      {profile?.name.slice(0, 1) ?? "?"}
    </span>
  );
}

function preview(message: MessageView | null, t: Translate): string {
  if (!message) return t("chats.noMessages");
  const text =
    message.kind === "gift" && message.gift
      ? t("chats.giftPreview", { gift: t(`gift.${message.gift}` as MessageKey) })
      : message.kind === "image"
        ? t("chats.imagePreview")
        : (message.text ?? "");
  return message.from_me ? t("chats.youPrefix", { text }) : text;
}

/** Applies the other member's receipts to the viewer's own messages. */
function withReceipts(messages: MessageView[], delivered: number, read: number): MessageView[] {
  return messages.map((message) =>
    message.from_me
      ? {
          ...message,
          state:
            read >= message.id ? "read" : delivered >= message.id ? "delivered" : message.state,
        }
      : message,
  );
}

/** Changes one entry of the chat list in the store; `toTop` moves it first (a new message). */
/**
 * spec §4: the conversation on screen is read. Reading it (GET /api/messages.php) changes nothing,
 * so the page says so with a write of its own, which the origin check covers.
 */
function markShownRead(conversation: number) {
  updateEntry(conversation, (chat) => ({ ...chat, num_unread_messages: 0 }));
  void apiFetch("/api/chat-read.php", { method: "POST", body: { conversation } }).catch(() => {});
}

function updateEntry(conversation: number, change: (chat: ChatEntry) => ChatEntry, toTop = false) {
  const current = $chats.get();
  const entry = current?.chats.find((chat) => chat.conversation === conversation);
  if (!current || !entry) return;
  const changed = change(entry);
  const others = current.chats.filter((chat) => chat.conversation !== conversation);
  const chats = toTop
    ? [changed, ...others]
    : current.chats.map((chat) => (chat.conversation === conversation ? changed : chat));
  $chats.set({ ...current, chats });
}

/**
 * spec §2 Chats: the conversation list and the open conversation, side by side on a desktop and
 * one at a time on a phone. Live through the page's events stream (design §7); the list also
 * follows the periodic refresh (spec §9).
 */
export default function ChatApp(props: Props) {
  const t = useTranslate(props);
  const member = useSeededStore($member, props.member);
  const list = useSeededStore($chats, props.initialChats) ?? props.initialChats;
  const [active, setActive] = useState<ConversationAnswer | null>(props.conversation);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [, setTick] = useState(0);
  const activeRef = useRef(active);
  activeRef.current = active;
  /** The latest `open`, for the events handler registered once. */
  const openRef = useRef<(conversation: number, push?: boolean) => Promise<void>>(async () => {});

  useEffect(() => {
    const stops = [startMemberEvents(), startMemberRefresh(), bindAttentionCount()];
    $unreadMessages.set(props.initialChats.unread_total);
    return () => {
      for (const stop of stops) stop();
    };
  }, [props.initialChats.unread_total]);

  useEffect(() => {
    void syncPush(props.pushPublicKey, props.member.id).catch(() => {});
  }, [props.pushPublicKey, props.member.id]);

  // The conversation the page came with (/chats/{id}) is on screen now.
  const shownFirst = props.conversation?.conversation;
  useEffect(() => {
    if (shownFirst !== undefined) markShownRead(shownFirst);
  }, [shownFirst]);

  // The address bar follows the open conversation; Back returns to the previous one.
  useEffect(() => {
    const onPop = () => {
      const match = location.pathname.match(/^\/chats\/(\d+)$/);
      if (match) void open(Number(match[1]), false);
      else setActive(null);
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  });

  useEffect(
    () =>
      onMemberEvent((event) => {
        const current = activeRef.current;
        if (event.type === "typing") {
          if (current?.conversation === event.data.conversation) {
            setTypingUntil(Date.now() + TYPING_SHOWN_MS);
            setTimeout(() => setTick((tick) => tick + 1), TYPING_SHOWN_MS + 50);
          }
        } else if (event.type === "message") {
          const { message } = event.data;
          if (current?.conversation === message.conversation) {
            // Events carry no image URLs (they are minted per request): the page fetches them.
            if (message.kind === "image" && !message.from_me)
              void openRef.current(message.conversation, false);
            setActive((previous) =>
              previous && !previous.messages.some((known) => known.id === message.id)
                ? { ...previous, messages: [...previous.messages, message] }
                : previous,
            );
            if (!message.from_me) {
              setTypingUntil(0);
              if (document.visibilityState === "visible") {
                void apiFetch("/api/chat-read.php", {
                  method: "POST",
                  body: { conversation: message.conversation },
                }).catch(() => {});
              }
            }
          }
          const known = $chats
            .get()
            ?.chats.some((chat) => chat.conversation === message.conversation);
          if (known) {
            updateEntry(
              message.conversation,
              (chat) => ({
                ...chat,
                last_message: message,
                updated_at: message.created_at,
                num_unread_messages:
                  message.from_me || current?.conversation === message.conversation
                    ? chat.num_unread_messages
                    : chat.num_unread_messages + 1,
              }),
              true,
            );
          } else {
            void refreshChats().catch(() => {});
          }
        } else if (event.type === "receipt") {
          setActive((previous) =>
            previous?.conversation === event.data.conversation
              ? {
                  ...previous,
                  messages: withReceipts(
                    previous.messages,
                    event.data.delivered_up_to,
                    event.data.read_up_to,
                  ),
                }
              : previous,
          );
          updateEntry(event.data.conversation, (chat) =>
            chat.last_message
              ? {
                  ...chat,
                  last_message:
                    withReceipts(
                      [chat.last_message],
                      event.data.delivered_up_to,
                      event.data.read_up_to,
                    )[0] ?? chat.last_message,
                }
              : chat,
          );
        } else if (event.type === "chats") {
          void refreshChats().catch(() => {});
        }
      }),
    [],
  );

  async function open(conversation: number, push = true) {
    setLoadingId(conversation);
    try {
      const answer = await apiFetch<ConversationAnswer>("/api/messages.php", {
        query: { conversation },
      });
      setActive(answer);
      setTypingUntil(0);
      if (push) history.pushState(null, "", `/chats/${conversation}`);
      markShownRead(conversation);
    } catch (caught) {
      alert(describeApiError(caught, t));
    } finally {
      setLoadingId(null);
    }
  }

  openRef.current = open;

  function backToList() {
    setActive(null);
    history.pushState(null, "", "/chats");
  }

  /** spec §4, §8: gone from the list at once; on failure an alert and the list reloaded. */
  async function remove(conversation: number) {
    const current = $chats.get() ?? props.initialChats;
    $chats.set({
      ...current,
      chats: current.chats.filter((chat) => chat.conversation !== conversation),
    });
    if (activeRef.current?.conversation === conversation) backToList();
    try {
      await apiFetch("/api/chat.php", { method: "DELETE", body: { conversation } });
    } catch {
      alert(t("chat.error.removeFailed"));
      await refreshChats().catch(() => {});
    }
  }

  const view = active ? "conversation" : "list";
  return (
    <div className="chat-app" data-view={view}>
      <section className="chat-list" aria-labelledby="chats-heading">
        <header className="chat-list-header">
          <a href="/members" className="btn btn-ghost btn-icon">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t("nav.searchMembers")}</span>
          </a>
          <h1 id="chats-heading">{t("chats.heading")}</h1>
        </header>
        {list.chats.length === 0 ? (
          <div className="chat-empty stack">
            <p>{t("chats.empty")}</p>
            <a className="btn btn-primary" href="/members">
              {t("chats.emptyCta")}
            </a>
          </div>
        ) : (
          <ul className="chat-entries">
            {list.chats.map((chat) => (
              <ChatListEntry
                key={chat.conversation}
                chat={chat}
                t={t}
                locale={props.locale}
                current={active?.conversation === chat.conversation}
                busy={loadingId === chat.conversation}
                onOpen={() => open(chat.conversation)}
              />
            ))}
          </ul>
        )}
      </section>
      {active ? (
        <Conversation
          key={active.conversation}
          conversation={active}
          setConversation={setActive}
          t={t}
          locale={props.locale}
          messages={props.messages}
          credits={member?.credits ?? 0}
          isPremium={member?.paid_user ?? false}
          typing={typingUntil > Date.now()}
          priceFrom={props.priceFrom}
          onBack={backToList}
          onRemove={() => remove(active.conversation)}
        />
      ) : (
        <section className="chat-conversation chat-placeholder" aria-label={t("chats.heading")}>
          <p>{t("chats.select")}</p>
        </section>
      )}
    </div>
  );
}

function ChatListEntry(props: {
  chat: ChatEntry;
  t: Translate;
  locale: string;
  current: boolean;
  busy: boolean;
  onOpen: () => void;
}) {
  const { chat, t } = props;
  const name = nameOf(chat.profile, t);
  const time = useMemo(() => {
    const date = new Date(chat.updated_at);
    const today = new Date().toDateString() === date.toDateString();
    return new Intl.DateTimeFormat(
      props.locale,
      today ? { timeStyle: "short" } : { dateStyle: "short" },
    ).format(date);
  }, [chat.updated_at, props.locale]);
  return (
    <li
      className={`chat-entry${props.current ? " is-current" : ""}${chat.num_unread_messages ? " is-unread" : ""}`}
    >
      <a
        href={`/chats/${chat.conversation}`}
        aria-current={props.current ? "page" : undefined}
        aria-busy={props.busy}
        onClick={(event) => {
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

type ConversationProps = {
  conversation: ConversationAnswer;
  setConversation: (
    update: (previous: ConversationAnswer | null) => ConversationAnswer | null,
  ) => void;
  t: Translate;
  locale: I18nProps["locale"];
  /** The island's catalogue, for the premium alert. */
  messages: I18nProps["messages"];
  credits: number;
  isPremium: boolean;
  typing: boolean;
  priceFrom: string | null;
  onBack: () => void;
  onRemove: () => void;
};

/** Drafts survive switching conversations (and a failed send keeps the text in the box). */
const drafts = new Map<number, string>();
/**
 * The Idempotency-Key of a text whose send ended without an answer (the network or the server
 * gone): pressing send again on the same text is the same message, so the server answers it
 * once, and charges it once, even when the first attempt did commit (issue 25, item 3).
 */
const unansweredSends = new Map<number, { text: string; key: string }>();

function Conversation(props: ConversationProps) {
  const { conversation, t } = props;
  const { profile, terms } = conversation;
  const name = nameOf(profile, t);
  const [draft, setDraft] = useState(drafts.get(conversation.conversation) ?? "");
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<{ text: string; code: string | null } | null>(null);
  // The premium alert, for the premium-only step the member just tried (issue 13).
  const [premium, setPremium] = useState<{ feature: PremiumFeature; open: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [confirm, setConfirm] = useState<"remove" | "block" | "report" | null>(null);
  // spec §2: the first message starts from the icebreaker modal's suggestions.
  const [icebreaker, setIcebreaker] = useState(
    conversation.messages.length === 0 && !conversation.older_cursor && terms.can_write,
  );
  const logRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const lastTypingSignal = useRef(0);
  const keepScroll = useRef<number | null>(null);
  const length = [...draft].length;
  const tooLong = length > terms.message_length;

  const time = useMemo(
    () => new Intl.DateTimeFormat(props.locale, { timeStyle: "short" }),
    [props.locale],
  );
  const day = useMemo(
    () => new Intl.DateTimeFormat(props.locale, { dateStyle: "medium" }),
    [props.locale],
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

  useEffect(() => {
    drafts.set(conversation.conversation, draft);
  }, [conversation.conversation, draft]);

  async function loadOlder() {
    if (!conversation.older_cursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const older = await apiFetch<ConversationAnswer>("/api/messages.php", {
        query: { conversation: conversation.conversation, before: conversation.older_cursor },
      });
      keepScroll.current = (logRef.current?.scrollHeight ?? 0) - (logRef.current?.scrollTop ?? 0);
      props.setConversation((previous) =>
        previous
          ? {
              ...previous,
              messages: [...older.messages, ...previous.messages],
              older_cursor: older.older_cursor,
            }
          : previous,
      );
    } catch (caught) {
      setError({ text: describeApiError(caught, t), code: null });
    } finally {
      setLoadingOlder(false);
    }
  }

  function signalTyping() {
    const now = Date.now();
    if (now - lastTypingSignal.current < TYPING_SIGNAL_MS) return;
    lastTypingSignal.current = now;
    void apiFetch("/api/typing.php", {
      method: "POST",
      body: { conversation: conversation.conversation },
      retries: 0,
    }).catch(() => {});
  }

  async function send() {
    const text = draft.trim();
    if (!text || sending || tooLong) return;
    setSending(true);
    setError(null);
    const unanswered = unansweredSends.get(conversation.conversation);
    const key = unanswered?.text === text ? unanswered.key : newIdempotencyKey();
    try {
      const answer = await apiFetch<SentAnswer>("/api/message.php", {
        method: "POST",
        body: { conversation: conversation.conversation, text },
        idempotencyKey: key,
      });
      unansweredSends.delete(conversation.conversation);
      setDraft("");
      const member = $member.get();
      if (member) $member.set({ ...member, credits: answer.credits });
      props.setConversation((previous) =>
        previous && !previous.messages.some((message) => message.id === answer.message.id)
          ? { ...previous, messages: [...previous.messages, answer.message] }
          : previous,
      );
      // Back to the box for the next message, unless the member has moved on meanwhile (opened
      // the options menu, say): taking focus from there would close what they just opened.
      const active = document.activeElement;
      if (!active || active === document.body || textRef.current?.form?.contains(active)) {
        textRef.current?.focus();
      }
    } catch (caught) {
      // A refusal is final (a retry under its key would only replay it); an unknown outcome
      // keeps the key for the next press.
      if (isOutcomeUnknown(caught)) unansweredSends.set(conversation.conversation, { text, key });
      else unansweredSends.delete(conversation.conversation);
      // The text stays in the box; the message says why and what to do.
      const code = caught instanceof ApiRequestError ? caught.code : null;
      setError({ text: describeApiError(caught, t), code });
      if (code === "premium_required") setPremium({ feature: "conversations", open: true });
    } finally {
      setSending(false);
    }
  }

  /** spec §2 footer: image upload, through the profile photos' checks, for photo_credits. */
  async function sendImage(file: File) {
    setUploading(true);
    setError(null);
    const form = new FormData();
    form.append("conversation", String(conversation.conversation));
    form.append("photo", file);
    try {
      const answer = await apiFetch<SentAnswer>("/api/chat-image.php", {
        method: "POST",
        body: form,
        retries: 2,
      });
      const member = $member.get();
      if (member) $member.set({ ...member, credits: answer.credits });
      props.setConversation((previous) =>
        previous && !previous.messages.some((message) => message.id === answer.message.id)
          ? { ...previous, messages: [...previous.messages, answer.message] }
          : previous?.messages.some((message) => message.id === answer.message.id)
            ? {
                ...previous,
                messages: previous.messages.map((message) =>
                  message.id === answer.message.id ? answer.message : message,
                ),
              }
            : previous,
      );
    } catch (caught) {
      setError({
        text: describeApiError(caught, t),
        code: caught instanceof ApiRequestError ? caught.code : null,
      });
    } finally {
      setUploading(false);
    }
  }

  async function block() {
    if (!profile) return;
    try {
      await apiFetch("/api/block.php", { method: "POST", body: { id: profile.id } });
      setConfirm(null);
      await refreshChats().catch(() => {});
      props.onBack();
    } catch (caught) {
      setConfirm(null);
      setError({ text: describeApiError(caught, t), code: null });
    }
  }

  const lastMine = [...conversation.messages].reverse().find((message) => message.from_me);
  const creditVariant = creditBadgeVariant(props.credits);
  let previousDay = "";

  return (
    <section className="chat-conversation" aria-label={t("chat.conversationWith", { name })}>
      <header className="chat-topbar">
        <a
          href="/chats"
          className="btn btn-ghost btn-icon chat-back"
          onClick={(event) => {
            event.preventDefault();
            props.onBack();
          }}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t("chat.back")}</span>
        </a>
        {profile ? (
          <a className="chat-partner" href={`/members/${profile.id}`}>
            <Avatar profile={profile} size={40} />
            <span className="chat-partner-text">
              <span className="chat-partner-name">{name}</span>
              <span className="chat-typing" role="status">
                {props.typing ? t("chat.typing", { name }) : ""}
              </span>
            </span>
          </a>
        ) : (
          <span className="chat-partner">
            <Avatar profile={null} size={40} />
            <span className="chat-partner-name">{name}</span>
          </span>
        )}
        <a
          href="/credits"
          className={`badge chat-credits${creditVariant ? ` badge-${creditVariant}` : " badge-muted"}`}
        >
          {t("chat.credits", { count: props.credits })}
        </a>
        <DropdownMenu
          buttonClassName="btn btn-ghost btn-icon"
          menuClassName="dropdown-menu chat-menu"
          label={
            <>
              <span aria-hidden="true">⋮</span>
              <span className="visually-hidden">{t("chat.menu")}</span>
            </>
          }
        >
          {profile ? (
            <li>
              <a href={`/members/${profile.id}`}>{t("chat.viewProfile")}</a>
            </li>
          ) : null}
          {profile ? (
            <li>
              <button type="button" onClick={() => setConfirm("block")}>
                {t("chat.block")}
              </button>
            </li>
          ) : null}
          {profile ? (
            <li>
              <button type="button" onClick={() => setConfirm("report")}>
                {t("chat.report")}
              </button>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={() => setConfirm("remove")}>
              {t("chat.remove")}
            </button>
          </li>
        </DropdownMenu>
      </header>

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
                  {message.kind === "gift" && message.gift ? (
                    <p>
                      <span className="chat-gift-icon" aria-hidden="true">
                        {GIFT_ICONS[message.gift]}
                      </span>
                      {message.from_me
                        ? t("chat.giftFromMe", { gift: t(`gift.${message.gift}` as MessageKey) })
                        : t("chat.giftFromThem", {
                            name,
                            gift: t(`gift.${message.gift}` as MessageKey),
                          })}
                    </p>
                  ) : message.kind === "image" && message.image ? (
                    <ChatImage
                      message={message}
                      t={t}
                      name={name}
                      onOpened={(opened) =>
                        props.setConversation((previous) =>
                          previous
                            ? {
                                ...previous,
                                messages: previous.messages.map((known) =>
                                  known.id === opened.id ? opened : known,
                                ),
                              }
                            : previous,
                        )
                      }
                      onError={(text, code) => {
                        setError({ text, code });
                        if (code === "premium_required") {
                          setPremium({ feature: "chat_images", open: true });
                        }
                      }}
                    />
                  ) : (
                    <p className="chat-text">{message.text}</p>
                  )}
                  <time dateTime={message.created_at} aria-hidden="true">
                    {time.format(date)}
                  </time>
                </div>
                {message === lastMine && message.state ? (
                  <span className="chat-state">{t(`chat.state.${message.state}`)}</span>
                ) : null}
              </li>,
            ];
          })}
        </ol>
      </div>

      <footer className="chat-footer">
        {!terms.can_write && terms.blocked_reason ? (
          <p className="alert alert-warning">
            {t(`chat.blocked.${terms.blocked_reason}`, { name })}
          </p>
        ) : (
          <form
            className="chat-composer"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <p className="chat-terms">
              {terms.free ? t("chat.free") : t("chat.cost", { count: terms.message_credits })}
              {!props.isPremium && !terms.free
                ? ` ${t("chat.freeLeft", { count: terms.free_conversations_left })}`
                : ""}
            </p>
            {error ? (
              <div className="alert alert-danger chat-error" role="alert">
                <p>{error.text}</p>
                {error.code === "premium_required" ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    onClick={() =>
                      setPremium((shown) => ({
                        feature: shown?.feature ?? "conversations",
                        open: true,
                      }))
                    }
                  >
                    {t("chat.goPremium")}
                  </button>
                ) : error.code === "not_enough_credits" ? (
                  <a className="btn btn-primary btn-sm" href="/credits">
                    {t("chat.buyCredits")}
                  </a>
                ) : null}
              </div>
            ) : null}
            <div className="chat-input">
              <label className={`btn btn-ghost btn-icon chat-attach${uploading ? " is-busy" : ""}`}>
                <span aria-hidden="true">📷</span>
                <span className="visually-hidden">
                  {uploading
                    ? t("chat.uploading")
                    : t("chat.attachCost", { count: terms.photo_credits })}
                </span>
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
                  className="visually-hidden"
                  disabled={uploading}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (file) void sendImage(file);
                  }}
                />
              </label>
              <label className="visually-hidden" htmlFor="chat-text">
                {t("chat.messageLabel", { name })}
              </label>
              <textarea
                ref={textRef}
                id="chat-text"
                className="field-input"
                rows={2}
                value={draft}
                placeholder={t("chat.placeholder")}
                aria-describedby="chat-count"
                aria-invalid={tooLong || undefined}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (event.target.value) signalTyping();
                }}
                onKeyDown={(event) => {
                  // Enter sends on a keyboard; Shift+Enter, and Enter on a touch screen, is a new line.
                  if (
                    event.key === "Enter" &&
                    !event.shiftKey &&
                    !matchMedia("(pointer: coarse)").matches
                  ) {
                    event.preventDefault();
                    void send();
                  }
                }}
              />
              <button
                type="submit"
                className="btn btn-primary"
                aria-disabled={sending || tooLong || draft.trim() === ""}
              >
                {sending ? t("chat.sending") : t("chat.send")}
              </button>
            </div>
            <p id="chat-count" className={`chat-count${tooLong ? " is-over" : ""}`}>
              {t("chat.charCount", { count: length, max: terms.message_length })}
            </p>
          </form>
        )}
      </footer>

      <Modal
        open={confirm === "remove"}
        title={t("chat.remove")}
        onClose={() => setConfirm(null)}
        closeLabel={t("common.close")}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setConfirm(null)}>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setConfirm(null);
                props.onRemove();
              }}
            >
              {t("chat.remove")}
            </button>
          </ModalActions>
        }
      >
        <p>{t("chats.removeConfirm", { name })}</p>
      </Modal>
      <Modal
        open={confirm === "block"}
        title={t("profile.blockTitle", { name })}
        onClose={() => setConfirm(null)}
        closeLabel={t("common.close")}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setConfirm(null)}>
            <button type="button" className="btn btn-danger" onClick={block}>
              {t("chat.block")}
            </button>
          </ModalActions>
        }
      >
        <p>{t("profile.blockText", { name })}</p>
      </Modal>
      {profile ? (
        <ReportDialog
          open={confirm === "report"}
          onClose={() => setConfirm(null)}
          t={t}
          profileId={profile.id}
          name={name}
          conversation={conversation.conversation}
          onReported={async () => {
            setConfirm(null);
            await refreshChats().catch(() => {});
            props.onBack();
          }}
        />
      ) : null}
      <Modal
        open={icebreaker}
        title={t("chat.icebreaker.title", { name })}
        onClose={() => setIcebreaker(false)}
        closeLabel={t("common.close")}
        footer={
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setIcebreaker(false);
              textRef.current?.focus();
            }}
          >
            {t("chat.icebreaker.own")}
          </button>
        }
      >
        <p>{t("chat.icebreaker.intro")}</p>
        <ul className="icebreakers">
          {ICEBREAKERS.map((key) => (
            <li key={key}>
              <button
                type="button"
                className="icebreaker"
                onClick={() => {
                  setDraft(t(key, { name }));
                  setIcebreaker(false);
                  // After the dialog has closed and handed focus back.
                  setTimeout(() => textRef.current?.focus(), 0);
                }}
              >
                {t(key, { name })}
              </button>
            </li>
          ))}
        </ul>
        <p className="chat-terms">
          {terms.free
            ? t("chat.free")
            : props.priceFrom
              ? t("chat.icebreaker.price", { count: terms.message_credits, price: props.priceFrom })
              : t("chat.cost", { count: terms.message_credits })}
        </p>
      </Modal>
      {premium ? (
        <PremiumAlert
          locale={props.locale}
          messages={props.messages}
          open={premium.open}
          feature={premium.feature}
          onClose={() => setPremium({ ...premium, open: false })}
        />
      ) : null}
    </section>
  );
}

/** The box an image message takes in the log: its own shape, at most 240 × 320 CSS pixels. */
const CHAT_IMAGE_BOX = { width: 240, height: 320 };

/**
 * The size an image message is shown at, from the size the server stored with it: the page
 * reserves it before the file arrives (no layout shift), landscape or portrait, never enlarged.
 * @example chatImageBox({ width: 720, height: 540 }) // { width: 240, height: 180 }
 */
export function chatImageBox(image: { width: number; height: number }): {
  width: number;
  height: number;
} {
  // A message without a stored size: the 4:5 box profile photos have.
  if (!image.width || !image.height) return { width: 240, height: 300 };
  const scale = Math.min(
    1,
    CHAT_IMAGE_BOX.width / image.width,
    CHAT_IMAGE_BOX.height / image.height,
  );
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/**
 * An image message: the sender's own, or one the recipient opened, as the picture; else its
 * blurred stand-in with an open button (premium; spec §1 locked photos).
 */
export function ChatImage(props: {
  message: MessageView;
  t: Translate;
  name: string;
  onOpened: (message: MessageView) => void;
  onError: (text: string, code: string | null) => void;
}) {
  const { message, t } = props;
  const image = message.image;
  const [busy, setBusy] = useState(false);
  if (!image) return null;
  const { width, height } = chatImageBox(image);
  const alt = message.from_me ? t("chat.imageMine") : t("chat.imageFrom", { name: props.name });

  async function openIt() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await apiFetch<{ message: MessageView }>("/api/chat-image-open.php", {
        method: "POST",
        body: { message: message.id },
      });
      props.onOpened(answer.message);
    } catch (caught) {
      props.onError(
        describeApiError(caught, t),
        caught instanceof ApiRequestError ? caught.code : null,
      );
    } finally {
      setBusy(false);
    }
  }

  if (image.url) {
    return (
      <a href={image.url} target="_blank" rel="noopener" className="chat-image">
        <img src={image.url} alt={alt} width={width} height={height} loading="lazy" />
      </a>
    );
  }
  return (
    <div className="chat-image is-locked">
      {image.blurred ? (
        <img src={image.blurred} alt="" width={width} height={height} loading="lazy" />
      ) : null}
      <p>{t("chat.imageLocked", { name: props.name })}</p>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-disabled={busy}
        onClick={openIt}
      >
        {t("chat.openImage")}
      </button>
    </div>
  );
}
