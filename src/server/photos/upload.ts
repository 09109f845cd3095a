import { z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { ApiError, ValidationError } from "../lib/errors";
import type { ErrorDescriptions } from "../lib/openapi";
import { type BODY_LIMITS, getBodyLimit } from "../request/body-limit";

/**
 * The multipart form of a photo upload (a profile photo, a chat image): its other fields, then the
 * file in `photo`. For jsonRoute's `form`.
 * @example photoUploadForm({ conversation: idParamSchema })
 */
export function photoUploadForm<F extends z.ZodRawShape>(fields: F) {
  return z.object({ ...fields, photo: z.any().openapi({ type: "string", format: "binary" }) });
}

/** What a photo upload adds to a write's error answers. */
export const PHOTO_UPLOAD_ERRORS = {
  400: "bad_request: the body is not multipart form data",
  413: "photo_too_large",
  refused: "photo_<reason>: not an accepted image, too many pixels, or too small",
} as const satisfies ErrorDescriptions;

/**
 * Refuses an oversized upload from its Content-Length or while reading, before it is parsed,
 * with the photo's own message.
 * @example photoRoutes.use("/photos.php", photoBodyLimit("POST /api/photos.php"))
 */
export function photoBodyLimit(call: keyof typeof BODY_LIMITS) {
  return bodyLimit({
    maxSize: getBodyLimit(call),
    onError: () => {
      throw new ApiError(413, "photo_too_large", "photos.error.too_large");
    },
  });
}

/** The uploaded file's bytes; a missing or empty file is a 422 on `photo`. */
export async function photoBytes(photo: unknown): Promise<Uint8Array<ArrayBuffer>> {
  if (!(photo instanceof File) || photo.size === 0) {
    throw new ValidationError({ photo: { key: "photos.error.missing" } });
  }
  return new Uint8Array(await photo.arrayBuffer());
}
