import { randomBytes } from "node:crypto";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { GalleryPhoto, LockedPhoto, OwnPhotos, PhotoView } from "../../contract/photos";
import { PHOTO_LIMITS } from "../../contract/premium";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import type { Storage } from "../lib/storage";
import { setMainPhoto } from "../profiles/main-photo";
import { profiles } from "../profiles/schema";
import { findSameImageElsewhere, flagDuplicate, refuseRejectedImage } from "./duplicates";
import type { MediaSigner } from "./media-url";
import { perceptualHash } from "./phash";
import {
  type PhotoFraming,
  PhotoRejectedError,
  type ProcessedPhoto,
  processPhoto,
  RENDITIONS,
} from "./processing";
import { type Photo, photos } from "./schema";

export { PHOTO_LIMITS };

/**
 * spec §1/§6: of another member's photos (main photo first), a visitor sees the main photo
 * (login is required for more), a free member the first two; premium members see all.
 */
export const VIEWABLE_PHOTOS = { loggedOut: 1, free: 2 } as const;

/** Who is looking: their profile (null without one) and whether they are premium. */
export type PhotoViewer = { profileId: number | null; isPremium: boolean } | null;

type PhotoKeys = Pick<Photo, "id" | "storageKey" | "status" | "width" | "height">;

/**
 * A photo the viewer may open, with its renditions' URLs minted for that viewer. Callers decide
 * whether they may (photoAllowance, blocks, active photo and profile): /media checks only the
 * signature (media-url.ts).
 * @example toPhotoView(photo, media).match
 *   // "https://cdn.example/media/p/3f/3f9c…-main.webp?v=12&e=1893502200&s=…"
 */
export function toPhotoView(photo: PhotoKeys, media: MediaSigner): PhotoView {
  const url = (name: string) => media.url(`${photo.storageKey}-${name}.webp`);
  return {
    id: photo.id,
    filename: `${photo.storageKey}-main.webp`,
    thumb_filename: `${photo.storageKey}-thumb.webp`,
    status: photo.status,
    match: url("main"),
    thumb: url("thumb"),
    large: url("large"),
    width: photo.width,
    height: photo.height,
  };
}

/** A photo past the viewer's allowance: only its blurred stand-in's URL (design §8). */
export function toLockedPhoto(
  photo: Pick<Photo, "id" | "blurKey">,
  media: MediaSigner,
): LockedPhoto {
  return {
    id: photo.id,
    locked: true as const,
    blurred: photo.blurKey ? media.url(`${photo.blurKey}.webp`) : null,
  };
}

/** A member's photos in gallery order: the main photo first, then as the member arranged them. */
export function orderGallery<T extends Pick<Photo, "id" | "position">>(
  rows: T[],
  mainPhotoId: number | null,
): T[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  const main = sorted.find((photo) => photo.id === mainPhotoId) ?? sorted[0];
  return main ? [main, ...sorted.filter((photo) => photo !== main)] : [];
}

/** How many of a member's photos (in gallery order) a viewer may open. */
export function photoAllowance(viewer: PhotoViewer, ownerProfileId: number): number {
  if (viewer?.profileId === ownerProfileId || viewer?.isPremium) return Number.POSITIVE_INFINITY;
  return viewer ? VIEWABLE_PHOTOS.free : VIEWABLE_PHOTOS.loggedOut;
}

/** A member's active photos as a viewer sees them: open up to the allowance, locked after. */
export function toGallery(
  ordered: (PhotoKeys & Pick<Photo, "blurKey">)[],
  allowance: number,
  media: MediaSigner,
): GalleryPhoto[] {
  return ordered.map((photo, index) =>
    index < allowance ? toPhotoView(photo, media) : toLockedPhoto(photo, media),
  );
}

/** A member's own photos, every status, in gallery order, for the wizard's photo step. */
export async function findOwnPhotos(
  db: Database,
  owner: { profileId: number; isPremium: boolean },
  media: MediaSigner,
): Promise<OwnPhotos> {
  const [profile] = await db
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.id, owner.profileId));
  const rows = await db.select().from(photos).where(eq(photos.profileId, owner.profileId));
  const ordered = orderGallery(rows, profile?.mainPhotoId ?? null);
  return {
    photos: ordered.map((photo) => toPhotoView(photo, media)),
    main_id: profile?.mainPhotoId ?? null,
    limit: owner.isPremium ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free,
  };
}

