import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { profiles } from "./schema";

/** Activity is recorded at most once a minute per member and process: the refresh polls often. */
const MARK_INTERVAL_MS = 60_000;
const lastMarked = new Map<number, number>();

/** Records that a member is active now; search lists recently active members first. */
export async function markMemberActive(db: Database, userId: number, now = Date.now()) {
  const previous = lastMarked.get(userId);
  if (previous !== undefined && now - previous < MARK_INTERVAL_MS) return;
  lastMarked.set(userId, now);
  if (lastMarked.size > 50_000) {
    // Forget members who have not been seen for a while, so the map stays small.
    for (const [id, at] of lastMarked) if (now - at >= MARK_INTERVAL_MS) lastMarked.delete(id);
  }
  await db
    .update(profiles)
    .set({ lastActiveAt: new Date(now) })
    .where(eq(profiles.userId, userId));
}

/** Invisible mode (spec §2 Settings): the member's profile leaves search and lists of others. */
export async function setProfileInvisible(
  db: Database,
  userId: number,
  invisible: boolean,
): Promise<void> {
  await db.update(profiles).set({ invisible }).where(eq(profiles.userId, userId));
}

export async function isProfileInvisible(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ invisible: profiles.invisible })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.invisible ?? false;
}
