import { z } from "@hono/zod-openapi";
import { MESSAGE_KINDS } from "./chat-options";
import { idSchema, textSchema } from "./fields";
import { SUSPENSION_DAYS_MAX } from "./moderation-options";
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_SEVERITIES } from "./report-options";

/** issue 27 item 3: the moderators' reports queue (under /api/staff/reports). */

/** The longest reason a moderator writes for a resolution (kept in the audit log). */
export const RESOLUTION_REASON_MAX = 1000;

/** GET /api/staff/reports: which open cases (all, mine, nobody's) and the previous page's cursor. */
export const reportQueueQuery = z
  .object({
    claimed: z.enum(["all", "me", "unclaimed"]).default("all"),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/)
      .optional()
      .openapi({ description: "The previous page's next_cursor (opaque)" }),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .openapi("ReportQueueQuery");
export type ReportQueueQuery = z.infer<typeof reportQueueQuery>;

const resolutionReason = textSchema({ multiline: true })
  .trim()
  .min(1, "validation.required")
  .max(RESOLUTION_REASON_MAX, "validation.tooLong");

/**
 * POST /api/staff/reports/{id}/resolve: what the moderator does, and why (for the audit log;
 * the member's notice is a fixed translated text). Each action names what it needs.
 */
export const resolveReportBody = z
  .discriminatedUnion("action", [
    z.object({ action: z.literal("dismiss"), reason: resolutionReason }),
    z.object({ action: z.literal("warn"), reason: resolutionReason }),
    z.object({ action: z.literal("remove_photo"), reason: resolutionReason, photo_id: idSchema }),
    z.object({ action: z.literal("remove_text"), reason: resolutionReason }),
    z.object({
      action: z.literal("suspend"),
      reason: resolutionReason,
      days: z.number().int().min(1).max(SUSPENSION_DAYS_MAX),
    }),
    z.object({ action: z.literal("ban"), reason: resolutionReason }),
  ])
  .openapi("ResolveReportBody");
export type ResolveReportBody = z.input<typeof resolveReportBody>;

const message = z.object({
  id: z.number().int(),
  /** Who wrote it: the member who reported, or the reported member. */
  from: z.enum(["reporter", "reported"]),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string().nullable(),
  gift: z.string().nullable(),
  /** An image message's picture, a signed URL (the moderator sees it unblurred). */
  image: z.string().nullable(),
  created_at: z.string(),
});

const caseReport = z.object({
  id: z.number().int(),
  reporter: z.object({
    user_id: z.number().int(),
    profile_id: z.number().int().nullable(),
    /** Null once the reporter's account is erased. */
    name: z.string().nullable(),
    /** The reporter's own history, to weigh the report by. */
    account_age_days: z.number().int(),
    has_paid: z.boolean(),
    /** Reports they have made in all (this one too), and cases ever opened against them. */
    reports_filed: z.number().int(),
    cases_against: z.number().int(),
    /** Warnings, suspensions and bans they received (lifts not counted). */
    strikes: z.number().int(),
  }),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  created_at: z.string(),
  conversation_id: z.number().int().nullable(),
  /** The conversation's last messages both ways, oldest first (none without a conversation). */
  messages: z.array(message),
});

export const reportCase = z
  .object({
    id: z.number().int(),
    severity: z.enum(REPORT_SEVERITIES),
    opened_at: z.string(),
    last_reported_at: z.string(),
    claimed_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    claimed_at: z.string().nullable(),
    member: z.object({
      user_id: z.number().int(),
      profile_id: z.number().int().nullable(),
      name: z.string().nullable(),
      photo_thumb: z.string().nullable(),
      /** Every photo of the profile, in gallery order, to pick the one a removal takes. */
      photos: z.array(
        z.object({
          id: z.number().int(),
          thumb: z.string().openapi({ description: "The thumbnail, a signed URL (design §8)" }),
        }),
      ),
      account_created_at: z.string(),
      account_age_days: z.number().int(),
      has_paid: z.boolean(),
      /** Warnings, suspensions and bans the member received (lifts not counted). */
      strikes: z.number().int(),
      /** The member's earlier cases, newest first, and what was done. */
      earlier_cases: z.array(
        z.object({
          id: z.number().int(),
          action: z.enum(REPORT_ACTIONS),
          reason: z.string().nullable(),
          resolved_at: z.string(),
        }),
      ),
    }),
    /** How many reports the case holds; `reports` lists the newest of them. */
    report_count: z.number().int(),
    reports: z.array(caseReport),
  })
  .openapi("ReportCase");
export type ReportCase = z.infer<typeof reportCase>;

export const reportQueueAnswer = z
  .object({ cases: z.array(reportCase), next_cursor: z.string().nullable() })
  .openapi("ReportQueueAnswer");
export type ReportQueueAnswer = z.infer<typeof reportQueueAnswer>;
