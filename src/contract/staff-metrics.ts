import { z } from "@hono/zod-openapi";
import { CURRENCIES } from "./payment-options";
import { METRICS_MAX_DAYS } from "./staff-metric-options";

/** Issue 28 item 4: the console's numbers at a glance, GET /api/staff/metrics. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day, `YYYY-MM-DD`, that exists in the calendar. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalid")
  .refine(
    (value) => {
      // Runs on any string (the regex's failure does not stop it): no 500 for "yesterday".
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { message: "validation.invalid" },
  );

/** Query of GET /api/staff/metrics; a missing period is the last 30 UTC days. */
export const staffMetricsQuery = z
  .object({
    site: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "validation.invalidOption")
      .openapi({ description: "A site of the registry ('amora')" }),
    from: isoDay.optional().openapi({ description: "First UTC day, YYYY-MM-DD" }),
    to: isoDay.optional().openapi({ description: "Last UTC day, YYYY-MM-DD (at most 366 days)" }),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "staff.console.metrics.toBeforeFrom",
      });
    } else if (days > METRICS_MAX_DAYS) {
      context.addIssue({ code: "custom", path: ["to"], message: "staff.console.metrics.tooLong" });
    }
  });
export type StaffMetricsQuery = z.infer<typeof staffMetricsQuery>;

const counts = z.array(z.number().int().nonnegative());

export const staffMetricsAnswer = z
  .object({
    site: z.string(),
    from: z.string(),
    to: z.string(),
    /** Every UTC day of the period, oldest first; each series has one value a day. */
    days: z.array(z.string()),
    series: z.object({
      signups: counts,
      activations: counts,
      active_members: counts.openapi({
        description: "Members who sent a message or a like that day",
      }),
      messages_members: counts,
      messages_profiles: counts.openapi({ description: "Sent by the site's fictional profiles" }),
      likes: counts,
      matches: counts,
      first_payments: counts.openapi({ description: "Members who paid for the first time" }),
      open_reports: z
        .array(z.number().int().nonnegative().nullable())
        .openapi({ description: "Open report cases at the day's last count; null: not counted" }),
      inbox_first_response: z.array(z.number().int().nonnegative().nullable()).openapi({
        description:
          "Median seconds from a member's message to a fictional profile to its first reply, over the replies of the day; null: no reply",
      }),
    }),
    revenue: z
      .array(
        z.object({
          currency: z.enum(CURRENCIES),
          days: z.array(z.number().int()),
          total: z.number().int(),
        }),
      )
      .openapi({
        description: "Net revenue in minor units a currency and day (refunds taken off)",
      }),
    totals: z.object({
      signups: z.number().int(),
      activations: z.number().int(),
      active_members: z.number().openapi({ description: "Average a day" }),
      messages_members: z.number().int(),
      messages_profiles: z.number().int(),
      likes: z.number().int(),
      matches: z.number().int(),
      first_payments: z.number().int(),
    }),
    conversion: z
      .number()
      .nullable()
      .openapi({ description: "First payments ÷ signups of the period; null without signups" }),
    open_reports_now: z.number().int().nonnegative(),
    inbox_waiting_seconds: z.number().nullable().openapi({
      description:
        "How long the conversations waiting in the inbox now have waited, in seconds (their median); null: none waits",
    }),
  })
  .openapi("StaffMetrics");
export type StaffMetricsAnswer = z.infer<typeof staffMetricsAnswer>;
