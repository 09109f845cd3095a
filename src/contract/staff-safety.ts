import { z } from "@hono/zod-openapi";
import { GIFTS, MESSAGE_KINDS } from "./chat-options";
import { textSchema } from "./fields";
import { FLAG_STATUSES, FLAG_VERDICTS, SAFETY_RULE_IDS } from "./staff-options";

/** Issue 27 item 6: the moderators' queue of messages the safety rules flagged. */

/** The largest flag id a cursor or path may name (a bigint column, read as a JS number). */
const MAX_FLAG_ID = Number.MAX_SAFE_INTEGER;

/** A flag id as text (a path or a cursor): digits, no leading zero, a safe integer. */
export const flagIdText = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "validation.invalid")
  .refine((value) => Number(value) <= MAX_FLAG_ID, "validation.invalid");

/** Query of GET /api/staff/flags: the previous page's `next_cursor`, and the page size. */
export const flagsQuery = z
  .object({
    cursor: flagIdText
      .optional()
      .openapi({ description: "The previous page's next_cursor (opaque)" }),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .openapi("FlagsQuery");
export type FlagsQuery = z.infer<typeof flagsQuery>;

/**
 * A member of the flagged conversation: the account id (the console's member screen), and the
 * profile's id and name; those null once erased.
 */
export const flagMember = z
  .object({
    user_id: z.number().int(),
    id: z.number().int().nullable().openapi({ description: "Profile id; null: erased" }),
    name: z.string().nullable(),
  })
  .openapi("FlagMember");
export type FlagMember = z.infer<typeof flagMember>;

/** A rule the message tripped, with its name in the staff member's language. */
export const flagRule = z
  .object({ id: z.enum(SAFETY_RULE_IDS), name: z.string() })
  .openapi("FlagRule");
export type FlagRule = z.infer<typeof flagRule>;

/** A message of the flagged conversation, for context: who of the two wrote it. */
export const flagMessage = z
  .object({
    id: z.number().int(),
    from: z.enum(["sender", "recipient"]).openapi({ description: "Relative to the flag" }),
    kind: z.enum(MESSAGE_KINDS),
    text: z.string().nullable().openapi({ description: "Plain text; never HTML" }),
    gift: z.enum(GIFTS).nullable(),
    created_at: z.iso.datetime(),
  })
  .openapi("FlagMessage");
export type FlagMessage = z.infer<typeof flagMessage>;

export const messageFlag = z
  .object({
    id: z.number().int(),
    status: z.enum(FLAG_STATUSES),
    rules: z.array(flagRule),
    conversation: z.number().int(),
    message: flagMessage,
    sender: flagMember,
    recipient: flagMember,
    context: z.array(flagMessage).openapi({
      description: "The conversation's last 10 messages up to the flagged one, oldest first",
    }),
    created_at: z.iso.datetime(),
  })
  .openapi("MessageFlag");
export type MessageFlagView = z.infer<typeof messageFlag>;

/** GET /api/staff/flags: open flags, newest first; `next_cursor` fetches the following page. */
export const flagsAnswer = z
  .object({ flags: z.array(messageFlag), next_cursor: z.string().nullable() })
  .openapi("FlagsAnswer");
export type FlagsAnswer = z.infer<typeof flagsAnswer>;

/** POST /api/staff/flags/{id}/resolve: the moderator's verdict and why. */
export const resolveFlagBody = z
  .object({
    verdict: z.enum(FLAG_VERDICTS),
    reason: textSchema({ multiline: true })
      .trim()
      .min(1, "validation.required")
      .max(1000, "validation.tooLong"),
  })
  .openapi("ResolveFlagBody");
export type ResolveFlagBody = z.input<typeof resolveFlagBody>;

export const resolvedFlagAnswer = z
  .object({
    flag: z.object({
      id: z.number().int(),
      status: z.enum(FLAG_VERDICTS),
      resolved_by: z.number().int(),
      resolved_at: z.iso.datetime(),
    }),
  })
  .openapi("ResolvedFlag");
export type ResolvedFlagAnswer = z.infer<typeof resolvedFlagAnswer>;

/** GET /api/staff/safety/rules: per rule, its hits and the false positives marked among them. */
export const safetyRulesAnswer = z
  .object({
    rules: z.array(
      z.object({
        id: z.enum(SAFETY_RULE_IDS),
        name: z.string(),
        description: z.string().openapi({ description: "In English, for moderators" }),
        hits: z.number().int(),
        false_positives: z.number().int(),
      }),
    ),
  })
  .openapi("SafetyRulesAnswer");
export type SafetyRulesAnswer = z.infer<typeof safetyRulesAnswer>;
