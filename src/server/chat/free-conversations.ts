import { FREE_CONVERSATIONS, type MessageKind } from "../../contract/chat-options";

export type MessageCase = {
  /** The writer's side: already one of their free conversations; a text of theirs is in it. */
  side: { free: boolean; hasWritten: boolean };
  /** Whether the writer bought credits: such a member starts no free conversation. */
  isPremium: boolean;
  /** How many of the writer's conversations are free ones, this one included if it is. */
  freeConversationsUsed: number;
  kind: MessageKind;
  /** The site's price of a text message (`message_credits`). */
  messageCredits: number;
  /** A price of the message's own (a gift's, an image's): paid in any conversation. */
  price?: number;
};

export type MessageCharge = {
  /** Whether the conversation is one of the writer's free ones, or becomes one with this message. */
  free: boolean;
  /** How many free conversations the writer may still start. */
  freeConversationsLeft: number;
  /** What the message costs, in credits. */
  credits: number;
};

/**
 * The free-conversation rule (spec §6; ARCHITECTURE.md, chat costs), for the terms a
 * conversation shows and for the message being sent: a member who has not bought credits writes
 * free of charge in the first FREE_CONVERSATIONS conversations in which they write a text. A
 * conversation marked free stays free for texts, premium or not; gifts and images have their own
 * price everywhere and never make a conversation free.
 * @example chargeMessage({ side: { free: false, hasWritten: false }, isPremium: false,
 *   freeConversationsUsed: 1, kind: "text", messageCredits: 10 })
 *   // → { free: true, freeConversationsLeft: 1, credits: 0 }
 */
export function chargeMessage(message: MessageCase): MessageCharge {
  const { side } = message;
  const left = message.isPremium
    ? 0
    : Math.max(0, FREE_CONVERSATIONS - message.freeConversationsUsed);
  const free = side.free || (message.kind === "text" && !side.hasWritten && left > 0);
  return {
    free,
    freeConversationsLeft: left,
    credits: message.price ?? (free ? 0 : message.messageCredits),
  };
}
