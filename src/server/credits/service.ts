import { and, eq, gte, sql } from "drizzle-orm";
import type { CreditReason } from "../../contract/credit-options";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { users } from "../users/schema";
import { creditLedger } from "./schema";

/**
 * design §9: changes a member's balance by `delta` and writes its ledger row, in one
 * transaction (a savepoint inside the caller's). The balance changes by one conditional UPDATE,
 * never read-then-write, so concurrent spending can never take it below zero. The member's open
 * pages hear the new balance (a `credits` event).
 *
 * @returns the new balance, or null (nothing changed) when spending more than the balance
 * @example await changeCredits(tx, userId, -site.messageCredits, "message", `message:${id}`)
 */
export async function changeCredits(
  db: Database,
  userId: number,
  delta: number,
  reason: CreditReason,
  reference: string | null = null,
): Promise<number | null> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`not a credit change: ${delta}`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${delta}` })
      .where(and(eq(users.id, userId), gte(users.credits, Math.max(0, -delta))))
      .returning({ credits: users.credits });
    if (!row) return null;
    await tx
      .insert(creditLedger)
      .values({ userId, delta, balanceAfter: row.credits, reason, reference });
    await publishEvent(tx, userId, { type: "credits", data: { credits: row.credits } });
    return row.credits;
  });
}

/** Takes credits (a positive amount); the new balance, or null when the balance is too low. */
export function spendCredits(
  db: Database,
  userId: number,
  amount: number,
  reason: CreditReason,
  reference: string | null = null,
): Promise<number | null> {
  return changeCredits(db, userId, -amount, reason, reference);
}

/** A member's ledger, newest first (the data export; /transactions in the credits issue). */
export async function findLedger(db: Database, userId: number) {
  return db
    .select({
      delta: creditLedger.delta,
      balance_after: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      created_at: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(sql`${creditLedger.id} desc`);
}
