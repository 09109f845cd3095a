import { and, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditValues } from "../../contract/staff";
import type { PhotoRejectReason } from "../../contract/staff-photo-options";
import type {
  PhotoReviewAnswer,
  ReviewQueueAnswer,
  ReviewQueueQuery,
} from "../../contract/staff-photos";
import { isLocale, toLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { getTranslate } from "../lib/i18n";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { getStorage } from "../lib/storage";
import { setMainPhoto } from "../profiles/main-photo";
import { profiles } from "../profiles/schema";
import { getSiteById } from "../sites/registry";
import { users } from "../users/schema";
import type { MediaSigner } from "./media-url";
import { perceptualHash } from "./phash";
import { rejectedPhotoHashes } from "./review-schema";
import { type Photo, photos } from "./schema";
import { orderGallery } from "./service";

/**
 * issue 27 item 5, docs/decisions/0011: the staff's photo review. Every upload waits in the
 * queue (`queued_at`) while it is already shown (post-moderation); one whose image is on another
 * account waits there flagged, with that photo. Approving takes it out of the queue;
 * rejecting hides it, keeps its hash (an upload of the image is refused from then on), takes it
 * off the profile as main photo, and tells the member by e-mail in their language. The staff
 * feature calls these (staff/photo-review.ts): it checks `photos.review` and writes the audit
 * row in the same transaction.
 */

/** The queue, oldest first, a page at a time: keyset on (queued_at, id), photos_review_queue_idx. */
export async function listReviewQueue(
  db: Database,
  media: MediaSigner,
  query: ReviewQueueQuery,
): Promise<ReviewQueueAnswer> {
  const after = query.cursor?.split(".").map(Number);
  const original = alias(photos, "original_photo");
  const originalProfile = alias(profiles, "original_profile");
  const rows = await db
    .select({
      photo: photos,
      userId: profiles.userId,
      name: profiles.name,
      mainPhotoId: profiles.mainPhotoId,
      original: { userId: originalProfile.userId, name: originalProfile.name },
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .leftJoin(original, eq(original.id, photos.duplicateOf))
    .leftJoin(originalProfile, eq(originalProfile.id, original.profileId))
    .where(
      and(
        isNotNull(photos.queuedAt),
        after
          ? sql`(${photos.queuedAt}, ${photos.id}) > (${new Date(after[0] as number).toISOString()}::timestamptz, ${after[1]})`
          : undefined,
      ),
    )
    .orderBy(photos.queuedAt, photos.id)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.photo;
  const url = (photo: Photo, name: string) => media.url(`${photo.storageKey}-${name}.webp`);
  return {
    photos: page.map(({ photo, userId, name, mainPhotoId, original }) => ({
      id: photo.id,
      status: photo.status,
      thumb: url(photo, "thumb"),
      large: url(photo, "large"),
      member: { user_id: userId, profile_id: photo.profileId, name },
      is_main: photo.id === mainPhotoId,
      duplicate_of: photo.duplicateOf,
      duplicate_member: original ? { user_id: original.userId, name: original.name } : null,
      queued_at: (photo.queuedAt as Date).toISOString(),
    })),
    next_cursor:
      rows.length > query.limit && last?.queuedAt ? `${last.queuedAt.getTime()}.${last.id}` : null,
  };
}

/** A photo and its profile, locked for the decision; 404 for no such photo. */
async function lockForReview(tx: Database, photoId: number) {
  const [row] = await tx
    .select({ photo: photos, profile: profiles })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(eq(photos.id, photoId))
    .for("update");
  if (!row) throw notFound("photos.error.notFound");
  return row;
}

function alreadyReviewed(): ApiError {
  return new ApiError(409, "photo_already_reviewed", "staff.photos.alreadyReviewed");
}

/**
 * The hash of a photo stored before hashes were (its `large` rendition, the whole picture), so
 * that its image is refused from now on too; null when the file is gone or unreadable.
 */
async function hashStoredPhoto(storageKey: string): Promise<string | null> {
  const large = await getStorage().get(`${storageKey}-large.webp`);
  if (!large) return null;
  try {
    return await perceptualHash(large);
  } catch {
    return null;
  }
}

/** What a review decided: the answer, and the photo's fields before and after for the log. */
export type ReviewDecision = {
  answer: PhotoReviewAnswer;
  before: AuditValues;
  after: AuditValues;
};

/**
 * Approves a photo of the queue, in the caller's transaction (which writes its audit row): it is
 * shown (a `pending` one too) and leaves the queue; a member without a main photo gets it as
 * one. A photo not in the queue is a 409.
 */
export async function approveQueuedPhoto(tx: Database, photoId: number): Promise<ReviewDecision> {
  const { photo, profile } = await lockForReview(tx, photoId);
  if (!photo.queuedAt) throw alreadyReviewed();
  await tx
    .update(photos)
    .set({ status: "active", queuedAt: null, reviewedAt: new Date() })
    .where(eq(photos.id, photo.id));
  const mainPhotoId = profile.mainPhotoId ?? photo.id;
  if (!profile.mainPhotoId) await setMainPhoto(tx, profile.id, photo.id);
  return {
    answer: { photo: { id: photo.id, status: "active" }, main_photo_id: mainPhotoId },
    before: { status: photo.status, main_photo_id: profile.mainPhotoId },
    after: { status: "active", main_photo_id: mainPhotoId },
  };
}

/**
 * Rejects a photo, in the queue or shown already (a moderator may take down what was approved),
 * in the caller's transaction: hidden, out of the queue, its hash kept; the main photo becomes
 * the next shown photo, or none (spec §9: the profile-photo alert then asks the member for one);
 * the member gets a notice. A photo rejected already is a 409.
 */
export async function rejectShownPhoto(
  tx: Database,
  photoId: number,
  reason: PhotoRejectReason,
): Promise<ReviewDecision> {
  const { photo, profile } = await lockForReview(tx, photoId);
  if (photo.status === "rejected") throw alreadyReviewed();
  await tx
    .update(photos)
    .set({ status: "rejected", queuedAt: null, reviewedAt: new Date() })
    .where(eq(photos.id, photo.id));
  const phash = photo.phash ?? (await hashStoredPhoto(photo.storageKey));
  if (phash) await tx.insert(rejectedPhotoHashes).values({ phash, photoId: photo.id, reason });
  let mainPhotoId = profile.mainPhotoId;
  if (mainPhotoId === photo.id) {
    const shown = await tx
      .select({ id: photos.id, position: photos.position })
      .from(photos)
      .where(and(eq(photos.profileId, profile.id), eq(photos.status, "active")));
    mainPhotoId = orderGallery(shown, null)[0]?.id ?? null;
    await setMainPhoto(tx, profile.id, mainPhotoId);
  }
  await noticeRejection(tx, profile, reason, mainPhotoId === null);
  return {
    answer: { photo: { id: photo.id, status: "rejected" }, main_photo_id: mainPhotoId },
    before: { status: photo.status, main_photo_id: profile.mainPhotoId },
    after: { status: "rejected", main_photo_id: mainPhotoId },
  };
}

/**
 * The member's notice of a rejected photo: an e-mail in their language (else the site's) with
 * the reason, a word on the main photo when the profile has none now, and a button to the
 * photo step. Not sent to an address that bounced or complained of spam.
 */
async function noticeRejection(
  tx: Database,
  profile: { userId: number; name: string },
  reason: PhotoRejectReason,
  withoutMainPhoto: boolean,
): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, profile.userId));
  const undeliverable =
    user?.emailDisabledReason === "bounce" || user?.emailDisabledReason === "fbl";
  if (!user || user.erasedAt || undeliverable) return;
  const site = getSiteById(user.siteId);
  const locale = isLocale(user.language) ? user.language : (toLocale(site.domainLanguage) ?? "en");
  const t = getTranslate(locale);
  await sendMail(
    tx,
    site,
    renderMail({
      template: MAIL_TEMPLATES.photoRejected,
      locale,
      site,
      to: user.email,
      name: profile.name,
      url: `${site.origin}/profile?step=4`,
      params: { reason: t(`photos.reason.${reason}`) },
      notes: withoutMainPhoto ? [t("mail.photoRejected.noMainPhoto")] : [],
    }),
  );
}
