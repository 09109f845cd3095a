import { eq, sql } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
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
