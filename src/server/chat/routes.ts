import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  chatsAnswer,
  conversationAnswer,
  conversationBody,
  giftBody,
  openChatBody,
  openedAnswer,
  openedImageAnswer,
  openImageBody,
  removeChatBody,
  sendMessageBody,
  sentAnswer,
} from "../../contract/chat";
import { okAnswer } from "../../contract/common";
import { giftAnswer } from "../../contract/profiles";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { getStorage } from "../lib/storage";
import { idParamSchema } from "../lib/validation";
import { PHOTO_UPLOAD_ERRORS, photoBodyLimit, photoBytes, photoUploadForm } from "../photos/upload";
import { requireMemberViewer } from "../profiles/viewer";
import type { AppEnv } from "../request/context";
import { getConversation, listChats, openConversation, removeConversations } from "./conversations";
import { sendGift } from "./gifts";
import { openImage, sendImageMessage } from "./images";
import { sendTextMessage } from "./messages";
import { markRead, signalTyping } from "./receipts";

/** A message id in a query string: digits, within JavaScript's safe integers (bigint ids). */
const messageIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .transform(Number)
  .openapi({ type: "integer", minimum: 1 });

const CHAT_ERRORS = [
  ...MEMBER_WRITE_ERRORS,
  { 404: "not_found: no such conversation of the caller's, or the other member blocked" },
  ERRORS.rateLimited,
] as const;

const SEND_ERRORS = [
  ...CHAT_ERRORS,
  { 402: "not_enough_credits: a premium member's balance is too low" },
  { 403: "premium_required: a free member's free conversations are used up; email_unconfirmed" },
  {
    409: "recipient_unconfirmed: the other member has not confirmed their e-mail; member_deleted: they deleted their account (pending deletion or erased)",
  },
] as const;

/** The caller as a chat member: a profile, and whether their address is confirmed. */
function chatMember(c: Context<AppEnv>) {
  const member = requireMemberViewer(c.get("viewer"));
  return { ...member, confirmed: c.get("user")?.status === "confirmed" };
}

const viewing = (c: Context<AppEnv>) => ({
  media: c.get("media"),
  locale: c.get("locale"),
});

const chatsRoute = jsonRoute({
  method: "get",
  path: "/chats.php",
  summary: "spec §3, §7: the member's conversations, newest first, with unread counts",
  query: z.object({ cursor: z.string().max(200).optional() }),
  answer: [chatsAnswer, "One page of chats"],
  errors: [ERRORS.loggedOut, ERRORS.invalid],
});

const openRoute = jsonRoute({
  method: "post",
  path: "/chat.php",
  summary: "Opens (or starts) the conversation with a member (/members/{id}/chat)",
  body: openChatBody,
  answer: [openedAnswer, "The conversation's id"],
  errors: [...CHAT_ERRORS, ERRORS.noProfile, { refused: "cannot_chat_self" }],
});

const removeRoute = jsonRoute({
  method: "delete",
  path: "/chat.php",
  summary:
    "spec §4: removes a conversation from the member's list (its messages up to now are gone for them); by profile, every conversation with that member",
  body: removeChatBody,
  answer: [okAnswer, "Removed"],
  errors: CHAT_ERRORS,
});

const messagesRoute = jsonRoute({
  method: "get",
  path: "/messages.php",
  summary:
    "A conversation: the other member, what writing costs, and 50 messages; without before, the newest. Reading it changes nothing: the page then marks it read with POST /api/chat-read.php",
  query: z.object({ conversation: idParamSchema, before: messageIdParam.optional() }),
  answer: [conversationAnswer, "The conversation"],
  errors: [ERRORS.loggedOut, ERRORS.invalid, { 404: "not_found: not the caller's" }],
});

const sendRoute = jsonRoute({
  method: "post",
  path: "/message.php",
  summary:
    "Sends a text message; costs message_credits outside the free conversations (ARCHITECTURE.md). Send an Idempotency-Key: a retry is sent and charged once",
  body: sendMessageBody,
  answer: [sentAnswer, "Sent; the member's new balance"],
  errors: SEND_ERRORS,
});

const readRoute = jsonRoute({
  method: "post",
  path: "/chat-read.php",
  summary:
    "Marks a conversation read (spec §4: its unread count becomes 0): when the page shows its newest messages, and when a message arrives while it is open",
  body: conversationBody,
  answer: [okAnswer, "Read"],
  errors: CHAT_ERRORS,
});

