import { and, type Column, eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { FlagVerdict, SafetyRuleId } from "../../contract/staff-options";
import type { Database } from "../db/client";
import { type MessageFlag, messageFlags } from "./flags-schema";

/**
 * Queues a sent message for the moderators with the rules it tripped. Call it in the send's
 * transaction: the message and its flag commit together. Never stops the message.
 */
export async function flagMessage(
  tx: Database,
  messageId: number,
  ruleIds: readonly SafetyRuleId[],
): Promise<void> {
  if (ruleIds.length === 0) return;
  await tx
    .insert(messageFlags)
    .values({ messageId, ruleIds: [...ruleIds] })
    .onConflictDoNothing();
}

/**
 * Whether the message `messageId` (a column of the outer query) carries the recipient's safety
 * notice: it was flagged and no moderator found the flag a false positive. One probe of
 * message_flags_message_key. Both sides are written out in full, as drizzle leaves a column
 * of a one-table query unqualified and `id` would then name the flag's own.
 */
export function hasSafetyNotice(messageId: Column): SQL<boolean> {
  const outer = sql`${sql.identifier(getTableName(messageId.table))}.${sql.identifier(messageId.name)}`;
  return sql<boolean>`exists (select 1 from "message_flags" as "flag" where "flag"."message_id" = ${outer} and "flag"."status" <> 'false_positive')`;
}

/**
 * A moderator's verdict on an open flag: the flag as judged, or what stood in the way (no such
 * flag, or one judged already). Only an open flag changes, so of two verdicts at once the second
 * waits for the first's row lock and then finds nothing open. Call it in the staff action's
 * transaction, beside its audit row (staff/safety-queue.ts).
 */
export async function judgeFlag(
  tx: Database,
  flagId: number,
  verdict: { status: FlagVerdict; staffId: number },
): Promise<MessageFlag | "not_found" | "resolved"> {
  const [row] = await tx
    .update(messageFlags)
    .set({ status: verdict.status, resolvedBy: verdict.staffId, resolvedAt: new Date() })
    .where(and(eq(messageFlags.id, flagId), eq(messageFlags.status, "open")))
    .returning();
  if (row) return row;
  const [exists] = await tx
    .select({ id: messageFlags.id })
    .from(messageFlags)
    .where(eq(messageFlags.id, flagId));
  return exists ? "resolved" : "not_found";
}
