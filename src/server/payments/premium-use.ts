import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "./schema";

/**
 * The return policy (ARCHITECTURE.md, withdrawal): opening premium content uses the purchase the
 * member's premium rests on, so it can no longer be withdrawn. Premium rests on the oldest
 * completed purchase (credits are spent oldest first too); a newer one adds nothing to it and
 * stays withdrawable while its credits are untouched. Called when a member opens premium content
 * (a locked chat photo, profile photos past the free ones); a member whose premium has no
 * purchase behind it, or whose purchase is marked already, changes nothing.
 */
export async function notePremiumUse(db: Database, userId: number, now = new Date()) {
  const oldest = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.state, "completed")))
    .orderBy(asc(orders.creditedAt), asc(orders.id))
    .limit(1);
  await db
    .update(orders)
    .set({ premiumUsedAt: now })
    .where(
      and(
        sql`${orders.id} = (${oldest})`,
        eq(orders.state, "completed"),
        isNull(orders.premiumUsedAt),
      ),
    );
}
