import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { getEnv } from "../lib/env";
import { bannedEmailHashes } from "./schema";

/**
 * An address as it is compared: Unicode NFC, trimmed, lower case (as the users_email_key
 * index compares addresses).
 */
export function normaliseEmail(email: string): string {
  return email.normalize("NFC").trim().toLowerCase();
}

/**
 * design §13: the keyed hash (HMAC-SHA256 with EMAIL_HASH_SECRET, hex) kept of a banned
 * member's address. Keyed, so the table alone cannot be tried against a list of addresses.
 */
export function bannedEmailHash(email: string): string {
  const key = getEnv().EMAIL_HASH_SECRET;
  if (!key) throw new Error("EMAIL_HASH_SECRET is not set");
  return createHmac("sha256", key).update(normaliseEmail(email)).digest("hex");
}

/** Whether an address belongs to a banned member (also after their account was erased). */
export async function isEmailBanned(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: bannedEmailHashes.hash })
    .from(bannedEmailHashes)
    .where(eq(bannedEmailHashes.hash, bannedEmailHash(email)))
    .limit(1);
  return row !== undefined;
}

/** Keeps a banned member's address (a second ban of it changes nothing). */
export async function banEmail(db: Database, email: string): Promise<void> {
  await db
    .insert(bannedEmailHashes)
    .values({ hash: bannedEmailHash(email) })
    .onConflictDoNothing();
}

/** Forgets it again (the ban was lifted). */
export async function unbanEmail(db: Database, email: string): Promise<void> {
  await db.delete(bannedEmailHashes).where(eq(bannedEmailHashes.hash, bannedEmailHash(email)));
}
