import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { MetricName } from "../../contract/staff-metric-options";
import { messages } from "../chat/schema";
import { type Database, executeRows } from "../db/client";
import { enqueueJob } from "../jobs/service";
import { likes, matches } from "../likes/schema";
import { orders } from "../payments/schema";
import { profiles } from "../profiles/schema";
import { reportCases } from "../reports/schema";
import { inboxAnswers } from "../staff/inbox-schema";
import { users } from "../users/schema";
import { metricsBackfillJob } from "./job-types";
import { metricRollups } from "./schema";

/**
 * issue 28 item 4: one UTC day's figures of every site, counted from the features' tables on
 * their time indexes (never a scan of the messages) and stored in `metric_rollups`, replacing
 * what that day held. Counts are what the tables hold now: a like taken back or an erased
 * member's profile no longer counts. A fictional profile's account is no signup and no member.
 */

type Row = { site_id: string; metric: MetricName; currency: string; value: string | number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The figures a day's recount replaces; `open_reports` only in a count of today. */
const DAILY_METRICS: readonly MetricName[] = [
  "signups",
  "activations",
  "active_members",
  "messages_members",
  "messages_profiles",
  "likes",
  "matches",
  "first_payments",
  "revenue",
  "inbox_first_response",
];

/** Figures that are measured, not counted: a 0 is kept (a count of 0 is the row left out). */
const MEASURED: readonly MetricName[] = ["open_reports", "inbox_first_response"];

/** The UTC day of a time, `YYYY-MM-DD`. */
export function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Not the account of a fictional profile (the site's own; an erased member has none). */
const notFictional = (userId: SQL | typeof users.id) =>
  sql`not exists (select 1 from ${profiles} where ${profiles.userId} = ${userId} and ${profiles.fictional})`;

function dayQuery(start: string, end: string, withOpenReports: boolean): SQL {
  const within = (column: SQL | typeof users.signupDate) =>
    sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;
  const parts: SQL[] = [
    sql`select ${users.siteId} as site_id, 'signups' as metric, '' as currency, count(*) as value
      from ${users} where ${within(sql`${users.signupDate}`)} and ${notFictional(users.id)}
      group by ${users.siteId}`,
    sql`select ${users.siteId}, 'activations', '', count(*)
      from ${users} where ${within(sql`${users.activatedAt}`)} and ${notFictional(users.id)}
      group by ${users.siteId}`,
    sql`select ${users.siteId}, case when sender.fictional then 'messages_profiles'
        else 'messages_members' end, '', count(*)
      from ${messages} join ${users} on ${users.id} = ${messages.senderUserId}
      left join ${profiles} sender on sender.user_id = ${messages.senderUserId}
      where ${within(sql`${messages.createdAt}`)} group by 1, 2`,
    sql`select ${users.siteId}, 'likes', '', count(*)
      from ${likes} join ${profiles} on ${profiles.id} = ${likes.likerProfileId}
      join ${users} on ${users.id} = ${profiles.userId}
      where ${within(sql`${likes.createdAt}`)} group by 1`,
    sql`select ${users.siteId}, 'matches', '', count(*)
      from ${matches} join ${profiles} on ${profiles.id} = ${matches.profileLowId}
      join ${users} on ${users.id} = ${profiles.userId}
      where ${within(sql`${matches.createdAt}`)} group by 1`,
    sql`select ${users.siteId}, 'active_members', '', count(*) from (
        select ${messages.senderUserId} as user_id from ${messages}
          where ${within(sql`${messages.createdAt}`)}
        union
        select ${profiles.userId} from ${likes} join ${profiles} on ${profiles.id} = ${likes.likerProfileId}
          where ${within(sql`${likes.createdAt}`)}
      ) active join ${users} on ${users.id} = active.user_id
      where ${notFictional(sql`active.user_id`)} group by 1`,
    sql`select ${orders.siteId}, 'first_payments', '', count(distinct ${orders.userId})
      from ${orders} where ${within(sql`${orders.completedAt}`)} and not exists (
        select 1 from ${orders} earlier where earlier.user_id = ${orders.userId}
          and earlier.completed_at < ${orders.completedAt})
      group by 1`,
    sql`select site_id, 'revenue', currency, sum(amount) from (
        select ${orders.siteId} as site_id, ${orders.currency} as currency, ${orders.amount} as amount
          from ${orders} where ${within(sql`${orders.completedAt}`)}
        union all
        select ${orders.siteId}, ${orders.currency}, -${orders.refundedAmount}
          from ${orders} where ${within(sql`${orders.refundedAt}`)}
        union all
        select ${orders.siteId}, ${orders.currency}, -${orders.chargedBackAmount}
          from ${orders} where ${within(sql`${orders.chargedBackAt}`)}
      ) money group by 1, 3`,
    sql`select ${inboxAnswers.siteId}, 'inbox_first_response', '',
        round(percentile_cont(0.5) within group (order by ${inboxAnswers.waitedSeconds}))
      from ${inboxAnswers} where ${within(sql`${inboxAnswers.createdAt}`)}
        and ${inboxAnswers.waitedSeconds} is not null
      group by 1`,
  ];
  if (withOpenReports) {
    parts.push(sql`select ${users.siteId}, 'open_reports', '', count(*)
      from ${reportCases} join ${users} on ${users.id} = ${reportCases.reportedUserId}
      where ${reportCases.status} = 'open' group by 1`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Recounts one UTC day of every site and replaces its rows in one transaction, so a page never
 * reads half a day and a second run stores the same rows. `openReports` (a count of today)
 * stores the open report cases as the day's figure; a past day keeps the one it had.
 */
export async function recomputeDay(
  db: Database,
  day: string,
  options: { openReports?: boolean } = {},
): Promise<void> {
  const start = `${day}T00:00:00Z`;
  const end = `${addDays(day, 1)}T00:00:00Z`;
  const rows = await executeRows<Row>(db, dayQuery(start, end, options.openReports ?? false));
  const replaced = options.openReports
    ? [...DAILY_METRICS, "open_reports" as const]
    : DAILY_METRICS;
  await db.transaction(async (tx) => {
    await tx
      .delete(metricRollups)
      .where(and(eq(metricRollups.day, day), inArray(metricRollups.metric, [...replaced])));
    const values = rows
      .map((row) => ({
        siteId: row.site_id,
        day,
        metric: row.metric,
        currency: row.currency,
        value: Number(row.value),
      }))
      .filter((row) => row.value !== 0 || MEASURED.includes(row.metric));
    if (values.length > 0) await tx.insert(metricRollups).values(values);
  });
}

/** Recounts every day from `from` to `to` (UTC, both included), oldest first: a backfill. */
export async function recomputeDays(db: Database, from: string, to: string): Promise<number> {
  let count = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    await recomputeDay(db, day);
    count++;
  }
  return count;
}

/** The recurring recount: yesterday (late payments, refunds) and today, open reports now. */
export async function recomputeRecentDays(db: Database, now: Date): Promise<void> {
  const today = utcDay(now);
  await recomputeDay(db, addDays(today, -1));
  await recomputeDay(db, today, { openReports: true });
}

/**
 * A database whose rollup holds nothing before yesterday (a deployment that just got the
 * metrics, the demo) gets its earlier days recounted once, in the background: from its first
 * member's signup, at most the 364 days before yesterday. A new database has none to recount,
 * so its first start does no such work.
 */
export async function enqueueFirstBackfill(db: Database, now: Date): Promise<void> {
  const yesterday = addDays(utcDay(now), -1);
  const [earlier] = await db
    .select({ day: metricRollups.day })
    .from(metricRollups)
    .where(lt(metricRollups.day, yesterday))
    .limit(1);
  if (earlier) return;
  const [first] = await db.select({ at: sql<string | null>`min(${users.signupDate})` }).from(users);
  if (!first?.at) return;
  const firstDay = utcDay(new Date(first.at));
  const yearAgo = addDays(yesterday, -364);
  // biome-ignore lint/complexity/useMathMinMax: ISO days, compared as strings
  const from = firstDay > yearAgo ? firstDay : yearAgo;
  if (from >= yesterday) return;
  await enqueueJob(
    db,
    metricsBackfillJob,
    { from, to: addDays(yesterday, -1) },
    { uniqueKey: `metrics.backfill:first:${from}` },
  );
}