/** 96 random bits, spread over 256 folders (design §8: a URL cannot be guessed). */
export function newStorageKey(prefix: "p" | "b" = "p"): string {
  const id = randomBytes(12).toString("hex");
  return `${prefix}/${id.slice(0, 2)}/${id}`;
}

/** Stores the renditions of a processed photo under fresh keys. */
export async function storeRenditions(storage: Storage, processed: ProcessedPhoto) {
  const storageKey = newStorageKey("p");
  const blurKey = newStorageKey("b");
  const { thumb, main, large, blur } = processed.renditions;
  await Promise.all([
    storage.put(`${storageKey}-thumb.webp`, thumb),
    storage.put(`${storageKey}-main.webp`, main),
    storage.put(`${storageKey}-large.webp`, large),
    storage.put(`${blurKey}.webp`, blur),
  ]);
  return { storageKey, blurKey };
}

/** Removes a photo's stored renditions (a failed upload, a deleted photo). */
async function removeRenditions(storage: Storage, photo: Pick<Photo, "storageKey" | "blurKey">) {
  await Promise.all([
    ...Object.keys(RENDITIONS).map((name) => storage.remove(`${photo.storageKey}-${name}.webp`)),
    photo.blurKey ? storage.remove(`${photo.blurKey}.webp`) : Promise.resolve(),
  ]);
}

/**
 * Removes the files of deleted photos, once their rows are gone. Files another photo still uses
 * stay: the demo and benchmark pools share one set of files among many members.
 */
export async function removeUnusedPhotoFiles(
  db: Database,
  storage: Storage,
  deleted: Pick<Photo, "storageKey" | "blurKey">[],
): Promise<void> {
  for (const photo of deleted) {
    const [used] = await db
      .select({ one: sql`1` })
      .from(photos)
      .where(eq(photos.storageKey, photo.storageKey))
      .limit(1);
    if (!used) await removeRenditions(storage, photo);
  }
}

function photoLimitReached(isPremium: boolean): ApiError {
  // spec §6: premium-only features are refused with the premium alert.
  return isPremium
    ? new ApiError(403, "photo_limit", "photos.error.limitPremium", { count: PHOTO_LIMITS.premium })
    : new ApiError(403, "photo_limit", "photos.error.limit", {
        count: PHOTO_LIMITS.free,
        premium: PHOTO_LIMITS.premium,
      });
}

async function countPhotos(db: Database, profileId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), ne(photos.status, "rejected")));
  return row?.total ?? 0;
}

/**
 * Adds an uploaded photo (design §8): refused past the member's limit (spec §9), checked and
 * re-encoded by processPhoto, refused if a moderator rejected the image before, stored, shown at
 * once and put into the review queue (docs/decisions/0011: post-moderation), and made the main
 * photo when the member has none. The same image on another member's account (a catfish?) flags
 * both photos in the queue.
 */
