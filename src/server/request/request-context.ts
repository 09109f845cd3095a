import type { MiddlewareHandler } from "hono";
import { createMediaSigner, hasMediaSigningKey } from "../photos/media-url";
import type { Providers } from "../providers";
import { getReadyDb } from "../startup";
import type { AppEnv, MediaEnv } from "./context";
import { resolveRequest, resolveVisitor } from "./visitor";

/** The staff API's calls (design §13), which the member's session never reaches. */
export function isStaffPath(path: string): boolean {
  return path.startsWith("/api/staff/");
}

/**
 * Puts the database and the visitor on the context, once per request: the site, the client (by
 * the trusted-proxy rule), the member of the auth cookie with their viewer and user view's
 * profile (one statement, none for a visitor), the locale, the signer of the answer's media
 * URLs for that member, and the app's providers. The page pipeline (src/middleware.ts) uses the
 * same resolveVisitor.
 */
export function requestContext(providers: Providers): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = await getReadyDb();
    const input = { request: c.req.raw, peerAddress: c.env?.clientAddress };
    // design §13: a member's auth cookie never reaches the staff API (staff/context.ts reads
    // the staff cookie there), so a staff call is a visitor's to the member side.
    const visitor = isStaffPath(c.req.path)
      ? { ...resolveRequest(input), session: null, user: null, viewer: null, userViewProfile: null }
      : await resolveVisitor(db, input);
    c.set("db", db);
    c.set("site", visitor.site);
    c.set("client", visitor.client);
    c.set("session", visitor.session);
    c.set("user", visitor.user);
    c.set("viewer", visitor.viewer);
    c.set("userViewProfile", visitor.userViewProfile);
    c.set("locale", visitor.locale);
    c.set("t", visitor.t);
    c.set("media", createMediaSigner(visitor.site, visitor.user));
    c.set("providers", providers);
    c.set("staff", null);
    await next();
  };
}

/**
 * The context of /media: the site, client and locale from the request alone (resolveRequest),
 * so a refusal is translated; no database and no session. The signing key is read at start-up
 * (getReadyDb); a process whose very first request is for a file reads it here, once.
 */
export function mediaRequestContext(): MiddlewareHandler<MediaEnv> {
  return async (c, next) => {
    if (!hasMediaSigningKey()) await getReadyDb();
    const info = resolveRequest({ request: c.req.raw, peerAddress: c.env?.clientAddress });
    c.set("site", info.site);
    c.set("client", info.client);
    c.set("locale", info.locale);
    c.set("t", info.t);
    await next();
  };
}
