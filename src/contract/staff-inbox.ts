import { z } from "@hono/zod-openapi";
import { MESSAGE_KINDS } from "./chat-options";
import { textSchema } from "./fields";

/**
 * issue 28 item 1: the operators' inbox. Conversations with operated (fictional) profiles whose
 * last message is the member's wait here, per site and the member's language, oldest first.
 */

const LANGUAGE = z.string().regex(/^[a-z]{2}$/, "validation.invalid");
const SITE = z.string().regex(/^[a-z0-9-]{1,40}$/, "validation.invalid");
const CURSOR = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "validation.invalid");

export const inboxQuery = z
  .object({
    site: SITE.optional().openapi({ description: "One site; default: all the agent works" }),
    cursor: CURSOR.optional().openapi({ description: "The previous page's next_cursor" }),
  })
  .openapi("InboxQuery");
export type InboxQuery = z.infer<typeof inboxQuery>;

/** A side of the conversation as the queue shows it. */
export const inboxPerson = z
  .object({
    user_id: z.number().int(),
    profile_id: z.number().int().nullable(),
    name: z.string().nullable(),
  })
  .openapi("InboxPerson");

/** Who holds a conversation now (null: nobody, or the lease ran out). */
export const inboxClaim = z
  .object({
    staff_id: z.number().int(),
    mine: z.boolean(),
    expires_at: z.iso.datetime(),
  })
  .openapi("InboxClaim");
export type InboxClaim = z.infer<typeof inboxClaim>;

export const inboxItem = z
  .object({
    conversation: z.number().int(),
    site: z.string(),
    language: z.string().openapi({ description: "The member's language" }),
    member: inboxPerson,
    operated: inboxPerson,
    waiting_since: z.iso.datetime().openapi({ description: "The member's oldest unanswered" }),
    last_text: z.string().nullable(),
    claim: inboxClaim.nullable(),
  })
  .openapi("InboxItem");
export type InboxItem = z.infer<typeof inboxItem>;

/**
 * GET /api/staff/inbox/events, each `inbox` event (issue 28): a conversation's place in the
 * queue now (null: it no longer waits); `{}`: read the queue again (a notice was missed).
 */
export type InboxEvent = { conversation: number; item: InboxItem | null } | Record<string, never>;

export const inboxAnswer = z
  .object({ items: z.array(inboxItem), next_cursor: z.string().nullable() })
  .openapi("InboxAnswer");
export type InboxAnswer = z.infer<typeof inboxAnswer>;

export const inboxClaimAnswer = z
  .object({ conversation: z.number().int(), claim: inboxClaim })
  .openapi("InboxClaimAnswer");
export type InboxClaimAnswer = z.infer<typeof inboxClaimAnswer>;

export const inboxReplyBody = z
  .object({ text: textSchema({ multiline: true }).trim().min(1).max(5000) })
  .openapi("InboxReplyBody");
export type InboxReplyBody = z.infer<typeof inboxReplyBody>;

/** A message as agents see it: who of the two wrote it, and which agent wrote the profile's. */
export const inboxMessage = z
  .object({
    id: z.number().int(),
    from: z.enum(["member", "operated"]),
    kind: z.enum(MESSAGE_KINDS),
    text: z.string().nullable().openapi({ description: "Plain text; never HTML" }),
    sent_by_staff_id: z.number().int().nullable(),
    created_at: z.iso.datetime(),
  })
  .openapi("InboxMessage");
export type InboxMessage = z.infer<typeof inboxMessage>;

export const inboxReplyAnswer = z
  .object({ message: inboxMessage, claim: inboxClaim })
  .openapi("InboxReplyAnswer");
export type InboxReplyAnswer = z.infer<typeof inboxReplyAnswer>;

/** A profile as the agent reads it: the member's, or the operated profile's own. */
export const inboxProfile = z
  .object({
    user_id: z.number().int(),
    profile_id: z.number().int().nullable(),
    name: z.string().nullable(),
    gender: z.string().nullable(),
    birthdate: z.string().nullable(),
    country: z.string().nullable(),
    about: z.string().nullable(),
    language: z.string().nullable(),
    photos: z.array(z.object({ thumb: z.string(), large: z.string() })),
  })
  .openapi("InboxProfile");
export type InboxProfile = z.infer<typeof inboxProfile>;

export const inboxConversationQuery = z
  .object({ cursor: CURSOR.optional().openapi({ description: "Older messages" }) })
  .openapi("InboxConversationQuery");

export const inboxConversationAnswer = z
  .object({
    conversation: z.number().int(),
    site: z.string(),
    language: z.string(),
    member: inboxProfile,
    operated: inboxProfile,
    messages: z.array(inboxMessage).openapi({ description: "Oldest first" }),
    older_cursor: z.string().nullable(),
    claim: inboxClaim.nullable(),
  })
  .openapi("InboxConversationAnswer");
export type InboxConversationAnswer = z.infer<typeof inboxConversationAnswer>;

export const inboxNotesBody = z
  .object({ body: textSchema({ multiline: true }).trim().max(5000) })
  .openapi("InboxNotesBody");
export type InboxNotesBody = z.infer<typeof inboxNotesBody>;

export const inboxNotesAnswer = z
  .object({
    body: z.string(),
    updated_by: z.number().int().nullable(),
    updated_at: z.iso.datetime().nullable(),
  })
  .openapi("InboxNotesAnswer");
export type InboxNotesAnswer = z.infer<typeof inboxNotesAnswer>;

export const cannedQuery = z.object({ language: LANGUAGE }).openapi("CannedQuery");

export const cannedAnswer = z
  .object({ id: z.number().int(), language: z.string(), title: z.string(), body: z.string() })
  .openapi("CannedAnswer");
export type CannedAnswer = z.infer<typeof cannedAnswer>;

export const cannedListAnswer = z
  .object({ items: z.array(cannedAnswer) })
  .openapi("CannedListAnswer");
export type CannedListAnswer = z.infer<typeof cannedListAnswer>;

export const cannedBody = z
  .object({
    language: LANGUAGE,
    title: textSchema().trim().min(1).max(80),
    body: textSchema({ multiline: true }).trim().min(1).max(2000),
  })
  .openapi("CannedBody");
export type CannedBody = z.infer<typeof cannedBody>;

/** issue 28: answered, median first response and waiting now, per agent and per site. */
export const inboxFiguresAnswer = z
  .object({
    since: z.iso.datetime(),
    agents: z.array(
      z.object({
        staff_id: z.number().int(),
        email: z.string(),
        answered: z.number().int(),
        median_first_response_seconds: z.number().nullable(),
      }),
    ),
    sites: z.array(
      z.object({
        site: z.string(),
        answered: z.number().int(),
        median_first_response_seconds: z.number().nullable(),
        waiting: z.number().int(),
      }),
    ),
  })
  .openapi("InboxFiguresAnswer");
export type InboxFiguresAnswer = z.infer<typeof inboxFiguresAnswer>;
