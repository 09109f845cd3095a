import { parse as parseCookies } from "hono/utils/cookie";
import { isLocale, LOCALE_COOKIE, type Locale, resolveLocale } from "../../i18n/locales";
import type { Translate } from "../../i18n/translate";
import type { Session } from "../auth/schema";
import { SESSION_COOKIE, validateSessionToken } from "../auth/session";
import type { Database } from "../db/client";
import { getTranslate } from "../lib/i18n";
import type { UserViewProfile } from "../members/user-view";
import { toViewer, type Viewer } from "../profiles/viewer";
import { getSiteByHost, type Site } from "../sites/registry";
import type { User } from "../users/schema";
import { type RequestClient, resolveClient } from "./client";

/** What a request tells before the database is asked: enough to answer an error page. */
export type RequestInfo = {
  site: Site;
  client: RequestClient;
  cookies: Record<string, string>;
  /** The visitor's locale without a member (design §5), or the URL's for /{locale}/… pages. */
  locale: Locale;
  t: Translate;
};

/**
 * The request plus the member behind its auth cookie, if any, all from one statement
 * (auth/session.ts): nothing downstream queries the viewer or the user view's profile again.
 */
export type Visitor = RequestInfo & {
  session: Session | null;
  user: User | null;
  /** Who is looking at profiles and photos; null for a logged-out visitor. */
  viewer: Viewer | null;
  /** The member's profile and main photo as the user view shows them (members/user-view.ts). */
  userViewProfile: UserViewProfile | null;
  /** The auth cookie named no live session: the caller removes the cookie. */
  hasStaleSessionCookie: boolean;
};

type RequestInput = {
  request: Request;
  /** The socket's peer address (Astro's clientAddress without forwarded headers). */
  peerAddress?: string | undefined;
  /** A public page under /{locale}/… is in the URL's language, whoever reads it. */
  pathLocale?: string | undefined;
};

function localeOf(
  input: RequestInput,
  site: Site,
  cookies: Record<string, string>,
  memberLanguage?: string | null,
) {
  if (isLocale(input.pathLocale)) return input.pathLocale;
  return resolveLocale({
    cookie: cookies[LOCALE_COOKIE],
    memberLanguage,
    domainLanguage: site.domainLanguage,
    acceptLanguage: input.request.headers.get("accept-language"),
  });
}

/**
 * The part of the visitor that needs no database: the site by Host (design §4; only the site is
 * chosen by Host, never a URL we write), the client by the trusted-proxy rule (design §10), the
 * cookies and the visitor's locale.
 */
export function resolveRequest(input: RequestInput): RequestInfo {
  const { request } = input;
  const site = getSiteByHost(request.headers.get("host"));
  const client = resolveClient(request.headers, {
    peerAddress: input.peerAddress,
    socketIsHttps: new URL(request.url).protocol === "https:",
  });
  const cookies = parseCookies(request.headers.get("cookie") ?? "");
  const locale = localeOf(input, site, cookies);
  return { site, client, cookies, locale, t: getTranslate(locale) };
}

/**
 * The one visitor resolution of the page pipeline (src/middleware.ts) and the API
 * (request-context.ts): the request's site, client and cookies, the member of the auth cookie,
 * and the locale in the order of design §5 (the member's language before the site's).
 */
export async function resolveVisitor(
  db: Database,
  input: RequestInput,
  info: RequestInfo = resolveRequest(input),
): Promise<Visitor> {
  const token = info.cookies[SESSION_COOKIE];
  const validated = token ? await validateSessionToken(db, token) : null;
  const locale = localeOf(input, info.site, info.cookies, validated?.user.language);
  return {
    ...info,
    locale,
    t: locale === info.locale ? info.t : getTranslate(locale),
    session: validated?.session ?? null,
    user: validated?.user ?? null,
    viewer: validated
      ? toViewer(validated.user, validated.profile?.id ?? null, validated.blockedWith)
      : null,
    userViewProfile: validated
      ? { profile: validated.profile, mainPhoto: validated.mainPhoto }
      : null,
    hasStaleSessionCookie: Boolean(token) && !validated,
  };
}
