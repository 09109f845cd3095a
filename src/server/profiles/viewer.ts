import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { profiles } from "./schema";

/** The profile id of a member, or null when they have none yet. */
export async function getViewerProfileId(db: Database, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/** A member's profile name (for e-mail greetings), or null without a profile. */
export async function findProfileName(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.name ?? null;
}
