import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { type User, users } from "./schema";

/*
 * The account row's part of deleting an account (spec §1, §4). account/deletion.ts composes it
 * with the other features' parts, in one transaction.
 */

/** The account is pending deletion from `at` (reactivatable for 14 days). */
export async function markDeletionRequested(db: Database, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ deletionRequestedAt: at }).where(eq(users.id, userId));
}

/** Ends a pending deletion; undefined when the account is unknown or already erased. */
export async function cancelDeletionRequest(
  db: Database,
  userId: number,
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .returning();
  return user;
}

/**
 * Erases the row's personal data. The row stays, anonymous, so messages others received keep
 * "a deleted member" as sender.
 */
export async function eraseUser(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: null,
      tracking: null,
      signupMessage: null,
      signupMessageTo: null,
      language: null,
      erasedAt: now,
    })
    .where(eq(users.id, userId));
}
