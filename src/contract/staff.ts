import { z } from "@hono/zod-openapi";
import { locales } from "../i18n/locales";
import { STAFF_ROLES } from "./staff-options";

/** design §13: the staff side's bodies and answers (under /api/staff/). */

/** POST /api/staff/login: password and the authenticator app's current code. */
export const staffLoginBody = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(128),
    totp: z.string().regex(/^\d{6}$/, "validation.invalid"),
  })
  .openapi("StaffLoginBody");
export type StaffLoginBody = z.input<typeof staffLoginBody>;

/** The signed-in staff member, with what their role allows (the console hides the rest). */
export const staffView = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    language: z.enum(locales),
    permissions: z.array(z.string()),
  })
  .openapi("Staff");
export type StaffView = z.infer<typeof staffView>;

export const staffAnswer = z.object({ staff: staffView }).openapi("StaffAnswer");
export type StaffAnswer = z.infer<typeof staffAnswer>;

/** What an audited change was, field by field: before and after. */
export const auditValues = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .openapi("AuditValues");
export type AuditValues = z.infer<typeof auditValues>;

export const auditEntry = z
  .object({
    id: z.number().int(),
    /** Null: the command line (`npm run staff`). */
    staff_id: z.number().int().nullable(),
    staff_email: z.string().nullable(),
    role: z.enum(STAFF_ROLES).nullable(),
    action: z.string(),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    reason: z.string().nullable(),
    before: auditValues.nullable(),
    after: auditValues.nullable(),
    ip: z.string().nullable(),
    created_at: z.string().openapi({ description: "ISO 8601" }),
  })
  .openapi("AuditEntry");
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/staff/audit: newest first; `next_cursor` fetches the following page. */
export const auditAnswer = z
  .object({ entries: z.array(auditEntry), next_cursor: z.string().nullable() })
  .openapi("AuditAnswer");
export type AuditAnswer = z.infer<typeof auditAnswer>;
