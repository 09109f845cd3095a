import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { ReportAction } from "../../contract/report-options";
import type {
  ReportCase as CaseView,
  ReportQueueAnswer,
  ReportQueueQuery,
} from "../../contract/staff-reports";
import { conversations } from "../chat/schema";
import { type Database, executeRows } from "../db/client";
import { ValidationError } from "../lib/errors";
import { memberStrikes } from "../moderation/schema";
import type { MediaSigner } from "../photos/media-url";
import { photos, profiles } from "../profiles/schema";
import { recordStaffAction, type StaffActor } from "../staff/audit";
import { staffAccounts } from "../staff/schema";
import { users } from "../users/schema";
import { requireActing, severityOf } from "./cases";
import { reportCases, reports } from "./schema";

/** How many of a case's reports the queue lists (the newest), and messages per conversation. */
export const REPORTS_PER_CASE = 20;
export const MESSAGES_PER_CONVERSATION = 20;

type Cursor = { severity: number; at: string; id: number };

/** The queue's cursor: the last case's severity, newest report's time (to the microsecond), id. */
function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.severity, cursor.at, cursor.id])).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  try {
    const [severity, at, id] = JSON.parse(Buffer.from(text, "base64url").toString());
    if (
      Number.isInteger(severity) &&
      severity >= 1 &&
      severity <= 3 &&
      typeof at === "string" &&
      at.length <= 40 &&
      !Number.isNaN(Date.parse(at)) &&
      Number.isSafeInteger(id) &&
      id > 0 &&
      id <= 2_147_483_647
    ) {
      return { severity, at, id };
    }
  } catch {}
  throw new ValidationError({ cursor: { key: "validation.invalid" } });
}

type QueueMessage = {
  id: number;
  sender: number;
  kind: CaseView["reports"][number]["messages"][number]["kind"];
  body: string | null;
  gift: string | null;
  image_key: string | null;
  created_at: string;
};

/**
 * The last messages both ways of each conversation, oldest first: one statement, a LATERAL
 * read of the newest MESSAGES_PER_CONVERSATION by the (conversation, id) index, however long
 * the conversation is. Answers each conversation's pair too, so the caller can check it.
 */
