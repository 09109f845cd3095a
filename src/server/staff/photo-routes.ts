import {
  photoRejectBody,
  photoReviewAnswer,
  reviewQueueAnswer,
  reviewQueueQuery,
} from "../../contract/staff-photos";
import { ERRORS, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { idParams } from "../lib/validation";
import { listReviewQueue } from "../photos/review";
import { requireStaff, staffActor } from "./context";
import { requirePermission } from "./permissions";
import { approvePhoto, rejectPhoto } from "./photo-review";
import { STAFF_ERRORS } from "./routes";

/** issue 27 item 5: the photo review under /api/staff/photos (moderators and admins). */

const REVIEW_ERRORS = [
  ...WRITE_ERRORS,
  STAFF_ERRORS.signedOut,
  STAFF_ERRORS.forbidden,
  { 404: "not_found: no such photo", 409: "photo_already_reviewed" },
] as const;

const queueRoute = jsonRoute({
  method: "get",
  path: "/staff/photos",
  summary: "The photo review queue, oldest first, paged (photos.review)",
  query: reviewQueueQuery,
  answer: [reviewQueueAnswer, "A page of the queue"],
  errors: [ERRORS.invalid, STAFF_ERRORS.signedOut, STAFF_ERRORS.forbidden],
});

const approveRoute = jsonRoute({
  method: "post",
  path: "/staff/photos/{id}/approve",
  summary: "Approve a photo of the queue: shown, out of the queue (photos.review)",
  params: idParams,
  answer: [photoReviewAnswer, "Approved"],
  errors: REVIEW_ERRORS,
});

const rejectRoute = jsonRoute({
  method: "post",
  path: "/staff/photos/{id}/reject",
  summary:
    "Reject a photo: hidden, its image refused from then on, the member told (photos.review)",
  params: idParams,
  body: photoRejectBody,
  answer: [photoReviewAnswer, "Rejected"],
  errors: REVIEW_ERRORS,
});

export const staffPhotoRoutes = createRouter()
  .openapi(queueRoute, async (c) => {
    requirePermission(requireStaff(c).account, "photos.review");
    return c.json(await listReviewQueue(c.get("db"), c.get("media"), c.req.valid("query")), 200);
  })
  .openapi(approveRoute, async (c) => {
    requirePermission(requireStaff(c).account, "photos.review");
    const { id } = c.req.valid("param");
    return c.json(await approvePhoto(c.get("db"), staffActor(c), id), 200);
  })
  .openapi(rejectRoute, async (c) => {
    requirePermission(requireStaff(c).account, "photos.review");
    const { id } = c.req.valid("param");
    return c.json(await rejectPhoto(c.get("db"), staffActor(c), id, c.req.valid("json")), 200);
  });
