import { defineMiddleware } from "astro:middleware";
import { isLocale, LOCALE_COOKIE, type Locale, resolveLocale } from "./i18n/locales";
import { SESSION_COOKIE, validateSessionToken } from "./server/auth/session";
import { CONSENT_COOKIE } from "./server/content/service";
import { getDb } from "./server/db/client";
import {
  COUNTRY_HINT_COOKIE,
  hintCookieOptions,
  MEMBER_HINT_COOKIE,
} from "./server/lib/hint-cookies";
import { getTranslate } from "./server/lib/i18n";
import { isCrossSiteWrite } from "./server/lib/origin-check";
import {
  parseTrackingCookie,
  readTrackingParams,
  TRACKING_COOKIE,
  TRACKING_COOKIE_MAX_AGE,
} from "./server/lib/tracking";
import { getSiteByHost, getSiteById } from "./server/sites/registry";
import { getPublicSettings, readGeoipCountry } from "./server/sites/service";
import { getUserView } from "./server/users/service";

/**
 * The page pipeline: site by Host (design §4), member by session cookie, locale (design §5),
 * settings loaded once per request (spec §4) and handed to pages and islands as locals.
 * /api and /media are the Hono app's, which does the same for itself (src/server/app.ts).
 */
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
      context.locals.locale = locale;
      context.locals.t = getTranslate(locale);
      context.locals.settings = getPublicSettings(site, { locale, geoipCountry: null });
      context.locals.user = null;
      context.locals.member = null;
      context.locals.hasTrafficSource = false;
    }
    return next();
  }
  if (pathname.startsWith("/api/") || pathname.startsWith("/media/")) {
    return next();
  }
  const { request, cookies, locals } = context;
  // design §10: pages refuse writes from other sites (the login form posts here).
  if (isCrossSiteWrite(request.method, request.headers)) {
    return new Response("Forbidden: cross-site request", { status: 403 });
  }
  const site = getSiteByHost(request.headers.get("host"));
  // Public pages under /{locale}/… are in the URL's language (design §5).
  const pathLocale = pathname.split("/")[1];
  const localeFor = (memberLanguage: string | null | undefined) =>
    isLocale(pathLocale)
      ? pathLocale
      : resolveLocale({
          cookie: cookies.get(LOCALE_COOKIE)?.value,
          memberLanguage,
          domainLanguage: site.domainLanguage,
          acceptLanguage: request.headers.get("accept-language"),
        });
  const settingsFor = (locale: Locale) =>
    getPublicSettings(site, {
      locale,
      geoipCountry: readGeoipCountry(request.headers),
    });
  // Set before touching the database, so an error page can still render in the right language.
  locals.site = site;
  locals.locale = localeFor(null);
  locals.t = getTranslate(locals.locale);
  locals.settings = settingsFor(locals.locale);
  locals.user = null;
  locals.member = null;

  const db = await getDb();
  const token = cookies.get(SESSION_COOKIE)?.value;
  const validated = token ? await validateSessionToken(db, token) : null;
  if (token && !validated) cookies.delete(SESSION_COOKIE, { path: "/" });
  const locale = localeFor(validated?.user.language);

  const landingTracking = readTrackingParams(context.url);
  // The visitor declined optional cookies on the notice: the ad source is not kept.
  if (landingTracking && cookies.get(CONSENT_COOKIE)?.value !== "necessary") {
    cookies.set(TRACKING_COOKIE, JSON.stringify(landingTracking), {
      path: "/",
      maxAge: TRACKING_COOKIE_MAX_AGE,
      httpOnly: true,
      sameSite: "lax",
      secure: context.url.protocol === "https:",
    });
  }

  locals.db = db;
  // The member's own language can differ from the visitor default computed above.
  if (locale !== locals.locale) {
    locals.locale = locale;
    locals.t = getTranslate(locale);
    locals.settings = settingsFor(locale);
  }
  locals.user = validated?.user ?? null;
  locals.member = validated ? await getUserView(db, validated.user, site) : null;
  // Prerendered pages cannot ask the server who is visiting: these two readable cookies tell
  // their small script whether to show the member's footer and whether the entry warning
  // applies to the visitor's country (spec §2). Neither carries a secret.
  const isMember = Boolean(validated);
  if (isMember !== (cookies.get(MEMBER_HINT_COOKIE)?.value === "1")) {
    if (isMember) cookies.set(MEMBER_HINT_COOKIE, "1", hintCookieOptions(context.url));
    else cookies.delete(MEMBER_HINT_COOKIE, { path: "/" });
  }
  const geoipCountry = readGeoipCountry(request.headers);
  if (geoipCountry && cookies.get(COUNTRY_HINT_COOKIE)?.value !== geoipCountry) {
    cookies.set(COUNTRY_HINT_COOKIE, geoipCountry, hintCookieOptions(context.url));
  }
  locals.hasTrafficSource = Boolean(
    landingTracking ?? parseTrackingCookie(cookies.get(TRACKING_COOKIE)?.value),
  );

  const response = await next();
  // design §10 security headers. The page CSP is Astro's (astro.config.mjs: hashes of its own
  // scripts and styles); frame-ancestors is added to it, as only a header can carry it.
  const csp = response.headers.get("content-security-policy");
  // (A rewrite to the 404 page passes through here twice.)
  if (!csp?.includes("frame-ancestors")) {
    response.headers.set(
      "content-security-policy",
      csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'",
    );
  }
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (context.url.protocol === "https:") {
    response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  }
  if (!response.headers.has("cache-control")) {
    response.headers.set("cache-control", "private, no-cache");
  }
  if (!response.headers.has("vary")) response.headers.set("vary", "cookie, accept-language");
  return response;
});
