import type { APIContext, MiddlewareNext } from "astro";
import { getTranslate } from "../lib/i18n";
import { createMediaSigner } from "../photos/media-url";
import { applySecurityHeaders } from "../request/security-headers";
import type { RequestInfo } from "../request/visitor";
import { getPublicSettings, readGeoipCountry } from "../sites/service";
import { getProviders, getReadyDb } from "../startup";
import { isStaffHost } from "./origin";
import { STAFF_COOKIE, validateStaffSession } from "./session";

/** design §13: the console's pages are /staff and everything under it. */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/");
}

/**
 * The page pipeline of the console (src/middleware.ts hands /staff/* here). On any host but the
 * staff origin's there is no console: 404. Only the `staff` cookie is read (never the member's
 * `auth` cookie: no member is on the locals); the signed-in staff member goes on
 * `locals.staff`, and the page is in their account's language (signed out: the request's).
 * Console pages are never indexed nor stored by a cache.
 */
export async function staffPageContext(
  context: APIContext,
  next: MiddlewareNext,
  info: RequestInfo,
): Promise<Response> {
  const { request, locals, cookies } = context;
  if (!isStaffHost(request.headers.get("host"))) {
    const response = new Response("Not Found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    return finish(response, info.client.isHttps);
  }
  const db = await getReadyDb();
  const token = info.cookies[STAFF_COOKIE];
  const signedIn = token ? await validateStaffSession(db, token) : null;
  if (token && !signedIn) cookies.delete(STAFF_COOKIE, { path: "/" });
  const locale = signedIn?.account.language ?? info.locale;
  locals.db = db;
  locals.providers = getProviders();
  locals.staff = signedIn;
  locals.locale = locale;
  locals.t = locale === info.locale ? info.t : getTranslate(locale);
  locals.settings = getPublicSettings(info.site, {
    locale,
    geoipCountry: readGeoipCountry(request.headers),
  });
  locals.media = createMediaSigner(info.site, null);
  locals.hasTrafficSource = false;
  return finish(await next(), info.client.isHttps);
}

function finish(response: Response, isHttps: boolean): Response {
  applySecurityHeaders(response, isHttps);
  response.headers.set("cache-control", "no-store");
  response.headers.set("x-robots-tag", "noindex, nofollow");
  return response;
}
