import { defineMiddleware } from "astro:middleware";
import type { APIContext } from "astro";
import { isLocale, type Locale } from "./i18n/locales";
import { knownTimeZone, TIME_ZONE_COOKIE } from "./lib/time-zone";
import { SESSION_COOKIE } from "./server/auth/session";
import { memberRouteOf, rememberLocale } from "./server/content/locale-routes";
import { CONSENT_COOKIE } from "./server/content/service";
import {
  COUNTRY_HINT_COOKIE,
  hintCookieOptions,
  MEMBER_HINT_COOKIE,
} from "./server/lib/hint-cookies";
import { getTranslate } from "./server/lib/i18n";
import {
  parseTrackingCookie,
  readTrackingParams,
  TRACKING_COOKIE,
  TRACKING_COOKIE_MAX_AGE,
} from "./server/lib/tracking";
import { preferencesOf, toUserView } from "./server/members/user-view";
import { createMediaSigner } from "./server/photos/media-url";
import { pageFormLimit } from "./server/request/body-limit";
import { isCrossSiteWrite } from "./server/request/origin-check";
import { applySecurityHeaders } from "./server/request/security-headers";
import { resolveRequest, resolveVisitor } from "./server/request/visitor";
import { getSiteById } from "./server/sites/registry";
import { getPublicSettings, readGeoipCountry } from "./server/sites/service";
import { isStaffPath, staffPageContext } from "./server/staff/page-context";
import { getProviders, getReadyDb } from "./server/startup";

/**
 * The socket's peer address. Astro reads X-Forwarded-For only for `security.allowedDomains`,
 * which we leave unset: the trusted-proxy rule is ours (src/server/request/client.ts).
 */
function peerAddressOf(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    // Astro has no address for requests it makes itself (a rewrite to the error page).
    return undefined;
  }
}

