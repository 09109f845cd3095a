import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { authenticationRequired, notFound } from "../lib/errors";
import type { User } from "../users/schema";
import { profiles } from "./schema";

/** Who is looking at profiles and photos: the member, their profile, and whether premium. */
export type Viewer = { userId: number; profileId: number | null; isPremium: boolean };

/** The viewer of a request, or null for a logged-out visitor. */
export async function getViewer(db: Database, user: User | null): Promise<Viewer | null> {
  if (!user) return null;
  return {
    userId: user.id,
    profileId: await getViewerProfileId(db, user.id),
    // spec §6: any credit purchase makes a member premium.
    isPremium: user.paidUser,
  };
}

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

export async function profileExists(db: Database, profileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return Boolean(row);
}

/** A logged-in member with a profile, as every profile, photo, like and block call needs. */
export type MemberViewer = Viewer & { profileId: number };

/** The member of a request who has a profile; 403 when logged out (spec §8), 404 without one. */
export async function requireMemberViewer(db: Database, user: User | null): Promise<MemberViewer> {
  const viewer = await getViewer(db, user);
  if (!viewer) throw authenticationRequired();
  if (viewer.profileId === null) throw notFound("error.profileUnavailable");
  return viewer as MemberViewer;
}
