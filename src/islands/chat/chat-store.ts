import { atom, type WritableAtom } from "nanostores";
import type { ChatEntry, ChatsAnswer, ConversationAnswer, MessageView } from "../../contract/chat";
import type { StreamEvent } from "../../contract/events";

/** How long the typing indicator shows after a signal (the sender signals every 2–3 s). */
export const TYPING_SHOWN_MS = 5000;

/**
 * What the chat screen shows: the list (the shared `$chats`, which the periodic refresh also
 * writes), the open conversation, and until when its other member is shown typing.
 */
export type ChatState = {
  chats: ChatsAnswer | null;
  conversation: ConversationAnswer | null;
  typingUntil: number;
};

/** What an event asks of the page beyond the state: calls to the API. */
export type ChatEffect =
  /** Fetch the open conversation again (events carry no image URLs: they are minted per request). */
  | { type: "reload-conversation"; conversation: number }
  /** spec §4: the conversation on screen is read; the server is told so. */
  | { type: "mark-read"; conversation: number }
  /** The list changed in a way the event cannot say (a new conversation, another tab). */
  | { type: "refresh-chats" };

/** The moment an event arrives: the clock, and whether the member can see the page. */
export type ChatEventContext = { now: number; pageVisible: boolean };

/**
 * design §7: what one event of the member's stream does to the chat screen, as a pure function:
 * the next state (unchanged parts keep their identity) and the calls the page then makes.
 * @example applyChatEvent(state, { type: "chats", data: { unread_total: 2 } }, context)
 *   // { state, effects: [{ type: "refresh-chats" }] }
 */
export function applyChatEvent(
  state: ChatState,
  event: StreamEvent,
  context: ChatEventContext,
): { state: ChatState; effects: ChatEffect[] } {
  const open = state.conversation?.conversation;
  switch (event.type) {
    case "typing":
      return {
        state:
          open === event.data.conversation
            ? { ...state, typingUntil: context.now + TYPING_SHOWN_MS }
            : state,
        effects: [],
      };
    case "message": {
      const { message } = event.data;
      const effects: ChatEffect[] = [];
      let next = state;
      const isOpen = open === message.conversation;
      if (isOpen && state.conversation) {
        if (message.kind === "image" && !message.from_me) {
          effects.push({ type: "reload-conversation", conversation: message.conversation });
        }
        next = { ...next, conversation: withMessage(state.conversation, message) };
        if (!message.from_me) {
          // Their message ends their typing; on a page in view it is read at once.
          next = { ...next, typingUntil: 0 };
          if (context.pageVisible) {
            effects.push({ type: "mark-read", conversation: message.conversation });
          }
        }
      }
      const known = state.chats?.chats.some((chat) => chat.conversation === message.conversation);
      if (known && state.chats) {
        const chats = updateChatEntry(
          state.chats,
          message.conversation,
          (chat) => ({
            ...chat,
            last_message: message,
            updated_at: message.created_at,
            num_unread_messages:
              message.from_me || isOpen ? chat.num_unread_messages : chat.num_unread_messages + 1,
          }),
          true,
        );
        next = { ...next, chats };
      } else {
        effects.push({ type: "refresh-chats" });
      }
      return { state: next, effects };
    }
    case "receipt": {
      const { conversation, delivered_up_to: delivered, read_up_to: read } = event.data;
      let next = state;
      if (state.conversation && open === conversation) {
        next = {
          ...next,
          conversation: {
            ...state.conversation,
            messages: withReceipts(state.conversation.messages, delivered, read),
          },
        };
      }
      if (state.chats) {
        const chats = updateChatEntry(state.chats, conversation, (chat) =>
          chat.last_message
            ? {
                ...chat,
                last_message:
                  withReceipts([chat.last_message], delivered, read)[0] ?? chat.last_message,
              }
            : chat,
        );
        if (chats !== state.chats) next = { ...next, chats };
      }
      return { state: next, effects: [] };
    }
    case "chats":
      return { state, effects: [{ type: "refresh-chats" }] };
    default:
      // Credits, likes and matches: the shared stores and other islands follow those.
      return { state, effects: [] };
  }
}

