import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import type { Site } from "../sites/registry";
import { directDebitBlocks, orders } from "./schema";

/** Why a member may not pay by direct debit now (spec §8's two messages). */
export type DirectDebitRefusal = "blocked" | "limit";

/**
 * Whether the member may pay `amount` (euro cents) by SEPA direct debit: not once a debit of
 * theirs bounced (a block), and not beyond the site's monthly limit, counting every direct debit
 * of theirs this calendar month (the site's time zone) that has not failed or been withdrawn.
 * Call it in the transaction that makes the order, with the member's row locked, so two orders at
 * once cannot both pass.
 */
export async function directDebitRefusal(
  db: Database,
  site: Pick<Site, "directDebitMonthlyLimit" | "timeZone">,
  userId: number,
  amount: number,
  now = new Date(),
): Promise<DirectDebitRefusal | null> {
  const [blocked] = await db
    .select({ userId: directDebitBlocks.userId })
    .from(directDebitBlocks)
    .where(eq(directDebitBlocks.userId, userId));
  if (blocked) return "blocked";
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${site.timeZone}) at time zone ${site.timeZone}`;
  const [month] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.amount}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.method, "sdd"),
        inArray(orders.state, ["open", "pending", "completed"]),
        sql`${orders.createdAt} >= ${monthStart}`,
      ),
    );
  return (month?.total ?? 0) + amount > site.directDebitMonthlyLimit ? "limit" : null;
}

/** The answer for a refusal: 403, with spec §8's message. */
export function directDebitRefused(refusal: DirectDebitRefusal): ApiError {
  return refusal === "blocked"
    ? new ApiError(403, "direct_debit_blocked", "payments.directDebit.error.blocked")
    : new ApiError(403, "direct_debit_limit", "payments.directDebit.error.limit");
}

/**
 * A direct debit that failed (the bank sent it back) blocks the member from paying so again.
 * Written in the transaction that records the failure.
 */
export async function blockDirectDebit(db: Database, userId: number, orderId: number) {
  await db.insert(directDebitBlocks).values({ userId, orderId }).onConflictDoNothing();
}

/**
 * issue 27 (member support): staff lift a member's direct-debit block, in the caller's
 * transaction. Answers the block that was lifted, or null when there was none.
 */
export async function liftDirectDebitBlock(
  db: Database,
  userId: number,
): Promise<{ orderId: number | null; createdAt: Date } | null> {
  const [lifted] = await db
    .delete(directDebitBlocks)
    .where(eq(directDebitBlocks.userId, userId))
    .returning({ orderId: directDebitBlocks.orderId, createdAt: directDebitBlocks.createdAt });
  return lifted ?? null;
}
