import { z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { ownPhotos, photoArrangementBody } from "../../contract/photos";
import { notFound } from "../lib/errors";
import { ERRORS, jsonRoute, MEMBER_WRITE_ERRORS, QUERY_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { contentTypeOf, getStorage, isSafeStorageKey } from "../lib/storage";
import { idParamSchema } from "../lib/validation";
import { requireMemberViewer } from "../profiles/viewer";
import type { MediaEnv } from "../request/context";
import { verifyMediaUrl } from "./media-url";
import { arrangePhotos, deletePhoto, findOwnPhotos, uploadPhoto } from "./service";
import { PHOTO_UPLOAD_ERRORS, photoBodyLimit, photoBytes, photoUploadForm } from "./upload";

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

const listRoute = jsonRoute({
  method: "get",
  path: "/photos.php",
  summary: "The member's own photos, main first, with their status and the member's limit",
  answer: [ownPhotos, "Photos"],
  errors: [ERRORS.loggedOut, ERRORS.noProfile],
});

const uploadRoute = jsonRoute({
  method: "post",
  path: "/photos.php",
  summary: "Upload a photo (multipart field `photo`): checked, re-encoded, metadata removed",
  form: photoUploadForm({}),
  answer: [ownPhotos, "Stored; the member's photos"],
  status: 201,
  errors: [
    ...QUERY_WRITE_ERRORS,
    ERRORS.loggedOut,
    { 403: "photo_limit: spec §9, 3 photos free, 25 premium" },
    ERRORS.noProfile,
    ERRORS.rateLimited,
    PHOTO_UPLOAD_ERRORS,
  ],
});

const arrangeRoute = jsonRoute({
  method: "patch",
  path: "/photos.php",
  summary: "Reorder the member's photos and/or choose the main photo",
  body: photoArrangementBody,
  answer: [ownPhotos, "The member's photos"],
  errors: [
    ...MEMBER_WRITE_ERRORS,
    ERRORS.noProfile,
    { 404: "not_found: no such photo of the member" },
    { refused: "photo_order: not every photo listed once; photo_not_active: as main photo" },
  ],
});

const deleteRoute = jsonRoute({
  method: "delete",
  path: "/photos.php",
  summary: "Delete one of the member's photos",
  query: z.object({ id: idParamSchema }),
  answer: [ownPhotos, "The member's photos"],
  errors: [
    ...QUERY_WRITE_ERRORS,
    ERRORS.loggedOut,
    ERRORS.noProfile,
    { 404: "not_found: no such photo of the member" },
  ],
});

export const photoRoutes = createRouter();

photoRoutes.use("/photos.php", photoBodyLimit("POST /api/photos.php"));

photoRoutes
  .openapi(listRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    return c.json(await findOwnPhotos(c.get("db"), member, c.get("media")), 200);
  })
  .openapi(uploadRoute, async (c) => {
    const member = requireMemberViewer(c.get("viewer"));
    await enforceRateLimit(c, "photoUpload", String(member.profileId));
    const bytes = await photoBytes(c.req.valid("form").photo);
    await uploadPhoto(c.get("db"), getStorage(), member, bytes);
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