/**
 * The page pipeline: site by Host (design §4), member by session cookie, locale (design §5),
 * settings loaded once per request (spec §4) and handed to pages and islands as locals.
 * The visitor is resolved by the same resolveVisitor as the API's (src/server/request/).
 */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (context.isPrerendered) {
    // Built once per (site, locale) at /prerendered/{site}/{locale}/… (design §4): the page's
    // site and language come from its path; there is no visitor, member or database.
    const [, , siteId, localeSegment] = pathname.split("/");
    if (siteId) {
      const site = getSiteById(siteId);
      const locale = isLocale(localeSegment) ? localeSegment : "en";
      context.locals.site = site;
      context.locals.client = { address: "prerendered", isHttps: site.origin.startsWith("https:") };
      context.locals.locale = locale;
      context.locals.timeZone = "UTC";
      context.locals.t = getTranslate(locale);
      context.locals.settings = getPublicSettings(site, { locale, geoipCountry: null });
      context.locals.user = null;
      context.locals.viewer = null;
      context.locals.member = null;
      context.locals.hasTrafficSource = false;
      context.locals.staff = null;
    }
    return next();
  }
  const { request, cookies, locals } = context;
  // design §10: pages refuse writes from other sites (the login form posts here).
  if (isCrossSiteWrite(request.method, request.headers)) {
    return new Response("Forbidden: cross-site request", { status: 403 });
  }
  // design §10: pages take only small form posts (login, language, a complaint); the limit is
  // checked from Content-Length before anything reads the body, and one of unknown length refused.
  if (UNSAFE_METHODS.has(request.method)) {
    const length = Number(request.headers.get("content-length") ?? Number.NaN);
    if (!Number.isFinite(length)) return new Response("Length Required", { status: 411 });
    if (length > pageFormLimit(pathname)) return new Response("Payload Too Large", { status: 413 });
  }
  const input = {
    request,
    peerAddress: peerAddressOf(context),
    // Public pages under /{locale}/… are in the URL's language (design §5), and so is what
    // they were rewritten to (the middleware runs again for a rewrite, with the same locals).
    pathLocale: context.locals.urlLocale ?? pathname.split("/")[1],
  };
  const info = resolveRequest(input);
  const settingsFor = (locale: Locale) =>
    getPublicSettings(info.site, { locale, geoipCountry: readGeoipCountry(request.headers) });
  // Set before touching the database, so an error page can still render in the right language.
  locals.site = info.site;
  locals.client = info.client;
  locals.locale = info.locale;
  locals.timeZone = knownTimeZone(info.cookies[TIME_ZONE_COOKIE]) ?? "UTC";
  locals.t = info.t;
  locals.settings = settingsFor(info.locale);
  locals.user = null;
  locals.viewer = null;
  locals.member = null;
  locals.preferences = null;
  locals.staff = null;

  // The error page is what is shown while the database is away: it renders from the request
  // alone. Astro answers it 500 whatever the page sets; for an outage (the page says so in
  // locals) the answer is a 503, which clients and proxies may retry.
  if (context.routePattern === "/500") {
    const response = await next();
    if (!locals.outage) return response;
    const headers = new Headers(response.headers);
    headers.set("retry-after", locals.outage === "database_unavailable" ? "1" : "60");
    headers.set("cache-control", "no-store");
    return new Response(response.body, { status: 503, headers });
  }
  // design §13: the console has a pipeline of its own (no member, only the staff cookie).
  if (isStaffPath(pathname)) return staffPageContext(context, next, info);
  // One statement for a member (the session, the member, their profile and main photo), none
  // for a visitor: the shell's user view and every page's viewer come from it.
  const db = await getReadyDb();
  const visitor = await resolveVisitor(db, input, info);
  if (visitor.hasStaleSessionCookie) cookies.delete(SESSION_COOKIE, { path: "/" });
  const { site, locale } = visitor;

  const landingTracking = readTrackingParams(context.url);
  // The visitor declined optional cookies on the notice: the ad source is not kept.
  if (landingTracking && cookies.get(CONSENT_COOKIE)?.value !== "necessary") {
    cookies.set(TRACKING_COOKIE, JSON.stringify(landingTracking), {
      path: "/",
      maxAge: TRACKING_COOKIE_MAX_AGE,
      httpOnly: true,
      sameSite: "lax",
      secure: info.client.isHttps,
    });
  }

  locals.db = db;
  locals.providers = getProviders();
  // The member's own language can differ from the visitor default computed above.
  if (locale !== locals.locale) {
    locals.locale = locale;
    locals.t = visitor.t;
    locals.settings = settingsFor(locale);
  }
  locals.user = visitor.user;
  locals.viewer = visitor.viewer;
  locals.media = createMediaSigner(site, visitor.user);
  locals.preferences = preferencesOf(visitor.userViewProfile);
  locals.member =
    visitor.user && visitor.userViewProfile
      ? toUserView(visitor.user, visitor.userViewProfile, site)
      : null;
  // Prerendered pages cannot ask the server who is visiting: these two readable cookies tell
  // their small script whether to show the member's footer and whether the entry warning
  // applies to the visitor's country (spec §2). Neither carries a secret.
  const isMember = Boolean(visitor.user);
  if (isMember !== (cookies.get(MEMBER_HINT_COOKIE)?.value === "1")) {
    if (isMember) cookies.set(MEMBER_HINT_COOKIE, "1", hintCookieOptions(info.client.isHttps));
    else cookies.delete(MEMBER_HINT_COOKIE, { path: "/" });
  }
  const geoipCountry = readGeoipCountry(request.headers);
  if (geoipCountry && cookies.get(COUNTRY_HINT_COOKIE)?.value !== geoipCountry) {
    cookies.set(COUNTRY_HINT_COOKIE, geoipCountry, hintCookieOptions(info.client.isHttps));
  }
  locals.hasTrafficSource = Boolean(
    landingTracking ?? parseTrackingCookie(cookies.get(TRACKING_COOKIE)?.value),
  );

  // Issue 29 item 1: /{locale}/signup, /{locale}/members, … are the member area's pages in that
  // language (public pages link them so), and the language is kept for the pages after them.
  const memberRoute = memberRouteOf(pathname);
  if (memberRoute) {
    rememberLocale(cookies, locale, info.client.isHttps);
    locals.urlLocale = locale;
  }
  const response = await next(
    memberRoute ? new URL(`${memberRoute}${context.url.search}`, context.url) : undefined,
  );
  applySecurityHeaders(response, info.client.isHttps);
  if (!response.headers.has("cache-control")) {
    response.headers.set("cache-control", "private, no-cache");
  }
  if (!response.headers.has("vary")) response.headers.set("vary", "cookie, accept-language");
  return response;
});
