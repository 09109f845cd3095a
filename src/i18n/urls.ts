import { type Locale, locales } from "./locales";

/**
 * Per-locale URLs of a public page: `/{locale}{path}` for each of the 11 locales (design §5).
 * @example localeAlternates("/terms").de // "/de/terms"
 */
export function localeAlternates(path = "/"): Record<Locale, string> {
  const suffix = path === "/" ? "/" : path;
  return Object.fromEntries(locales.map((locale) => [locale, `/${locale}${suffix}`])) as Record<
    Locale,
    string
  >;
}
