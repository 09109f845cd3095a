import { gte, sql } from "drizzle-orm";
import type { InboxFiguresAnswer } from "../../contract/staff-inbox";
import type { Database } from "../db/client";
import type { StaffActor } from "./audit";
import { waitingPerSite } from "./inbox-queue";
import { inboxAnswers } from "./inbox-schema";
import { agentScope } from "./inbox-scope";
import { staffAccounts } from "./schema";

/** The figures look back this far: the last 7 days. */
const FIGURES_DAYS = 7;

/**
 * GET /api/staff/inbox/figures (issue 28): per agent and per site of the caller's scope, the
 * replies of the last 7 days, the median first-response time (from the member's oldest
 * unanswered message to the reply) and, per site, the conversations waiting now. From the
 * `inbox_answers` rows the replies write, on their time index; never a scan of messages.
 */
export async function inboxFigures(db: Database, actor: StaffActor): Promise<InboxFiguresAnswer> {
  const scope = await agentScope(db, actor);
  const since = new Date(Date.now() - FIGURES_DAYS * 24 * 60 * 60 * 1000);
  const median = sql<
    number | null
  >`percentile_cont(0.5) within group (order by ${inboxAnswers.waitedSeconds})`;
  const answered = sql<number>`count(*)::int`;
  const recent = gte(inboxAnswers.createdAt, since);
  const inSites = sql`${inboxAnswers.siteId} in ${scope.sites}`;
  const agents = await db
    .select({
      staff_id: inboxAnswers.staffId,
      email: staffAccounts.email,
      answered,
      median,
    })
    .from(inboxAnswers)
    .innerJoin(staffAccounts, sql`${staffAccounts.id} = ${inboxAnswers.staffId}`)
    .where(sql`${recent} and ${inSites}`)
    .groupBy(inboxAnswers.staffId, staffAccounts.email)
    .orderBy(inboxAnswers.staffId);
  const perSite = await db
    .select({ site: inboxAnswers.siteId, answered, median })
    .from(inboxAnswers)
    .where(sql`${recent} and ${inSites}`)
    .groupBy(inboxAnswers.siteId);
  const waiting = await waitingPerSite(db, scope.sites);
  return {
    since: since.toISOString(),
    agents: agents.map((row) => ({
      staff_id: row.staff_id,
      email: row.email,
      answered: row.answered,
      median_first_response_seconds: row.median === null ? null : Number(row.median),
    })),
    sites: scope.sites.map((site) => {
      const row = perSite.find((entry) => entry.site === site);
      return {
        site,
        answered: row?.answered ?? 0,
        median_first_response_seconds:
          row?.median === null || row?.median === undefined ? null : Number(row.median),
        waiting: waiting.get(site) ?? 0,
      };
    }),
  };
}
