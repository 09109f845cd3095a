import type { AstroCookies } from "astro";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "../../i18n/locales";
import { resolveStaticPage } from "./pages";

/*
 * Issue 29 item 1 (design §5, decision 0017): a visitor who arrives in a language stays in it.
 * Public pages link the member area with their locale in front (`/de/signup`, `/pl/members`);
 * such a path is the unprefixed page rendered in that language, and the language is remembered
 * (the locale cookie), so the unprefixed links of the member area keep it.
 */

/**
 * The unprefixed page a locale-prefixed path stands for, or null when the path is not one: the
 * locale's home (`/de/`), its prerendered pages (`/de/terms`, `/de/landers/…`) and the console
 * keep their own routes.
 * @example memberRouteOf("/de/signup") // "/signup"
 * @example memberRouteOf("/de/terms") // null
 */
export function memberRouteOf(pathname: string): string | null {
  const [, first, ...rest] = pathname.split("/");
  if (!isLocale(first) || rest.length === 0 || rest[0] === "") return null;
  // A path that does not decode, also once more (a repaired malformed escape, %25E0, decodes
  // to one that does not: Astro's rewrite decodes twice), is nobody's page: left to the 404.
  // (The decoded text is used, so a bundler cannot drop the call as free of effects.)
  let decoded: string;
  try {
    decoded = decodeURI(decodeURI(pathname));
  } catch {
    return null;
  }
  if (decoded === "") return null;
  if (resolveStaticPage(pathname)) return null;
  const route = `/${rest.join("/")}`;
  // The console keeps its own routes (src/server/staff/page-context.ts isStaffPath).
  if (route === "/staff" || route.startsWith("/staff/") || route.startsWith("/prerendered/")) {
    return null;
  }
  return route;
}

/** Remembers the visitor's language for 365 days (spec §9; design §5's first source). */
export function rememberLocale(cookies: AstroCookies, locale: Locale, isHttps: boolean): void {
  if (cookies.get(LOCALE_COOKIE)?.value === locale) return;
  cookies.set(LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: "lax",
    secure: isHttps,
  });
}
