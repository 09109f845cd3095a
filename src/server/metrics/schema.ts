import { bigint, date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { MetricName } from "../../contract/staff-metric-options";

/**
 * issue 28 item 4: the console's figures, one row a site, UTC day, metric and currency
 * (`''` but for revenue), recomputed by the metrics jobs (metrics/rollup.ts) from the other
 * features' tables, so a page view reads a year of a site on its primary key and never scans
 * the messages. Revenue is net, in minor units: completed orders on their day, refunds and
 * chargebacks taken off on theirs.
 */
export const metricRollups = pgTable(
  "metric_rollups",
  {
    siteId: text("site_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").$type<MetricName>().notNull(),
    currency: text("currency").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day, table.metric, table.currency] })],
);

export type MetricRollup = typeof metricRollups.$inferSelect;
