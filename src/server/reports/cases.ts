import { eq, sql } from "drizzle-orm";
import {
  REASON_SEVERITY,
  REPORT_SEVERITIES,
  type ReportReason,
  type ReportSeverity,
} from "../../contract/report-options";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { recordStaffAction, type StaffActor } from "../staff/audit";
import { type Permission, requirePermission } from "../staff/permissions";
import { staffAccounts } from "../staff/schema";
import { type ReportCase, reportCases } from "./schema";

/** How long a claim holds: an older one may be taken over by another moderator. */
export const CLAIM_MINUTES = 30;

/** A reason's severity as the stored rank: 1 low, 2 medium, 3 high. */
export function severityRank(reason: ReportReason): number {
  return REPORT_SEVERITIES.indexOf(REASON_SEVERITY[reason]) + 1;
}

/** A stored rank back to its name. */
export function severityOf(rank: number): ReportSeverity {
  return REPORT_SEVERITIES[rank - 1] ?? "low";
}

/**
 * The open case of a reported member, raised to the new report's severity and time, or a new
 * case when the member has none open. Atomic on the one-open-case index, so two reports at once
 * join one case. Call it in the transaction that stores the report.
 */
export async function joinOrOpenCase(
  tx: Database,
  reportedUserId: number,
  reason: ReportReason,
): Promise<number> {
  const [joined] = await tx
    .insert(reportCases)
    .values({ reportedUserId, severity: severityRank(reason) })
    .onConflictDoUpdate({
      target: reportCases.reportedUserId,
      targetWhere: sql`${reportCases.status} = 'open'`,
      set: {
        severity: sql`greatest(${reportCases.severity}, excluded.severity)`,
        lastReportedAt: sql`now()`,
      },
    })
    .returning({ id: reportCases.id });
  if (!joined) throw new Error("report case not stored");
  return joined.id;
}

/**
 * design §10: the services check permissions. The staff member acting, refused with 403
 * forbidden when their role lacks `permission` (the command line, with no role, has none here).
 */
export function requireActing(
  actor: StaffActor,
  permission: Permission,
): { id: number; role: NonNullable<StaffActor["staff"]>["role"] } {
  const staff = actor.staff;
  if (!staff) throw new ApiError(403, "forbidden", "error.forbidden");
  requirePermission(staff, permission);
  return staff;
}

/** An open case, locked for the caller's transaction: 404 when there is none, 409 when closed. */
export async function lockOpenCase(tx: Database, caseId: number): Promise<ReportCase> {
  const [found] = await tx
    .select()
    .from(reportCases)
    .where(eq(reportCases.id, caseId))
    .for("update");
  if (!found) throw notFound("staff.reports.error.notFound");
  if (found.status !== "open") {
    throw new ApiError(409, "case_resolved", "staff.reports.error.resolved");
  }
  return found;
}

/** Whether a claim still holds: made less than CLAIM_MINUTES ago. */
export function claimHolds(found: Pick<ReportCase, "claimedAt">, now = new Date()): boolean {
  return (
    found.claimedAt !== null && now.getTime() - found.claimedAt.getTime() < CLAIM_MINUTES * 60_000
  );
}

/** 409 case_claimed, naming who holds the case and since when. */
async function claimedByOther(tx: Database, found: ReportCase): Promise<ApiError> {
  const [holder] = await tx
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, found.claimedBy ?? 0));
  const minutes = Math.max(
    1,
    Math.round((Date.now() - (found.claimedAt?.getTime() ?? Date.now())) / 60_000),
  );
  return new ApiError(409, "case_claimed", "staff.reports.error.claimed", {
    staff: holder?.email ?? "?",
    minutes,
  });
}

/**
 * A moderator takes a case so no one else works it: refused (409, with the holder) while
 * another's claim holds; a lapsed claim is taken over, and the audit row names whose it was.
 * Claiming one's own case again renews it.
 */
export async function claimCase(db: Database, actor: StaffActor, caseId: number): Promise<void> {
  const staffId = requireActing(actor, "reports.resolve").id;
  await db.transaction(async (tx) => {
    const found = await lockOpenCase(tx, caseId);
    const other = found.claimedBy !== null && found.claimedBy !== staffId;
    if (other && claimHolds(found)) throw await claimedByOther(tx, found);
    await tx
      .update(reportCases)
      .set({ claimedBy: staffId, claimedAt: sql`now()` })
      .where(eq(reportCases.id, caseId));
    await recordStaffAction(tx, actor, {
      action: other ? "report.take_over" : "report.claim",
      target: { type: "report", id: caseId },
      before: { claimed_by: found.claimedBy },
      after: { claimed_by: staffId },
    });
  });
}

/**
 * Gives a case back to the queue: the holder, or an admin for anyone's claim. Another
 * moderator's lapsed claim needs no unclaiming (they take it over), so that is refused too.
 */
export async function unclaimCase(db: Database, actor: StaffActor, caseId: number): Promise<void> {
  requireActing(actor, "reports.resolve");
  await db.transaction(async (tx) => {
    const found = await lockOpenCase(tx, caseId);
    if (found.claimedBy === null) {
      throw new ApiError(409, "case_not_claimed", "staff.reports.error.notClaimed");
    }
    requireHolder(found, actor);
    await tx
      .update(reportCases)
      .set({ claimedBy: null, claimedAt: null })
      .where(eq(reportCases.id, caseId));
    await recordStaffAction(tx, actor, {
      action: "report.unclaim",
      target: { type: "report", id: caseId },
      before: { claimed_by: found.claimedBy },
      after: { claimed_by: null },
    });
  });
}

/**
 * Only the staff member holding a case's claim works it; an admin may act on any case (403
 * case_not_yours otherwise, also for an unclaimed case: claim it first).
 */
export function requireHolder(found: ReportCase, actor: StaffActor): void {
  if (actor.staff?.role === "admin") return;
  if (found.claimedBy === null || found.claimedBy !== actor.staff?.id) {
    throw new ApiError(403, "case_not_yours", "staff.reports.error.notYours");
  }
}
