import { eq, sql } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { type User, users } from "./schema";

/** The account of an e-mail address, compared case-insensitively (the users_email_key index). */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** spec §4: a logged-in locale switch stores the member's language. */
export async function updateUserLanguage(
  db: Database,
  userId: number,
  language: Locale,
): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * The unconfirmed-account rule (spec §4, §6; issue 25): until a member confirms their e-mail
 * address they may browse, edit their profile and photos, block and report (safety tools that
 * reach nobody), but nothing that reaches or notifies another member (a message, a like, a
 * gift, typing) or moves money (an order). The services of those call this check first.
 */
export function isEmailConfirmed(user: Pick<User, "status">): boolean {
  return user.status === "confirmed";
}

/** The one answer to what an unconfirmed account may not do yet (isEmailConfirmed). */
export function emailUnconfirmed(): ApiError {
  return new ApiError(403, "email_unconfirmed", "error.emailUnconfirmed");
}

/** Refuses an account whose address is not confirmed (isEmailConfirmed) with emailUnconfirmed. */
export async function assertEmailConfirmed(db: Database, userId: number): Promise<void> {
  const [user] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !isEmailConfirmed(user)) throw emailUnconfirmed();
}
