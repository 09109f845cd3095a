import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditValues } from "../../contract/staff";
import type { StaffAuditAction, StaffAuditTarget, StaffRole } from "../../contract/staff-options";
import type { Database } from "../db/client";
import { authorize } from "./permissions";
import { staffAccounts, staffAudit } from "./schema";
import type { AuditQuery } from "./validation";

/** Who acted: a signed-in staff member and their address, or the command line (null staff). */
export type StaffActor = {
  staff: { id: number; role: StaffRole } | null;
  ip: string | null;
};

/** The command line (`npm run staff`): no account, no address. */
export const COMMAND_LINE: StaffActor = { staff: null, ip: null };

/**
 * The system itself (a job: a suspension that ran out), recorded as the command line is: no
 * account, no address. The action's name tells the two apart.
 */
export const SYSTEM: StaffActor = { staff: null, ip: null };

export type StaffAction = {
  /** What was done, `<area>.<verb>`: one of STAFF_AUDIT_ACTIONS, which the console names. */
  action: StaffAuditAction;
  target?: { type: StaffAuditTarget; id: string | number };
  reason?: string | null;
  /** The changed fields as they were, and as they are now. */
  before?: AuditValues | null;
  after?: AuditValues | null;
};

/**
 * design §13: writes the one audit row of a staff action. Call it with the transaction that
 * makes the change, so the change and its row commit together or not at all.
 * @example await db.transaction(async (tx) => { …change…; await recordStaffAction(tx, actor,
 *   { action: "staff.disable", target: { type: "staff", id }, before, after }) })
 */
export async function recordStaffAction(
  db: Database,
  actor: StaffActor,
  entry: StaffAction,
): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: actor.staff?.id ?? null,
    role: actor.staff?.role ?? null,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * The audit log, newest first, filtered, a page at a time: keyset on the id (which grows with
 * time), each filter served by its own (column, id) index. For `audit.read` only.
 */
export async function listStaffAudit(
  db: Database,
  actor: StaffActor,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; next_cursor: string | null }> {
  authorize(actor, "audit.read");
  const conditions: (SQL | undefined)[] = [
    query.staff === undefined ? undefined : eq(staffAudit.staffId, query.staff),
    query.action === undefined ? undefined : eq(staffAudit.action, query.action),
    query.target_type === undefined ? undefined : eq(staffAudit.targetType, query.target_type),
    query.target_id === undefined ? undefined : eq(staffAudit.targetId, query.target_id),
    query.from === undefined ? undefined : gte(staffAudit.createdAt, new Date(query.from)),
    query.to === undefined ? undefined : lte(staffAudit.createdAt, new Date(query.to)),
    query.cursor === undefined ? undefined : lt(staffAudit.id, Number(query.cursor)),
  ];
  const rows = await db
    .select({ row: staffAudit, email: staffAccounts.email })
    .from(staffAudit)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
    .where(and(...conditions))
    .orderBy(desc(staffAudit.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ row, email }) => ({
      id: row.id,
      staff_id: row.staffId,
      staff_email: email,
      role: row.role,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      reason: row.reason,
      before: row.before as AuditValues | null,
      after: row.after as AuditValues | null,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? String(last.row.id) : null,
  };
}
