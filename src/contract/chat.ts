import { z } from "@hono/zod-openapi";
import { GIFTS, MESSAGE_KINDS } from "./chat-options";
import { idSchema, textSchema } from "./fields";
import { profileCard } from "./profiles";

const conversationId = z.number().int().openapi({ description: "A conversation's id" });

/**
 * A message as one member sees it (spec §2 in-chat screen). `state` is for the viewer's own
 * messages: sent, delivered (it reached the other member's device) or read.
 */
export const messageView = z
  .object({
    id: z.number().int(),
    conversation: conversationId,
    from_me: z.boolean(),
    kind: z.enum(MESSAGE_KINDS),
    text: z.string().nullable().openapi({ description: "Plain text; never HTML" }),
    gift: z.enum(GIFTS).nullable(),
    image: z
      .object({
        url: z
          .string()
          .nullable()
          .openapi({ description: "Signed for the viewer; null while locked (and in events)" }),
        blurred: z
          .string()
          .nullable()
          .openapi({ description: "The blurred stand-in while locked; null in events" }),
        locked: z
          .boolean()
          .openapi({ description: "The recipient has not opened it yet (premium opens it)" }),
        width: z.number().int(),
        height: z.number().int(),
      })
      .nullable(),
    state: z.enum(["sent", "delivered", "read"]).nullable(),
    safety_notice: z.boolean().openapi({
      description:
        "Issue 27: the safety rules flagged this message; show the recipient chat.safety.notice beside it (always false for the sender's own)",
    }),
    created_at: z.iso.datetime(),
  })
  .openapi("Message");
export type MessageView = z.infer<typeof messageView>;

/**
 * spec §3 Chat list entry: conversation, profile, num_unread_messages; with the last message for
 * the preview. `profile` is null when the other member's account was erased ("a deleted member").
 */
export const chatEntry = z
  .object({
    conversation: conversationId,
    profile: profileCard.nullable(),
    num_unread_messages: z.number().int(),
    last_message: messageView.nullable(),
    updated_at: z.iso.datetime(),
  })
  .openapi("ChatEntry");
export type ChatEntry = z.infer<typeof chatEntry>;

export const chatsAnswer = z
  .object({
    chats: z.array(chatEntry),
    next_cursor: z.string().nullable().openapi({ description: "Pass as cursor for older chats" }),
    unread_total: z.number().int(),
  })
  .openapi("Chats");
export type ChatsAnswer = z.infer<typeof chatsAnswer>;

/** What a member may do in a conversation, and at what price (spec §1, §6, §9). */
export const chatTerms = z
  .object({
    free: z.boolean().openapi({
      description: "Text messages here cost nothing (one of the 2 free conversations)",
    }),
    free_conversations_left: z.number().int(),
    message_credits: z.number().int(),
    photo_credits: z.number().int(),
    gift_credits: z.number().int(),
    message_length: z.number().int(),
    can_write: z.boolean(),
    blocked_reason: z.enum(["recipient_unconfirmed", "sender_unconfirmed", "deleted"]).nullable(),
  })
  .openapi("ChatTerms");
export type ChatTerms = z.infer<typeof chatTerms>;

export const conversationAnswer = z
  .object({
    conversation: conversationId,
    profile: profileCard.nullable(),
    terms: chatTerms,
    messages: z.array(messageView).openapi({ description: "Oldest first" }),
    older_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass as before for older messages" }),
  })
  .openapi("Conversation");
export type ConversationAnswer = z.infer<typeof conversationAnswer>;

export const sentAnswer = z
  .object({ message: messageView, credits: z.number().int() })
  .openapi("MessageSent");
export type SentAnswer = z.infer<typeof sentAnswer>;

export const openedAnswer = z
  .object({ conversation: conversationId })
  .openapi("ConversationOpened");
export type OpenedAnswer = z.infer<typeof openedAnswer>;

export const openedImageAnswer = z.object({ message: messageView }).openapi("OpenedImage");
export type OpenedImageAnswer = z.infer<typeof openedImageAnswer>;

/** A message id in a JSON body: a positive safe integer (bigint ids). */
const messageIdSchema = z
  .number()
  .int("validation.invalid")
  .positive("validation.invalid")
  .max(Number.MAX_SAFE_INTEGER, "validation.invalid");

/** POST /api/chat.php: the member to open (or start) the conversation with. */
export const openChatBody = z.object({ profile: idSchema });
export type OpenChatBody = z.input<typeof openChatBody>;

/** POST /api/chat-read.php, /api/typing.php: the conversation meant. */
export const conversationBody = z.object({ conversation: idSchema });
export type ConversationBody = z.input<typeof conversationBody>;

/** DELETE /api/chat.php: one conversation, or every conversation with a member. */
export const removeChatBody = z.union([conversationBody, openChatBody]);
export type RemoveChatBody = z.input<typeof removeChatBody>;

/** POST /api/message.php: a text message. */
export const sendMessageBody = z.object({
  conversation: idSchema,
  // The site's message_length is checked by the service; this bounds any site.
  text: textSchema({ multiline: true }).max(10_000, "validation.tooLong"),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** POST /api/chat-image-open.php: the received image message to open. */
export const openImageBody = z.object({ message: messageIdSchema });
export type OpenImageBody = z.input<typeof openImageBody>;

/** POST /api/gift.php: the gift and the member it goes to. */
export const giftBody = z.object({ id: idSchema, gift: z.enum(GIFTS) });
export type GiftBody = z.input<typeof giftBody>;
