import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { CreditReason } from "../../contract/credit-options";
import type { TransactionsAnswer } from "../../contract/payments";
import { type Database, executeRows } from "../db/client";
import { storedEventNotice, storeEventsStatement } from "../events/bus";
import { changeBalanceStatement } from "../users/balance";
import { creditLedger } from "./schema";

/**
 * design §9: changes a member's balance by `delta` and writes its ledger row, in one statement
 * (so in one transaction: the caller's when it runs in one). The balance changes by the users
 * feature's conditional UPDATE (changeBalanceStatement: never below zero); the ledger row and
 * the `credits` event the member's open pages hear (the events feature's insert) are written
 * from what it returned, only when it changed. `paid` also makes the member premium (a
 * completed purchase, spec §6).
 * One statement, not three: a message and a payment pay the round trips on their hot paths.
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
  options: { paid?: boolean } = {},
): Promise<number | null> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`not a credit change: ${delta}`);
  const [row] = await executeRows<{ credits: number }>(
    db,
    sql`
    with changed as (${changeBalanceStatement(userId, delta, { grantPremium: options.paid })}),
    ledger as (
      insert into ${creditLedger} (user_id, delta, balance_after, reason, reference)
      select ${userId}, ${delta}, credits, ${reason}, ${reference} from changed
    ), stored as (${storeEventsStatement(
      sql`select ${userId}, 'credits', jsonb_build_object('credits', credits) from changed`,
    )})
    select changed.credits, ${storedEventNotice} from changed, stored`,
  );
  return row ? Number(row.credits) : null;
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
 * `size` rows of a member's ledger, newest first, by keyset on the row id (the ledger's index is
 * user_id, id), and the cursor of the next page (the last id shown), or null after the last.
 */
export async function readLedgerRows(
  db: Database,
  userId: number,
  size: number,
  before?: number,
): Promise<{ rows: (typeof creditLedger.$inferSelect)[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(
      before
        ? and(eq(creditLedger.userId, userId), lt(creditLedger.id, before))
        : eq(creditLedger.userId, userId),
    )
    .orderBy(desc(creditLedger.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  return { rows: page, nextCursor: rows.length > size ? String(page.at(-1)?.id) : null };
}

/** One page of a member's ledger for /transactions (readLedgerRows). */
export async function findLedgerPage(
  db: Database,
  userId: number,
  before?: number,
): Promise<TransactionsAnswer> {
  const { rows, nextCursor } = await readLedgerRows(db, userId, LEDGER_PAGE_SIZE, before);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      order_id: orderIdOf(row.reference),
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: nextCursor,
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
