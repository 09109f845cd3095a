import { z } from "@hono/zod-openapi";
import { idSchema } from "./fields";
import { PHOTO_STATUSES } from "./profile-options";

/** How every photo URL of an answer is made (design §8), for the OpenAPI document. */
const SIGNED_URL =
  "cdn_prefix + /media/<file>?v=&e=&s=: minted for the viewer of this answer and signed, valid 60 to 70 minutes; a changed or expired URL gets 404";

/**
 * The public form of a photo: spec §3 main_image (filename, thumb_filename, status, match).
 * `filename` and `thumb_filename` are storage names; only the URLs open the files.
 */
export const photoView = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.enum(PHOTO_STATUSES),
    match: z.string().openapi({ description: `The main rendition (720×900). ${SIGNED_URL}` }),
    thumb: z.string().openapi({ description: `The thumbnail (240×300). ${SIGNED_URL}` }),
    large: z.string().openapi({ description: `The whole picture, up to 1440×1800. ${SIGNED_URL}` }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .openapi("Photo");
export type PhotoView = z.infer<typeof photoView>;

/**
 * A photo the viewer may not open (design §8): only the server-made blurred stand-in's URL is
 * sent, never a URL of the photo itself.
 */
export const lockedPhoto = z
  .object({
    id: z.number().int(),
    locked: z.literal(true),
    blurred: z
      .string()
      .nullable()
      .openapi({ description: `The blurred stand-in (360×450). ${SIGNED_URL}` }),
  })
  .openapi("LockedPhoto");
export type LockedPhoto = z.infer<typeof lockedPhoto>;

export const galleryPhoto = z.union([photoView, lockedPhoto]).openapi("GalleryPhoto");
export type GalleryPhoto = z.infer<typeof galleryPhoto>;

/** A member's own photos, every status, in gallery order, for the wizard's photo step. */
export const ownPhotos = z
  .object({
    photos: z.array(photoView),
    main_id: z.number().int().nullable(),
    limit: z.number().int().openapi({ description: "spec §9: 3 free, 25 premium" }),
  })
  .openapi("OwnPhotos");
export type OwnPhotos = z.infer<typeof ownPhotos>;

/** PATCH /api/photos.php: the photos' new order and/or the main photo; answered with OwnPhotos. */
export const photoArrangementBody = z
  .object({
    order: z.array(idSchema).max(50).optional(),
    main_id: idSchema.optional(),
  })
  .openapi("PhotoArrangement");
export type PhotoArrangementBody = z.input<typeof photoArrangementBody>;
