import { z } from "@hono/zod-openapi";
import { idSchema, textSchema } from "./fields";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "./report-options";

/**
 * POST /api/report.php (issue 12): the reported member, why, an optional note, and the
 * conversation the report was made from; answered with OkAnswer.
 */
export const reportBody = z.object({
  profile: idSchema,
  reason: z.enum(REPORT_REASONS),
  note: textSchema({ multiline: true }).max(REPORT_NOTE_MAX, "validation.tooLong").optional(),
  conversation: idSchema.optional(),
});
export type ReportBody = z.input<typeof reportBody>;
