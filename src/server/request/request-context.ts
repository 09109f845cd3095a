import type { MiddlewareHandler } from "hono";
import { createMediaSigner } from "../photos/media-url";
import { getReadyDb } from "../startup";
import type { AppEnv } from "./context";
import { resolveVisitor } from "./visitor";

/**
 * Puts the database and the visitor on the context, once per request: the site, the client (by
 * the trusted-proxy rule), the member of the auth cookie with their viewer and user view's
 * profile (one statement, none for a visitor), the locale, and the signer of the answer's media
 * URLs for that member. The page pipeline (src/middleware.ts) uses the same resolveVisitor.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = await getReadyDb();
    const visitor = await resolveVisitor(db, {
      request: c.req.raw,
      peerAddress: c.env?.clientAddress,
    });
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
    await next();
  };
}