/** Applies the other member's receipts to the viewer's own messages. */
export function withReceipts(
  messages: MessageView[],
  delivered: number,
  read: number,
): MessageView[] {
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

/** The conversation with `message` last, unless it has it already (an event and the send's answer). */
export function withMessage(
  conversation: ConversationAnswer,
  message: MessageView,
): ConversationAnswer {
  return conversation.messages.some((known) => known.id === message.id)
    ? conversation
    : { ...conversation, messages: [...conversation.messages, message] };
}

/** The conversation with `message` in place of the one with its id (an image opened or sent). */
export function withReplacedMessage(
  conversation: ConversationAnswer,
  message: MessageView,
): ConversationAnswer {
  return {
    ...conversation,
    messages: conversation.messages.map((known) => (known.id === message.id ? message : known)),
  };
}

/** The conversation with an older page of it before what it shows. */
export function withOlderMessages(
  conversation: ConversationAnswer,
  older: ConversationAnswer,
): ConversationAnswer {
  return {
    ...conversation,
    messages: [...older.messages, ...conversation.messages],
    older_cursor: older.older_cursor,
  };
}

/**
 * The list with one entry changed; `toTop` moves it first (a new message). A conversation the
 * list does not hold leaves it as it is.
 */
export function updateChatEntry(
  list: ChatsAnswer,
  conversation: number,
  change: (chat: ChatEntry) => ChatEntry,
  toTop = false,
): ChatsAnswer {
  const entry = list.chats.find((chat) => chat.conversation === conversation);
  if (!entry) return list;
  const changed = change(entry);
  const chats = toTop
    ? [changed, ...list.chats.filter((chat) => chat.conversation !== conversation)]
    : list.chats.map((chat) => (chat.conversation === conversation ? changed : chat));
  return { ...list, chats };
}

/**
 * A conversation's unsent text, and the Idempotency-Key of a send of it that ended without an
 * answer (the network or the server gone): pressing send again on the same text is the same
 * message, so the server answers it once, and charges it once, even when the first attempt did
 * commit (issue 25, item 3).
 */
export type Draft = { text: string; unanswered: { text: string; key: string } | null };

const EMPTY_DRAFT: Draft = { text: "", unanswered: null };

/**
 * The island's own state, for as long as the chat screen is on the page: the open conversation,
 * the typing indicator, and the drafts, which survive switching conversations (and a failed send
 * keeps the text in the box). Made per island, so the server's render shares nothing.
 */
export type ChatStore = {
  $conversation: WritableAtom<ConversationAnswer | null>;
  $typingUntil: WritableAtom<number>;
  $drafts: WritableAtom<Record<number, Draft>>;
};

export function createChatStore(conversation: ConversationAnswer | null): ChatStore {
  return {
    $conversation: atom(conversation),
    $typingUntil: atom(0),
    $drafts: atom({}),
  };
}

/**
 * Changes conversation `id` if it is still the open one: an answer that comes after the member
 * moved on belongs to a conversation no longer on screen.
 */
export function updateConversation(
  store: ChatStore,
  id: number,
  change: (conversation: ConversationAnswer) => ConversationAnswer,
): void {
  const current = store.$conversation.get();
  if (current?.conversation === id) store.$conversation.set(change(current));
}

export function getDraft(drafts: Record<number, Draft>, conversation: number): Draft {
  return drafts[conversation] ?? EMPTY_DRAFT;
}

export function updateDraft(store: ChatStore, conversation: number, change: Partial<Draft>): void {
  const drafts = store.$drafts.get();
  store.$drafts.set({
    ...drafts,
    [conversation]: { ...getDraft(drafts, conversation), ...change },
  });
}

/**
 * The Idempotency-Key for sending `text`: the unanswered send's when it was this same text (it
 * may have been applied), else a new one.
 */
export function chooseSendKey(draft: Draft, text: string, newKey: () => string): string {
  return draft.unanswered?.text === text ? draft.unanswered.key : newKey();
}
