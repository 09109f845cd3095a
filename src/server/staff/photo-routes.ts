import {
  photoRejectBody,
  photoReviewAnswer,
  reviewQueueAnswer,
  reviewQueueQuery,
} from "../../contract/staff-photos";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "./context";
import { approvePhoto, listPhotoQueue, rejectPhoto } from "./photo-review";
import { STAFF_READ_ERRORS, staffAction, withActions } from "./route";

/** issue 27 item 5: the photo review under /api/staff/photos (photos.review: moderators, admins). */

const DECIDED = { 404: "not_found: no such photo", 409: "photo_already_reviewed" } as const;

const queueRoute = jsonRoute({
  method: "get",
  path: "/staff/photos",
  summary: "The photo review queue, oldest first, paged (photos.review)",
  query: reviewQueueQuery,
  answer: [reviewQueueAnswer, "A page of the queue"],
  errors: STAFF_READ_ERRORS,
});

export const staffPhotoRoutes = withActions(
  createRouter().openapi(queueRoute, async (c) => {
    const page = await listPhotoQueue(
      c.get("db"),
      staffActor(c),
      c.get("media"),
      c.req.valid("query"),
    );
    return c.json(page, 200);
  }),
  [
    staffAction({
      path: "/staff/photos/{id}/approve",
      summary: "Approve a photo of the queue: shown, out of the queue (photos.review)",
      answer: [photoReviewAnswer, "Approved"],
      errors: [DECIDED],
      run: (db, actor, id) => approvePhoto(db, actor, id),
    }),
    staffAction({
      path: "/staff/photos/{id}/reject",
      summary:
        "Reject a photo: hidden, its image refused from then on, the member told (photos.review)",
      body: photoRejectBody,
      answer: [photoReviewAnswer, "Rejected"],
      errors: [DECIDED],
      run: rejectPhoto,
    }),
  ],
);
