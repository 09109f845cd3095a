import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { ReportReason } from "../contract/report-options";
import type { ReportCase, ReportQueueAnswer, ResolveReportBody } from "../contract/staff-reports";
import { type App, createApp } from "../server/app";
import { reports } from "../server/reports/schema";
import { staffAudit } from "../server/staff/schema";
import { getReadyDb } from "../server/startup";
import { memberCall } from "./api";
import { chatCalls, premium } from "./chat";
import { createLoggedInMember, type TestMember } from "./members";
import { createSignedInStaff, staffCall } from "./staff";

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

let islandApp: App | null = null;

/**
 * For island tests, which import no server code: a new member named `name` asks a new member,
 * Ann, for money in their chat, and Ann reports it as a scam from there (high severity, so the
 * case is first in the queue). The case id and the reported member.
 */
export async function reportedChat(name: string) {
  islandApp ??= createApp();
  const { open, send } = chatCalls(islandApp);
  const ann = await createLoggedInMember(islandApp, { ...premium, profile: { name: "Ann" } });
  const reported = await createLoggedInMember(islandApp, { ...premium, profile: { name } });
  const chat = await open(ann, reported);
  expect((await send(reported, chat, "Send me 200 euros for the ticket")).status).toBe(200);
  expect((await send(ann, chat, "No way")).status).toBe(200);
  const caseId = await reportThrough(islandApp, ann, reported, "scam", {
    note: "Asked for money on day one",
    conversation: chat,
  });
  return { caseId, reported };
}

/** Another staff member (a new admin) resolves a case through the API first. */
export async function resolveAsAdmin(caseId: number, body: ResolveReportBody): Promise<void> {
  islandApp ??= createApp();
  const admin = await createSignedInStaff(islandApp, "admin");
  const path = `/api/staff/reports/${caseId}/resolve`;
  expect((await staffCall(islandApp, "POST", path, admin.cookie, body)).status).toBe(200);
}
