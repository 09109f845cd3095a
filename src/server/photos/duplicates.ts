import { and, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { SAME_IMAGE_THRESHOLD } from "./phash";
import { rejectedPhotoHashes } from "./review-schema";
import { photos } from "./schema";

const HASH = /^[0-9a-f]{16}$/;

/**
 * The Hamming distance of a stored hash to `hash`, in SQL: both hex strings made 64-bit strings
 * (`'x' || hex`), XORed, their ones counted by `bit_count` (PostgreSQL 14+, PGlite too). The
 * hash is checked before it reaches the query.
 */
function distance(column: AnyPgColumn, hash: string): SQL<number> {
  if (!HASH.test(hash)) throw new Error("perceptual hash must be 16 hex digits");
  return sql<number>`bit_count(('x' || ${column})::bit(64) # ('x' || ${hash}::text)::bit(64))`;
}

/**
 * Refuses an upload of an image a moderator rejected before (photos/review.ts), re-encoded,
 * resized or brightened: a 422 `photo_previously_rejected`. Reads every rejected hash (an
 * index-only scan of 16-byte keys): bounded by the number of rejections, not of photos.
 */
export async function refuseRejectedImage(db: Database, hash: string): Promise<void> {
  const [hit] = await db
    .select({ id: rejectedPhotoHashes.id })
    .from(rejectedPhotoHashes)
    .where(sql`${distance(rejectedPhotoHashes.phash, hash)} <= ${SAME_IMAGE_THRESHOLD}`)
    .limit(1);
  if (hit) {
    throw new ApiError(422, "photo_previously_rejected", "photos.error.previouslyRejected");
  }
}

/**
 * The nearest photo of another member that shows the same image (a catfish, or a member with
 * two accounts), or null. (A rejected photo cannot match: its image was refused above.)
 *
 * Scales linearly: every hashed photo's (hash, owner) is read from photos_phash_idx and the
 * distance computed in the database, some tens of milliseconds per million photos, once per
 * upload (which is rate-limited and costs more in sharp). Past some millions, index the hash's
 * four 16-bit quarters (a match within 10 bits has a quarter within 2 bits of the upload's) and
 * compare only the candidates they find.
 */
export async function findSameImageElsewhere(
  db: Database,
  hash: string,
  profileId: number,
): Promise<{ id: number; profileId: number } | null> {
  const bits = distance(photos.phash, hash);
  const [nearest] = await db
    .select({ id: photos.id, profileId: photos.profileId })
    .from(photos)
    .where(
      and(
        isNotNull(photos.phash),
        ne(photos.profileId, profileId),
        sql`${bits} <= ${SAME_IMAGE_THRESHOLD}`,
      ),
    )
    .orderBy(bits, photos.id)
    .limit(1);
  return nearest ?? null;
}

/**
 * Puts a photo (back) into the review queue, flagged as the same image as `duplicateOf`. A photo
 * already waiting keeps its place.
 */
export async function flagDuplicate(
  db: Database,
  photoId: number,
  duplicateOf: number,
  now: Date,
): Promise<void> {
  await db
    .update(photos)
    .set({
      duplicateOf,
      queuedAt: sql`coalesce(${photos.queuedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(photos.id, photoId));
}
