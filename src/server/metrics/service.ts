import { and, between, count, eq } from "drizzle-orm";
import { CURRENCIES, type Currency } from "../../contract/payment-options";
import { METRICS_DEFAULT_DAYS, type MetricName } from "../../contract/staff-metric-options";
import type { StaffMetricsAnswer, StaffMetricsQuery } from "../../contract/staff-metrics";
import type { Database } from "../db/client";
import { ValidationError } from "../lib/errors";
import { reportCases } from "../reports/schema";
import { sites } from "../sites/registry";
import type { StaffActor } from "../staff/audit";
import { medianWaitNow } from "../staff/inbox-queue";
import { authorize } from "../staff/permissions";
import { users } from "../users/schema";
import { addDays, utcDay } from "./rollup";
import { metricRollups } from "./schema";

type Counted = Exclude<MetricName, "revenue" | "open_reports" | "inbox_first_response">;
const COUNTED: readonly Counted[] = [
  "signups",
  "activations",
  "active_members",
  "messages_members",
  "messages_profiles",
  "likes",
  "matches",
  "first_payments",
];

/** The period asked for, or the last 30 UTC days to today. */
function periodOf(query: StaffMetricsQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, METRICS_DEFAULT_DAYS - 1) : utcDay(now));
  const from = query.from ?? addDays(to, -(METRICS_DEFAULT_DAYS - 1));
  return { from, to };
}

/** The open report cases of a site's members now (the queue's partial index). */
async function openReportsNow(db: Database, site: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(reportCases)
    .innerJoin(users, eq(users.id, reportCases.reportedUserId))
    .where(and(eq(reportCases.status, "open"), eq(users.siteId, site)));
  return row?.value ?? 0;
}

/**
 * issue 28 item 4: a site's figures a UTC day over a period, read from `metric_rollups` on its
 * primary key (site, day, …); the messages are never scanned here (metrics/rollup.ts counts).
 */
export async function staffMetrics(
  db: Database,
  actor: StaffActor,
  query: StaffMetricsQuery,
  now = new Date(),
): Promise<StaffMetricsAnswer> {
  authorize(actor, "metrics.read");
  if (!sites.some((site) => site.id === query.site)) {
    throw new ValidationError({ site: { key: "validation.invalidOption" } });
  }
  const { from, to } = periodOf(query, now);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  const index = new Map(days.map((day, position) => [day, position]));
  const rows = await db
    .select({
      day: metricRollups.day,
      metric: metricRollups.metric,
      currency: metricRollups.currency,
      value: metricRollups.value,
    })
    .from(metricRollups)
    .where(and(eq(metricRollups.siteId, query.site), between(metricRollups.day, from, to)));

  const series = Object.fromEntries(COUNTED.map((metric) => [metric, days.map(() => 0)])) as Record<
    Counted,
    number[]
  >;
  const openReports: (number | null)[] = days.map(() => null);
  const firstResponse: (number | null)[] = days.map(() => null);
  const revenue = new Map<Currency, number[]>();
  for (const row of rows) {
    const position = index.get(row.day);
    if (position === undefined) continue;
    if (row.metric === "open_reports") openReports[position] = row.value;
    else if (row.metric === "inbox_first_response") firstResponse[position] = row.value;
    else if (row.metric === "revenue") {
      const currency = row.currency as Currency;
      const values = revenue.get(currency) ?? days.map(() => 0);
      values[position] = row.value;
      revenue.set(currency, values);
    } else series[row.metric][position] = row.value;
  }
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const totals = Object.fromEntries(
    COUNTED.map((metric) => [metric, sum(series[metric])]),
  ) as Record<Counted, number>;
  totals.active_members = Math.round((totals.active_members / days.length) * 10) / 10;
  return {
    site: query.site,
    from,
    to,
    days,
    series: { ...series, open_reports: openReports, inbox_first_response: firstResponse },
    revenue: CURRENCIES.flatMap((currency) => {
      const values = revenue.get(currency);
      return values ? [{ currency, days: values, total: sum(values) }] : [];
    }),
    totals,
    conversion: totals.signups > 0 ? totals.first_payments / totals.signups : null,
    open_reports_now: await openReportsNow(db, query.site),
    inbox_waiting_seconds: await medianWaitNow(db, query.site),
  };
}
