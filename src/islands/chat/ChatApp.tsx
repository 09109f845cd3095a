import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import type { ChatsAnswer, ConversationAnswer } from "../../contract/chat";
import type { UserView } from "../../contract/users";
import { api } from "../../lib/api-client";
import { $chats, refreshChats } from "../../stores/chats";
import { $unreadMessages, bindAttentionCount } from "../../stores/counts";
import { onMemberEvent, startMemberEvents } from "../../stores/events";
import { syncPush } from "../../stores/push";
import { useSeededStore } from "../../stores/seeded";
import { $member, startMemberRefresh } from "../../stores/session";
import { useTimeZone } from "../../stores/time-zone";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import Conversation from "./Conversation";
import ConversationList from "./ConversationList";
import {
  applyChatEvent,
  type ChatEffect,
  type ChatState,
  createChatStore,
  updateChatEntry,
} from "./chat-store";
import PushPrompt from "./PushPrompt";

type Props = I18nProps & {
  member: UserView;
  initialChats: ChatsAnswer;
  /** The open conversation (/chats/{id}), or null (/chats). */
  conversation: ConversationAnswer | null;
  /** What a message costs at least in the member's country, formatted ("€0.29"), if known. */
  priceFrom: string | null;
  /** The site's web push key: a subscribed browser's state is kept in step. */
  pushPublicKey: string | null;
  /** The site's glyph for a fictional profile's warning (spec §3 `fictional_icon`). */
  fictionalIcon: string;
  /** The zone the server wrote the times in (the browser's `tz` cookie): issue 29 item 17. */
  timeZone: string;
};

/** The catalogue keys this island needs (its page picks them; its test too). */
export const CHAT_APP_MESSAGES = [
  "chat.",
  "chats.",
  "gift.",
  "common.",
  "error.",
  "profile.block",
  "profile.fictional.",
  "nav.searchMembers",
  "report.",
  "premium.alert.",
  "alert.push.",
  "members.nameAge",
  "profile.interests",
  "interest.",
  "settings.push.",
];

/**
 * spec §4: the conversation on screen is read. Reading it (GET /api/messages.php) changes nothing,
 * so the page says so with a write of its own, which the origin check covers.
 */
function markShownRead(conversation: number): void {
  const list = $chats.get();
  if (list) {
    $chats.set(
      updateChatEntry(list, conversation, (chat) => ({ ...chat, num_unread_messages: 0 })),
    );
  }
  postRead(conversation);
}

function postRead(conversation: number): void {
  void api("POST /api/chat-read.php", { body: { conversation } }).catch(() => {});
}

/** Whether the typing indicator shows: until `until`, then the island renders it away. */
function useTypingShown(until: number): boolean {
  const [, setTick] = useState(0);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until > Date.now();
}

/**
 * spec §2 Chats: the conversation list and the open conversation, side by side on a desktop and
 * one at a time on a phone. Live through the page's events stream (design §7, applyChatEvent);
 * the list also follows the periodic refresh (spec §9).
 */
export default function ChatApp(props: Props) {
  const t = useTranslate(props);
  const member = useSeededStore($member, props.member);
  const timeZone = useTimeZone(props.timeZone);
  const list = useSeededStore($chats, props.initialChats) ?? props.initialChats;
  const [store] = useState(() => createChatStore(props.conversation));
  const active = useStore(store.$conversation);
  const typing = useTypingShown(useStore(store.$typingUntil));
  const [loadingId, setLoadingId] = useState<number | null>(null);
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
      else store.$conversation.set(null);
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  });

  useEffect(() => {
    function run(effect: ChatEffect): void {
      if (effect.type === "reload-conversation") void openRef.current(effect.conversation, false);
      else if (effect.type === "mark-read") postRead(effect.conversation);
      else void refreshChats().catch(() => {});
    }
    return onMemberEvent((event) => {
      const current: ChatState = {
        chats: $chats.get(),
        conversation: store.$conversation.get(),
        typingUntil: store.$typingUntil.get(),
      };
      const { state, effects } = applyChatEvent(current, event, {
        now: Date.now(),
        pageVisible: document.visibilityState === "visible",
      });
      if (state.chats !== current.chats) $chats.set(state.chats);
      store.$conversation.set(state.conversation);
      store.$typingUntil.set(state.typingUntil);
      for (const effect of effects) run(effect);
    });
  }, [store]);

  async function open(conversation: number, push = true) {
    setLoadingId(conversation);
    try {
      const answer = await api("GET /api/messages.php", {
        query: { conversation },
      });
      store.$conversation.set(answer);
      store.$typingUntil.set(0);
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
    store.$conversation.set(null);
    history.pushState(null, "", "/chats");
  }

  /** spec §4, §8: gone from the list at once; on failure an alert and the list reloaded. */
  async function remove(conversation: number) {
    const current = $chats.get() ?? props.initialChats;
    $chats.set({
      ...current,
      chats: current.chats.filter((chat) => chat.conversation !== conversation),
    });
    if (store.$conversation.get()?.conversation === conversation) backToList();
    try {
      await api("DELETE /api/chat.php", { body: { conversation } });
    } catch {
      alert(t("chat.error.removeFailed"));
      await refreshChats().catch(() => {});
    }
  }

  const view = active ? "conversation" : "list";
  return (
    <div className="chat-app" data-view={view}>
      <ConversationList
        chats={list.chats}
        t={t}
        locale={props.locale}
        timeZone={timeZone}
        current={active?.conversation ?? null}
        loading={loadingId}
        onOpen={(conversation) => open(conversation)}
      >
        {list.chats.length > 0 && props.pushPublicKey ? (
          <PushPrompt t={t} publicKey={props.pushPublicKey} memberId={props.member.id} />
        ) : null}
      </ConversationList>
      {active ? (
        <Conversation
          key={active.conversation}
          conversation={active}
          store={store}
          t={t}
          locale={props.locale}
          timeZone={timeZone}
          messages={props.messages}
          credits={member?.credits ?? 0}
          isPremium={member?.paid_user ?? false}
          typing={typing}
          priceFrom={props.priceFrom}
          fictionalIcon={props.fictionalIcon}
          onBack={backToList}
          onRemove={() => remove(active.conversation)}
        />
      ) : (
        // Not a landmark: one named like the list beside it would be two "Chats" regions.
        <div className="chat-conversation chat-placeholder">
          <p>{t("chats.select")}</p>
        </div>
      )}
    </div>
  );
}
