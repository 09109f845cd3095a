import { eq } from "drizzle-orm";
import type { ProfileStatus } from "../../contract/profile-options";
import type { Database } from "../db/client";
import { profiles } from "./schema";

/*
 * A profile's life beside its account: created at signup, shown once the address is confirmed,
 * hidden while the account is pending deletion, deleted with the account's personal data. The
 * account flows (auth, account) call these in their own transactions.
 */

/** What a new profile holds (signup). */
export type NewProfile = typeof profiles.$inferInsert;

/** Creates a member's profile (signup), in the caller's transaction beside the account. */
export async function createProfile(db: Database, values: NewProfile): Promise<void> {
  await db.insert(profiles).values(values);
}

/** spec §4: shows (`active`) or hides (`disabled`) a member's profile in search and lists. */
export async function setProfileStatus(
  db: Database,
  userId: number,
  status: ProfileStatus,
): Promise<void> {
  await db.update(profiles).set({ status }).where(eq(profiles.userId, userId));
}

/** Erasure (spec §1): the member's profile goes, and with it (by foreign key) their photos. */
export async function deleteProfileOf(db: Database, userId: number): Promise<void> {
  await db.delete(profiles).where(eq(profiles.userId, userId));
}

/**
 * spec §1, issue 27: marks a member's profile as fictional (run by the site's team: the warning
 * shows) or not. In the caller's transaction; answers the flag as it was, or null when the
 * member has no profile.
 */
export async function setProfileFictional(
  db: Database,
  userId: number,
  fictional: boolean,
): Promise<{ before: boolean } | null> {
  const [row] = await db
    .select({ before: profiles.fictional })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (!row) return null;
  await db.update(profiles).set({ fictional }).where(eq(profiles.userId, userId));
  return row;
}

/**
 * A moderator removes a member's free text (issue 27: `about`, the only one, PROFILE_NOTES), in
 * the caller's transaction. Answers the length the text had (0: none), or null without a profile.
 */
export async function clearProfileText(db: Database, userId: number): Promise<number | null> {
  const [old] = await db
    .select({ about: profiles.about })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (!old) return null;
  await db.update(profiles).set({ about: null }).where(eq(profiles.userId, userId));
  return old.about?.length ?? 0;
}
