import { defineMiddleware } from "astro:middleware";
import { isLocale, LOCALE_COOKIE, type Locale, resolveLocale } from "./i18n/locales";
import { SESSION_COOKIE, validateSessionToken } from "./server/auth/session";
import { getDb } from "./server/db/client";
import { getTranslate } from "./server/lib/i18n";
import { isCrossSiteWrite } from "./server/lib/origin-check";
import {
  parseTrackingCookie,
  readTrackingParams,
  TRACKING_COOKIE,
  TRACKING_COOKIE_MAX_AGE,
} from "./server/lib/tracking";
import { getSiteByHost } from "./server/sites/registry";
import { getPublicSettings, readGeoipCountry } from "./server/sites/service";
import { getUserView } from "./server/users/service";

/**
 * The page pipeline: site by Host (design §4), member by session cookie, locale (design §5),
 * settings loaded once per request (spec §4) and handed to pages and islands as locals.
 * /api and /media are the Hono app's, which does the same for itself (src/server/app.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (pathname.startsWith("/api/") || pathname.startsWith("/media/") || context.isPrerendered) {
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
  if (landingTracking) {
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
  locals.hasTrafficSource = Boolean(
    landingTracking ?? parseTrackingCookie(cookies.get(TRACKING_COOKIE)?.value),
  );

  const response = await next();
  // design §10 security headers. The page CSP is Astro's (astro.config.mjs: hashes of its own
  // scripts and styles); frame-ancestors is added to it, as only a header can carry it.
  const csp = response.headers.get("content-security-policy");
  response.headers.set(
    "content-security-policy",
    csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'",
  );
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (context.url.protocol === "https:") {
    response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  }
  if (!response.headers.has("cache-control")) {
    response.headers.set("cache-control", "private, no-cache");
  }
  response.headers.set("vary", "cookie, accept-language");
  return response;
});
