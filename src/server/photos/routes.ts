import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ownPhotos } from "../../contract/photos";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import {
  ERRORS,
  errorResponses,
  jsonBody,
  jsonContent,
  MEMBER_WRITE_ERRORS,
  QUERY_WRITE_ERRORS,
} from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { contentTypeOf, getStorage, isSafeStorageKey } from "../lib/storage";
import { idParamSchema, idSchema } from "../lib/validation";
import { requireMemberViewer } from "../profiles/viewer";
import { getBodyLimit } from "../request/body-limit";
import type { MediaEnv } from "../request/context";
import { verifyMediaUrl } from "./media-url";
import { arrangePhotos, deletePhoto, findOwnPhotos, uploadPhoto } from "./service";

/**
 * GET /media/<file>?v=&e=&s=: stored photos, for whoever holds a URL minted for them
 * (media-url.ts). Who may see which photo was decided when the URL was minted; here only the
 * signature and the expiry are checked, with no database and no session (design §8).
 */
export const mediaRoutes = new Hono<MediaEnv>()
  .use(async (c, next) => {
    await next();
    // A refusal is in the request's language and may change (a file not yet stored): no cache
    // keeps it.
    if (!c.res.ok) c.header("cache-control", "no-store");
  })
  .get("/*", async (c) => {
    // One answer for every refusal (design §6, in the request's language): an unsafe or unknown
    // name, a missing, tampered or another viewer's signature, or an expired URL.
    const unavailable = () => notFound("error.mediaUnavailable");
    const file = c.req.path.replace(/^\/media\//, "");
    if (!isSafeStorageKey(file)) throw unavailable();
    const now = new Date();
    const query = { v: c.req.query("v"), e: c.req.query("e"), s: c.req.query("s") };
    const expires = verifyMediaUrl(file, query, now);
    if (expires === null) throw unavailable();
    const body = await getStorage().get(file);
    if (!body) throw unavailable();
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      "content-type": contentTypeOf(file),
      // The URL is the capability, the same for every request that carries it: a shared cache may
      // keep it per URL (no Vary), until the URL expires and no longer.
      "cache-control": `public, max-age=${expires - Math.floor(now.getTime() / 1000)}`,
    });
  });

const listRoute = createRoute({
  method: "get",
  path: "/photos.php",
  summary: "The member's own photos, main first, with their status and the member's limit",
  responses: {
    200: jsonContent(ownPhotos, "Photos"),
    ...errorResponses([ERRORS.loggedOut, ERRORS.noProfile]),
  },
});

const uploadRoute = createRoute({
  method: "post",
  path: "/photos.php",
  summary: "Upload a photo (multipart field `photo`): checked, re-encoded, metadata removed",
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({ photo: z.any().openapi({ type: "string", format: "binary" }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: jsonContent(ownPhotos, "Stored; the member's photos"),
    ...errorResponses([
      ...QUERY_WRITE_ERRORS,
      ERRORS.loggedOut,
      { 400: "bad_request: the body is not multipart form data" },
      { 403: "photo_limit: spec §9, 3 photos free, 25 premium" },
      ERRORS.noProfile,
      { 413: "photo_too_large" },
      ERRORS.rateLimited,
      { refused: "photo_<reason>: not an accepted image, too many pixels, or too small" },
    ]),
  },
});

const arrangeRoute = createRoute({
  method: "patch",
  path: "/photos.php",
  summary: "Reorder the member's photos and/or choose the main photo",
  request: {
    body: jsonBody(
      z
        .object({
          order: z.array(idSchema).max(50).optional(),
          main_id: idSchema.optional(),
        })
        .openapi("PhotoArrangement"),
    ),
  },
  responses: {
    200: jsonContent(ownPhotos, "The member's photos"),
    ...errorResponses([
      ...MEMBER_WRITE_ERRORS,
      ERRORS.noProfile,
      { 404: "not_found: no such photo of the member" },
      { refused: "photo_order: not every photo listed once; photo_not_active: as main photo" },
    ]),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/photos.php",
  summary: "Delete one of the member's photos",
  request: { query: z.object({ id: idParamSchema }) },
  responses: {
    200: jsonContent(ownPhotos, "The member's photos"),
    ...errorResponses([
      ...QUERY_WRITE_ERRORS,
      ERRORS.loggedOut,
      ERRORS.noProfile,
      { 404: "not_found: no such photo of the member" },
    ]),
  },
});

export const photoRoutes = createRouter();

// Refuses an oversized upload from its Content-Length or while reading, before it is parsed.
photoRoutes.use(
  "/photos.php",
  bodyLimit({
    maxSize: getBodyLimit("POST /api/photos.php"),
    onError: () => {
      throw new ApiError(413, "photo_too_large", "photos.error.too_large");
    },
  }),
);

photoRoutes
  .openapi(listRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    return c.json(await findOwnPhotos(c.get("db"), member, c.get("media")), 200);
  })
  .openapi(uploadRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "photoUpload", String(member.profileId));
    const file = c.req.valid("form").photo;
    if (!(file instanceof File) || file.size === 0) {
      throw new ValidationError({ photo: { key: "photos.error.missing" } });
    }
    await uploadPhoto(c.get("db"), getStorage(), member, new Uint8Array(await file.arrayBuffer()));
    return c.json(await findOwnPhotos(c.get("db"), member, c.get("media")), 201);
  })
  .openapi(arrangeRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await arrangePhotos(c.get("db"), member.profileId, c.req.valid("json"));
    return c.json(await findOwnPhotos(c.get("db"), member, c.get("media")), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await deletePhoto(c.get("db"), getStorage(), member.profileId, c.req.valid("query").id);
    return c.json(await findOwnPhotos(c.get("db"), member, c.get("media")), 200);
  });
