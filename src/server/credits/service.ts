import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { CreditReason } from "../../contract/credit-options";
import type { TransactionsAnswer } from "../../contract/payments";
import type { Database } from "../db/client";
import { publishEvent } from "../events/bus";
import { users } from "../users/schema";
import { creditLedger } from "./schema";

/**
 * design §9: changes a member's balance by `delta` and writes its ledger row, in one
 * transaction: the caller's when given one (no savepoint: two round trips fewer on the paths that
 * pay, such as a message or a payment), else its own. The balance changes by one conditional
 * UPDATE, never read-then-write, so concurrent spending can never take it below zero. The
 * member's open pages hear the new balance (a `credits` event).
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
  const change = async (tx: Database) => {
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
  };
  // A transaction is a Database for every query here; only the type's parameters differ.
  return isTransaction(db) ? change(db) : db.transaction(change);
}

function isTransaction(db: Database): boolean {
  return db instanceof PgTransaction;
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

/** Rows of the member's credit history a page shows. */
export const LEDGER_PAGE_SIZE = 20;

/**
 * One page of a member's ledger for /transactions, newest first, by keyset on the row id (the
 * ledger's index is user_id, id): the cursor is the last id shown.
 */
export async function findLedgerPage(
  db: Database,
  userId: number,
  before?: number,
): Promise<TransactionsAnswer> {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(
      before
        ? and(eq(creditLedger.userId, userId), lt(creditLedger.id, before))
        : eq(creditLedger.userId, userId),
    )
    .orderBy(desc(creditLedger.id))
    .limit(LEDGER_PAGE_SIZE + 1);
  const page = rows.slice(0, LEDGER_PAGE_SIZE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      order_id: orderIdOf(row.reference),
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > LEDGER_PAGE_SIZE ? String(page.at(-1)?.id) : null,
  };
}

/** A purchase's or refund's ledger rows name their order: "order:12". */
export function orderReference(orderId: number): string {
  return `order:${orderId}`;
}

/** The order a purchase or refund row names ("order:12"), else null. */
function orderIdOf(reference: string | null): number | null {
  const match = reference?.match(/^order:([0-9]+)$/);
  return match ? Number(match[1]) : null;
}
