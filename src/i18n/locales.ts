/** The content languages of spec §1, in the order the language switcher lists them. */
export const locales = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "en";

/** Each language's own name, as the language switcher shows it. */
export const localeNames: Record<Locale, string> = {
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  nl: "Nederlands",
  pl: "Polski",
  sv: "Svenska",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * Maps a language tag to a supported locale by its first two letters.
 * @example toLocale("de-AT") // "de"; toLocale("no") // "nb"; toLocale("xx") // undefined
 */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.trim().slice(0, 2).toLowerCase();
  // Norwegian is often sent as "no" or "nn"; our Norwegian catalogue is Bokmål.
  if (base === "no" || base === "nn") return "nb";
  return isLocale(base) ? base : undefined;
}

/**
 * Picks the first supported locale from an Accept-Language header, honouring q-values.
 * @example fromAcceptLanguage("fr-CH, de;q=0.9, en;q=0.8") // "fr"
 */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const entry of ranked) {
    const locale = toLocale(entry.tag);
    if (locale) return locale;
  }
  return undefined;
}

export type LocaleSources = {
  cookie?: string | null | undefined;
  memberLanguage?: string | null | undefined;
  domainLanguage?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
};

/**
 * Resolves the visitor's locale in the order of design §5: locale cookie -> the member's
 * language -> the site's domain_language -> Accept-Language -> en.
 */
export function resolveLocale(sources: LocaleSources): Locale {
  return (
    (isLocale(sources.cookie) ? sources.cookie : undefined) ??
    toLocale(sources.memberLanguage) ??
    toLocale(sources.domainLanguage) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    defaultLocale
  );
}

/** spec §9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
