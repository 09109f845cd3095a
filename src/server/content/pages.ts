import { type Locale, locales } from "../../i18n/locales";

/**
 * The public pages that are prerendered per (site, locale) (design §4, §5): the legal texts and
 * FAQ, and the lander family. They are built at /prerendered/{site}/{locale}/{key}/ and served
 * at the spec's URLs — /{locale}/{key} and the unprefixed /{key} — by src/pages/[...path].ts.
 */
export const legalDocuments = [
  "terms",
  "privacy",
  "cookies",
  "faq",
  "return-policy",
  "service",
  "ban",
] as const;
export type LegalDocument = (typeof legalDocuments)[number];

/** Texts in the content collection: the prerendered ones plus the complaints page's intro. */
export const contentDocuments = [...legalDocuments, "complaints"] as const;
export type ContentDocument = (typeof contentDocuments)[number];

/** spec §1: English has a US variant of the privacy text, served at /en-US/privacy. */
export const US_VARIANT = "en-US";

/** spec §2 landers with an optional slug; /landers/tinderswipe takes none. */
export const landerKinds = [
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type LanderKind = (typeof landerKinds)[number] | "tinderswipe";

/**
 * The slugs a lander knows: each picks the headline and the member set (who the visitor is
 * looking for). An unknown slug serves the lander without one, so no ad click ends on a 404.
 */
export const landerSlugs = ["women", "men", "50plus"] as const;
export type LanderSlug = (typeof landerSlugs)[number];

export type StaticPage = {
  /** The URL's locale, or null for an unprefixed path (served in the visitor's locale). */
  locale: Locale | typeof US_VARIANT | null;
  /** The page below the locale: "terms", "landers/video/women". */
  key: string;
};

function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}

/** A page key that is a legal text (not a lander). */
export function isLegalDocument(key: string): key is LegalDocument {
  return isOneOf(legalDocuments, key);
}

function resolveKey(segments: string[]): string | null {
  const [first, kind, slug, ...rest] = segments;
  if (segments.length === 1 && isOneOf(legalDocuments, first)) return first;
  if (first !== "landers" || rest.length > 0) return null;
  if (kind === "tinderswipe") return slug === undefined ? "landers/tinderswipe" : null;
  if (!isOneOf(landerKinds, kind)) return null;
  return isOneOf(landerSlugs, slug) ? `landers/${kind}/${slug}` : `landers/${kind}`;
}

/**
 * Maps a request path to a prerendered page, or null when it is not one.
 * @example resolveStaticPage("/de/terms") // { locale: "de", key: "terms" }
 * @example resolveStaticPage("/landers/video/unknown") // { locale: null, key: "landers/video" }
 */
export function resolveStaticPage(pathname: string): StaticPage | null {
  const segments = pathname.split("/").filter(Boolean);
  const [first, ...rest] = segments;
  if (first === US_VARIANT) {
    return rest.length === 1 && rest[0] === "privacy"
      ? { locale: US_VARIANT, key: "privacy" }
      : null;
  }
  if (isOneOf(locales, first)) {
    const key = resolveKey(rest);
    return key ? { locale: first, key } : null;
  }
  const key = resolveKey(segments);
  return key ? { locale: null, key } : null;
}

/** Where the build puts a prerendered page (Astro's directory format). */
export function prerenderedPath(siteId: string, locale: string, key: string): string {
  return `/prerendered/${siteId}/${locale}/${key}/`;
}

/** Every lander key, for the build and the tests that walk them. */
export function listLanderKeys(): string[] {
  return [
    "landers/tinderswipe",
    ...landerKinds.flatMap((kind) => [
      `landers/${kind}`,
      ...landerSlugs.map((slug) => `landers/${kind}/${slug}`),
    ]),
  ];
}
