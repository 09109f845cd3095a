import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { ReportReason } from "../contract/report-options";
import type { ReportCase, ReportQueueAnswer } from "../contract/staff-reports";
import type { App } from "../server/app";
import { reports } from "../server/reports/schema";
import { staffAudit } from "../server/staff/schema";
import { getReadyDb } from "../server/startup";
import { memberCall } from "./api";
import type { TestMember } from "./members";
import { staffCall } from "./staff";

/** A member reports another through the API (POST /api/report.php); the report's case id. */
export async function reportThrough(
  app: App,
  reporter: TestMember,
  reported: TestMember,
  reason: ReportReason,
  extra: { note?: string; conversation?: number } = {},
): Promise<number> {
  const answer = await memberCall(app, "POST", "/api/report.php", reporter.cookie, {
    profile: reported.profile.id,
    reason,
    ...extra,
  });
  expect(answer.status).toBe(200);
  const db = await getReadyDb();
  const [row] = await db
    .select({ caseId: reports.caseId })
    .from(reports)
    .where(
      and(
        eq(reports.reporterUserId, reporter.user.id),
        eq(reports.reportedUserId, reported.user.id),
      ),
    );
  if (!row?.caseId) throw new Error("the report has no case");
  return row.caseId;
}

/** Every open case of the queue, page by page (`limit` a page), as a staff member sees them. */
export async function wholeQueue(
  app: App,
  cookie: string,
  options: { claimed?: string; limit?: number } = {},
): Promise<{ cases: ReportCase[]; pages: number }> {
  const cases: ReportCase[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({
      claimed: options.claimed ?? "all",
      limit: String(options.limit ?? 50),
      ...(cursor ? { cursor } : {}),
    });
    const answer = await staffCall(app, "GET", `/api/staff/reports?${query}`, cookie);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as ReportQueueAnswer;
    cases.push(...page.cases);
    cursor = page.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return { cases, pages };
}

/** The audit rows a staff member wrote, oldest first. */
export async function auditRowsBy(staffId: number) {
  const db = await getReadyDb();
  return db.select().from(staffAudit).where(eq(staffAudit.staffId, staffId)).orderBy(staffAudit.id);
}
