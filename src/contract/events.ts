import { z } from "@hono/zod-openapi";
import { MEMBER_SANCTIONS } from "./account-options";
import { messageView } from "./chat";
import type { STREAM_EVENT_TYPES } from "./event-options";

/**
 * design §7: what GET /api/events.php delivers, one Server-Sent Event per change. The event's
 * name is `type`, its data the JSON of `data`, its id the stored event's (for Last-Event-ID);
 * typing has no id, as it is not stored and not replayed.
 */
export const memberEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message"),
    data: z.object({
      message: messageView.openapi({
        description: "Image URLs are not sent: fetch the conversation",
      }),
      unread_total: z.number().int(),
    }),
  }),
  z.object({
    type: z.literal("receipt"),
    data: z.object({
      conversation: z.number().int(),
      delivered_up_to: z.number().int(),
      read_up_to: z.number().int(),
    }),
  }),
  z.object({
    type: z.literal("chats"),
    data: z.object({ unread_total: z.number().int() }).openapi({
      description: "The member's chat list changed in another tab (read, removed): reload it",
    }),
  }),
  z.object({ type: z.literal("credits"), data: z.object({ credits: z.number().int() }) }),
  z.object({
    type: z.literal("like"),
    data: z.object({ profile: z.number().int(), new_likes: z.number().int() }),
  }),
  z.object({
    type: z.literal("likes"),
    data: z.object({ new_likes: z.number().int() }).openapi({
      description:
        "The member's likes lists changed otherwise (a like given or taken back, a new like seen): reload them",
    }),
  }),
  z.object({
    type: z.literal("match"),
    data: z.object({ profile: z.number().int() }).openapi({
      description: "A like was answered: the member now matches this profile (issue 13)",
    }),
  }),
  z.object({
    type: z.literal("sanction"),
    data: z
      .object({
        sanction: z.enum(MEMBER_SANCTIONS),
        ends_at: z.string().nullable(),
        url: z.string().openapi({ description: "The ban page in the member's language" }),
      })
      .openapi({
        description:
          "design §13: staff banned or suspended the member; every session has ended. The page goes to `url`; the stream ends after it",
      }),
  }),
]);
export type MemberEvent = z.infer<typeof memberEvent>;

/** Not stored: delivered to the streams open at that moment only. */
export const typingEvent = z.object({
  type: z.literal("typing"),
  data: z.object({ conversation: z.number().int() }),
});
export type TypingEvent = z.infer<typeof typingEvent>;

export type StreamEvent = MemberEvent | TypingEvent;

/** The browser's list of event names (event-options.ts) is exactly this union's, or no build. */
type SameNames = [StreamEvent["type"]] extends [(typeof STREAM_EVENT_TYPES)[number]]
  ? [(typeof STREAM_EVENT_TYPES)[number]] extends [StreamEvent["type"]]
    ? true
    : never
  : never;
export const EVENT_NAMES_MATCH: SameNames = true;
