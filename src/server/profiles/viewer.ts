import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { authenticationRequired, notFound } from "../lib/errors";
import type { User } from "../users/schema";
import { profiles } from "./schema";

/** Who is looking at profiles and photos: the member, their profile, and whether premium. */
export type Viewer = {
  userId: number;
  profileId: number | null;
  isPremium: boolean;
  /**
   * The profiles the member blocked or was blocked by (spec §6), where the request read them
   * with its session; absent where nobody did, which is not "none".
   */
  blockedWith?: readonly number[];
};

/**
 * The viewer a member is. A request resolves the profile id in the statement that finds its
 * session (auth/session.ts), so routes take the viewer from the request and never query it.
 */
export function toViewer(
  user: Pick<User, "id" | "paidUser">,
  profileId: number | null,
  blockedWith?: readonly number[],
): Viewer {
  // spec §6: any credit purchase makes a member premium.
  const viewer: Viewer = { userId: user.id, profileId, isPremium: user.paidUser };
  if (blockedWith) viewer.blockedWith = blockedWith;
  return viewer;
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
export function requireMemberViewer(viewer: Viewer | null): MemberViewer {
  if (!viewer) throw authenticationRequired();
  if (viewer.profileId === null) throw notFound("error.profileUnavailable");
  return { ...viewer, profileId: viewer.profileId };
}
