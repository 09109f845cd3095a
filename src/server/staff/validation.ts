import { z } from "@hono/zod-openapi";
import { MAX_ID } from "../../contract/fields";
import { STAFF_AUDIT_TARGETS } from "../../contract/staff-options";

/** The largest audit id a cursor may name (a bigint column, read as a JavaScript number). */
const MAX_AUDIT_ID = Number.MAX_SAFE_INTEGER;

/** Query of GET /api/staff/audit: filters, and the previous page's `next_cursor`. */
export const auditQuery = z
  .object({
    staff: z.coerce.number().int().positive().max(MAX_ID).optional(),
    action: z
      .string()
      .regex(/^[a-z_.]{1,60}$/)
      .optional(),
    target_type: z.enum(STAFF_AUDIT_TARGETS).optional(),
    target_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,60}$/)
      .optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .refine((value) => Number(value) <= MAX_AUDIT_ID, "validation.invalid")
      .optional()
      .openapi({ description: "The previous page's next_cursor (opaque)" }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .openapi("AuditQuery");
export type AuditQuery = z.infer<typeof auditQuery>;
