import { and, desc, eq, sql } from "drizzle-orm";
import { assertNotBlocked } from "../blocks/service";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { profileExists } from "../profiles/viewer";
import { likes } from "./schema";

/**
 * Records a like (spec §2 Profile view: like). The like page, matches and notifications build
 * on these rows in the likes issue. Liking twice is the same as once.
 */
export async function likeProfile(db: Database, likerProfileId: number, likedProfileId: number) {
  if (likerProfileId === likedProfileId)
    throw new ApiError(422, "cannot_like_self", "like.error.self");
  if (!(await profileExists(db, likedProfileId))) throw notFound("error.profileUnavailable");
  await assertNotBlocked(db, likerProfileId, likedProfileId);
  await db.insert(likes).values({ likerProfileId, likedProfileId }).onConflictDoNothing();
}

export async function unlikeProfile(db: Database, likerProfileId: number, likedProfileId: number) {
  await db
    .delete(likes)
    .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)));
}

export async function hasLiked(
  db: Database,
  likerProfileId: number,
  likedProfileId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)))
    .limit(1);
  return Boolean(row);
}

/**
 * spec §4: opening a profile clears its new-like flag, the like that profile gave the viewer.
 * @returns whether a new like was cleared (the new-likes badge then counts one less)
 */
export async function markLikeSeen(
  db: Database,
  likerProfileId: number,
  viewerProfileId: number,
): Promise<boolean> {
  const cleared = await db
    .update(likes)
    .set({ isNew: false })
    .where(
      and(
        eq(likes.likerProfileId, likerProfileId),
        eq(likes.likedProfileId, viewerProfileId),
        eq(likes.isNew, true),
      ),
    )
    .returning({ liker: likes.likerProfileId });
  return cleared.length > 0;
}

/** The likes a member gave, newest first (for the data export). */
export async function findLikesGiven(db: Database, likerProfileId: number) {
  return db
    .select({ profile_id: likes.likedProfileId, created_at: likes.createdAt })
    .from(likes)
    .where(eq(likes.likerProfileId, likerProfileId))
    .orderBy(desc(likes.createdAt));
}