const typingRoute = jsonRoute({
  method: "post",
  path: "/typing.php",
  summary: "The member is typing: the other member's open page shows it for a few seconds",
  body: conversationBody,
  answer: [okAnswer, "Signalled"],
  errors: [...CHAT_ERRORS, ERRORS.unconfirmed],
});

const imageRoute = jsonRoute({
  method: "post",
  path: "/chat-image.php",
  summary:
    "Sends an image message (multipart: conversation, photo), checked and re-encoded like profile photos, for photo_credits; the recipient sees it blurred until they open it",
  form: photoUploadForm({ conversation: idParamSchema }),
  answer: [sentAnswer, "Sent; the member's new balance"],
  errors: [...SEND_ERRORS, PHOTO_UPLOAD_ERRORS],
});

const openImageRoute = jsonRoute({
  method: "post",
  path: "/chat-image-open.php",
  summary: "Opens a received image message (premium; spec §1 locked photos)",
  body: openImageBody,
  answer: [openedImageAnswer, "The message with the image's URL"],
  errors: [...CHAT_ERRORS, { 403: "premium_required: free members see received photos blurred" }],
});

const giftRoute = jsonRoute({
  method: "post",
  path: "/gift.php",
  summary:
    "Sends a gift to a member, paid with the site's gift_credits (spec §1, §6); it appears in their conversation",
  body: giftBody,
  answer: [giftAnswer, "Sent; the new credit balance"],
  errors: [...SEND_ERRORS, ERRORS.noProfile, { refused: "cannot_gift_self" }],
});

/** Typing signals are dropped when the same member signals the same chat within this time. */
const TYPING_GAP_MS = 2000;
const lastTyping = new Map<string, number>();

export const chatRoutes = createRouter();

chatRoutes.use("/chat-image.php", photoBodyLimit("POST /api/chat-image.php"));

chatRoutes
  .openapi(chatsRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    return c.json(
      await listChats(c.get("db"), member, c.req.valid("query").cursor, viewing(c)),
      200,
    );
  })
  .openapi(openRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "conversations", String(member.profileId));
    const conversation = await openConversation(c.get("db"), member, c.req.valid("json").profile);
    return c.json({ conversation }, 200);
  })
  .openapi(removeRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await removeConversations(c.get("db"), member, c.req.valid("json"));
    return c.json({ ok: true as const }, 200);
  })
  .openapi(messagesRoute, async (c) => {
    const { conversation, before } = c.req.valid("query");
    return c.json(
      await getConversation(
        c.get("db"),
        c.get("site"),
        chatMember(c),
        conversation,
        before,
        viewing(c),
      ),
      200,
    );
  })
  .openapi(sendRoute, async (c) => {
    const member = chatMember(c);
    await enforceRateLimit(c, "messages", String(member.profileId));
    const { conversation, text } = c.req.valid("json");
    return c.json(
      await sendTextMessage(c.get("db"), c.get("site"), member, conversation, text),
      200,
    );
  })
  .openapi(readRoute, async (c) => {
    await markRead(
      c.get("db"),
      requireMemberViewer(c.get("viewer")),
      c.req.valid("json").conversation,
    );
    return c.json({ ok: true as const }, 200);
  })
  .openapi(typingRoute, async (c) => {
    const member = chatMember(c);
    const { conversation } = c.req.valid("json");
    const key = `${member.userId}:${conversation}`;
    const now = Date.now();
    if (now - (lastTyping.get(key) ?? 0) >= TYPING_GAP_MS) {
      await signalTyping(c.get("db"), member, conversation);
      if (lastTyping.size >= 10_000) lastTyping.clear();
      lastTyping.set(key, now);
    }
    return c.json({ ok: true as const }, 200);
  })
  .openapi(imageRoute, async (c) => {
    const member = chatMember(c);
    await enforceRateLimit(c, "messages", String(member.profileId));
    await enforceRateLimit(c, "photoUpload", String(member.profileId));
    const { conversation, photo } = c.req.valid("form");
    const bytes = await photoBytes(photo);
    return c.json(
      await sendImageMessage(
        c.get("db"),
        getStorage(),
        c.get("site"),
        member,
        conversation,
        bytes,
        c.get("media"),
      ),
      200,
    );
  })
  .openapi(openImageRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    const message = await openImage(
      c.get("db"),
      member,
      c.req.valid("json").message,
      c.get("media"),
    );
    return c.json({ message }, 200);
  })
  .openapi(giftRoute, async (c) => {
    const member = chatMember(c);
    await enforceRateLimit(c, "messages", String(member.profileId));
    const { id, gift } = c.req.valid("json");
    return c.json(await sendGift(c.get("db"), c.get("site"), member, id, gift), 200);
  });
