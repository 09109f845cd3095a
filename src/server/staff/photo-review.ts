import type {
  PhotoRejectBody,
  PhotoReviewAnswer,
  ReviewQueueAnswer,
  ReviewQueueQuery,
} from "../../contract/staff-photos";
import type { Database } from "../db/client";
import type { MediaSigner } from "../photos/media-url";
import { approveQueuedPhoto, listReviewQueue, rejectShownPhoto } from "../photos/review";
import { recordStaffAction, type StaffActor } from "./audit";
import { authorize } from "./permissions";

/** The photo review queue (photos/review.ts), for `photos.review` only. */
export async function listPhotoQueue(
  db: Database,
  actor: StaffActor,
  media: MediaSigner,
  query: ReviewQueueQuery,
): Promise<ReviewQueueAnswer> {
  authorize(actor, "photos.review");
  return listReviewQueue(db, media, query);
}

/**
 * issue 27 item 5: a moderator's decision on a photo (photos/review.ts) and its one audit row,
 * in one transaction, for `photos.review` only.
 */
export async function approvePhoto(
  db: Database,
  actor: StaffActor,
  photoId: number,
): Promise<PhotoReviewAnswer> {
  authorize(actor, "photos.review");
  return db.transaction(async (tx) => {
    const { answer, before, after } = await approveQueuedPhoto(tx, photoId);
    await recordStaffAction(tx, actor, {
      action: "photo.approve",
      target: { type: "photo", id: photoId },
      before,
      after,
    });
    return answer;
  });
}

/** Rejects a photo; the log keeps the reason and the moderator's note (never sent to the member). */
export async function rejectPhoto(
  db: Database,
  actor: StaffActor,
  photoId: number,
  body: PhotoRejectBody,
): Promise<PhotoReviewAnswer> {
  authorize(actor, "photos.review");
  return db.transaction(async (tx) => {
    const { answer, before, after } = await rejectShownPhoto(tx, photoId, body.reason);
    await recordStaffAction(tx, actor, {
      action: "photo.reject",
      target: { type: "photo", id: photoId },
      reason: body.note ? `${body.reason}: ${body.note}` : body.reason,
      before,
      after,
    });
    return answer;
  });
}
