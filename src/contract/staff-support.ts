import { z } from "@hono/zod-openapi";
import { USER_STATUSES } from "./account-options";
import { CREDIT_REASONS } from "./credit-options";
import { idSchema, textSchema } from "./fields";
import { MAIL_STATUSES } from "./mail-options";
import { memberModeration } from "./moderation";
import { CURRENCIES, ORDER_STATES, PAYMENT_METHODS } from "./payment-options";
import { PHOTO_STATUSES, PROFILE_STATUSES } from "./profile-options";
import { REPORT_REASONS } from "./report-options";

/**
 * issue 27 item 7: member support's bodies and answers (under /api/staff/members). What the
 * console shows a support agent of one member; every read of it is an audit row.
 */

/** How a search found a member: their address, their id, their name, or one of their orders. */
export const SUPPORT_MATCHES = ["email", "id", "name", "order"] as const;

/** GET /api/staff/members?q=: one member found. */
export const supportMemberHit = z
  .object({
    id: z.number().int().openapi({ description: "The member's account (user) id" }),
    profile_id: z.number().int().nullable(),
    name: z.string().nullable().openapi({ description: "Null once the account is erased" }),
    site: z.string(),
    status: z.enum(USER_STATUSES),
    profile_status: z.enum(PROFILE_STATUSES).nullable(),
    deletion_requested: z.boolean(),
    erased: z.boolean(),
    created_at: z.iso.datetime(),
    thumb: z.string().nullable().openapi({ description: "The main photo's thumbnail, signed" }),
    matched_by: z.enum(SUPPORT_MATCHES),
  })
  .openapi("SupportMemberHit");
export type SupportMemberHit = z.infer<typeof supportMemberHit>;

export const supportSearchAnswer = z
  .object({ members: z.array(supportMemberHit) })
  .openapi("SupportSearchAnswer");
export type SupportSearchAnswer = z.infer<typeof supportSearchAnswer>;

const time = z.iso.datetime();

const supportOrder = z.object({
  id: z.number().int(),
  state: z.enum(ORDER_STATES),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  method: z.enum(PAYMENT_METHODS),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  refunded_amount: z.number().int(),
  charged_back_amount: z.number().int(),
  created_at: time,
  completed_at: time.nullable(),
  refunded_at: time.nullable(),
});
export type SupportOrder = z.infer<typeof supportOrder>;

const supportReport = z.object({
  id: z.number().int(),
  /** The other side: the reported member (reports by) or the reporter (reports against). */
  other_id: z.number().int(),
  other_name: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  created_at: time,
});

const supportBlock = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  created_at: time,
});

/** GET /api/staff/members/{id}: what support sees of one member (an audited read). */
export const supportMemberAnswer = z
  .object({
    account: z.object({
      id: z.number().int(),
      email: z.string(),
      site: z.string(),
      status: z.enum(USER_STATUSES),
      language: z.string().nullable(),
      credits: z.number().int(),
      paid_user: z.boolean(),
      signup_date: time,
      deletion_requested_at: time.nullable(),
      erased_at: time.nullable(),
      email_disabled_reason: z.string().nullable(),
      direct_debit_blocked_at: time.nullable(),
    }),
    profile: z
      .object({
        id: z.number().int(),
        name: z.string(),
        gender: z.string().nullable(),
        birthdate: z.string(),
        country: z.string(),
        region: z.string().nullable(),
        about: z.string().nullable(),
        status: z.enum(PROFILE_STATUSES),
        invisible: z.boolean(),
        fictional: z.boolean(),
        kind: z.string(),
        created_at: time,
        last_active_at: time,
      })
      .nullable(),
    photos: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(PHOTO_STATUSES),
        position: z.number().int(),
        is_main: z.boolean(),
        thumb: z.string(),
        large: z.string(),
        created_at: time,
      }),
    ),
    /** Live sessions: when they began and end (no address, agent or token is stored). */
    sessions: z.array(z.object({ created_at: time, expires_at: time })),
    orders: z.array(supportOrder),
    ledger: z.object({
      entries: z.array(
        z.object({
          id: z.number().int(),
          delta: z.number().int(),
          balance_after: z.number().int(),
          reason: z.enum(CREDIT_REASONS),
          reference: z.string().nullable(),
          created_at: time,
        }),
      ),
      next_cursor: z.string().nullable().openapi({ description: "ledger_before of the next page" }),
    }),
    reports_by: z.array(supportReport),
    reports_against: z.array(supportReport),
    blocks: z.object({ blocked: z.array(supportBlock), blocked_by: z.array(supportBlock) }),
    mails: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        subject: z.string(),
        status: z.enum(MAIL_STATUSES),
        attempts: z.number().int(),
        created_at: time,
        sent_at: time.nullable(),
      }),
    ),
    /** The sanction in force (design §13) and every strike, newest first. */
    moderation: memberModeration,
  })
  .openapi("SupportMemberAnswer");
export type SupportMemberAnswer = z.infer<typeof supportMemberAnswer>;

/** Why staff did it: kept in the audit row. */
const reasonField = textSchema({ multiline: true }).trim().min(1).max(500);

/**
 * The body of a support action that takes nothing but why (resend the activation, end the
 * sessions, lift the direct-debit block, export, erase): every action that changes a member's
 * data or reads their private data says why, in its audit row.
 */
export const supportReasonBody = z.object({ reason: reasonField }).openapi("SupportReasonBody");
export type SupportReasonBody = z.input<typeof supportReasonBody>;

/** POST /api/staff/members/{id}/credits: a correction of the balance, never below zero. */
export const creditCorrectionBody = z
  .object({
    delta: z
      .number()
      .int("validation.notInteger")
      .min(-1_000_000)
      .max(1_000_000)
      .refine((delta) => delta !== 0, "validation.invalid"),
    reason: reasonField,
  })
  .openapi("CreditCorrectionBody");
export type CreditCorrectionBody = z.input<typeof creditCorrectionBody>;

export const creditCorrectionAnswer = z
  .object({ credits: z.number().int().openapi({ description: "The new balance" }) })
  .openapi("CreditCorrectionAnswer");
export type CreditCorrectionAnswer = z.infer<typeof creditCorrectionAnswer>;

/** POST /api/staff/members/{id}/refund: one of the member's own completed orders. */
export const staffRefundBody = z
  .object({ order_id: idSchema, reason: reasonField })
  .openapi("StaffRefundBody");
export type StaffRefundBody = z.input<typeof staffRefundBody>;

export const staffRefundAnswer = z
  .object({
    order: supportOrder,
    credits_taken: z.number().int().openapi({ description: "Credits of the package taken back" }),
  })
  .openapi("StaffRefundAnswer");
export type StaffRefundAnswer = z.infer<typeof staffRefundAnswer>;

/** POST /api/staff/members/{id}/fictional. */
export const fictionalBody = z
  .object({ fictional: z.boolean(), reason: reasonField })
  .openapi("FictionalBody");
export type FictionalBody = z.input<typeof fictionalBody>;

/** POST /api/staff/members/{id}/end-sessions: how many sessions ended. */
export const endSessionsAnswer = z.object({ ended: z.number().int() }).openapi("EndSessionsAnswer");
export type EndSessionsAnswer = z.infer<typeof endSessionsAnswer>;
