import { and, eq } from "drizzle-orm";
import type { ReportReason } from "../../contract/report-options";
import { blockProfile } from "../blocks/service";
import { conversationMembers } from "../chat/schema";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { profiles } from "../profiles/schema";
import type { MemberViewer } from "../profiles/viewer";
import { joinOrOpenCase } from "./cases";
import { reports } from "./schema";

/**
 * A member reports another (issue 12): the report is stored for moderation, with the
 * conversation it came from when that is the reporter's conversation with the member, and the
 * reporter no longer sees the member (a block, which the reporter may lift). One report per pair.
 * The report joins the reported member's open case for the moderators (reports/cases.ts).
 */
export async function reportMember(
  db: Database,
  me: MemberViewer,
  input: { profile: number; reason: ReportReason; note?: string; conversation?: number },
): Promise<void> {
  if (input.profile === me.profileId) {
    throw new ApiError(422, "cannot_report_self", "report.error.self");
  }
  const [reported] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, input.profile))
    .limit(1);
  if (!reported) throw notFound("error.profileUnavailable");
  let conversationId: number | null = null;
  if (input.conversation !== undefined) {
    // Only the reporter's own conversation with this member is attached; anything else is 404.
    const [side] = await db
      .select({ id: conversationMembers.conversationId })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, input.conversation),
          eq(conversationMembers.userId, me.userId),
          eq(conversationMembers.otherUserId, reported.userId),
        ),
      );
    if (!side) throw notFound("chat.error.notFound");
    conversationId = side.id;
  }
  await db.transaction(async (tx) => {
    // issue 27: the report joins the member's open case, or opens one.
    const caseId = await joinOrOpenCase(tx, reported.userId, input.reason);
    const [stored] = await tx
      .insert(reports)
      .values({
        reporterUserId: me.userId,
        reportedUserId: reported.userId,
        reason: input.reason,
        note: input.note?.trim() || null,
        conversationId,
        caseId,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!stored) throw new ApiError(409, "already_reported", "report.error.already");
    await blockProfile(tx, me.profileId, input.profile);
  });
}
