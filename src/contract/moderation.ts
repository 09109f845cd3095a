import { z } from "@hono/zod-openapi";
import { MEMBER_SANCTIONS } from "./account-options";
import { textSchema } from "./fields";
import { SANCTION_REASON_MAX, STRIKE_KINDS, SUSPENSION_DAYS_MAX } from "./moderation-options";

/** design §13: account actions on a member (under /api/staff/members/{id}/). */

export {
  SANCTION_REASON_MAX,
  STRIKE_KINDS,
  type StrikeKind,
  SUSPENSION_DAYS_MAX,
} from "./moderation-options";

const reason = textSchema({ multiline: true }).trim().min(1).max(SANCTION_REASON_MAX);

/** POST …/ban, …/lift and …/warn: why (the member's notice and the audit row carry it). */
export const sanctionReasonBody = z.object({ reason }).strict().openapi("SanctionReasonBody");
export type SanctionReasonBody = z.input<typeof sanctionReasonBody>;

/** POST …/suspend: for how many days, and why. */
export const suspendBody = z
  .object({
    days: z.number().int().min(1).max(SUSPENSION_DAYS_MAX),
    reason,
  })
  .strict()
  .openapi("SuspendBody");
export type SuspendBody = z.input<typeof suspendBody>;

export const strikeView = z
  .object({
    id: z.number().int(),
    kind: z.enum(STRIKE_KINDS),
    reason: z.string(),
    /** Null: the system (a suspension that ran out). */
    staff_id: z.number().int().nullable(),
    ends_at: z.string().nullable().openapi({ description: "ISO 8601; a suspension's end" }),
    created_at: z.string().openapi({ description: "ISO 8601" }),
  })
  .openapi("Strike");
export type StrikeView = z.infer<typeof strikeView>;

/** A member's account state and every strike, newest first (the member screens show it). */
export const memberModeration = z
  .object({
    sanction: z.enum(MEMBER_SANCTIONS).nullable(),
    sanction_ends_at: z.string().nullable().openapi({ description: "ISO 8601" }),
    strikes: z.array(strikeView),
  })
  .openapi("MemberModeration");
export type MemberModeration = z.infer<typeof memberModeration>;

/**
 * GET /api/staff/members/{id}/moderation: what a moderator sees of a member to act on them (no
 * private data: no address, payments or messages, so no audit row).
 */
export const memberModerationAnswer = z
  .object({
    id: z.number().int(),
    name: z.string().nullable().openapi({ description: "The profile's name; null without one" }),
    erased: z.boolean(),
    moderation: memberModeration,
  })
  .openapi("MemberModerationAnswer");
export type MemberModerationAnswer = z.infer<typeof memberModerationAnswer>;

/** The member's account state after the action, and the strike it wrote. */
export const sanctionAnswer = z
  .object({
    member: z.object({
      id: z.number().int(),
      sanction: z.enum(MEMBER_SANCTIONS).nullable(),
      sanction_ends_at: z.string().nullable().openapi({ description: "ISO 8601" }),
    }),
    strike: strikeView,
  })
  .openapi("SanctionAnswer");
export type SanctionAnswer = z.infer<typeof sanctionAnswer>;
