import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { profiles } from "./schema";

/** Records that a member is active now; search lists recently active members first. */
export async function markMemberActive(db: Database, userId: number): Promise<void> {
  await db.update(profiles).set({ lastActiveAt: new Date() }).where(eq(profiles.userId, userId));
}
