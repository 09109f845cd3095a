import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "./schema";

/*
 * The member's credit balance and premium (`credits`, `paid_user`): columns of the account row,
 * changed only here. credits/service.ts moves the balance (and grants premium with a purchase),
 * payments ends premium when the last purchase is taken back.
 */

/**
 * design §9: the statement that changes a member's balance by `delta`, for a CTE of the caller's
 * statement (changeCredits writes the ledger row and the event from the `credits` it returns).
 * A conditional UPDATE, never read-then-write, so concurrent spending can never take the balance
 * below zero: spending more than it changes no row. `grantPremium` also makes the member premium
 * (a completed purchase, spec §6), in the same UPDATE: a statement changes a row only once.
 *
 * @example sql`with changed as (${changeBalanceStatement(userId, -5)}) select credits from changed`
 */
export function changeBalanceStatement(
  userId: number,
  delta: number,
  options: { grantPremium?: boolean } = {},
): SQL {
  return sql`update ${users}
    set credits = credits + ${delta}${options.grantPremium ? sql`, paid_user = true` : sql``}
    where id = ${userId} and credits >= ${Math.max(0, -delta)}
    returning credits`;
}

/** spec §6: premium ends (no completed purchase is left); in the caller's transaction. */
export async function clearPremium(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ paidUser: false }).where(eq(users.id, userId));
}
