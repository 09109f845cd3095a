import type { ChatEntry, ConversationAnswer, MessageView } from "../contract/chat";

/*
 * The chat answers the island tests start from (src/islands/chat): a message, and a
 * conversation a premium member can write in, as the API would answer them.
 */

/** A received text message of conversation 3 unless `change` says otherwise. */
export function chatMessage(id: number, change: Partial<MessageView> = {}): MessageView {
  return {
    id,
    conversation: 3,
    from_me: false,
    kind: "text",
    text: `message ${id}`,
    gift: null,
    image: null,
    state: null,
    safety_notice: false,
    created_at: `2026-11-26T12:00:${String(id).padStart(2, "0")}.000Z`,
    ...change,
  };
}

/** A conversation with `profile` as a premium member sees it: writing costs 10 credits. */
export function conversationWith(
  conversation: number,
  profile: ChatEntry["profile"],
  messages: MessageView[],
): ConversationAnswer {
  return {
    conversation,
    profile,
    terms: {
      free: false,
      free_conversations_left: 0,
      message_credits: 10,
      photo_credits: 5,
      gift_credits: 20,
      message_length: 2000,
      can_write: true,
      blocked_reason: null,
    },
    messages,
    older_cursor: null,
  };
}