export async function uploadPhoto(
  db: Database,
  storage: Storage,
  owner: { profileId: number; isPremium: boolean },
  bytes: Uint8Array,
): Promise<Photo> {
  const limit = owner.isPremium ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
  // A cheap check first, so a member at the limit does not wait for the image work.
  if ((await countPhotos(db, owner.profileId)) >= limit) throw photoLimitReached(owner.isPremium);

  const hashOf = async (processed: ProcessedPhoto) => {
    // The whole upright picture: `large` is the upload turned and scaled, never cropped.
    const phash = await perceptualHash(processed.renditions.large);
    await refuseRejectedImage(db, phash);
    return phash;
  };
  return withStoredPhoto(
    storage,
    bytes,
    "card",
    (stored, phash) =>
      db.transaction(async (tx) => {
        // Locks the profile row: two uploads at once cannot both take the last free place.
        const [profile] = await tx
          .select({ mainPhotoId: profiles.mainPhotoId })
          .from(profiles)
          .where(eq(profiles.id, owner.profileId))
          .for("update");
        if ((await countPhotos(tx, owner.profileId)) >= limit) {
          throw photoLimitReached(owner.isPremium);
        }
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${photos.position}), -1)` })
          .from(photos)
          .where(eq(photos.profileId, owner.profileId));
        const same = await findSameImageElsewhere(tx, phash, owner.profileId);
        // Whole milliseconds: the queue's cursor carries them (photos/review.ts).
        const now = new Date();
        const [photo] = await tx
          .insert(photos)
          .values({
            profileId: owner.profileId,
            ...stored,
            position: Number(last?.position ?? -1) + 1,
            phash,
            queuedAt: now,
            duplicateOf: same?.id ?? null,
          })
          .returning();
        if (!photo) throw new Error("photo not stored");
        if (same) await flagDuplicate(tx, same.id, photo.id, now);
        if (!profile?.mainPhotoId) {
          await setMainPhoto(tx, owner.profileId, photo.id);
        }
        return photo;
      }),
    hashOf,
  );
}

/**
 * Checks and re-encodes an uploaded image (processing.ts), framed as `framing` says (a profile
 * photo's 4:5 card, or a chat image whole), lets `inspect` look at the renditions before
 * anything is stored (it may refuse the image by throwing), stores the renditions under fresh
 * keys and hands them, and what `inspect` answered, to `use`; when `use` fails, the files are
 * removed again. A refused image is a 422 `photo_<reason>`.
 */
export async function withStoredPhoto<T, I = undefined>(
  storage: Storage,
  bytes: Uint8Array,
  framing: PhotoFraming,
  use: (
    stored: { storageKey: string; blurKey: string; width: number; height: number },
    inspected: I,
  ) => Promise<T>,
  inspect?: (processed: ProcessedPhoto) => Promise<I>,
): Promise<T> {
  let processed: ProcessedPhoto;
  try {
    processed = await processPhoto(bytes, framing);
  } catch (error) {
    if (error instanceof PhotoRejectedError) {
      throw new ApiError(422, `photo_${error.reason}`, `photos.error.${error.reason}`);
    }
    throw error;
  }
  const inspected = (inspect ? await inspect(processed) : undefined) as I;
  const keys = await storeRenditions(storage, processed);
  try {
    return await use({ ...keys, width: processed.width, height: processed.height }, inspected);
  } catch (error) {
    await removeRenditions(storage, keys);
    throw error;
  }
}

/** Rearranges a member's photos and/or picks the main photo. */
export async function arrangePhotos(
  db: Database,
  profileId: number,
  change: { order?: number[]; main_id?: number },
): Promise<void> {
  const rows = await db
    .select({ id: photos.id, status: photos.status })
    .from(photos)
    .where(eq(photos.profileId, profileId));
  const own = new Map(rows.map((row) => [row.id, row]));
  if (change.order) {
    const order = change.order;
    if (order.length !== own.size || new Set(order).size !== order.length) {
      throw new ApiError(422, "photo_order", "photos.error.order");
    }
    if (order.some((id) => !own.has(id))) throw notFound("photos.error.notFound");
  }
  if (change.main_id !== undefined) {
    const main = own.get(change.main_id);
    if (!main) throw notFound("photos.error.notFound");
    if (main.status !== "active")
      throw new ApiError(422, "photo_not_active", "photos.error.mainNotActive");
  }
  await db.transaction(async (tx) => {
    for (const [position, id] of (change.order ?? []).entries()) {
      await tx
        .update(photos)
        .set({ position })
        .where(and(eq(photos.id, id), eq(photos.profileId, profileId)));
    }
    if (change.main_id !== undefined) {
      await setMainPhoto(tx, profileId, change.main_id);
    }
  });
}

/** Deletes a member's photo and its files; the next active photo becomes main if needed. */
export async function deletePhoto(
  db: Database,
  storage: Storage,
  profileId: number,
  photoId: number,
): Promise<void> {
  const deleted = await db.transaction((tx) => deletePhotoRow(tx, profileId, photoId));
  await removeUnusedPhotoFiles(db, storage, [deleted]);
}

/**
 * The database half of deletePhoto, for a caller with a transaction of its own (a moderator's
 * removal, reports/resolve.ts): deletes the row of the member's photo (404 when the profile has
 * no such photo) and picks the next main photo. The caller removes the files once it commits
 * (removeUnusedPhotoFiles), so a rollback never leaves a row without its files.
 */
export async function deletePhotoRow(
  tx: Database,
  profileId: number,
  photoId: number,
): Promise<Photo> {
  const [photo] = await tx
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
    .returning();
  if (!photo) throw notFound("photos.error.notFound");
  const [profile] = await tx
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile?.mainPhotoId || profile.mainPhotoId === photo.id) {
    const rest = await tx
      .select({ id: photos.id, position: photos.position })
      .from(photos)
      .where(and(eq(photos.profileId, profileId), eq(photos.status, "active")));
    const [next] = orderGallery(rest, null);
    await setMainPhoto(tx, profileId, next?.id ?? null);
  }
  return photo;
}
