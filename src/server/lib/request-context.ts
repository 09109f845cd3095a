import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { LOCALE_COOKIE, resolveLocale } from "../../i18n/locales";
import { SESSION_COOKIE, validateSessionToken } from "../auth/session";
import { getDb } from "../db/client";
import { getSiteByHost } from "../sites/registry";
import type { AppEnv } from "./context";
import { getTranslate } from "./i18n";

/**
 * Puts the database, the request's site (by Host, design §4), the member's session (by the auth
 * cookie, design §10) and the locale (design §5) on the context, once per request.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = await getDb();
    c.set("db", db);
    c.set("site", getSiteByHost(c.req.header("host")));
    const token = getCookie(c, SESSION_COOKIE);
    const validated = token ? await validateSessionToken(db, token) : null;
    c.set("session", validated?.session ?? null);
    c.set("user", validated?.user ?? null);
    const locale = resolveLocale({
      cookie: getCookie(c, LOCALE_COOKIE),
      memberLanguage: validated?.user.language,
      domainLanguage: c.var.site.domainLanguage,
      acceptLanguage: c.req.header("accept-language"),
    });
    c.set("locale", locale);
    c.set("t", getTranslate(locale));
    await next();
  };
}
