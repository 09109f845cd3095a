import { z } from "@hono/zod-openapi";
import { idSchema, MAX_ID, textSchema } from "./fields";
import { PHOTO_STATUSES } from "./profile-options";
import { PHOTO_REJECT_REASONS } from "./staff-photo-options";

/** issue 27 item 5: the photo review queue under /api/staff/photos (docs/decisions/0011). */

const SIGNED_URL = "A signed /media URL, valid 60 to 70 minutes (design §8)";

export const reviewPhoto = z
  .object({
    id: z.number().int(),
    /** active: shown to members while it waits (post-moderation, docs/decisions/0011). */
    status: z.enum(PHOTO_STATUSES),
    thumb: z.string().openapi({ description: `The thumbnail (240×300). ${SIGNED_URL}` }),
    large: z.string().openapi({ description: `The whole picture, up to 1440×1800. ${SIGNED_URL}` }),
    member: z.object({
      user_id: z.number().int(),
      profile_id: z.number().int(),
      name: z.string(),
    }),
    is_main: z.boolean(),
    duplicate_of: z.number().int().nullable().openapi({
      description: "The same image on another member's account (a catfish?): that photo's id",
    }),
    duplicate_member: z
      .object({ user_id: z.number().int(), name: z.string() })
      .nullable()
      .openapi({ description: "The member whose photo duplicate_of is; null without one" }),
    queued_at: z.string().openapi({ description: "ISO 8601: since when it waits" }),
  })
  .openapi("ReviewPhoto");
export type ReviewPhoto = z.infer<typeof reviewPhoto>;

/** GET /api/staff/photos: oldest first; `next_cursor` fetches the following page. */
export const reviewQueueAnswer = z
  .object({ photos: z.array(reviewPhoto), next_cursor: z.string().nullable() })
  .openapi("ReviewQueueAnswer");
export type ReviewQueueAnswer = z.infer<typeof reviewQueueAnswer>;

export const reviewQueueQuery = z
  .object({
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,12}\.[1-9]\d{0,9}$/)
      .refine((value) => Number(value.split(".")[1]) <= MAX_ID, "validation.invalid")
      .optional()
      .openapi({ description: "The previous page's next_cursor (opaque)" }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .openapi("ReviewQueueQuery");
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

/** POST /api/staff/photos/{id}/reject: a reason from the list, and a note for the log. */
export const photoRejectBody = z
  .object({
    reason: z.enum(PHOTO_REJECT_REASONS),
    note: textSchema({ multiline: true }).trim().max(1000).optional(),
  })
  .refine((body) => body.reason !== "other" || (body.note ?? "") !== "", {
    message: "validation.required",
    path: ["note"],
  })
  .openapi("PhotoRejectBody");
export type PhotoRejectBody = z.input<typeof photoRejectBody>;

/** What a review decided, as the queue's client needs it to move on. */
export const photoReviewAnswer = z
  .object({
    photo: z.object({ id: idSchema, status: z.enum(PHOTO_STATUSES) }),
    /** The profile's main photo after the decision; null: the member has none now. */
    main_photo_id: z.number().int().nullable(),
  })
  .openapi("PhotoReviewAnswer");
export type PhotoReviewAnswer = z.infer<typeof photoReviewAnswer>;