async function lastMessagesOf(
  db: Database,
  conversationIds: number[],
): Promise<Map<number, { low: number; high: number; messages: QueueMessage[] }>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await executeRows<{
    id: number;
    low: number;
    high: number;
    messages: QueueMessage[];
  }>(
    db,
    sql`select c.id, c.user_low_id as low, c.user_high_id as high,
      coalesce((select json_agg(m order by m.id) from (
        select id, sender_user_id as sender, kind, body, gift, image_key, created_at
        from messages where conversation_id = c.id
        order by id desc limit ${MESSAGES_PER_CONVERSATION}) m), '[]'::json) as messages
      from ${conversations} c
      where c.id in (${sql.join(
        conversationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/**
 * GET /api/staff/reports (issue 27 item 3): open cases, highest severity first, then the one
 * reported most recently; keyset paging on (severity, last report, id). Each case carries the
 * reported member (name, main photo and every photo, account age, whether they ever paid,
 * earlier cases and their outcome), its newest reports with the reporter and note, and per report the last
 * messages of the conversation it came from, only ever between that reporter and the reported
 * member. Messages are private data: a page that lists cases writes one audit row
 * (`report.queue_read`) naming them, in the transaction that read them. Needs `reports.read`.
 */
/** What a moderator weighs about each member of a case: strikes, reports filed, cases against. */
type History = { strikes: number; reportsFiled: number; casesAgainst: number };

/** The history of some members: three counts, each a grouped read served by its table's index. */
async function historiesOf(tx: Database, userIds: number[]): Promise<Map<number, History>> {
  const count = sql<number>`count(*)::int`;
  const [strikes, filed, against] = [
    await tx
      .select({ userId: memberStrikes.userId, count })
      .from(memberStrikes)
      .where(and(inArray(memberStrikes.userId, userIds), ne(memberStrikes.kind, "lift")))
      .groupBy(memberStrikes.userId),
    await tx
      .select({ userId: reports.reporterUserId, count })
      .from(reports)
      .where(inArray(reports.reporterUserId, userIds))
      .groupBy(reports.reporterUserId),
    await tx
      .select({ userId: reportCases.reportedUserId, count })
      .from(reportCases)
      .where(inArray(reportCases.reportedUserId, userIds))
      .groupBy(reportCases.reportedUserId),
  ];
  const countOf = (rows: { userId: number; count: number }[], userId: number) =>
    rows.find((row) => row.userId === userId)?.count ?? 0;
  return new Map(
    userIds.map((id) => [
      id,
      {
        strikes: countOf(strikes, id),
        reportsFiled: countOf(filed, id),
        casesAgainst: countOf(against, id),
      },
    ]),
  );
}

/** Days since a sign-up, whole. */
const ageInDays = (signup: Date, now: number) => Math.floor((now - signup.getTime()) / 86_400_000);

export async function listReportQueue(
  db: Database,
  actor: StaffActor,
  query: ReportQueueQuery,
  media: MediaSigner,
): Promise<ReportQueueAnswer> {
  const staffId = requireActing(actor, "reports.read").id;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const claimFilter: SQL | undefined =
    query.claimed === "me"
      ? eq(reportCases.claimedBy, staffId)
      : query.claimed === "unclaimed"
        ? isNull(reportCases.claimedBy)
        : undefined;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        row: reportCases,
        at: sql<string>`(${reportCases.lastReportedAt})::text`,
        claimerEmail: staffAccounts.email,
        signupDate: users.signupDate,
        paidUser: users.paidUser,
        profileId: profiles.id,
        name: profiles.name,
        photoKey: photos.storageKey,
      })
      .from(reportCases)
      .innerJoin(users, eq(users.id, reportCases.reportedUserId))
      .leftJoin(profiles, eq(profiles.userId, reportCases.reportedUserId))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .leftJoin(staffAccounts, eq(staffAccounts.id, reportCases.claimedBy))
      .where(
        and(
          eq(reportCases.status, "open"),
          claimFilter,
          after
            ? sql`(${reportCases.severity}, ${reportCases.lastReportedAt}, ${reportCases.id}) < (${after.severity}, ${after.at}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(reportCases.severity), desc(reportCases.lastReportedAt), desc(reportCases.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    if (page.length === 0) return { cases: [], next_cursor: null };
    const caseIds = page.map(({ row }) => row.id);
    const memberIds = page.map(({ row }) => row.reportedUserId);

    const earlier = await tx
      .select({
        id: reportCases.id,
        userId: reportCases.reportedUserId,
        action: reportCases.resolutionAction,
        reason: reportCases.resolutionReason,
        resolvedAt: reportCases.resolvedAt,
      })
      .from(reportCases)
      .where(
        and(inArray(reportCases.reportedUserId, memberIds), eq(reportCases.status, "resolved")),
      )
      .orderBy(desc(reportCases.id));

    // Every photo of the page's members in one read, to pick the one a removal takes.
    const profileIds = page.flatMap((entry) => entry.profileId ?? []);
    const photoRows =
      profileIds.length === 0
        ? []
        : await tx
            .select({ id: photos.id, profileId: photos.profileId, key: photos.storageKey })
            .from(photos)
            .where(inArray(photos.profileId, profileIds))
            .orderBy(photos.profileId, photos.position, photos.id);

    const ranked = tx
      .select({
        id: reports.id,
        caseId: reports.caseId,
        rank: sql<number>`row_number() over (partition by ${reports.caseId} order by ${reports.id} desc)`.as(
          "rank",
        ),
        total: sql<number>`count(*) over (partition by ${reports.caseId})`.as("total"),
      })
      .from(reports)
      .where(inArray(reports.caseId, caseIds))
      .as("ranked");
    const reportRows = await tx
      .select({
        report: reports,
        total: ranked.total,
        reporterProfileId: profiles.id,
        reporterName: profiles.name,
        reporterSignup: users.signupDate,
        reporterPaid: users.paidUser,
      })
      .from(ranked)
      .innerJoin(reports, eq(reports.id, ranked.id))
      .innerJoin(users, eq(users.id, reports.reporterUserId))
      .leftJoin(profiles, eq(profiles.userId, reports.reporterUserId))
      .where(sql`${ranked.rank} <= ${REPORTS_PER_CASE}`)
      .orderBy(desc(reports.id));

    const conversationIds = [
      ...new Set(reportRows.flatMap(({ report }) => report.conversationId ?? [])),
    ];
    const threads = await lastMessagesOf(tx, conversationIds);
    const histories = await historiesOf(tx, [
      ...new Set([...memberIds, ...reportRows.map(({ report }) => report.reporterUserId)]),
    ]);
    const historyOf = (userId: number) => {
      const history = histories.get(userId);
      return {
        strikes: history?.strikes ?? 0,
        reports_filed: history?.reportsFiled ?? 0,
        cases_against: history?.casesAgainst ?? 0,
      };
    };

    await recordStaffAction(tx, actor, {
      action: "report.queue_read",
      after: { cases: caseIds.join(","), claimed: query.claimed },
    });

    const now = Date.now();
    const cases: CaseView[] = page.map((entry) => {
      const { row } = entry;
      const own = reportRows.filter(({ report }) => report.caseId === row.id);
      return {
        id: row.id,
        severity: severityOf(row.severity),
        opened_at: row.openedAt.toISOString(),
        last_reported_at: row.lastReportedAt.toISOString(),
        claimed_by:
          row.claimedBy !== null && entry.claimerEmail !== null
            ? { id: row.claimedBy, email: entry.claimerEmail }
            : null,
        claimed_at: row.claimedAt?.toISOString() ?? null,
        member: {
          user_id: row.reportedUserId,
          profile_id: entry.profileId,
          name: entry.name,
          photo_thumb: entry.photoKey ? media.url(`${entry.photoKey}-thumb.webp`) : null,
          photos: photoRows
            .filter((photo) => photo.profileId === entry.profileId)
            .map((photo) => ({ id: photo.id, thumb: media.url(`${photo.key}-thumb.webp`) })),
          account_created_at: entry.signupDate.toISOString(),
          account_age_days: ageInDays(entry.signupDate, now),
          has_paid: entry.paidUser,
          strikes: historyOf(row.reportedUserId).strikes,
          earlier_cases: earlier
            .filter((past) => past.userId === row.reportedUserId)
            .map((past) => ({
              id: past.id,
              action: past.action as ReportAction,
              reason: past.reason,
              resolved_at: past.resolvedAt?.toISOString() ?? "",
            })),
        },
        report_count: Number(own[0]?.total ?? 0),
        reports: own.map(({ report, reporterProfileId, reporterName, ...reporter }) => {
          const thread = report.conversationId ? threads.get(report.conversationId) : undefined;
          // Only the conversation between this reporter and the reported member, ever.
          const pair = [report.reporterUserId, report.reportedUserId].sort((a, b) => a - b);
          const isTheirs = thread && thread.low === pair[0] && thread.high === pair[1];
          const messages: QueueMessage[] = isTheirs ? thread.messages : [];
          return {
            id: report.id,
            reporter: {
              user_id: report.reporterUserId,
              profile_id: reporterProfileId,
              name: reporterName,
              account_age_days: ageInDays(reporter.reporterSignup, now),
              has_paid: reporter.reporterPaid,
              ...historyOf(report.reporterUserId),
            },
            reason: report.reason,
            note: report.note,
            created_at: report.createdAt.toISOString(),
            conversation_id: report.conversationId,
            messages: messages.map((message) => ({
              id: Number(message.id),
              from: message.sender === report.reporterUserId ? "reporter" : "reported",
              kind: message.kind,
              body: message.body,
              gift: message.gift,
              image: message.image_key ? media.url(`${message.image_key}-main.webp`) : null,
              created_at: new Date(message.created_at).toISOString(),
            })),
          };
        }),
      };
    });
    const last = page.at(-1);
    return {
      cases,
      next_cursor:
        rows.length > query.limit && last
          ? encodeCursor({ severity: last.row.severity, at: last.at, id: last.row.id })
          : null,
    };
  });
}
